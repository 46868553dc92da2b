// How a segmented scan (scan/segmented.hpp) finds its segments. Each segment is scanned on its own;
// an exclusive scan starts every segment from init.
//
//   scan::offsets(d_offsets, num_segments)   num_segments + 1 offsets (CSR row pointers): segment
//                                            s is [offsets[s], offsets[s+1]); empty ones allowed.
//                                            offsets[0] must be 0, offsets[num_segments] must be
//                                            n, and they must never decrease.
//   scan::head_flags(d_flags)                a flag per item (any 1-byte type compiled; bool,
//                                            uint8_t): a non-zero flag starts a segment.
//   scan::keys(d_keys[, equal])              runs of equal adjacent keys (scan by key, as
//                                            thrust::inclusive_scan_by_key defines it).
//
// The pointers belong to the scan's backend, as the values do, and must not overlap the output.
#pragma once

#include <cstdint>

#include <scan/config.hpp>

namespace scan {

// Offsets of 32- or 64-bit integers (signed or not) are in the compiled set.
//
// `checked`: whether the scan checks the offsets. The check runs on the device while the segment
// starts are marked (no extra pass over memory), and the call then waits for its 4-byte answer (a
// stream synchronisation) so that bad offsets raise scan::error ("offsets: ...") before anything
// is written. Pass false to keep the call asynchronous; bad offsets then never cause an access out
// of bounds, but the results are unspecified. A call made while its stream captures a graph cannot
// wait: it skips the answer.
template <class Offset> struct offsets {
  const Offset* data = nullptr;
  std::int64_t num_segments = 0;
  bool checked = true;

  constexpr offsets(const Offset* d, std::int64_t segments, bool check = true)
      : data(d), num_segments(segments), checked(check) {}
};

template <class Flag> struct head_flags {
  const Flag* data = nullptr;

  constexpr explicit head_flags(const Flag* d) : data(d) {}
};

// The default equality of scan by key: a == b, callable on the host and the device.
struct equal_to {
  template <class T> SCAN_HOST_DEVICE constexpr bool operator()(const T& a, const T& b) const {
    return a == b;
  }
};

template <class Key, class Equal = equal_to> struct keys {
  const Key* data = nullptr;
  Equal equal{};

  constexpr explicit keys(const Key* d, Equal eq = {}) : data(d), equal(eq) {}
};

} // namespace scan
