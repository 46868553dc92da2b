// What the GPU backend (gpu/gpu_backend.cuh) takes from CUDA: the runtime's launch and memory
// traits, the warp scan and tuned strategy for NVIDIA GPUs, device and pointer queries.
#pragma once

#include <string>

#include <cuda_runtime.h>

#include <scan/detail/backends/cuda/cuda_device_present.hpp>
#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_memory.hpp>
#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/kernels/ptx_warp_scan.cuh>
#include <scan/options.hpp>

namespace scan::cuda {

// perf/CUDA_RESULTS.md, tuning sweep (H100): 256 threads and 128 bytes of output per thread; four
// blocks per SM suit integers (int64 4% faster than three), three floating point (four spill its
// in-order look-back, double 16% slower); staged tiles with six blocks per SM for 4-byte results,
// five for 8-byte ones (int64 1-4% faster than six, double spills at six).
using cuda_tuned_strategy =
    gpu::tuned_strategy_of<gpu::ptx_warp_scan, 256, 128, 4, 3, gpu::tuned_lookback_delay,
                           gpu::staged_single_pass<6, 5>>;

struct cuda_vendor : gpu::vendor_traits<backend::cuda, cuda_launch, cuda_memory, gpu::ptx_warp_scan,
                                        cuda_tuned_strategy> {
  static int current_device() {
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    return device;
  }

  // Plain (pageable) host memory is not addressable by the kernels: say so, naming the argument,
  // instead of failing later inside a kernel.
  static void check_pointer(const void* p, const char* name) {
    cudaPointerAttributes attributes{};
    const cudaError_t status = cudaPointerGetAttributes(&attributes, p);
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      throw error(std::string(name) +
                  ": cudaPointerGetAttributes failed: " + cudaGetErrorString(status));
    }
    const bool addressable = attributes.type == cudaMemoryTypeDevice ||
                             attributes.type == cudaMemoryTypeManaged ||
                             (attributes.type == cudaMemoryTypeHost && attributes.devicePointer);
    if (!addressable)
      throw error(std::string(name) +
                  ": a plain host pointer; the cuda backend scans device, managed or mapped "
                  "host memory (cudaMalloc, cudaMallocManaged, cudaHostAlloc)");
  }

  // Memory the host cannot read: device allocations (managed and pinned memory it can). Without a
  // device no pointer is one, and the runtime is not asked.
  static bool device_only(const void* p) {
    if (!device_present()) return false;
    cudaPointerAttributes attributes{};
    if (cudaPointerGetAttributes(&attributes, p) != cudaSuccess) {
      (void)cudaGetLastError();
      return false;
    }
    return attributes.type == cudaMemoryTypeDevice;
  }
};

} // namespace scan::cuda
