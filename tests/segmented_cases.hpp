// Test cases for segmented scans (scan/segmented.hpp): segments given by 32- and 64-bit offsets,
// head flags, keys and keys under a custom equality, over layouts that stress the single pass
// (all empty but one, all of length 1, one huge, random means from 1 to 4096, power-law mixes,
// lengths around the tile sizes), every mode, widening, floating point (bitwise repeatable where
// the backend promises it), non-commutative custom operators, in place, and argument errors.
// Included by scan_test_body.hpp (suite "segmented").
#pragma once

#include <algorithm>
#include <cmath>

#include <scan/segmented.hpp>

namespace scan_test {

enum class described_by { offsets32, offsets64, flags, keys, custom_keys };

inline const char* described_name(described_by d) {
  switch (d) {
  case described_by::offsets32:
    return "offsets32";
  case described_by::offsets64:
    return "offsets64";
  case described_by::flags:
    return "flags";
  case described_by::keys:
    return "keys";
  case described_by::custom_keys:
    return "custom_keys";
  }
  return "?";
}

inline constexpr described_by all_descriptions[] = {described_by::offsets32,
                                                    described_by::offsets64, described_by::flags,
                                                    described_by::keys, described_by::custom_keys};

// A key whose equality looks at the group only: the tag differs within a run, so a scan that
// compared keys bytewise would split runs (and custom equality takes the header path).
struct tagged_key {
  std::int32_t group;
  std::int32_t tag;
};
struct same_group {
  SCAN_HOST_DEVICE bool operator()(const tagged_key& a, const tagged_key& b) const {
    return a.group == b.group;
  }
};

// Segment lengths summing to n (empty segments allowed), by layout name.
inline std::vector<std::int64_t> segment_lengths(const std::string& layout, std::int64_t n,
                                                 rng& r) {
  std::vector<std::int64_t> lengths;
  std::int64_t left = n;
  const auto add = [&](std::int64_t len) {
    len = std::min(len, left);
    lengths.push_back(len);
    left -= len;
  };
  if (layout == "one") {
    add(n);
  } else if (layout == "empties around one") {
    for (int k = 0; k < 37; ++k)
      add(0);
    add(n);
    for (int k = 0; k < 5; ++k)
      add(0);
  } else if (layout == "length 1") {
    while (left > 0)
      add(1);
  } else if (layout == "power law") {
    const double top = std::log2(static_cast<double>(n) + 1.0);
    while (left > 0) // lengths from 1 to n, log-uniform, and an empty segment now and then
      add(r.next() % 8 == 0 ? 0 : static_cast<std::int64_t>(std::exp2(r.unit() * top)));
  } else if (layout == "tile sizes") {
    const std::int64_t near[] = {127,  128,  129,  255,  256,  257,  1023, 1024,  1025,  2047, 2048,
                                 2049, 4095, 4096, 4097, 8191, 8192, 8193, 12288, 16385, 0};
    while (left > 0)
      add(near[static_cast<std::size_t>(r.next() % std::size(near))]);
  } else { // "mean M": uniform in [0, 2M]
    const auto mean = std::stoll(layout.substr(5));
    while (left > 0)
      add(static_cast<std::int64_t>(r.next() % static_cast<std::uint64_t>(2 * mean + 1)));
  }
  if (lengths.empty()) lengths.push_back(0);
  return lengths;
}

inline const char* const segment_layouts[] = {
    "one",     "empties around one", "length 1",  "mean 4",
    "mean 64", "mean 4096",          "power law", "tile sizes"};

template <class In, class Output, class Segments, class Op>
void call_segmented(mode m, const In* in, Output out, std::int64_t n, const Segments& segments,
                    const output_value_t<Output>& init, Op op, const scan::options& opt) {
  if (scan_tests::calls_t<test_backend>::segmented(m != mode::exclusive, m != mode::inclusive, in,
                                                   out, n, segments, init, op, opt))
    return;
  switch (m) {
  case mode::inclusive:
    scan::segmented_inclusive_scan(in, out, n, segments, op, opt);
    return;
  case mode::inclusive_init:
    scan::segmented_inclusive_scan(in, out, n, segments, init, op, opt);
    return;
  case mode::exclusive:
    scan::segmented_exclusive_scan(in, out, n, segments, init, op, opt);
    return;
  }
}

// The segments of `lengths` in the backend's memory, described one way; call(description) scans.
// Without CustomKeys, call is never instantiated for custom keys (and `by` must not ask for them).
template <bool CustomKeys = true, class F>
void with_description(described_by by, const std::vector<std::int64_t>& lengths, std::int64_t n,
                      F&& call) {
  const auto num_segments = static_cast<std::int64_t>(lengths.size());
  std::vector<std::int64_t> offsets{0};
  for (std::int64_t len : lengths)
    offsets.push_back(offsets.back() + len);
  if (by == described_by::offsets32 || by == described_by::offsets64) {
    if (by == described_by::offsets32) {
      std::vector<std::int32_t> o(offsets.begin(), offsets.end());
      buffer<std::int32_t> d(num_segments + 1);
      d.upload(o);
      return call(scan::offsets(static_cast<const std::int32_t*>(d.get()), num_segments));
    }
    buffer<std::int64_t> d(num_segments + 1);
    d.upload(offsets);
    return call(scan::offsets(static_cast<const std::int64_t*>(d.get()), num_segments));
  }
  // Per item: its segment's index among the non-empty ones, and whether it starts one.
  std::vector<std::int32_t> group(static_cast<std::size_t>(n));
  std::vector<std::uint8_t> flags(static_cast<std::size_t>(n), 0);
  std::int32_t g = 0;
  for (std::int64_t s = 0; s < num_segments; ++s) {
    if (lengths[s] == 0) continue;
    flags[offsets[s]] = static_cast<std::uint8_t>(1 + (g * 37) % 255); // any non-zero value
    std::fill(group.begin() + offsets[s], group.begin() + offsets[s + 1], g);
    ++g;
  }
  // Odd sizes place flags and keys one element past an aligned address, so that backends reading
  // them in vectors take their element path too.
  const std::int64_t skip = n % 2;
  const auto placed = [&](auto& d, auto values) {
    values.insert(values.begin(), static_cast<std::size_t>(skip), values.empty() ? 0 : values[0]);
    d.upload(values);
    return static_cast<const typename decltype(values)::value_type*>(d.get() + skip);
  };
  if (by == described_by::flags) {
    if (n > 0) flags[0] = 0; // item 0 starts a segment whatever its flag
    buffer<std::uint8_t> d(n + skip);
    return call(scan::head_flags(placed(d, flags)));
  }
  if (by == described_by::keys) {
    // Keys repeat across non-adjacent runs: only adjacent equality counts.
    std::vector<std::int32_t> keys(group.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
      keys[i] = group[i] % 3;
    buffer<std::int32_t> d(n + skip);
    return call(scan::keys(placed(d, keys)));
  }
  if constexpr (CustomKeys) {
    std::vector<tagged_key> keys(group.size());
    for (std::size_t i = 0; i < keys.size(); ++i)
      keys[i] = {group[i] % 2, static_cast<std::int32_t>(i)};
    buffer<tagged_key> d(n);
    d.upload(keys);
    call(scan::keys(static_cast<const tagged_key*>(d.get()), same_group{}));
  }
}

// Custom key equality takes the header path, which compiles a whole segmented scan into this
// program: keys are made custom only where that path is compiled anyway (custom types or
// operators) and for int32 sums, which keeps device test programs quick to build.
template <class In, class Out, class Op>
constexpr bool tries_custom_keys =
    !scan::is_compiled<In, Out, Op>() ||
    (std::is_same_v<In, std::int32_t> && std::is_same_v<Out, std::int32_t> &&
     std::is_same_v<Op, scan::sum>);

// One segmented scan on fresh random input against the reference scan of each segment.
template <class In, class Out, class Op>
void check_segmented(std::int64_t n, const std::string& layout, described_by by, mode m,
                     const scan::options& opt, bool in_place = false) {
  if (n > max_n()) return;
  if constexpr (!tries_custom_keys<In, Out, Op>)
    if (by == described_by::custom_keys) return;
  const std::string what = describe<In, Out, Op>(n, m, opt, in_place) + " segmented " +
                           described_name(by) + " layout=" + layout;
  rng r(seed() ^ hash(what));
  const std::vector<std::int64_t> lengths = segment_lengths(layout, n, r);
  std::vector<In> in(static_cast<std::size_t>(n));
  for (auto& x : in)
    x = draw<In, Op>(r);
  const Out init = draw<Out, Op>(r);
  std::vector<Out> want;
  std::vector<double> tol;
  reference_by_segments<In, Out, Op>(m, in, lengths, init, want, tol);
  std::vector<Out> got, again;
  try {
    with_description<tries_custom_keys<In, Out, Op>>(by, lengths, n, [&](const auto& segments) {
      const auto run = [&](std::vector<Out>& result) {
        run_on_buffers(
            in, want, in_place,
            [&](const In* src, Out* dst) {
              call_segmented(m, src, dst, n, segments, init, Op{}, opt);
            },
            result);
      };
      run(got);
      if (is_real_v<Out> && repeats_floats()) run(again);
    });
  } catch (const std::exception& e) {
    FAIL_CHECK(what << ": threw \"" << std::string(e.what()) << "\" (seed " << seed() << ")");
    return;
  }
  ++checks_run();
  check_matches(what, got, want, tol);
  if (!again.empty())
    CHECK_MESSAGE(same_bytes(got, again), what << ": floating-point results differ between runs");
}

} // namespace scan_test

TEST_SUITE("segmented") {
  TEST_CASE("the header's example, every description") {
    using namespace scan_test;
    const std::vector<std::int32_t> in{1, 2, 3, 4, 5, 6};
    buffer<std::int32_t> d_in(6), d_out(6);
    d_in.upload(in);
    const std::vector<std::int64_t> lengths{2, 0, 4};
    for (described_by by : all_descriptions) {
      CAPTURE(described_name(by));
      with_description(by, lengths, 6, [&](const auto& segments) {
        scan::segmented_inclusive_scan(static_cast<const std::int32_t*>(d_in.get()), d_out.get(), 6,
                                       segments, scan::sum{}, test_backend::options());
        CHECK(d_out.download() == std::vector<std::int32_t>{1, 3, 3, 7, 12, 18});
        scan::segmented_exclusive_scan(static_cast<const std::int32_t*>(d_in.get()), d_out.get(), 6,
                                       segments, 100, scan::sum{}, test_backend::options());
        CHECK(d_out.download() == std::vector<std::int32_t>{100, 101, 100, 103, 107, 112});
      });
    }
    ++checks_run();
  }

  TEST_CASE("every layout and description, every mode") {
    using namespace scan_test;
    const scan::options opt = test_backend::options();
    for (const char* layout : segment_layouts)
      for (described_by by : all_descriptions) {
        for (std::int64_t n : capped({1, 2, 33, 1000, 4099, 300007}))
          for (mode m : all_modes)
            check_segmented<std::int32_t, std::int32_t, scan::sum>(n, layout, by, m, opt);
        const std::int64_t n = std::min<std::int64_t>(70001, max_n());
        check_segmented<std::int64_t, std::int64_t, scan::max>(n, layout, by, mode::inclusive, opt);
        check_segmented<float, float, scan::sum>(n, layout, by, mode::inclusive, opt);
        check_segmented<double, double, scan::sum>(n, layout, by, mode::exclusive, opt);
        check_segmented<std::uint8_t, std::int64_t, scan::sum>(n, layout, by, mode::inclusive_init,
                                                               opt);
        check_segmented<affine, affine, then>(n, layout, by, mode::inclusive_init, opt);
        check_segmented<affine, affine, then>(n, layout, by, mode::exclusive, opt);
        check_segmented<std::uint32_t, std::uint32_t, scan::sum>(n, layout, by, mode::exclusive,
                                                                 opt, true);
        check_segmented<std::int16_t, std::int16_t, user_plus>(n, layout, by, mode::inclusive, opt,
                                                               true);
      }
  }

  TEST_CASE("every built-in operator and type, offsets and keys") {
    using namespace scan_test;
    const std::int64_t n = std::min<std::int64_t>(20011, max_n());
    scan::for_each_entry(scan::element_types, [&](const auto& entry) {
      using T = typename std::decay_t<decltype(entry)>::type;
      for_each_builtin_op<T>([&](auto op) {
        using Op = decltype(op);
        check_segmented<T, T, Op>(n, "mean 64", described_by::offsets32, mode::exclusive,
                                  test_backend::options());
        check_segmented<T, T, Op>(n, "power law", described_by::keys, mode::inclusive,
                                  test_backend::options());
      });
    });
  }

  TEST_CASE("long inputs, long segments, any options.algorithm") {
    using namespace scan_test;
    const std::int64_t n = std::min<std::int64_t>((std::int64_t{1} << 22) + 17, max_n());
    for (const char* layout : {"one", "mean 64", "power law"}) {
      check_segmented<std::int32_t, std::int32_t, scan::sum>(
          n, layout, described_by::offsets64, mode::exclusive, test_backend::options());
      check_segmented<double, double, scan::sum>(n, layout, described_by::flags, mode::inclusive,
                                                 test_backend::options());
    }
    // Segmented scans always run the single pass: another algorithm asked for changes nothing.
    for (scan::algorithm algo : all_algorithms)
      check_segmented<std::int32_t, std::int32_t, scan::sum>(n, "power law", described_by::keys,
                                                             mode::inclusive, options_for(algo));
  }

  // From 2048 tiles on (2^24 four-byte items on the H100) the GPU single pass stages its tiles:
  // values by the copy engine, their head bits beside them; ragged, in place, unaligned flags.
  TEST_CASE("long enough for the staged single pass, every description") {
    using namespace scan_test;
    const std::int64_t n = std::min<std::int64_t>((std::int64_t{1} << 24) + 4099, max_n());
    const scan::options opt = test_backend::options();
    check_segmented<std::int32_t, std::int32_t, scan::sum>(n, "mean 64", described_by::offsets32,
                                                           mode::exclusive, opt);
    check_segmented<float, float, scan::sum>(n, "power law", described_by::flags,
                                             mode::inclusive_init, opt);
    check_segmented<std::int64_t, std::int64_t, scan::sum>(n, "mean 64", described_by::keys,
                                                           mode::inclusive, opt, true);
    check_segmented<double, double, scan::sum>(n + 2, "power law", described_by::offsets64,
                                               mode::exclusive, opt);
    check_segmented<std::uint16_t, std::uint32_t, scan::max>(n + 1, "mean 64", described_by::flags,
                                                             mode::inclusive, opt);
  }

  TEST_CASE("segmented argument errors write nothing") {
    using namespace scan_test;
    const std::int64_t n = 1000;
    const std::vector<std::int32_t> poison(n, 77);
    buffer<std::int32_t> in(n), out(n);
    in.upload(std::vector<std::int32_t>(n, 1));
    const auto* src = static_cast<const std::int32_t*>(in.get());
    const auto bad_offsets = [&](const std::string& what, std::vector<std::int64_t> o) {
      buffer<std::int64_t> d(static_cast<std::int64_t>(o.size()));
      d.upload(o);
      out.upload(poison);
      const auto segments = scan::offsets(static_cast<const std::int64_t*>(d.get()),
                                          static_cast<std::int64_t>(o.size()) - 1);
      expect_error(
          what,
          [&] {
            scan::segmented_inclusive_scan(src, out.get(), n, segments, scan::sum{},
                                           test_backend::options());
          },
          "offsets:", "never decrease");
      CHECK(same_bytes(out.download(), poison));
      // The header path checks them too (a custom operator).
      expect_error(
          what + " (custom operator)",
          [&] {
            scan::segmented_inclusive_scan(src, out.get(), n, segments, user_plus{},
                                           test_backend::options());
          },
          "offsets:", "never decrease");
      CHECK(same_bytes(out.download(), poison));
    };
    bad_offsets("decreasing offsets", {0, 600, 500, 1000});
    bad_offsets("first offset not 0", {1, 500, 1000});
    bad_offsets("last offset not n", {0, 500, 999});
    bad_offsets("last offset past n", {0, 500, 1001});
    bad_offsets("negative offset", {0, -5, 1000});

    out.upload(poison);
    expect_error(
        "negative num_segments",
        [&] {
          scan::segmented_inclusive_scan(
              src, out.get(), n, scan::offsets(static_cast<const std::int32_t*>(nullptr), -1),
              scan::sum{}, test_backend::options());
        },
        "offsets:", "negative");
    expect_error(
        "no segments for n items",
        [&] {
          scan::segmented_inclusive_scan(
              src, out.get(), n, scan::offsets(static_cast<const std::int32_t*>(nullptr), 0),
              scan::sum{}, test_backend::options());
        },
        "offsets:", "0 segments");
    expect_error(
        "null flags",
        [&] {
          scan::segmented_inclusive_scan(
              src, out.get(), n, scan::head_flags(static_cast<const std::uint8_t*>(nullptr)),
              scan::sum{}, test_backend::options());
        },
        "flags:", "null");
    expect_error(
        "keys overlapping the output",
        [&] {
          scan::segmented_inclusive_scan(
              src, out.get(), n, scan::keys(static_cast<const std::int32_t*>(out.get()) + 10),
              scan::sum{}, test_backend::options());
        },
        "keys:", "overlaps");
    CHECK(same_bytes(out.download(), poison));
    // Unchecked offsets stay in bounds: the result is unspecified, the call is memory-safe.
    buffer<std::int64_t> wild(3);
    wild.upload({0, std::int64_t{1} << 40, -7});
    scan::segmented_inclusive_scan(
        src, out.get(), n, scan::offsets(static_cast<const std::int64_t*>(wild.get()), 2, false),
        scan::sum{}, test_backend::options());
    // n == 0 is a no-op whatever the pointers.
    scan::segmented_inclusive_scan(
        static_cast<const std::int32_t*>(nullptr), static_cast<std::int32_t*>(nullptr), 0,
        scan::head_flags(static_cast<const bool*>(nullptr)), scan::sum{}, test_backend::options());
  }
}

TEST_SUITE("large") {
  // Segment starts on both sides of 2^31 (64-bit item indices in the marking, the look-back and
  // the head bits), given by 64-bit offsets and by head flags; uint8 sums in place.
  TEST_CASE("more than 2^31 elements: uint8 segments by 64-bit offsets and by flags, in place") {
    using namespace scan_test;
    using T = std::uint8_t;
    const std::int64_t two31 = std::int64_t{1} << 31;
    const std::int64_t n = two31 + (std::int64_t{1} << 20) + 5;
    if (n > max_n()) {
      skip_case("SCAN_TEST_MAX_N=" + std::to_string(max_n()) +
                " is below n = " + std::to_string(n));
      return;
    }
    if (test_backend::max_test_items() < n) { // n values and n flags
      skip_case("this machine holds " + std::to_string(test_backend::max_test_items()) +
                " items, n = " + std::to_string(n) + " needs more");
      return;
    }
    // An empty segment at 2^31, one-item ones beside it, a long one on each side.
    const std::vector<std::int64_t> offsets{0,     1000,      two31 - 4097,  two31 - 1, two31,
                                            two31, two31 + 1, two31 + 77777, n - 3,     n};
    const auto num_segments = static_cast<std::int64_t>(offsets.size()) - 1;
    const std::uint64_t s = seed();
    auto value = [s](std::int64_t i) {
      return static_cast<T>((static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull + s) >> 56);
    };
    const std::int64_t chunk = std::int64_t{1} << 24;
    std::vector<T> staging(static_cast<std::size_t>(chunk));
    // Fills `staging` by fill(at, len) for each chunk of the n items and uploads it to `to`.
    auto stream_in = [&](T* to, auto fill) {
      for (std::int64_t at = 0; at < n; at += chunk) {
        const std::int64_t len = std::min(chunk, n - at);
        fill(at, len);
        test_backend::upload(to + at, staging.data(), len);
      }
    };
    std::vector<std::int64_t> starts; // of the non-empty segments, ascending
    for (std::int64_t k = 0; k < num_segments; ++k)
      if (offsets[k + 1] > offsets[k]) starts.push_back(offsets[k]);
    buffer<std::int64_t> d_offsets(num_segments + 1);
    d_offsets.upload(offsets);
    buffer<std::uint8_t> d_flags(n);
    std::size_t next = 0;
    stream_in(d_flags.get(), [&](std::int64_t at, std::int64_t len) {
      std::fill(staging.begin(), staging.begin() + len, T{0});
      for (; next < starts.size() && starts[next] < at + len; ++next)
        staging[static_cast<std::size_t>(starts[next] - at)] = 1;
    });
    buffer<T> io(n);
    const T init = 17;
    for (const mode m : {mode::exclusive, mode::inclusive}) {
      stream_in(io.get(), [&](std::int64_t at, std::int64_t len) {
        for (std::int64_t j = 0; j < len; ++j)
          staging[static_cast<std::size_t>(j)] = value(at + j);
      });
      const T* in = io.get();
      if (m == mode::exclusive)
        call_segmented(
            m, in, io.get(), n,
            scan::offsets(static_cast<const std::int64_t*>(d_offsets.get()), num_segments), init,
            scan::sum{}, test_backend::options());
      else
        call_segmented(m, in, io.get(), n,
                       scan::head_flags(static_cast<const std::uint8_t*>(d_flags.get())), init,
                       scan::sum{}, test_backend::options());
      test_backend::synchronize();
      // Streaming reference: the running sum, started over at each segment's first item.
      T acc = 0;
      std::size_t segment = 0;
      std::int64_t bad = 0, first_bad = -1;
      for (std::int64_t at = 0; at < n; at += chunk) {
        const std::int64_t len = std::min(chunk, n - at);
        test_backend::download(staging.data(), io.get() + at, len);
        for (std::int64_t j = 0; j < len; ++j) {
          const std::int64_t i = at + j;
          const T x = value(i);
          const bool start = segment < starts.size() && starts[segment] == i;
          if (start) ++segment;
          T want;
          if (m == mode::exclusive) {
            if (start) acc = init;
            want = acc;
            acc = static_cast<T>(acc + x);
          } else {
            acc = start ? x : static_cast<T>(acc + x);
            want = acc;
          }
          if (staging[static_cast<std::size_t>(j)] != want && bad++ == 0) first_bad = i;
        }
      }
      ++checks_run();
      const std::string what = "uint8 segmented sum " + std::string(mode_name(m)) +
                               " in place n=" + std::to_string(n) + " by " +
                               (m == mode::exclusive ? "offsets64" : "flags");
      CHECK_MESSAGE(bad == 0, what << ": " << bad << " wrong elements, first at " << first_bad
                                   << " (seed " << s << ")");
    }
  }
}
