// The kokkos backend's test program: the shared body through the pointer API with
// backend::kokkos, on Kokkos::DefaultExecutionSpace and memory from its memory space. Kokkos is
// initialized for the whole run by the fixture's session.
#include "tests/kokkos/kokkos_fixture.hpp"

struct test_backend : kokkos_fixture {};

#include "tests/scan_test_body.hpp"
