// The kokkos backend's randomized differential test: tests/fuzz_body.hpp through the pointer API
// on Kokkos::DefaultExecutionSpace, from one host thread (kokkos_fixture.hpp says why).
#include "tests/kokkos/kokkos_fixture.hpp"

struct test_backend : kokkos_fixture {};

#include "tests/fuzz_body.hpp"
