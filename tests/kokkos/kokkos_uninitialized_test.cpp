// Scans on the kokkos backend before Kokkos::initialize: a clear scan::error, nothing written.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <vector>

#include <scan/scan.hpp>

// A custom operator as Kokkos users write them: callable on the device of any execution space.
struct user_plus {
  KOKKOS_INLINE_FUNCTION int operator()(int a, int b) const { return a + b; }
};

TEST_CASE("kokkos backend before Kokkos::initialize") {
  REQUIRE_FALSE(Kokkos::is_initialized());
  std::vector<int> in(100, 1), out(100, -1);
  scan::options o;
  o.backend = scan::backend::kokkos;
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(in.data(), out.data(), 100, scan::sum{}, o),
                       doctest::Contains("Kokkos is not initialized"), scan::error);
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(in.data(), out.data(), 100, user_plus{}, o),
                       doctest::Contains("Kokkos is not initialized"), scan::error);
  CHECK_THROWS_WITH_AS(scan::workspace_bytes<int>(100, o),
                       doctest::Contains("Kokkos is not initialized"), scan::error);
  CHECK(out == std::vector<int>(100, -1));
  // The host backend needs no Kokkos.
  o.backend = scan::backend::host;
  scan::inclusive_scan(in.data(), out.data(), 100, scan::sum{}, o);
  CHECK(out[99] == 100);
}
