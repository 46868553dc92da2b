// What the GPU backend (gpu/gpu_backend.cuh) takes from CUDA: the runtime's launch and memory
// traits, the warp scan and tuning (cuda_tuning.hpp) for NVIDIA GPUs, device and pointer queries.
#pragma once

#include <string>

#include <cuda_runtime.h>

#include <scan/detail/backends/cuda/cuda_device_present.hpp>
#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_memory.hpp>
#include <scan/detail/backends/cuda/cuda_tuning.hpp>
#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/kernels/ptx_warp_scan.cuh>
#include <scan/options.hpp>

namespace scan::cuda {

struct cuda_vendor
    : gpu::vendor_traits<backend::cuda, cuda_launch, cuda_memory, gpu::ptx_warp_scan, cuda_tuning> {
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
