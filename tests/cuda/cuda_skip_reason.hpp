// Why the CUDA test programs cannot run here (empty where a device can be used): one wording for
// all of them, so that a machine without a GPU gets one reason for every skipped CUDA test.
#pragma once

#include <string>

#include <cuda_runtime.h>

namespace cuda_test {

inline std::string skip_reason() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status != cudaSuccess)
    return std::string("no CUDA device: cudaGetDeviceCount: ") + cudaGetErrorName(status) + " (" +
           cudaGetErrorString(status) + ")";
  if (count == 0) return "no CUDA device: cudaGetDeviceCount found 0 devices";
  return {};
}

} // namespace cuda_test
