// The shared body (tests/scan_test_body.hpp and its cases) through the Kokkos View entry points:
// kokkos_views_fixture.hpp turns the body's pointers, strides and matrices into Views.
#include "tests/kokkos/kokkos_views_fixture.hpp"

#include "tests/scan_test_body.hpp"
