// The small passes around a scan (marking segment starts): f(i) for every i in [0, count), and
// bits packed from a per-item test. F and Test are device-callable functors.
#pragma once

#include <cstdint>

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

} // namespace scan::gpu
