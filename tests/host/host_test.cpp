// The host backend's test program: plain host memory, so it runs on every machine.
#include "tests/host/host_fixture.hpp"

#include "tests/scan_test_body.hpp"
