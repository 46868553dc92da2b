// How the CUDA backend launches the shared kernels: the launch trait of backends/gpu/gpu_parts.cuh
// and gpu_blockwise.cuh (stream type, launch check, look-back without fallback, the tile copy of
// the staged single pass).
#pragma once

#include <atomic>

#include <cuda_runtime.h>

#include "backends/cuda/bulk_tile_copy.cuh"
#include "backends/cuda/cuda_memory.hpp"

namespace scan::cuda {

struct cuda_launch {
  using stream_type = cudaStream_t;

  // After a launch: a bad configuration shows here (errors inside kernels surface later, on the
  // stream, as for any CUDA call).
  static void check_launch(const char* kernel) {
    check_cuda(cudaGetLastError(), "launching ", kernel);
  }

  // NVIDIA GPUs keep every started block running, so the single pass's look-back waits on its
  // predecessors for as long as they take (gpu::spin_wait).
  static constexpr bool lookback_fallback = false;
  static int lookback_patience() { return 0; }

  // The staged single pass copies tiles with the copy engine of sm_90 and later; earlier GPUs
  // keep the register kernel (the staged one is tuned on an H100 only). Cached per device.
  using tile_copy = bulk_tile_copy;
  static bool tile_copy_ready() {
    constexpr int devices = 64;
    static std::atomic<signed char> known[devices] = {}; // 0 unknown, 1 yes, -1 no
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    if (device < 0 || device >= devices) return false;
    signed char k = known[device].load(std::memory_order_relaxed);
    if (k == 0) {
      int major = 0;
      check_cuda(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device),
                 "cudaDeviceGetAttribute");
      k = major >= 9 ? 1 : -1;
      known[device].store(k, std::memory_order_relaxed);
    }
    return k > 0;
  }
};

} // namespace scan::cuda
