// Marking segment starts in a bitmap (headed_sequences.hpp's head_bits), one functor per way of
// describing segments (scan/segments.hpp), run by a backend's for_each(count, f) over words or
// segments. Bit i of word i / 32 is set when item i starts a segment; item 0 always does.
#pragma once

#include <cstdint>

#include <scan/config.hpp>
#include <scan/segments.hpp>

namespace scan::detail {

constexpr std::int64_t head_words(std::int64_t n) {
  return (n + 31) / 32;
}

SCAN_HOST_DEVICE inline void set_head(std::uint32_t* words, std::int64_t i) {
  const std::uint32_t bit = 1u << (i & 31);
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  atomicOr(reinterpret_cast<unsigned*>(words + (i >> 5)), bit);
#else
  __atomic_fetch_or(words + (i >> 5), bit, __ATOMIC_RELAXED);
#endif
}

struct zero_words {
  std::uint32_t* words;
  SCAN_HOST_DEVICE void operator()(std::int64_t w) const { words[w] = 0; }
};

// Segment s sets the bit of its first item unless it is empty, after checking its two offsets;
// bad offsets set *bad and mark nothing, so no access leaves the bitmap.
template <class Offset> struct mark_offsets {
  const Offset* offsets;
  std::int64_t segments, n;
  std::uint32_t* words;
  std::uint32_t* bad;

  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    // Unsigned offsets beyond int64 become negative here and fail the range check.
    const auto begin = static_cast<std::int64_t>(offsets[s]);
    const auto end = static_cast<std::int64_t>(offsets[s + 1]);
    const bool ok = 0 <= begin && begin <= end && end <= n && (s != 0 || begin == 0) &&
                    (s != segments - 1 || end == n);
    if (!ok)
      *bad = 1;
    else if (begin < end)
      set_head(words, begin);
  }
};

// Word w from a per-item test `starts(i)` (i >= 1): no atomics, each word written once.
template <class Starts> struct mark_words {
  Starts starts;
  std::int64_t n;
  std::uint32_t* words;

  SCAN_HOST_DEVICE void operator()(std::int64_t w) const {
    std::uint32_t bits = 0;
    const std::int64_t first = w * 32;
    const int count = n - first < 32 ? static_cast<int>(n - first) : 32;
    for (int b = 0; b < count; ++b)
      if (first + b == 0 || starts(first + b)) bits |= 1u << b;
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
