// Test cases for the blockwise scan (scan/blockwise.hpp): segments of every kind of length
// (1, odd, around a warp and a tile, longer than many tiles, longer than n), every block
// strategy the backend runs, every mode, widening, floating point and non-commutative custom
// operators, in place, and its argument errors. Included by scan_test_body.hpp (suite
// "blockwise").
#pragma once

#include <scan/blockwise.hpp>

namespace scan_test {

template <class In, class Output, class Op>
void call_blockwise(mode m, const In* in, Output out, std::int64_t n, std::int64_t segment,
                    const output_value_t<Output>& init, Op op, const scan::options& opt) {
  if (scan_tests::calls_t<test_backend>::blockwise(m != mode::exclusive, m != mode::inclusive, in,
                                                   out, n, segment, init, op, opt))
    return;
  switch (m) {
  case mode::inclusive:
    scan::blockwise_inclusive_scan(in, out, n, segment, op, opt);
    return;
  case mode::inclusive_init:
    scan::blockwise_inclusive_scan(in, out, n, segment, init, op, opt);
    return;
  case mode::exclusive:
    scan::blockwise_exclusive_scan(in, out, n, segment, init, op, opt);
    return;
  }
}

// One blockwise scan on fresh random input against the reference scan of each segment.
template <class In, class Out, class Op>
void check_blockwise(std::int64_t n, std::int64_t segment, mode m, const scan::options& opt,
                     bool in_place = false) {
  if (n > max_n()) return;
  const std::string what =
      describe<In, Out, Op>(n, m, opt, in_place) + " blockwise segment=" + std::to_string(segment);
  rng r(seed() ^ hash(what));
  std::vector<In> in(static_cast<std::size_t>(n));
  for (auto& x : in)
    x = draw<In, Op>(r);
  const Out init = draw<Out, Op>(r);
  std::vector<std::int64_t> lengths;
  for (std::int64_t b = 0; b < n; b += segment)
    lengths.push_back(std::min(segment, n - b));
  std::vector<Out> want;
  std::vector<double> tol;
  reference_by_segments<In, Out, Op>(m, in, lengths, init, want, tol);
  std::vector<Out> got;
  try {
    run_on_buffers(
        in, want, in_place,
        [&](const In* src, Out* dst) { call_blockwise(m, src, dst, n, segment, init, Op{}, opt); },
        got);
  } catch (const std::exception& e) {
    FAIL_CHECK(what << ": threw \"" << e.what() << "\" (seed " << seed() << ")");
    return;
  }
  ++checks_run();
  check_matches(what, got, want, tol);
}

inline const std::int64_t blockwise_segments[] = {
    1, 2, 3, 4, 6, 7, 31, 32, 33, 100, 255, 256, 257, 1000, 1023, 1024, 1025, 4096, 5000, 65539};

} // namespace scan_test

TEST_SUITE("blockwise") {
  TEST_CASE("seed 1's example: blocks of 4") {
    using namespace scan_test;
    const std::vector<std::int32_t> in{0, 1, 2, 3, 4, 5, 6, 7};
    buffer<std::int32_t> d_in(8), d_out(8);
    d_in.upload(in);
    scan::blockwise_inclusive_scan(static_cast<const std::int32_t*>(d_in.get()), d_out.get(), 8, 4,
                                   scan::sum{}, test_backend::options());
    CHECK(d_out.download() == std::vector<std::int32_t>{0, 1, 3, 6, 4, 9, 15, 22});
    scan::blockwise_exclusive_scan(static_cast<const std::int32_t*>(d_in.get()), d_out.get(), 8, 3,
                                   100, scan::sum{}, test_backend::options());
    CHECK(d_out.download() == std::vector<std::int32_t>{100, 100, 101, 100, 103, 107, 100, 106});
    ++checks_run();
  }

  TEST_CASE("every segment length") {
    using namespace scan_test;
    const scan::options opt = test_backend::options();
    for (std::int64_t segment : blockwise_segments) {
      for (std::int64_t n : capped({1, 1000, 4099, 300007}))
        for (mode m : all_modes)
          check_blockwise<std::int32_t, std::int32_t, scan::sum>(n, segment, m, opt);
      const std::int64_t n = std::min<std::int64_t>(70001, max_n());
      check_blockwise<std::int64_t, std::int64_t, scan::max>(n, segment, mode::inclusive, opt);
      check_blockwise<double, double, scan::sum>(n, segment, mode::exclusive, opt);
      check_blockwise<std::uint8_t, std::int64_t, scan::sum>(n, segment, mode::inclusive_init, opt);
      check_blockwise<affine, affine, then>(n, segment, mode::inclusive_init, opt);
      check_blockwise<affine, affine, then>(n, segment, mode::exclusive, opt);
      check_blockwise<mat2, mat2, matmul>(n, segment, mode::inclusive, opt);
      check_blockwise<std::uint32_t, std::uint32_t, scan::sum>(n, segment, mode::exclusive, opt,
                                                               true);
    }
  }

  TEST_CASE("long segments: many, few, and longer than n") {
    using namespace scan_test;
    const scan::options opt = test_backend::options();
    const std::int64_t n = std::min<std::int64_t>((std::int64_t{1} << 22) + 17, max_n());
    for (std::int64_t segment :
         {std::int64_t{1} << 12, (std::int64_t{1} << 16) + 1, (std::int64_t{1} << 20) + 3,
          (std::int64_t{1} << 21) + 1, n - 1, n, 3 * n})
      for (mode m : {mode::inclusive, mode::exclusive})
        check_blockwise<std::int32_t, std::int32_t, scan::sum>(n, segment, m, opt);
    check_blockwise<affine, affine, then>(n, (std::int64_t{1} << 21) + 1, mode::inclusive_init,
                                          opt);
  }

  TEST_CASE("16-bit floats accumulate in float, short and long segments") {
    using namespace scan_test;
    const scan::options opt = test_backend::options();
    for (std::int64_t segment : {std::int64_t{1}, std::int64_t{12}, std::int64_t{1000},
                                 std::int64_t{4099}, std::int64_t{70001}})
      for (mode m : all_modes) {
        check_blockwise<scan::half, scan::half, scan::sum>(300007, segment, m, opt);
        check_blockwise<scan::bfloat16, scan::bfloat16, scan::sum>(300007, segment, m, opt);
        check_blockwise<scan::half, float, scan::sum>(300007, segment, m, opt);
      }
    check_blockwise<scan::half, scan::half, scan::sum>(4099, 12, mode::exclusive, opt, true);
  }

  TEST_CASE("blockwise argument errors write nothing") {
    using namespace scan_test;
    const std::int64_t n = 1000;
    const std::vector<std::int32_t> poison(n, 77);
    buffer<std::int32_t> in(n), out(n);
    in.upload(std::vector<std::int32_t>(n, 1));
    for (std::int64_t segment : {std::int64_t{0}, std::int64_t{-4}}) {
      out.upload(poison);
      expect_error(
          "segment " + std::to_string(segment),
          [&] {
            scan::blockwise_inclusive_scan(static_cast<const std::int32_t*>(in.get()), out.get(), n,
                                           segment, scan::sum{}, test_backend::options());
          },
          "segment:", "at least 1");
      CHECK(same_bytes(out.download(), poison));
    }
    out.upload(poison);
    expect_error(
        "negative n",
        [&] {
          scan::blockwise_exclusive_scan(static_cast<const std::int32_t*>(in.get()), out.get(), -1,
                                         4, 0, scan::sum{}, test_backend::options());
        },
        "n:", "negative");
    CHECK(same_bytes(out.download(), poison));
    // n == 0 is a no-op whatever the pointers.
    scan::blockwise_inclusive_scan(static_cast<const std::int32_t*>(nullptr),
                                   static_cast<std::int32_t*>(nullptr), 0, 4, scan::sum{},
                                   test_backend::options());
  }
}
