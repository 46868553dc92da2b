// Where the HIP backend's workspace comes from (the Memory type of runtime/workspace.hpp): the
// stream-ordered allocator where the device has memory pools, else hipMalloc / hipFree, which
// order themselves against all work on the device. Zeroing is queued on the stream. HIP has no
// stream ids: a stream is its handle in one thread (a per-thread handle names a stream per
// thread), so threads sharing a stream use separate buffers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <hip/hip_runtime.h>

#include <scan/detail/backends/hip/hip_error.hpp>
#include <scan/detail/runtime/workspace_cache.hpp>
#include <scan/error.hpp>

namespace scan::hip {

// Whether the current device has stream-ordered memory pools (asked once per device).
inline bool device_has_pools() {
  static std::mutex mutex;
  static std::vector<int> known; // per device: -1 unknown, 0 no, 1 yes
  int device = 0;
  check(hipGetDevice(&device), "hipGetDevice");
  std::lock_guard<std::mutex> lock(mutex);
  if (known.size() <= static_cast<std::size_t>(device))
    known.resize(static_cast<std::size_t>(device) + 1, -1);
  int& k = known[static_cast<std::size_t>(device)];
  if (k < 0) {
    int value = 0;
    const hipError_t status =
        hipDeviceGetAttribute(&value, hipDeviceAttributeMemoryPoolsSupported, device);
    if (status != hipSuccess) (void)hipGetLastError(); // an old runtime may not know the query
    k = status == hipSuccess && value != 0 ? 1 : 0;
  }
  return k == 1;
}

struct hip_memory {
  void* allocate(std::size_t bytes, void* stream) const {
    void* p = nullptr;
    const bool pools = device_has_pools();
    const hipError_t status =
        pools ? hipMallocAsync(&p, bytes, static_cast<hipStream_t>(stream)) : hipMalloc(&p, bytes);
    if (status != hipSuccess) {
      (void)hipGetLastError();
      throw error("options.workspace: libscan's workspace of " + std::to_string(bytes) +
                  " bytes could not be allocated (" + (pools ? "hipMallocAsync: " : "hipMalloc: ") +
                  hipGetErrorString(status) +
                  "); free device memory, or pass options.workspace with memory of your own");
    }
    return p;
  }
  void release(void* p, void* stream) const {
    if (device_has_pools())
      check(hipFreeAsync(p, static_cast<hipStream_t>(stream)), "hipFreeAsync");
    else
      check(hipFree(p), "hipFree");
  }
  void zero(void* p, std::size_t bytes, void* stream) const {
    check(hipMemsetAsync(p, 0, bytes, static_cast<hipStream_t>(stream)), "hipMemsetAsync");
  }

  void copy_to_host(void* host, const void* p, std::size_t bytes, void* stream) const {
    const auto s = static_cast<hipStream_t>(stream);
    check(hipMemcpyAsync(host, p, bytes, hipMemcpyDeviceToHost, s), "hipMemcpyAsync");
    check(hipStreamSynchronize(s), "hipStreamSynchronize");
  }

  detail::stream_key identify(void* stream) const {
    return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(stream)),
            std::this_thread::get_id()};
  }

  // A graph owns the memory allocated in its capture only through the stream-ordered allocator.
  bool capturing(void* stream) const {
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    check(hipStreamIsCapturing(static_cast<hipStream_t>(stream), &status), "hipStreamIsCapturing");
    if (status == hipStreamCaptureStatusNone) return false;
    if (!device_has_pools())
      throw error("options.stream: capturing a scan into a graph needs stream-ordered memory "
                  "pools, which this device lacks; pass options.workspace");
    return true;
  }

  void release_unordered(const std::vector<void*>& buffers) const {
    if (hipDeviceSynchronize() != hipSuccess) {
      (void)hipGetLastError();
      return;
    }
    for (void* p : buffers)
      (void)hipFree(p);
    (void)hipGetLastError();
  }
};

} // namespace scan::hip
