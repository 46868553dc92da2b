// Whether this machine has a CUDA device, found once per process, so that code that only asks about
// pointers (the host backend's argument checks) never calls into a runtime without a device.
#pragma once

#include <cuda_runtime.h>

namespace scan::cuda {

// Thread-safe (a function-local static); the runtime is asked on the first call only.
inline bool device_present() {
  static const bool present = [] {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) (void)cudaGetLastError();
    return status == cudaSuccess && count > 0;
  }();
  return present;
}

} // namespace scan::cuda
