// Test cases for batched scans (scan/batched.hpp): random matrices of odd shapes and leading
// dimensions scanned along both axes, strided 1-D scans, every mode, widening, floating point and
// non-commutative custom operators, in place, and argument errors. The output is poisoned first;
// the padding between rows must come back as it was. Included by scan_test_body.hpp (suite
// "batched").
#pragma once

#include <functional>

#include <scan/batched.hpp>

namespace scan_test {

struct matrix_case {
  std::int64_t rows, cols, ld_in, ld_out;
};

// Elements a row-major rows x cols matrix with leading dimension ld spans.
inline std::int64_t matrix_extent(std::int64_t rows, std::int64_t cols, std::int64_t ld) {
  return rows == 0 || cols == 0 ? 0 : (rows - 1) * ld + cols;
}

template <class T> struct output_value<scan::matrix<T>> { using type = T; };

template <class In, class Output, class Op>
void call_batched(mode m, const scan::matrix<const In>& in, const Output& out, scan::along axis,
                  const output_value_t<Output>& init, Op op, const scan::options& opt) {
  if (scan_tests::calls_t<test_backend>::batched(m != mode::exclusive, m != mode::inclusive, in,
                                                 out, axis, init, op, opt))
    return;
  switch (m) {
  case mode::inclusive:
    scan::batched_inclusive_scan(in, out, axis, op, opt);
    return;
  case mode::inclusive_init:
    scan::batched_inclusive_scan(in, out, axis, init, op, opt);
    return;
  case mode::exclusive:
    scan::batched_exclusive_scan(in, out, axis, init, op, opt);
    return;
  }
}

template <class In, class Output, class Op>
void call_strided(mode m, const In* in, std::int64_t in_stride, Output out, std::int64_t out_stride,
                  std::int64_t n, const output_value_t<Output>& init, Op op,
                  const scan::options& opt) {
  if (scan_tests::calls_t<test_backend>::strided(m != mode::exclusive, m != mode::inclusive, in,
                                                 in_stride, out, out_stride, n, init, op, opt))
    return;
  switch (m) {
  case mode::inclusive:
    scan::strided_inclusive_scan(in, in_stride, out, out_stride, n, op, opt);
    return;
  case mode::inclusive_init:
    scan::strided_inclusive_scan(in, in_stride, out, out_stride, n, init, op, opt);
    return;
  case mode::exclusive:
    scan::strided_exclusive_scan(in, in_stride, out, out_stride, n, init, op, opt);
    return;
  }
}

// Segments laid out anywhere: item j of segment s is at in_at(s, j) in the input and out_at(s, j)
// in the output, which span in_extent and out_extent elements.
struct laid_out {
  std::vector<std::int64_t> lengths;
  std::function<std::int64_t(std::int64_t, std::int64_t)> in_at, out_at;
  std::int64_t in_extent = 0, out_extent = 0;
};

// `lanes` segments of `length` items, item j of lane l at l * lane + j * item in the input and
// the output (their own strides).
inline laid_out lanes_of(std::int64_t lanes, std::int64_t length, std::int64_t in_lane,
                         std::int64_t in_item, std::int64_t out_lane, std::int64_t out_item) {
  const auto extent = [&](std::int64_t lane, std::int64_t item) {
    return lanes == 0 || length == 0 ? 0 : (lanes - 1) * lane + (length - 1) * item + 1;
  };
  return {std::vector<std::int64_t>(static_cast<std::size_t>(lanes), length),
          [=](std::int64_t l, std::int64_t j) { return l * in_lane + j * in_item; },
          [=](std::int64_t l, std::int64_t j) { return l * out_lane + j * out_item; },
          extent(in_lane, in_item), extent(out_lane, out_item)};
}

// The total of each segment (scan/totals.hpp): the last inclusive result of the segment from
// init (when the mode has one), init or Out{} when it is empty; and each one's tolerance.
template <class In, class Out, class Op>
void reference_totals(mode m, const std::vector<In>& packed,
                      const std::vector<std::int64_t>& lengths, const Out& init,
                      std::vector<Out>& want, std::vector<double>& tol) {
  const mode folded = m == mode::inclusive ? mode::inclusive : mode::inclusive_init;
  std::vector<Out> scanned;
  std::vector<double> scanned_tol;
  reference_by_segments<In, Out, Op>(folded, packed, lengths, init, scanned, scanned_tol);
  want.clear();
  tol.clear();
  std::size_t end = 0;
  for (std::int64_t len : lengths) {
    end += static_cast<std::size_t>(len);
    want.push_back(len > 0 ? scanned[end - 1] : m == mode::inclusive ? Out{} : init);
    tol.push_back(len > 0 && !scanned_tol.empty() ? scanned_tol[end - 1] : 0.0);
  }
}

// One scan of the segments of `at` on fresh random input: the reference scans each segment; the
// output's other elements must keep their poison (or, in place, the input). With `totals`, the
// call also writes a total per segment, checked too. scan(in, out, totals, init) makes the call.
template <class In, class Out, class Op, class Scan>
void check_laid_out(const std::string& what, const laid_out& at, mode m, bool in_place, bool totals,
                    Scan&& scan) {
  if (std::max(at.in_extent, at.out_extent) > max_n()) return;
  rng r(seed() ^ hash(what));
  std::vector<In> in(static_cast<std::size_t>(at.in_extent));
  for (auto& x : in)
    x = draw<In, Op>(r);
  const Out init = draw<Out, Op>(r);
  // The segments back to back, and their reference scans.
  std::vector<In> packed;
  for (std::size_t s = 0; s < at.lengths.size(); ++s)
    for (std::int64_t j = 0; j < at.lengths[s]; ++j)
      packed.push_back(in[static_cast<std::size_t>(at.in_at(static_cast<std::int64_t>(s), j))]);
  std::vector<Out> packed_want;
  std::vector<double> packed_tol;
  reference_by_segments<In, Out, Op>(m, packed, at.lengths, init, packed_want, packed_tol);
  std::vector<Out> before(static_cast<std::size_t>(at.out_extent));
  if constexpr (std::is_same_v<In, Out>) {
    if (in_place) before = in;
  }
  if (!in_place)
    for (auto& x : before)
      x = draw<Out, Op>(r);
  std::vector<Out> want = before;
  std::vector<double> tol(want.size(), 0.0);
  std::size_t k = 0;
  for (std::size_t s = 0; s < at.lengths.size(); ++s)
    for (std::int64_t j = 0; j < at.lengths[s]; ++j, ++k) {
      const auto to = static_cast<std::size_t>(at.out_at(static_cast<std::int64_t>(s), j));
      want[to] = packed_want[k];
      tol[to] = packed_tol.empty() ? 0.0 : packed_tol[k];
      before[to] = complement(want[to]); // an item never written cannot pass
    }
  std::vector<Out> want_totals, got_totals, got;
  std::vector<double> totals_tol;
  if (totals) reference_totals<In, Out, Op>(m, packed, at.lengths, init, want_totals, totals_tol);
  std::vector<Out> totals_poison(want_totals.size());
  std::transform(want_totals.begin(), want_totals.end(), totals_poison.begin(), complement<Out>);
  try {
    buffer<Out> d_totals(static_cast<std::int64_t>(want_totals.size()));
    d_totals.upload(totals_poison);
    Out* totals_at = totals ? d_totals.get() : nullptr;
    if constexpr (std::is_same_v<In, Out>) {
      if (in_place) {
        buffer<Out> io(at.out_extent);
        io.upload(in);
        scan(static_cast<const In*>(io.get()), io.get(), totals_at, init);
        io.download(got);
      }
    }
    if (!in_place) {
      buffer<In> d_in(at.in_extent);
      buffer<Out> d_out(at.out_extent);
      d_in.upload(in);
      d_out.upload(before);
      scan(static_cast<const In*>(d_in.get()), d_out.get(), totals_at, init);
      d_out.download(got);
    }
    d_totals.download(got_totals);
  } catch (const std::exception& e) {
    FAIL_CHECK(what << ": threw \"" << e.what() << "\" (seed " << seed() << ")");
    return;
  }
  ++checks_run();
  check_matches(what, got, want, tol);
  check_matches(what + ", totals", got_totals, want_totals, totals_tol);
}

// The lanes of a matrix along an axis.
inline laid_out matrix_lanes(const matrix_case& c, scan::along axis) {
  if (axis == scan::along::rows) return lanes_of(c.rows, c.cols, c.ld_in, 1, c.ld_out, 1);
  return lanes_of(c.cols, c.rows, 1, c.ld_in, 1, c.ld_out);
}

template <class In, class Out, class Op>
void check_batched(const matrix_case& c, scan::along axis, mode m, bool in_place = false) {
  const scan::options opt = test_backend::options();
  const bool rows = axis == scan::along::rows;
  const std::string what = describe<In, Out, Op>(c.rows * c.cols, m, opt, in_place) + " " +
                           std::to_string(c.rows) + "x" + std::to_string(c.cols) + " ld " +
                           std::to_string(c.ld_in) + "/" + std::to_string(c.ld_out) + " along " +
                           (rows ? "rows" : "columns");
  const auto call = [&](const In* in, Out* out, Out*, const Out& init) {
    call_batched(m, scan::matrix<const In>(in, c.rows, c.cols, c.ld_in),
                 scan::matrix<Out>(out, c.rows, c.cols, c.ld_out), axis, init, Op{}, opt);
  };
  check_laid_out<In, Out, Op>(what, matrix_lanes(c, axis), m, in_place, false, call);
}

template <class In, class Out, class Op>
void check_strided(std::int64_t n, std::int64_t in_stride, std::int64_t out_stride, mode m,
                   bool in_place = false) {
  const scan::options opt = test_backend::options();
  const std::string what = describe<In, Out, Op>(n, m, opt, in_place) + " strided " +
                           std::to_string(in_stride) + "/" + std::to_string(out_stride);
  check_laid_out<In, Out, Op>(what, lanes_of(n > 0 ? 1 : 0, n, 0, in_stride, 0, out_stride), m,
                              in_place, false, [&](const In* in, Out* out, Out*, const Out& init) {
                                call_strided(m, in, in_stride, out, out_stride, n, init, Op{}, opt);
                              });
}

// Shapes: empty, single rows and columns, back-to-back and padded rows, around a warp and a tile,
// few long lanes (chunked) and many short ones; on GPUs, few columns on row tiles (packed and
// padded rows, many tiles) and more on a block's groups of 32 (a ragged last group, many tiles),
// 4-byte integers in pairs of lanes where lanes and leading dimensions are even, and two columns
// of back-to-back rows as one flat scan of pairs (vocabulary/lane_pairs.hpp).
inline const matrix_case batched_shapes[] = {{0, 5, 5, 5},
                                             {5, 0, 0, 3},
                                             {1, 1, 1, 1},
                                             {1, 1000, 1000, 1000},
                                             {1000, 1, 1, 1},
                                             {1000, 1, 3, 2},
                                             {7, 33, 40, 33},
                                             {33, 7, 7, 9},
                                             {3, 4099, 4100, 4099},
                                             {257, 257, 300, 260},
                                             {1000, 1000, 1000, 1000},
                                             {65, 1024, 1031, 1024},
                                             {4097, 3, 3, 3},
                                             {2, 70001, 70003, 70001},
                                             {70001, 2, 5, 2},
                                             {3, 2, 2, 2},
                                             {70001, 2, 2, 2},
                                             {70001, 40, 41, 40},
                                             {3001, 96, 98, 96},
                                             {30011, 16, 16, 17}};

} // namespace scan_test

TEST_SUITE("batched") {
  TEST_CASE("the header's example: a 2 x 3 matrix along each axis") {
    using namespace scan_test;
    buffer<std::int32_t> d_in(6), d_out(6);
    d_in.upload({1, 2, 3, 4, 5, 6});
    const scan::matrix<const std::int32_t> in(d_in.get(), 2, 3);
    const scan::matrix<std::int32_t> out(d_out.get(), 2, 3);
    scan::batched_inclusive_scan(in, out, scan::along::rows, scan::sum{}, test_backend::options());
    CHECK(d_out.download() == std::vector<std::int32_t>{1, 3, 6, 4, 9, 15});
    scan::batched_inclusive_scan(in, out, scan::along::columns, scan::sum{},
                                 test_backend::options());
    CHECK(d_out.download() == std::vector<std::int32_t>{1, 2, 3, 5, 7, 9});
    ++checks_run();
  }

  TEST_CASE("every shape along both axes") {
    using namespace scan_test;
    for (const matrix_case& c : batched_shapes)
      for (scan::along axis : {scan::along::rows, scan::along::columns}) {
        for (mode m : all_modes)
          check_batched<std::int32_t, std::int32_t, scan::sum>(c, axis, m);
        check_batched<std::int64_t, std::int64_t, scan::max>(c, axis, mode::inclusive);
        check_batched<double, double, scan::sum>(c, axis, mode::exclusive);
        check_batched<float, float, scan::sum>(c, axis, mode::inclusive);
        check_batched<std::uint8_t, std::int64_t, scan::sum>(c, axis, mode::inclusive_init);
        check_batched<affine, affine, then>(c, axis, mode::inclusive_init);
        check_batched<affine, affine, then>(c, axis, mode::exclusive);
        check_batched<mat2, mat2, matmul>(c, axis, mode::inclusive);
        if (c.ld_in == c.ld_out) {
          check_batched<std::uint32_t, std::uint32_t, scan::sum>(c, axis, mode::exclusive, true);
          check_batched<std::int32_t, std::int32_t, scan::sum>(c, axis, mode::inclusive, true);
        }
      }
  }

  TEST_CASE("long columns and strided sequences") {
    using namespace scan_test;
    const std::int64_t big = (std::int64_t{1} << 21) + 3;
    for (mode m : all_modes) {
      check_batched<std::int32_t, std::int32_t, scan::sum>({big, 2, 3, 2}, scan::along::columns, m);
      check_batched<std::int32_t, std::int32_t, scan::sum>({big, 2, 2, 2}, scan::along::columns, m);
      check_batched<std::int32_t, std::int32_t, scan::sum>({3, big, big + 1, big},
                                                           scan::along::rows, m);
    }
    check_batched<affine, affine, then>({big / 4, 3, 4, 3}, scan::along::columns,
                                        mode::inclusive_init);
    check_batched<double, double, scan::sum>({big / 2, 2, 2, 2}, scan::along::columns,
                                             mode::exclusive);
    check_batched<float, float, scan::sum>({big, 2, 2, 2}, scan::along::columns, mode::inclusive);
    for (std::int64_t n : {std::int64_t{0}, std::int64_t{1}, std::int64_t{1000}, std::int64_t{4099},
                           std::int64_t{300007}, big})
      for (mode m : all_modes) {
        check_strided<std::int32_t, std::int32_t, scan::sum>(n, 2, 3, m);
        check_strided<std::int32_t, std::int32_t, scan::sum>(n, 1, 1, m);
      }
    check_strided<std::int32_t, std::int32_t, scan::sum>(4099, 7, 7, mode::inclusive, true);
    check_strided<affine, affine, then>(70001, 3, 1, mode::exclusive);
    check_strided<std::int16_t, std::int64_t, scan::sum>(70001, 1, 5, mode::inclusive_init);
  }

  TEST_CASE("batched argument errors write nothing") {
    using namespace scan_test;
    const std::int64_t n = 1000;
    const std::vector<std::int32_t> poison(n, 77);
    buffer<std::int32_t> in(n), out(n);
    in.upload(std::vector<std::int32_t>(n, 1));
    const std::int32_t* src = in.get();
    const scan::options opt = test_backend::options();
    const auto rejects = [&](const std::string& what, auto&& call, const std::string& argument,
                             const std::string& words) {
      out.upload(poison);
      expect_error(what, call, argument, words);
      CHECK(same_bytes(out.download(), poison));
    };
    using scan::along;
    using scan::matrix;
    rejects(
        "negative rows",
        [&] {
          scan::batched_inclusive_scan(matrix<const std::int32_t>(src, -1, 4),
                                       matrix<std::int32_t>(out.get(), -1, 4), along::rows,
                                       scan::sum{}, opt);
        },
        "in:", "negative");
    rejects(
        "short leading dimension",
        [&] {
          scan::batched_inclusive_scan(matrix<const std::int32_t>(src, 10, 50, 49),
                                       matrix<std::int32_t>(out.get(), 10, 50), along::columns,
                                       scan::sum{}, opt);
        },
        "in.ld:", "less than cols");
    rejects(
        "shapes differ",
        [&] {
          scan::batched_exclusive_scan(matrix<const std::int32_t>(src, 10, 50),
                                       matrix<std::int32_t>(out.get(), 50, 10), along::rows, 0,
                                       scan::sum{}, opt);
        },
        "out:", "one shape");
    rejects(
        "in place with another leading dimension",
        [&] {
          scan::batched_inclusive_scan(matrix<const std::int32_t>(out.get(), 10, 40, 50),
                                       matrix<std::int32_t>(out.get(), 10, 40, 45), along::columns,
                                       scan::sum{}, opt);
        },
        "out:", "in-place");
    rejects(
        "partial overlap",
        [&] {
          scan::batched_inclusive_scan(matrix<const std::int32_t>(out.get(), 10, 40, 50),
                                       matrix<std::int32_t>(out.get() + 7, 10, 40, 50),
                                       along::columns, scan::sum{}, opt);
        },
        "out:", "overlaps");
    rejects(
        "zero stride",
        [&] { scan::strided_inclusive_scan(src, 0, out.get(), 1, 10, scan::sum{}, opt); },
        "in_stride:", "at least 1");
    rejects(
        "negative n",
        [&] { scan::strided_exclusive_scan(src, 2, out.get(), 2, -3, 0, scan::sum{}, opt); },
        "n:", "negative");
    // Empty shapes are no-ops whatever the pointers.
    scan::batched_inclusive_scan(matrix<const std::int32_t>(nullptr, 0, 7),
                                 matrix<std::int32_t>(nullptr, 0, 7), along::columns, scan::sum{},
                                 opt);
    scan::strided_inclusive_scan(static_cast<const std::int32_t*>(nullptr), 3,
                                 static_cast<std::int32_t*>(nullptr), 3, 0, scan::sum{}, opt);
  }
}
