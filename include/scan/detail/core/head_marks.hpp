// Marking segment starts in a bitmap (headed_sequences.hpp's head_bits), one functor per way of
// describing segments (scan/segments.hpp), run by a backend's for_each(count, f) or
// pack_bits(n, test, words). Bit i of word i / 32 is set when item i starts a segment; item 0
// always does.
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

// Segment s checks its two offsets (bad ones set *bad and mark nothing, so no access leaves the
// bitmap). The first segment starting in a word writes that whole word, walking the segments
// after it that start there too: no atomics, each word written once (the others stay zero).
template <class Offset> struct mark_offsets {
  const Offset* offsets;
  std::int64_t segments, n;
  std::uint32_t* words;
  std::uint32_t* bad;

  // Unsigned offsets beyond int64 become negative here and fail the range checks.
  SCAN_HOST_DEVICE std::int64_t at(std::int64_t s) const {
    return static_cast<std::int64_t>(offsets[s]);
  }

  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    const std::int64_t begin = at(s), end = at(s + 1);
    const bool ok = 0 <= begin && begin <= end && end <= n && (s != 0 || begin == 0) &&
                    (s != segments - 1 || end == n);
    if (!ok) {
      *bad = 1;
      return;
    }
    if (begin >= n) return; // no item: a word written by an earlier segment, or zero
    const std::int64_t word = begin >> 5;
    if (s > 0 && at(s - 1) >= 0 && at(s - 1) >> 5 == word) return; // not the first here
    // This segment's start unless it is empty, then the later segments starting in this word
    // (each one's start is the previous one's end: one read per segment).
    std::uint32_t bits = begin < end ? 1u << (begin & 31) : 0u;
    std::int64_t b = end;
    for (std::int64_t t = s + 1; t < segments && b >= 0 && b >> 5 == word; ++t) {
      const std::int64_t e = at(t + 1);
      if (b < e && e <= n) bits |= 1u << (b & 31);
      b = e;
    }
    words[word] = bits;
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
