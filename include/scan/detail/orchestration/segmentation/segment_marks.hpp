// Segments known only by their marked heads (head flags, keys: vocabulary/head_marks.hpp's bitmap),
// numbered so that a call's totals (scan/totals.hpp) can be written at their last items. Segment k
// is the k-th run from a head; item 0 is always one, so every segment holds at least one item.
//   head_counts       the heads in each word of the bitmap, a sequence for the backend's flat scan;
//                     its exclusive scan gives `before`, the heads in the words ahead of each;
//   marked_segments   the bitmap and `before`: whether item i ends its segment, and which segment.
// A count per word, not per item: the numbering costs a scan of n / 32 items, not n.
#pragma once

#include <cstdint>

#include <scan/config.hpp>

namespace scan::detail {

// Set bits of x, by halves (device compilers turn it into their population count).
SCAN_HOST_DEVICE constexpr std::uint32_t bits_set(std::uint32_t x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}

// Counts in 64 bits: a call's segments may number 2^32 or more.
using segment_count = std::uint64_t;

// The heads in word w of a bitmap, as a read-only sequence (offset like a pointer).
struct head_counts {
  using value_type = segment_count;
  const std::uint32_t* words;
  std::int64_t first = 0;

  SCAN_HOST_DEVICE head_counts operator+(std::int64_t i) const { return {words, first + i}; }
  SCAN_HOST_DEVICE segment_count operator[](std::int64_t w) const {
    return bits_set(words[first + w]);
  }
};

struct marked_segments {
  const std::uint32_t* words;  // bit i of word i / 32: item i starts a segment
  const segment_count* before; // heads in words [0, w), for each word w
  std::int64_t n;

  SCAN_HOST_DEVICE bool ends_segment(std::int64_t i) const {
    const std::int64_t next = i + 1;
    return next == n || ((words[next >> 5] >> (next & 31)) & 1u);
  }
  // The segment of item i: the heads up to and including it, less one.
  SCAN_HOST_DEVICE std::int64_t segment_of(std::int64_t i) const {
    const std::uint32_t through = words[i >> 5] << (31 - (i & 31)); // bits 0 to i % 32
    return static_cast<std::int64_t>(before[i >> 5] + bits_set(through)) - 1;
  }
};

} // namespace scan::detail
