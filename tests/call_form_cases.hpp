// Test cases for the calls that pass scan::options in the operator's place (a sum with those
// options): flat inclusive and exclusive scans with and without init and totals, blockwise,
// segmented, batched (along rows and columns) and strided scans, each against a reference and
// each shown to use the options given (an unknown algorithm there is rejected). Included by
// scan_test_body.hpp (suite "operators").
#pragma once

#include <scan/batched.hpp>
#include <scan/blockwise.hpp>
#include <scan/segmented.hpp>

namespace scan_test {

// Sums of consecutive segments of `len` items (the last may be shorter), each from `init` when
// there is one (always for exclusive scans); with `totals`, each segment's total instead.
inline std::vector<std::int32_t> sums_by_segments(const std::vector<std::int32_t>& in,
                                                  std::size_t len, bool inclusive,
                                                  const std::int32_t* init, bool totals = false) {
  std::vector<std::int32_t> out;
  for (std::size_t b = 0; b < in.size(); b += len) {
    std::int32_t acc = init ? *init : 0;
    for (std::size_t i = b; i < std::min(b + len, in.size()); ++i) {
      if (!inclusive && !totals) out.push_back(acc);
      acc += in[i];
      if (inclusive && !totals) out.push_back(acc);
    }
    if (totals) out.push_back(acc);
  }
  return out;
}

} // namespace scan_test

TEST_SUITE("operators") {
  TEST_CASE("options in the operator's place: a sum with those options") {
    using namespace scan_test;
    using T = std::int32_t;
    constexpr std::int64_t n = 1000, len = 64, rows = 10, cols = 100;
    constexpr std::size_t segments = (n + len - 1) / len;
    std::vector<T> h(n);
    for (std::int64_t i = 0; i < n; ++i)
      h[static_cast<std::size_t>(i)] = static_cast<T>(i % 7 + 1);
    std::vector<std::int64_t> starts;
    for (std::int64_t b = 0; b < n; b += len)
      starts.push_back(b);
    starts.push_back(n);
    buffer<T> in(n), out(n), totals(n);
    buffer<std::int64_t> offsets(static_cast<std::int64_t>(starts.size()));
    in.upload(h);
    offsets.upload(starts);
    const scan::options good = test_backend::options();
    scan::options bad = good;
    bad.algorithm = static_cast<scan::algorithm>(42);
    const T init = 5;
    const T* src = in.get();
    T* dst = out.get();
    const auto with_totals = scan::with_totals(dst, totals.get());
    const scan::offsets<std::int64_t> by_offsets(offsets.get(),
                                                 static_cast<std::int64_t>(segments));
    const scan::matrix<const T> in_matrix(src, rows, cols);
    const scan::matrix<T> out_matrix(dst, rows, cols);

    // call(options) writes out (and `want_totals.size()` totals); with unknown options it throws.
    const auto check_form = [&](const char* form, std::vector<T> want, const auto& call,
                                const std::vector<T>& want_totals = std::vector<T>()) {
      INFO(form);
      want.resize(static_cast<std::size_t>(n), T(-1)); // items the call does not write
      out.upload(std::vector<T>(static_cast<std::size_t>(n), T(-1)));
      call(good);
      CHECK(out.download() == want);
      if (!want_totals.empty()) {
        std::vector<T> got = totals.download();
        got.resize(want_totals.size());
        CHECK(got == want_totals);
      }
      CHECK_THROWS_WITH_AS(call(bad), doctest::Contains("options.algorithm"), scan::error);
      ++checks_run();
    };
    using opts = const scan::options&;
    const auto flat = [&](bool inclusive, const T* from, bool totals_only = false) {
      return sums_by_segments(h, h.size(), inclusive, from, totals_only);
    };
    const auto blocks = [&](bool inclusive, const T* from, bool totals_only = false) {
      return sums_by_segments(h, len, inclusive, from, totals_only);
    };

    check_form("inclusive_scan(in, out, n, opts)", flat(true, nullptr),
               [&](opts o) { scan::inclusive_scan(src, dst, n, o); });
    check_form("inclusive_scan(in, out, n, init, opts)", flat(true, &init),
               [&](opts o) { scan::inclusive_scan(src, dst, n, init, o); });
    check_form("exclusive_scan(in, out, n, init, opts)", flat(false, &init),
               [&](opts o) { scan::exclusive_scan(src, dst, n, init, o); });
    check_form(
        "inclusive_scan(in, with_totals, n, opts)", flat(true, nullptr),
        [&](opts o) { scan::inclusive_scan(src, with_totals, n, o); }, flat(true, nullptr, true));
    check_form(
        "inclusive_scan(in, with_totals, n, init, opts)", flat(true, &init),
        [&](opts o) { scan::inclusive_scan(src, with_totals, n, init, o); },
        flat(true, &init, true));
    check_form(
        "exclusive_scan(in, with_totals, n, init, opts)", flat(false, &init),
        [&](opts o) { scan::exclusive_scan(src, with_totals, n, init, o); },
        flat(false, &init, true));

    check_form("blockwise_inclusive_scan(in, out, n, segment, opts)", blocks(true, nullptr),
               [&](opts o) { scan::blockwise_inclusive_scan(src, dst, n, len, o); });
    check_form("blockwise_inclusive_scan(in, out, n, segment, init, opts)", blocks(true, &init),
               [&](opts o) { scan::blockwise_inclusive_scan(src, dst, n, len, init, o); });
    check_form("blockwise_exclusive_scan(in, out, n, segment, init, opts)", blocks(false, &init),
               [&](opts o) { scan::blockwise_exclusive_scan(src, dst, n, len, init, o); });
    check_form(
        "blockwise_inclusive_scan(in, with_totals, n, segment, opts)", blocks(true, nullptr),
        [&](opts o) { scan::blockwise_inclusive_scan(src, with_totals, n, len, o); },
        blocks(true, nullptr, true));
    check_form(
        "blockwise_exclusive_scan(in, with_totals, n, segment, init, opts)", blocks(false, &init),
        [&](opts o) { scan::blockwise_exclusive_scan(src, with_totals, n, len, init, o); },
        blocks(false, &init, true));

    check_form("segmented_inclusive_scan(in, out, n, offsets, opts)", blocks(true, nullptr),
               [&](opts o) { scan::segmented_inclusive_scan(src, dst, n, by_offsets, o); });
    check_form("segmented_inclusive_scan(in, out, n, offsets, init, opts)", blocks(true, &init),
               [&](opts o) { scan::segmented_inclusive_scan(src, dst, n, by_offsets, init, o); });
    check_form("segmented_exclusive_scan(in, out, n, offsets, init, opts)", blocks(false, &init),
               [&](opts o) { scan::segmented_exclusive_scan(src, dst, n, by_offsets, init, o); });
    check_form(
        "segmented_inclusive_scan(in, with_totals, n, offsets, opts)", blocks(true, nullptr),
        [&](opts o) { scan::segmented_inclusive_scan(src, with_totals, n, by_offsets, o); },
        blocks(true, nullptr, true));

    check_form(
        "batched_inclusive_scan(in, out, rows, opts)", sums_by_segments(h, cols, true, nullptr),
        [&](opts o) { scan::batched_inclusive_scan(in_matrix, out_matrix, scan::along::rows, o); });
    check_form("batched_exclusive_scan(in, out, rows, init, opts)",
               sums_by_segments(h, cols, false, &init), [&](opts o) {
                 scan::batched_exclusive_scan(in_matrix, out_matrix, scan::along::rows, init, o);
               });
    // Along columns: the scan of the transposed matrix, transposed back.
    std::vector<T> transposed(h.size());
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < cols; ++c)
        transposed[static_cast<std::size_t>(c * rows + r)] =
            h[static_cast<std::size_t>(r * cols + c)];
    const std::vector<T> scanned = sums_by_segments(transposed, rows, true, &init);
    std::vector<T> along_columns(h.size());
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < cols; ++c)
        along_columns[static_cast<std::size_t>(r * cols + c)] =
            scanned[static_cast<std::size_t>(c * rows + r)];
    check_form("batched_inclusive_scan(in, out, columns, init, opts)", along_columns, [&](opts o) {
      scan::batched_inclusive_scan(in_matrix, out_matrix, scan::along::columns, init, o);
    });

    // Every second item into a contiguous output.
    std::vector<T> evens;
    for (std::size_t i = 0; i < h.size(); i += 2)
      evens.push_back(h[i]);
    constexpr std::int64_t half_n = n / 2;
    check_form("strided_inclusive_scan(in, 2, out, 1, n, opts)",
               sums_by_segments(evens, evens.size(), true, nullptr),
               [&](opts o) { scan::strided_inclusive_scan(src, 2, dst, 1, half_n, o); });
    check_form("strided_exclusive_scan(in, 2, out, 1, n, init, opts)",
               sums_by_segments(evens, evens.size(), false, &init),
               [&](opts o) { scan::strided_exclusive_scan(src, 2, dst, 1, half_n, init, o); });
  }
}
