// f(i) for every i in [0, count): a grid-stride loop, for the small passes around a scan (marking
// segment starts). F is a device-callable functor.
#pragma once

#include <cstdint>

namespace scan::gpu {

inline constexpr int for_each_threads = 256;

template <class F>
__global__ void __launch_bounds__(for_each_threads) for_each_kernel(std::int64_t count, F f) {
  const std::int64_t stride = std::int64_t{gridDim.x} * for_each_threads;
  for (std::int64_t i = std::int64_t{blockIdx.x} * for_each_threads + threadIdx.x; i < count;
       i += stride)
    f(i);
}

} // namespace scan::gpu
