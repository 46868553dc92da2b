// Inputs and checks on the GPU, so that gigabyte buffers never cross to the host: a kernel writes
// input.hpp's values, and a kernel makes check.hpp's check, returning the first wrong index.
#pragma once

#include <algorithm>
#include <cstdint>

#include <cuda_runtime.h>

#include "perf/kit/check.hpp"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/input.hpp"

namespace scan::perf::kit {

template <class T> __global__ void fill_input_kernel(T* p, std::int64_t n) {
  const std::int64_t stride = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
    p[i] = input_value<T>(i);
}

template <class T> void fill_input(T* p, std::int64_t n, cudaStream_t stream) {
  fill_input_kernel<<<4096, 256, 0, stream>>>(p, n);
  cuda_check(cudaGetLastError(), "input fill");
}

template <class T> __device__ bool same_bits(const T& a, const T& b) {
  const auto* x = reinterpret_cast<const unsigned char*>(&a);
  const auto* y = reinterpret_cast<const unsigned char*>(&b);
  for (unsigned k = 0; k < sizeof(T); ++k)
    if (x[k] != y[k]) return false;
  return true;
}

template <class T>
__global__ void mismatch_kernel(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                                bool inclusive, std::int64_t guard, unsigned char poison,
                                unsigned long long* first) {
  const std::int64_t stride = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n + guard;
       i += stride) {
    bool ok = true;
    if (i < n) {
      ok = same_bits(out[i], expected(ref, i, segment, inclusive));
    } else {
      const auto* bytes = reinterpret_cast<const unsigned char*>(out + i);
      for (unsigned k = 0; k < sizeof(T); ++k)
        ok = ok && bytes[k] == poison;
    }
    if (!ok) atomicMin(first, static_cast<unsigned long long>(i));
  }
}

// check.hpp's first_mismatch, on the GPU.
class gpu_check {
public:
  gpu_check() : first_(1) {}

  template <class T>
  std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                              bool inclusive, std::int64_t guard, unsigned char poison,
                              cudaStream_t stream) {
    cuda_check(cudaMemsetAsync(first_.get(), 0xff, sizeof(unsigned long long), stream), "check");
    const std::int64_t items = n + guard;
    const auto blocks = static_cast<unsigned>(std::min<std::int64_t>((items + 255) / 256, 4096));
    mismatch_kernel<<<std::max(blocks, 1u), 256, 0, stream>>>(
        out, ref, n, segment > 0 ? segment : n, inclusive, guard, poison, first_.get());
    cuda_check(cudaGetLastError(), "check kernel launch");
    unsigned long long first = 0;
    cuda_check(cudaMemcpyAsync(&first, first_.get(), sizeof first, cudaMemcpyDeviceToHost, stream),
               "check");
    cuda_check(cudaStreamSynchronize(stream), "check");
    return first == ~0ull ? -1 : static_cast<std::int64_t>(first);
  }

private:
  device_array<unsigned long long> first_;
};

} // namespace scan::perf::kit
