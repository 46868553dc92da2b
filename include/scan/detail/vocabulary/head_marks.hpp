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

// Zeroes words [4q, 4q + 4) for index q, as one 16-byte store: a word per index ran at half a
// copy's bandwidth on the H100. The words are 16-byte aligned and writable up to a multiple of
// four (an arena carve is: runtime/arena.hpp).
struct zero_quads {
  struct alignas(16) quad {
    std::uint32_t w[4];
  };
  std::uint32_t* words;
  SCAN_HOST_DEVICE void operator()(std::int64_t q) const { reinterpret_cast<quad*>(words)[q] = {}; }
};
constexpr std::int64_t quads_of(std::int64_t words) {
  return (words + 3) / 4;
}

// Segment s's first item, to be marked, or -1 when it has none: empty, or bad offsets, which set
// *bad and mark nothing (so no access leaves the bitmap). Read by a backend's set_bits, which
// merges the marks of neighbouring segments that fall in one word.
template <class Offset> struct offset_starts {
  const Offset* offsets;
  std::int64_t segments, n;
  std::uint32_t* bad;

  SCAN_HOST_DEVICE std::int64_t operator()(std::int64_t s) const {
    return start(s, offsets[s], offsets[s + 1]);
  }
  // The same from the segment's offsets, for callers that load them themselves.
  SCAN_HOST_DEVICE std::int64_t start(std::int64_t s, Offset first, Offset last) const {
    if (!good_run(s, s + 1, first, last, true)) return -1;
    return first < last ? static_cast<std::int64_t>(first) : -1;
  }
  // The rules for segments [lo, hi) whose offsets run from `first` to `last` and never decrease
  // between (`ascending`, checked by the caller): whether all of them are good, else *bad is set.
  SCAN_HOST_DEVICE bool good_run(std::int64_t lo, std::int64_t hi, Offset first, Offset last,
                                 bool ascending) const {
    // Unsigned offsets beyond int64 become negative here and fail the range checks.
    const auto begin = static_cast<std::int64_t>(first);
    const auto end = static_cast<std::int64_t>(last);
    const bool ok = ascending && 0 <= begin && begin <= end && end <= n &&
                    (lo != 0 || begin == 0) && (hi != segments || end == n);
    if (!ok) *bad = 1;
    return ok;
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

// Item i > 0 starts a segment when differs(data[i - 1], data[i]): head flags and keys alike, so
// that a backend may read both as one array compared with itself shifted by one.
template <class Elem, class Differs> struct adjacent_starts {
  const Elem* data;
  Differs differs;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const {
    Differs d = differs; // functors need not be const-callable
    return d(data[i - 1], data[i]);
  }
};

// Head flags: an item starts a segment when its flag is set.
struct flag_set {
  template <class Flag> SCAN_HOST_DEVICE bool operator()(const Flag&, const Flag& flag) const {
    return flag != Flag{};
  }
};

// Keys: an item starts a segment when its key differs from its predecessor's.
template <class Equal> struct keys_differ {
  Equal equal;
  template <class Key> SCAN_HOST_DEVICE bool operator()(const Key& before, const Key& key) {
    return !equal(before, key);
  }
};

} // namespace scan::detail
