// Marking segment starts in a bitmap (headed_sequences.hpp's head_bits), one functor per way of
// describing segments (scan/segments.hpp), run by a backend's for_each(count, f),
// pack_bits(n, test, words) or set_bits(count, position, words). Bit i of word i / 32 is set when
// item i starts a segment; item 0 always does.
#pragma once

#include <cstdint>

#include <scan/config.hpp>

namespace scan::detail {

constexpr std::int64_t head_words(std::int64_t n) {
  return (n + 31) / 32;
}

struct zero_words {
  std::uint32_t* words;
  SCAN_HOST_DEVICE void operator()(std::int64_t w) const { words[w] = 0; }
};

// Segment s's first item, to be marked, or -1 when it has none: empty, or bad offsets, which set
// *bad and mark nothing (so no access leaves the bitmap). Read by a backend's set_bits, which
// merges the marks of neighbouring segments that fall in one word.
template <class Offset> struct offset_starts {
  const Offset* offsets;
  std::int64_t segments, n;
  std::uint32_t* bad;

  SCAN_HOST_DEVICE std::int64_t operator()(std::int64_t s) const {
    // Unsigned offsets beyond int64 become negative here and fail the range checks.
    const auto begin = static_cast<std::int64_t>(offsets[s]);
    const auto end = static_cast<std::int64_t>(offsets[s + 1]);
    const bool ok = 0 <= begin && begin <= end && end <= n && (s != 0 || begin == 0) &&
                    (s != segments - 1 || end == n);
    if (!ok) {
      *bad = 1;
      return -1;
    }
    return begin < end ? begin : -1;
  }
};

// Item i starts a segment: item 0 always, others when `starts(i)` says so.
template <class Starts> struct item_heads {
  Starts starts;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const { return i == 0 || starts(i); }
};

// Word w of the bits of test(i) for i < n: how backends without a warp ballot pack bits.
template <class Test> struct pack_word {
  Test test;
  std::int64_t n;
  std::uint32_t* words;

  SCAN_HOST_DEVICE void operator()(std::int64_t w) const {
    std::uint32_t bits = 0;
    const std::int64_t first = w * 32;
    const int count = n - first < 32 ? static_cast<int>(n - first) : 32;
    for (int b = 0; b < count; ++b)
      if (test(first + b)) bits |= 1u << b;
    words[w] = bits;
  }
};

template <class Flag> struct flag_starts {
  const Flag* flags;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const { return flags[i] != Flag{}; }
};

template <class Key, class Equal> struct key_starts {
  const Key* keys;
  Equal equal;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const {
    Equal eq = equal;
    return !eq(keys[i - 1], keys[i]);
  }
};

} // namespace scan::detail
