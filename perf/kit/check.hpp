// The check every benchmark makes before it times a configuration: the output is poisoned, one
// call is made, and every item, plus a guard zone past the end that must still hold the poison,
// is compared bit for bit with the inclusive reference (exclusive results: shifted by one within
// each segment). cuda_data.cuh runs the same check on the GPU.
#pragma once

#include <cstdint>
#include <cstring>

#include "perf/kit/input.hpp"

namespace scan::perf::kit {

// What out[i] must hold, given the inclusive reference of segments of `segment` items. An
// exclusive segment starts from zero, T{}: it is T(0) for every built-in type, and compiles for an
// aggregate such as affine64.hpp's too (checked inclusively only).
template <class T>
SCAN_PERF_HOST_DEVICE T expected(const T* ref, std::int64_t i, std::int64_t segment,
                                 bool inclusive) {
  return inclusive ? ref[i] : (i % segment == 0 ? T{} : ref[i - 1]);
}

// The first wrong index of out[0, n + guard), or -1. segment 0: one segment of n items.
template <class T>
std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                            bool inclusive, std::int64_t guard, unsigned char poison) {
  const std::int64_t seg = segment > 0 ? segment : n;
  for (std::int64_t i = 0; i < n; ++i) {
    const T want = expected(ref, i, seg, inclusive);
    if (std::memcmp(&out[i], &want, sizeof(T)) != 0) return i;
  }
  const auto* tail = reinterpret_cast<const unsigned char*>(out + n);
  for (std::size_t b = 0; b < static_cast<std::size_t>(guard) * sizeof(T); ++b)
    if (tail[b] != poison) return n + static_cast<std::int64_t>(b / sizeof(T));
  return -1;
}

} // namespace scan::perf::kit
