// What the GPU backend (gpu/gpu_backend.cuh) takes from HIP: the runtime's launch and memory
// traits, the warp scan and tuning (hip_tuning.hpp) for AMD GPUs, device and pointer queries. Warp
// scans are shuffles over the whole wavefront (64 or 32 lanes).
#pragma once

#include <string>

#include <hip/hip_runtime.h>

#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/backends/hip/hip_device_present.hpp>
#include <scan/detail/backends/hip/hip_error.hpp>
#include <scan/detail/backends/hip/hip_launch.hpp>
#include <scan/detail/backends/hip/hip_memory.hpp>
#include <scan/detail/backends/hip/hip_tuning.hpp>
#include <scan/options.hpp>

namespace scan::hip {

struct hip_vendor
    : gpu::vendor_traits<backend::hip, hip_launch, hip_memory, gpu::shuffle_warp_scan, hip_tuning> {
  static int current_device() {
    int device = 0;
    check(hipGetDevice(&device), "hipGetDevice");
    return device;
  }

  // Device, managed and pinned host memory are known to the runtime; a plain host pointer is not.
  static void check_pointer(const void* p, const char* name) {
    hipPointerAttribute_t attributes{};
    const hipError_t status = hipPointerGetAttributes(&attributes, p);
    if (status == hipSuccess) return;
    (void)hipGetLastError();
    if (status == hipErrorInvalidValue)
      throw error(std::string(name) +
                  ": the HIP runtime does not know this pointer (plain host memory?); the hip "
                  "backend needs device memory (hipMalloc), managed or pinned host memory");
    check(status, "hipPointerGetAttributes");
  }

  // Memory the host cannot read: device allocations (managed and pinned memory it can). Without a
  // device no pointer is one, and the runtime is not asked.
  static bool device_only(const void* p) {
    if (!device_present()) return false;
    hipPointerAttribute_t attributes{};
    if (hipPointerGetAttributes(&attributes, p) != hipSuccess) {
      (void)hipGetLastError();
      return false;
    }
    return attributes.memoryType == hipMemoryTypeDevice && !attributes.isManaged;
  }
};

} // namespace scan::hip
