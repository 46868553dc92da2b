// Test cases for totals (scan/totals.hpp): a total per segment beside full, strided, blockwise,
// segmented (offsets, head flags, keys) and batched scans, in every mode, with empty segments, in
// place, widening, floating point and non-commutative operators, the output checked as well; and
// argument errors. Totals are poisoned first, in an array of exactly as many as the call has
// segments. Included by scan_test_body.hpp (suite "totals").
#pragma once

#include <scan/totals.hpp>

namespace scan_test {

// Segments of `lengths` back to back, at one index in the input and the output.
inline laid_out back_to_back(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> starts{0};
  for (std::int64_t len : lengths)
    starts.push_back(starts.back() + len);
  const auto at = [starts](std::int64_t s, std::int64_t j) {
    return starts[static_cast<std::size_t>(s)] + j;
  };
  return {lengths, at, at, starts.back(), starts.back()};
}

// Flags and keys cannot give empty segments: their totals are those of the others.
inline std::vector<std::int64_t> marked_lengths(const std::vector<std::int64_t>& lengths) {
  std::vector<std::int64_t> marked;
  for (std::int64_t len : lengths)
    if (len > 0) marked.push_back(len);
  return marked;
}

// Every kind of call with totals, for one type pair and operator in mode m.
template <class In, class Out, class Op> struct totals_checks {
  mode m;
  bool in_place = false;
  scan::options opt = test_backend::options();

  std::string what(std::int64_t n, const std::string& shape) const {
    return describe<In, Out, Op>(n, m, opt, in_place) + " " + shape + " with totals";
  }

  void full(std::int64_t n) const {
    check_laid_out<In, Out, Op>(what(n, "full"), back_to_back({n}), m, in_place, true,
                                [&](const In* in, Out* out, Out* totals, const Out& init) {
                                  call_scan(m, in, scan::with_totals(out, totals), n, init, Op{},
                                            opt);
                                });
  }

  void strided(std::int64_t n, std::int64_t in_stride, std::int64_t out_stride) const {
    const std::string shape =
        "strided " + std::to_string(in_stride) + "/" + std::to_string(out_stride);
    check_laid_out<In, Out, Op>(what(n, shape), lanes_of(1, n, 0, in_stride, 0, out_stride), m,
                                in_place, true,
                                [&](const In* in, Out* out, Out* totals, const Out& init) {
                                  call_strided(m, in, in_stride, scan::with_totals(out, totals),
                                               out_stride, n, init, Op{}, opt);
                                });
  }

  void blockwise(std::int64_t n, std::int64_t segment) const {
    std::vector<std::int64_t> lengths;
    for (std::int64_t b = 0; b < n; b += segment)
      lengths.push_back(std::min(segment, n - b));
    check_laid_out<In, Out, Op>(
        what(n, "blocks of " + std::to_string(segment)), back_to_back(lengths), m, in_place, true,
        [&](const In* in, Out* out, Out* totals, const Out& init) {
          call_blockwise(m, in, scan::with_totals(out, totals), n, segment, init, Op{}, opt);
        });
  }

  // Custom keys only where tries_custom_keys (segmented_cases.hpp) lets the segmented cases try
  // them.
  void segmented(std::int64_t n, const std::string& layout, described_by by) const {
    if constexpr (!tries_custom_keys<In, Out, Op>)
      if (by == described_by::custom_keys) return;
    rng r(seed() ^ hash(layout) ^ static_cast<std::uint64_t>(n));
    const std::vector<std::int64_t> lengths = segment_lengths(layout, n, r);
    const bool offsets = by == described_by::offsets32 || by == described_by::offsets64;
    const std::vector<std::int64_t> totalled = offsets ? lengths : marked_lengths(lengths);
    const std::string shape = std::string(described_name(by)) + " " + layout + " (" +
                              std::to_string(totalled.size()) + " segments)";
    with_description<tries_custom_keys<In, Out, Op>>(by, lengths, n, [&](const auto& segments) {
      check_laid_out<In, Out, Op>(what(n, shape), back_to_back(totalled), m, in_place, true,
                                  [&](const In* in, Out* out, Out* totals, const Out& init) {
                                    call_segmented(m, in, scan::with_totals(out, totals), n,
                                                   segments, init, Op{}, opt);
                                  });
    });
  }

  void batched(const matrix_case& c, scan::along axis) const {
    const std::string shape = std::to_string(c.rows) + "x" + std::to_string(c.cols) + " ld " +
                              std::to_string(c.ld_in) + "/" + std::to_string(c.ld_out) +
                              (axis == scan::along::rows ? " along rows" : " along columns");
    check_laid_out<In, Out, Op>(
        what(c.rows * c.cols, shape), matrix_lanes(c, axis), m, in_place, true,
        [&](const In* in, Out* out, Out* totals, const Out& init) {
          call_batched(m, scan::matrix<const In>(in, c.rows, c.cols, c.ld_in),
                       scan::with_totals(scan::matrix<Out>(out, c.rows, c.cols, c.ld_out), totals),
                       axis, init, Op{}, opt);
        });
  }
};

inline const std::int64_t totals_sizes[] = {0, 1, 2, 31, 32, 33, 1000, 4099, 300007, (1 << 21) + 3};

// Head flags and keys: words of the head bitmap and their neighbours, primes, tiles' multiples.
inline const std::int64_t marked_totals_sizes[] = {0,  1,  2,    31,   32,   33,    63,    64,
                                                   65, 97, 1000, 4096, 4099, 65536, 65537, 300007};

inline constexpr described_by marked_descriptions[] = {described_by::flags, described_by::keys,
                                                       described_by::custom_keys};

} // namespace scan_test

TEST_SUITE("totals") {
  TEST_CASE("the header's example: CSR row offsets from degrees, and the entry count") {
    using namespace scan_test;
    buffer<std::int32_t> degrees(4), row_offsets(4), nnz(1);
    degrees.upload({2, 0, 3, 1});
    scan::exclusive_scan(static_cast<const std::int32_t*>(degrees.get()),
                         scan::with_totals(row_offsets.get(), nnz.get()), 4, 0, scan::sum{},
                         test_backend::options());
    CHECK(row_offsets.download() == std::vector<std::int32_t>{0, 2, 2, 5});
    CHECK(nnz.download() == std::vector<std::int32_t>{6});
    ++checks_run();
  }

  TEST_CASE("full and strided scans: one total") {
    using namespace scan_test;
    for (std::int64_t n : totals_sizes)
      for (mode m : all_modes) {
        totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.full(n);
        totals_checks<std::int32_t, std::int32_t, scan::sum>{m, true}.full(n);
        totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.strided(n, 3, 2);
        totals_checks<affine, affine, then>{m}.full(n);
      }
    for (std::int64_t n : {std::int64_t{0}, std::int64_t{4099}, std::int64_t{300007}}) {
      totals_checks<double, double, scan::sum>{mode::exclusive}.full(n);
      totals_checks<float, float, scan::sum>{mode::inclusive}.full(n);
      totals_checks<std::uint8_t, std::int64_t, scan::sum>{mode::exclusive}.full(n);
      totals_checks<scan::half, float, scan::sum>{mode::exclusive}.full(n);
      totals_checks<std::int64_t, std::int64_t, scan::max>{mode::inclusive}.full(n);
      totals_checks<std::int32_t, std::int32_t, scan::sum>{mode::exclusive, true}.strided(n, 2, 2);
    }
  }

  TEST_CASE("blockwise scans: a total per segment") {
    using namespace scan_test;
    const std::pair<std::int64_t, std::int64_t> shapes[] = {
        {0, 5}, {10, 20}, {1000, 1}, {1000, 7}, {4099, 64}, {300007, 1000}, {300007, 4096}};
    for (const auto& [n, segment] : shapes)
      for (mode m : all_modes) {
        totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.blockwise(n, segment);
        totals_checks<std::int32_t, std::int32_t, scan::sum>{m, true}.blockwise(n, segment);
        totals_checks<affine, affine, then>{m}.blockwise(n, segment);
        totals_checks<double, double, scan::sum>{m}.blockwise(n, segment);
      }
  }

  TEST_CASE("segmented scans: a total per segment given by offsets") {
    using namespace scan_test;
    for (std::int64_t n :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{4099}, std::int64_t{300007}})
      for (const char* layout : segment_layouts)
        for (described_by by : {described_by::offsets32, described_by::offsets64})
          for (mode m : all_modes) {
            totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.segmented(n, layout, by);
            totals_checks<affine, affine, then>{m}.segmented(n, layout, by);
            if (m == mode::exclusive) {
              totals_checks<std::int32_t, std::int32_t, scan::sum>{m, true}.segmented(n, layout,
                                                                                      by);
              totals_checks<double, double, scan::sum>{m}.segmented(n, layout, by);
              totals_checks<std::uint16_t, std::int64_t, scan::sum>{m}.segmented(n, layout, by);
            }
          }
  }

  TEST_CASE("segmented scans: the totals of head flags and keys, an example") {
    using namespace scan_test;
    // keys [7 7 2 2 2 7] (7 again: only adjacent keys count) -> segments {1 2} {3 4 5} {6}.
    buffer<std::int32_t> in(6), out(6), keys(6), totals(3);
    buffer<std::uint8_t> flags(6);
    in.upload({1, 2, 3, 4, 5, 6});
    keys.upload({7, 7, 2, 2, 2, 7});
    flags.upload({0, 0, 1, 0, 0, 9}); // item 0 starts a segment whatever its flag
    const auto* src = static_cast<const std::int32_t*>(in.get());
    const auto by_keys = scan::keys(static_cast<const std::int32_t*>(keys.get()));
    const auto by_flags = scan::head_flags(static_cast<const std::uint8_t*>(flags.get()));
    const scan::options opt = test_backend::options();
    scan::segmented_inclusive_scan(src, scan::with_totals(out.get(), totals.get()), 6, by_keys,
                                   scan::sum{}, opt);
    CHECK(out.download() == std::vector<std::int32_t>{1, 3, 3, 7, 12, 6});
    CHECK(totals.download() == std::vector<std::int32_t>{3, 12, 6});
    scan::segmented_exclusive_scan(src, scan::with_totals(out.get(), totals.get()), 6, by_flags,
                                   100, scan::sum{}, opt);
    CHECK(out.download() == std::vector<std::int32_t>{100, 101, 100, 103, 107, 100});
    CHECK(totals.download() == std::vector<std::int32_t>{103, 112, 106});
    scan::segmented_inclusive_scan(src, scan::with_totals(out.get(), totals.get()), 6, by_flags, 10,
                                   scan::max{}, opt);
    CHECK(totals.download() == std::vector<std::int32_t>{10, 10, 10});
    // In place, exclusive: each total still sees its segment's last input.
    scan::segmented_exclusive_scan(src, scan::with_totals(in.get(), totals.get()), 6, by_keys, 0,
                                   scan::sum{}, opt);
    CHECK(in.download() == std::vector<std::int32_t>{0, 1, 0, 3, 7, 0});
    CHECK(totals.download() == std::vector<std::int32_t>{3, 12, 6});
    ++checks_run();
  }

  TEST_CASE("segmented scans: a total per segment given by head flags or keys") {
    using namespace scan_test;
    for (std::int64_t n : marked_totals_sizes)
      for (const char* layout : segment_layouts)
        for (described_by by : marked_descriptions)
          for (mode m : all_modes) {
            totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.segmented(n, layout, by);
            totals_checks<std::int32_t, std::int32_t, scan::sum>{m, true}.segmented(n, layout, by);
            totals_checks<affine, affine, then>{m}.segmented(n, layout, by);
            // The other types: at the small sizes, and at the many-tile one with head flags
            // (the three types above take every description there; marking does not depend on
            // the value type).
            if (n < 4096 || (n == 300007 && by == described_by::flags)) {
              totals_checks<std::int64_t, std::int64_t, scan::max>{m}.segmented(n, layout, by);
              totals_checks<double, double, scan::sum>{m, true}.segmented(n, layout, by);
              totals_checks<float, float, scan::sum>{m}.segmented(n, layout, by);
              totals_checks<std::uint8_t, std::int64_t, scan::sum>{m}.segmented(n, layout, by);
            }
          }
  }

  TEST_CASE("segmented scans: head flags' and keys' totals of long inputs") {
    using namespace scan_test;
    // Past 2^21 items: many tiles, and a head bitmap of 2^16 words and more.
    const std::int64_t n = (std::int64_t{1} << 22) + 5;
    for (const char* layout : {"one", "length 1", "power law", "tile sizes"}) {
      totals_checks<std::int32_t, std::int32_t, scan::sum>{mode::exclusive, true}.segmented(
          n, layout, described_by::flags);
      totals_checks<std::int64_t, std::int64_t, scan::sum>{mode::inclusive_init}.segmented(
          n, layout, described_by::keys);
    }
    totals_checks<scan::half, float, scan::sum>{mode::exclusive}.segmented(70001, "mean 64",
                                                                           described_by::keys);
  }

  TEST_CASE("batched scans: a total per row or column") {
    using namespace scan_test;
    for (const matrix_case& c : batched_shapes)
      for (scan::along axis : {scan::along::rows, scan::along::columns})
        for (mode m : all_modes) {
          totals_checks<std::int32_t, std::int32_t, scan::sum>{m}.batched(c, axis);
          totals_checks<affine, affine, then>{m}.batched(c, axis);
          if (c.ld_in == c.ld_out)
            totals_checks<std::int32_t, std::int32_t, scan::sum>{m, true}.batched(c, axis);
          if (m == mode::exclusive) {
            totals_checks<double, double, scan::sum>{m}.batched(c, axis);
            totals_checks<std::int8_t, std::int64_t, scan::sum>{m}.batched(c, axis);
          }
        }
  }

  TEST_CASE("totals argument errors write nothing") {
    using namespace scan_test;
    const std::int64_t n = 1000;
    const std::vector<std::int32_t> poison(n, 77);
    buffer<std::int32_t> in(n), out(n), totals(n);
    buffer<std::int64_t> offsets(4);
    in.upload(std::vector<std::int32_t>(n, 1));
    offsets.upload({0, 10, 10, n});
    const std::int32_t* src = in.get();
    const std::int64_t* d_offsets = offsets.get();
    const scan::options opt = test_backend::options();
    const auto rejects = [&](const std::string& what, auto&& call, const std::string& words) {
      out.upload(poison);
      totals.upload(poison);
      expect_error(what, call, "totals:", words);
      CHECK(same_bytes(out.download(), poison));
      CHECK(same_bytes(totals.download(), poison));
    };
    std::int32_t* none = nullptr;
    rejects(
        "null totals",
        [&] {
          scan::exclusive_scan(src, scan::with_totals(out.get(), none), n, 0, scan::sum{}, opt);
        },
        "null");
    rejects(
        "null totals of empty segments",
        [&] {
          scan::segmented_exclusive_scan(src, scan::with_totals(out.get(), none), 0,
                                         scan::offsets(d_offsets, 3), 0, scan::sum{}, opt);
        },
        "null");
    rejects(
        "totals inside the output",
        [&] {
          scan::blockwise_inclusive_scan(src, scan::with_totals(out.get(), out.get() + n - 3), n,
                                         100, scan::sum{}, opt);
        },
        "overlaps");
    rejects(
        "totals over the input",
        [&] {
          scan::inclusive_scan(totals.get(), scan::with_totals(out.get(), totals.get() + 5), n,
                               scan::sum{}, opt);
        },
        "overlaps");
    rejects(
        "totals over the offsets",
        [&] {
          scan::segmented_inclusive_scan(
              src, scan::with_totals(out.get(), reinterpret_cast<std::int32_t*>(offsets.get())), n,
              scan::offsets(d_offsets, 3), scan::sum{}, opt);
        },
        "overlaps");
    rejects(
        "totals inside a padded matrix's output",
        [&] {
          scan::batched_inclusive_scan(
              scan::matrix<const std::int32_t>(src, 10, 40, 50),
              scan::with_totals(scan::matrix<std::int32_t>(out.get(), 10, 40, 50), out.get() + 45),
              scan::along::columns, scan::sum{}, opt);
        },
        "overlaps");
    buffer<std::uint8_t> flags(n);
    buffer<std::int32_t> keys(n);
    flags.upload(std::vector<std::uint8_t>(n, 1));
    keys.upload(std::vector<std::int32_t>(n, 3));
    const auto by_flags = scan::head_flags(static_cast<const std::uint8_t*>(flags.get()));
    const auto by_keys = scan::keys(static_cast<const std::int32_t*>(keys.get()));
    rejects(
        "null totals of head flags",
        [&] {
          scan::segmented_inclusive_scan(src, scan::with_totals(out.get(), none), n, by_flags,
                                         scan::sum{}, opt);
        },
        "null");
    rejects(
        "totals of keys inside the output",
        [&] {
          scan::segmented_exclusive_scan(src, scan::with_totals(out.get(), out.get() + n - 1), n,
                                         by_keys, 0, scan::sum{}, opt);
        },
        "overlaps");
    rejects(
        "totals of head flags over the input",
        [&] {
          scan::segmented_inclusive_scan(totals.get(), scan::with_totals(out.get(), totals.get()),
                                         n, by_flags, scan::sum{}, opt);
        },
        "overlaps");
    rejects(
        "totals over the keys",
        [&] {
          scan::segmented_inclusive_scan(src, scan::with_totals(out.get(), keys.get() + 7), n,
                                         by_keys, scan::sum{}, opt);
        },
        "keys");
    {
      buffer<std::uint8_t> flag_bytes(4 * n);
      flag_bytes.upload(std::vector<std::uint8_t>(4 * n, 1));
      const auto flags_before = flag_bytes.download();
      expect_error(
          "totals over the head flags",
          [&] {
            scan::segmented_inclusive_scan(
                src,
                scan::with_totals(out.get(), reinterpret_cast<std::int32_t*>(flag_bytes.get())), n,
                scan::head_flags(static_cast<const std::uint8_t*>(flag_bytes.get())), scan::sum{},
                opt);
          },
          "totals:", "head flags");
      CHECK(same_bytes(flag_bytes.download(), flags_before));
    }
    // No totals asked for, or none to write: any pointer.
    scan::segmented_inclusive_scan(static_cast<const std::int32_t*>(nullptr),
                                   scan::with_totals(none, none), 0, by_keys, scan::sum{}, opt);
    scan::blockwise_inclusive_scan(static_cast<const std::int32_t*>(nullptr),
                                   scan::with_totals(none, none), 0, 7, scan::sum{}, opt);
  }
}
