// How the CUDA backend launches the shared kernels: the launch trait of backends/gpu/gpu_parts.cuh
// and gpu_blockwise.cuh (stream type, launch check, look-back without fallback).
#pragma once

#include <string>

#include <cuda_runtime.h>

#include "backends/cuda/cuda_memory.hpp"

namespace scan::cuda {

struct cuda_launch {
  using stream_type = cudaStream_t;

  // After a launch: a bad configuration shows here (errors inside kernels surface later, on the
  // stream, as for any CUDA call).
  static void check_launch(const char* kernel) {
    check_cuda(cudaGetLastError(), std::string("launching ") + kernel);
  }

  // NVIDIA GPUs keep every started block running, so the single pass's look-back waits on its
  // predecessors for as long as they take (gpu::spin_wait).
  static constexpr bool lookback_fallback = false;
  static int lookback_patience() { return 0; }
};

} // namespace scan::cuda
