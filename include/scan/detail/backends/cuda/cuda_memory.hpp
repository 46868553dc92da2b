// The CUDA backend's Memory (core/workspace.hpp): stream-ordered allocation from the device's
// memory pool, so growing the workspace never synchronises the device; and check_cuda, which
// turns a failed CUDA call into scan::error.
#pragma once

#include <cstddef>
#include <string>

#include <cuda_runtime.h>

#include <scan/error.hpp>

namespace scan::cuda {

// `what` (and `detail`, appended) name the call; strings are built only on failure, since every
// scan checks its launch.
inline void check_cuda(cudaError_t status, const char* what, const char* detail = "") {
  if (status != cudaSuccess)
    throw error(std::string("cuda: ") + what + detail + " failed: " + cudaGetErrorName(status) +
                " (" + cudaGetErrorString(status) + ")");
}

struct cuda_memory {
  void* allocate(std::size_t bytes, void* stream) const {
    void* p = nullptr;
    const cudaError_t status = cudaMallocAsync(&p, bytes, static_cast<cudaStream_t>(stream));
    if (status != cudaSuccess) {
      (void)cudaGetLastError();
      throw error("workspace: cudaMallocAsync of " + std::to_string(bytes) +
                  " bytes failed: " + cudaGetErrorString(status) +
                  " (pass options.workspace to use memory of your own)");
    }
    return p;
  }
  void release(void* p, void* stream) const {
    check_cuda(cudaFreeAsync(p, static_cast<cudaStream_t>(stream)), "cudaFreeAsync of workspace");
  }
  void zero(void* p, std::size_t bytes, void* stream) const {
    check_cuda(cudaMemsetAsync(p, 0, bytes, static_cast<cudaStream_t>(stream)),
               "cudaMemsetAsync of look-back state");
  }
};

} // namespace scan::cuda
