// Marking the starts of segments given by offsets: bit offsets[s] of the bitmap for every
// non-empty segment s, the words zeroed before. Two ways, by mean segment length (sparse_starts):
// - short segments (several starts a word): offsets never decrease, so a thread's run of 16
//   consecutive segments covers a run of words. It checks the run's offsets once, ors each word's
//   starts in registers and stores the words strictly inside its run plainly; a warp's threads
//   merge the words at their runs' ends in one segmented scan, and only the words at a warp's two
//   ends, which neighbouring warps may share, take an atomic;
// - long segments: a thread a segment, an atomic a start (set_start_bits_kernel).
// H100, us (perf/SEGMENTED_RESULTS.md), 2^26 items at mean length 2 / 4 / 8 / 16 / 32: runs 81 /
// 47 / 30 / 35 / 29, one segment a thread 393 / 121 / 44 / 21 / 12; the kernel before (a warp scan
// of every start, an atomic a word) 326 / 86 at 1 / 4, 25 / 15 at 16 / 32. 2^28 items at 16 / 64:
// one segment a thread 80 / 31, four a thread (set_start_bits_kernel) 32 / 8.4.
// Bad offsets set *bad (vocabulary/head_marks.hpp); their marks are then undefined but stay within
// the bitmap.
#pragma once

#include <cstdint>

#include <scan/detail/kernels/for_each_kernel.cuh>
#include <scan/detail/platform/platform.cuh>
#include <scan/detail/vocabulary/head_marks.hpp>

namespace scan::gpu {

// Segments a thread marks per pass: a multiple of a 16-byte load for 4- and 8-byte offsets.
inline constexpr int offset_bits_run = 16;

// How a pass reads `segments` offsets: run 0 takes the `skew` segments before the first 16-byte
// boundary, each later run offset_bits_run segments in 16-byte words (`vectors`), or all of them
// one by one where the array is not aligned to its own offsets.
struct offset_bit_pass {
  std::int64_t skew;
  bool vectors;
};
template <class Offset>
offset_bit_pass offset_bit_pass_of(const Offset* offsets, std::int64_t segments) {
  const auto address = reinterpret_cast<std::uintptr_t>(offsets);
  if (address % sizeof(Offset) != 0) return {0, false};
  const auto to_boundary = static_cast<std::int64_t>((16 - address % 16) % 16 / sizeof(Offset));
  return {to_boundary < segments ? to_boundary : segments, true};
}
SCAN_HOST_DEVICE constexpr std::int64_t offset_bit_runs(std::int64_t segments, std::int64_t skew) {
  return 1 + (segments - skew + offset_bits_run - 1) / offset_bits_run;
}

template <class Offset>
__global__ void __launch_bounds__(for_each_threads)
    set_offset_bits_kernel(detail::offset_starts<Offset> starts, offset_bit_pass pass,
                           std::uint32_t* words) {
  constexpr int run = offset_bits_run;
  static_assert(run * sizeof(Offset) % 16 == 0, "a run is whole 16-byte words");
  const std::int64_t segments = starts.segments;
  const std::int64_t skew = pass.skew, runs = offset_bit_runs(segments, skew);
  const std::int64_t stride = std::int64_t{gridDim.x} * for_each_threads;
  const int lane = lane_id();
  // The loop's bounds are the block's, so that whole warps reach every shuffle.
  for (std::int64_t base = std::int64_t{blockIdx.x} * for_each_threads; base < runs;
       base += stride) {
    const std::int64_t r = base + threadIdx.x;
    const std::int64_t lo = r == 0 ? 0 : skew + (r - 1) * run;
    const std::int64_t full = r == 0 ? skew : lo + run;
    const std::int64_t hi = r >= runs ? lo : (full < segments ? full : segments);
    const int count = static_cast<int>(hi - lo);
    Offset o[run + 1]{};
    if (pass.vectors && count == run && r > 0) {
#pragma unroll
      for (int v = 0; v < run * static_cast<int>(sizeof(Offset)) / 16; ++v) {
        const uint4 raw = reinterpret_cast<const uint4*>(starts.offsets + lo)[v];
        __builtin_memcpy(o + v * 16 / sizeof(Offset), &raw, 16);
      }
    } else {
#pragma unroll
      for (int j = 0; j < run; ++j)
        if (j < count) o[j] = starts.offsets[lo + j];
    }
    Offset end{};
    if (count > 0) {
      end = starts.offsets[hi]; // the run's last end (hi <= segments)
#pragma unroll
      for (int j = 1; j <= run; ++j) // static indices keep o in registers
        if (j == count) o[j] = end;
    }
    // The rules once a run, not once a segment: a check a segment, branching, took most of the
    // time at mean length 1.
    bool ascending = true;
#pragma unroll
    for (int j = 0; j < run; ++j)
      if (j < count) ascending = ascending && !(o[j + 1] < o[j]);
    const bool good = count > 0 && starts.good_run(lo, hi, o[0], end, ascending);

    // This run's words in order: the first and the last (`word`) kept for the warp, those between
    // stored. Scalars, not structs: copies of a struct between branches went to local memory.
    std::int64_t first = -1, word = -1;
    std::uint32_t first_bits = 0, bits = 0;
    if (good) {
#pragma unroll
      for (int j = 0; j < run; ++j) {
        if (j >= count || !(o[j] < o[j + 1])) continue; // an empty segment starts nothing
        const std::int64_t at = static_cast<std::int64_t>(o[j]) >> 5;
        if (at != word) {
          if (word >= 0 && first < 0) {
            first = word;
            first_bits = bits;
          } else if (word >= 0) {
            words[word] = bits;
          }
          word = at;
          bits = 0;
        }
        bits |= 1u << (static_cast<unsigned>(o[j]) & 31u);
      }
      if (first < 0) {
        first = word;
        first_bits = bits;
      }
    }

    // Merge the runs' end words across the warp: `chain` is the last word of lanes <= this one
    // with the bits of every lane of the warp that ends in it (a segmented or, words ascending).
    std::int64_t chain = word;
    std::uint32_t chain_bits = bits;
#pragma unroll
    for (int d = 1; d < warp_size; d *= 2) {
      const std::int64_t up = shfl_up(chain, d);
      const std::uint32_t up_bits = shfl_up(chain_bits, d);
      if (lane >= d && up >= 0 && (chain < 0 || up == chain)) {
        chain_bits |= up_bits;
        chain = up;
      }
    }
    const lane_mask busy = ballot(first >= 0);
    if (!busy) continue;
    const std::int64_t warp_first = shfl(first, __ffsll(static_cast<long long>(busy)) - 1);
    const std::int64_t warp_last = shfl(chain, warp_size - 1);
    const auto put = [&](std::int64_t at, std::uint32_t marks) {
      if (at == warp_first || at == warp_last)
        atomicOr(&words[at], marks); // shared with the neighbouring warps' runs
      else
        words[at] = marks;
    };
    // A lane whose run spans words writes its first, with the chain of the lanes before it.
    const std::int64_t before = shfl_up(chain, 1);
    const std::uint32_t before_bits = shfl_up(chain_bits, 1);
    if (first >= 0 && first != word)
      put(first, first_bits | (lane > 0 && before == first ? before_bits : 0u));
    // The chain's word is written by its last lane: the next lane neither continues it nor
    // starts from it.
    const std::int64_t starts_from = first >= 0 ? first : chain; // a value: shfl takes a reference
    const std::int64_t next = shfl(starts_from, lane + 1 < warp_size ? lane + 1 : lane);
    if (chain >= 0 && (lane + 1 == warp_size || next != chain)) put(chain, chain_bits);
  }
}

// Whether a thread a segment marks faster than runs: from a mean length of 12 on (2^26 items, us,
// runs / four segments a thread: 8 30 / 43, 12 32 / 27, 16 34 / 21), where a run's words lie 16
// segments from its neighbour's and the warp's stores scatter.
constexpr bool sparse_starts(std::int64_t segments, std::int64_t n) {
  return n / 12 >= segments; // n >= 12 * segments, without overflow
}
// A thread a segment and an atomic a start, `start_bits_batch` segments a thread and pass, all
// their offsets loaded before any is checked (a check may write *bad, which the compiler cannot
// tell apart from the offsets): one segment a thread ran in waves, each a round trip long.
inline constexpr int start_bits_batch = 4;
template <class Offset>
__global__ void __launch_bounds__(for_each_threads)
    set_start_bits_kernel(detail::offset_starts<Offset> starts, std::uint32_t* words) {
  constexpr int batch = start_bits_batch;
  const std::int64_t segments = starts.segments;
  const std::int64_t stride = std::int64_t{gridDim.x} * for_each_threads * batch;
  for (std::int64_t base = std::int64_t{blockIdx.x} * for_each_threads * batch + threadIdx.x;
       base < segments; base += stride) {
    Offset first[batch]{}, last[batch]{};
#pragma unroll
    for (int k = 0; k < batch; ++k) {
      const std::int64_t s = base + std::int64_t{k} * for_each_threads;
      if (s < segments) {
        first[k] = starts.offsets[s];
        last[k] = starts.offsets[s + 1];
      }
    }
#pragma unroll
    for (int k = 0; k < batch; ++k) {
      const std::int64_t s = base + std::int64_t{k} * for_each_threads;
      const std::int64_t p = s < segments ? starts.start(s, first[k], last[k]) : -1;
      if (p >= 0) atomicOr(&words[p >> 5], 1u << (p & 31));
    }
  }
}

} // namespace scan::gpu
