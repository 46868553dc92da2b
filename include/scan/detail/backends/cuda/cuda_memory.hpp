// The CUDA backend's Memory (runtime/workspace.hpp): stream-ordered allocation from the device's
// memory pool, so growing the workspace never synchronises the device (and, during a graph
// capture, becomes the graph's own allocation); streams told apart by the runtime's stream ids;
// and check_cuda, which turns a failed CUDA call into scan::error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include <scan/detail/runtime/workspace_cache.hpp>
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
      throw error("options.workspace: libscan's workspace of " + std::to_string(bytes) +
                  " bytes could not be allocated (cudaMallocAsync: " + cudaGetErrorString(status) +
                  "); free device memory, or pass options.workspace with memory of your own");
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

  void copy_to_host(void* host, const void* p, std::size_t bytes, void* stream) const {
    const auto s = static_cast<cudaStream_t>(stream);
    check_cuda(cudaMemcpyAsync(host, p, bytes, cudaMemcpyDeviceToHost, s), "cudaMemcpyAsync");
    check_cuda(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  }

  // The id names the stream itself: cudaStreamPerThread (and the default stream under
  // --default-stream per-thread) is a different stream in each thread.
  detail::stream_key identify(void* stream) const {
    unsigned long long id = 0;
    check_cuda(cudaStreamGetId(static_cast<cudaStream_t>(stream), &id), "cudaStreamGetId");
    return {id, {}};
  }

  bool capturing(void* stream) const {
    cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
    const cudaError_t query = cudaStreamIsCapturing(static_cast<cudaStream_t>(stream), &status);
    if (query == cudaErrorStreamCaptureImplicit) {
      (void)cudaGetLastError();
      throw error("options.stream: the legacy default stream cannot take work while another "
                  "stream captures a graph in global mode; pass the capturing stream or one of "
                  "your own");
    }
    check_cuda(query, "cudaStreamIsCapturing");
    return status != cudaStreamCaptureStatusNone;
  }

  // For buffers of streams that may be gone: nothing orders a release after their work but the
  // whole device. A failure (e.g. a capture in progress forbids the wait) keeps the buffers.
  void release_unordered(const std::vector<void*>& buffers) const {
    if (cudaDeviceSynchronize() != cudaSuccess) {
      (void)cudaGetLastError();
      return;
    }
    for (void* p : buffers)
      (void)cudaFree(p);
    (void)cudaGetLastError();
  }
};

} // namespace scan::cuda
