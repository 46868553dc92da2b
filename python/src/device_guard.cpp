#include "device_guard.hpp"

#include <string>

#include <scan/error.hpp>
#if defined(SCAN_WITH_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace scan::python {

device_guard::device_guard([[maybe_unused]] bool on_gpu, [[maybe_unused]] int device) {
#if defined(SCAN_WITH_CUDA)
  if (!on_gpu) return;
  int current = 0;
  cudaError_t status = cudaGetDevice(&current);
  if (status == cudaSuccess && current != device) {
    status = cudaSetDevice(device);
    if (status == cudaSuccess) previous_ = current;
  }
  if (status != cudaSuccess)
    throw error("x: cannot make GPU " + std::to_string(device) +
                " current: " + cudaGetErrorString(status));
#endif
}

device_guard::~device_guard() {
#if defined(SCAN_WITH_CUDA)
  if (previous_ >= 0) cudaSetDevice(previous_);
#endif
}

} // namespace scan::python
