// The host backend's randomized differential test: tests/fuzz_body.hpp over host memory, cases
// from several threads at once.
#include "tests/host/host_fixture.hpp"

#include "tests/fuzz_body.hpp"
