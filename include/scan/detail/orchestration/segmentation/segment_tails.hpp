// Where each segment of a call ends, so that its total (scan/totals.hpp) can be read from the
// scan's output whatever gave the segments:
//   blocks   consecutive segments of `segment` items, the last one shorter (blockwise scans; a
//            full scan is one block of n);
//   offsets  CSR offsets (scan/segments.hpp) of 32-bit (signed or not) or 64-bit integers;
//   lanes    the lanes of a batched layout (vocabulary/lanes.hpp).
// One run-time shape rather than a type per kind: a total costs a few loads, and one
// instantiation per type pair keeps the compiled set small.
#pragma once

#include <cstdint>

#include <scan/config.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/types.hpp>

namespace scan::detail {

// Item indices of a segment's last item in the input and the output; negative when it is empty.
struct segment_tail {
  std::int64_t in = -1, out = -1;
  SCAN_HOST_DEVICE bool empty() const { return in < 0; }
};

struct segment_tails {
  enum class shape : std::uint8_t { blocks, offsets, lanes };
  // How offsets are read; uint64 offsets within [0, n] read as i64.
  enum class offset_type : std::uint8_t { i32, u32, i64 };
  shape kind = shape::blocks;
  std::int64_t count = 0; // segments
  std::int64_t n = 0, segment = 0;
  const void* offsets = nullptr;
  offset_type offset = offset_type::i64;
  lanes_layout at{};

  SCAN_HOST_DEVICE segment_tail operator()(std::int64_t s) const {
    switch (kind) {
    case shape::blocks: {
      const std::int64_t end = (s + 1) * segment < n ? (s + 1) * segment : n;
      return end > s * segment ? segment_tail{end - 1, end - 1} : segment_tail{};
    }
    case shape::offsets: {
      // Unchecked bad offsets give unspecified totals, but never an access out of bounds.
      const std::int64_t begin = clamped_offset(s), end = clamped_offset(s + 1);
      return end > begin ? segment_tail{end - 1, end - 1} : segment_tail{};
    }
    case shape::lanes:
      break;
    }
    if (at.length == 0) return {};
    return {at.in.at(s, at.length - 1), at.out.at(s, at.length - 1)};
  }

  SCAN_HOST_DEVICE std::int64_t clamped_offset(std::int64_t s) const {
    std::int64_t o = 0;
    if (offset == offset_type::i32)
      o = static_cast<const std::int32_t*>(offsets)[s];
    else if (offset == offset_type::u32)
      o = static_cast<const std::uint32_t*>(offsets)[s];
    else
      o = static_cast<const std::int64_t*>(offsets)[s];
    return o < 0 ? 0 : o > n ? n : o;
  }
};

// The segments of request r: a batched layout's lanes, a blockwise scan's blocks, offsets, or the
// whole input as one segment. Segments given by flags or keys have no tails here (count < 0):
// their number is known only once they are marked (orchestration/segmentation/segment_marks.hpp).
inline segment_tails tails_of(const request& r) {
  segment_tails t;
  t.n = r.n;
  if (r.batched) {
    t.kind = segment_tails::shape::lanes;
    t.count = r.lanes.lanes;
    t.at = r.lanes;
  } else if (r.segment > 0) {
    t.count = (r.n + r.segment - 1) / r.segment;
    t.segment = r.segment;
  } else if (r.segments.kind == segments_kind::offsets) {
    t.count = r.segments.num_segments;
    if (r.n > 0) { // with no items every segment is empty: the offsets need not be read
      t.kind = segment_tails::shape::offsets;
      t.offsets = r.segments.data;
      t.offset = r.segments.size == 8                   ? segment_tails::offset_type::i64
                 : r.segments.type == element_type::i32 ? segment_tails::offset_type::i32
                                                        : segment_tails::offset_type::u32;
    }
  } else if (r.segments.kind != segments_kind::none) {
    t.count = -1;
  } else {
    t.count = 1;
    t.segment = r.n;
  }
  return t;
}

// Whether r's totals are those of segments given by flags or keys, which its segmented scan writes
// from its marks (orchestration/segmented.hpp) rather than steps around it.
inline bool totals_from_marks(const request& r) {
  return r.has_totals && tails_of(r).count < 0;
}

} // namespace scan::detail
