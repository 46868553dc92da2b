// The small passes around a scan (marking segment starts): f(i) for every i in [0, count), and bits
// packed from a per-item test (offsets: offset_bits_kernel.cuh). F and Test are device-callable
// functors.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/platform/platform.cuh>

namespace scan::gpu {

inline constexpr int for_each_threads = 256;

template <class F>
__global__ void __launch_bounds__(for_each_threads) for_each_kernel(std::int64_t count, F f) {
  const std::int64_t stride = std::int64_t{gridDim.x} * for_each_threads;
  for (std::int64_t i = std::int64_t{blockIdx.x} * for_each_threads + threadIdx.x; i < count;
       i += stride)
    f(i);
}

// words[w] bit b = test(32w + b) for 32w + b < count: an item per thread (coalesced reads), one
// ballot per warp, each word stored by the lane holding its first item.
template <class Test>
__global__ void __launch_bounds__(for_each_threads)
    pack_bits_kernel(std::int64_t count, Test test, std::uint32_t* words) {
  const std::int64_t stride = std::int64_t{gridDim.x} * for_each_threads;
  // The loop's bounds are the block's, so that whole warps reach every ballot.
  for (std::int64_t base = std::int64_t{blockIdx.x} * for_each_threads; base < count;
       base += stride) {
    const std::int64_t i = base + threadIdx.x;
    const lane_mask bits = ballot(i < count && test(i));
    const int lane = lane_id();
    if (lane % 32 == 0 && i < count) words[i >> 5] = static_cast<std::uint32_t>(bits >> lane);
  }
}

// Steps a warp of mark_adjacent_kernel loads before it marks any: their loads are in flight
// together.
inline constexpr int mark_adjacent_steps = 2;

// words[w] bit b = (item 32w + b starts a segment) for the n items of `data`, item 0 always,
// item i > 0 when differs(data[i - 1], data[i]) (head flags, keys: vocabulary/head_marks.hpp). A
// warp takes warp_size * Vec consecutive items per step, Vec per lane in one 16-byte load where Vec
// > 1 (an item per thread, pack_bits_kernel, read keys at 0.41 of a copy's bandwidth on the H100);
// a lane's predecessor comes from its neighbour by a shuffle, and the Vec bits of the lanes of a
// word are ored together by shuffles, its first lane storing it.
template <int Vec, class Elem, class Differs>
__global__ void __launch_bounds__(for_each_threads)
    mark_adjacent_kernel(const Elem* data, std::int64_t n, Differs differs, std::uint32_t* words) {
  static_assert(32 % Vec == 0 && (Vec == 1 || sizeof(Elem) * Vec == 16),
                "a lane loads one 16-byte word, its bits within one bitmap word");
  constexpr int lanes_per_word = 32 / Vec;
  constexpr std::int64_t step = std::int64_t{warp_size} * Vec;
  constexpr int steps = mark_adjacent_steps;
  constexpr int warps_per_block = for_each_threads / warp_size;
  const int lane = lane_id();
  const std::int64_t warps = std::int64_t{gridDim.x} * warps_per_block;
  const std::int64_t warp = std::int64_t{blockIdx.x} * warps_per_block + threadIdx.x / warp_size;
  // The loop's bounds are the warp's, so that whole warps reach every shuffle.
  for (std::int64_t base = warp * step * steps; base < n; base += warps * step * steps) {
    Elem v[steps][Vec];
#pragma unroll
    for (int s = 0; s < steps; ++s) {
      const std::int64_t first = base + s * step + std::int64_t{lane} * Vec;
      if (Vec > 1 && first + Vec <= n) {
        const uint4 raw = *reinterpret_cast<const uint4*>(data + first);
        __builtin_memcpy(v[s], &raw, 16);
      } else {
#pragma unroll
        for (int j = 0; j < Vec; ++j) // past the end: a real item, its bit cleared below
          v[s][j] = data[first + j < n ? first + j : n - 1];
      }
    }
#pragma unroll
    for (int s = 0; s < steps; ++s) {
      const std::int64_t first = base + s * step + std::int64_t{lane} * Vec;
      Elem before = v[s][0];
      if constexpr (std::is_trivially_copyable_v<Elem>) {
        before = shfl_up(v[s][Vec - 1], 1);
        if (lane == 0 && first > 0 && first < n) before = data[first - 1];
      } else if (first > 0 && first < n) {
        before = data[first - 1];
      }
      std::uint32_t bits = 0;
#pragma unroll
      for (int j = 0; j < Vec; ++j) {
        const std::int64_t i = first + j;
        const bool head = i == 0 || differs(j == 0 ? before : v[s][j - 1], v[s][j]);
        if (i < n && head) bits |= 1u << j;
      }
      bits <<= (lane % lanes_per_word) * Vec;
#pragma unroll
      for (int d = 1; d < lanes_per_word; d *= 2)
        bits |= shfl(bits, lane ^ d);
      if (lane % lanes_per_word == 0 && first < n) words[first >> 5] = bits;
    }
  }
}

} // namespace scan::gpu
