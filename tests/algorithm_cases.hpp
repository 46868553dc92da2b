// Test cases for options::algorithm: every algorithm on sizes at the edges of the backend's tiles
// and over several levels of recursion, for sums, widening sums, max, xor, floating point, and
// non-commutative custom operators of 8 and 16 bytes (the header path), in place too. Included by
// scan_test_body.hpp (suite "algorithms").
#pragma once

TEST_SUITE("algorithms") {
  TEST_CASE("every algorithm at the edges of the tiles") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms) {
      const scan::options opt = options_for(algo);
      for (std::int64_t n : capped(
               {1, 2, 255, 256, 257, 1023, 1025, 4096, 65537, 300007, (std::int64_t{1} << 20) + 3}))
        for (mode m : all_modes)
          check_scan<std::int32_t, std::int32_t, scan::sum>(n, m, opt);
      for (std::int64_t n : capped({65537, 300007})) {
        check_scan<double, double, scan::sum>(n, mode::exclusive, opt);
        check_scan<std::int64_t, std::int64_t, scan::max>(n, mode::inclusive, opt);
        check_scan<std::uint8_t, std::int32_t, scan::sum>(n, mode::inclusive_init, opt);
        check_scan<std::uint16_t, std::uint16_t, scan::bit_xor>(n, mode::exclusive, opt);
        check_scan<affine, affine, then>(n, mode::inclusive_init, opt);
        check_scan<mat2, mat2, matmul>(n, mode::exclusive, opt);
      }
      check_scan<std::uint32_t, std::uint32_t, scan::sum>(std::min<std::int64_t>(300007, max_n()),
                                                          mode::inclusive, opt, true);
    }
  }
}
