// Test cases for options::block: every block strategy the backend runs, with every algorithm,
// on sizes at the edges of its tiles and over several levels of recursion, for sums, widening
// sums, max, xor, floating point, and non-commutative custom operators of 8 and 16 bytes (the
// header path), in place too. Included by scan_test_body.hpp (suite "strategies").
#pragma once

TEST_SUITE("strategies") {
  TEST_CASE("every block strategy with every algorithm") {
    using namespace scan_test;
    int runs = 0;
    for (const auto& entry : scan::block_strategy_names) {
      const scan::block_strategy block = entry.value;
      const std::string_view name = entry.name;
      scan::options probe = test_backend::options();
      probe.block = block;
      try {
        buffer<std::int32_t> one(1);
        one.upload({5});
        scan::inclusive_scan(one.get(), one.get(), 1, scan::sum{}, probe);
      } catch (const scan::error& e) {
        // Rejections themselves are checked by "block strategies: correct, or rejected".
        MESSAGE("block " << name << " not run by this backend: " << e.what());
        continue;
      }
      ++runs;
      for (scan::algorithm algo : all_algorithms) {
        scan::options opt = options_for(algo);
        opt.block = block;
        for (std::int64_t n : capped({1, 2, 255, 256, 257, 1023, 1025, 4096, 65537, 300007,
                                      (std::int64_t{1} << 20) + 3}))
          for (mode m : all_modes)
            check_scan<std::int32_t, std::int32_t, scan::sum>(n, m, opt);
        for (std::int64_t n : capped({65537, 300007})) {
          check_scan<double, double, scan::sum>(n, mode::exclusive, opt);
          check_scan<std::int64_t, std::int64_t, scan::max>(n, mode::inclusive, opt);
          check_scan<std::uint8_t, std::int32_t, scan::sum>(n, mode::inclusive_init, opt);
          check_scan<std::uint16_t, std::uint16_t, scan::bit_xor>(n, mode::exclusive, opt);
          if (scan::is_classic(block)) {
            // The classic strategies run the compiled set only: custom operators are refused.
            buffer<affine> a(n);
            CHECK_THROWS_WITH_AS(scan::inclusive_scan(a.get(), a.get(), n, then{}, opt),
                                 doctest::Contains("options.block"), scan::error);
            continue;
          }
          check_scan<affine, affine, then>(n, mode::inclusive_init, opt);
          check_scan<mat2, mat2, matmul>(n, mode::exclusive, opt);
        }
        check_scan<std::uint32_t, std::uint32_t, scan::sum>(std::min<std::int64_t>(300007, max_n()),
                                                            mode::inclusive, opt, true);
      }
    }
    CHECK(runs >= 1); // automatic always runs
  }
}
