// Where the HIP backend's workspace comes from (the Memory type of core/workspace.hpp): the
// stream-ordered allocator where the device has memory pools, else hipMalloc / hipFree, which
// order themselves against all work on the device. Zeroing is queued on the stream.
#pragma once

#include <cstddef>
#include <mutex>
#include <vector>

#include <hip/hip_runtime.h>

#include <scan/detail/backends/hip/hip_error.hpp>

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
    if (device_has_pools())
      check(hipMallocAsync(&p, bytes, static_cast<hipStream_t>(stream)), "hipMallocAsync");
    else
      check(hipMalloc(&p, bytes), "hipMalloc");
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
};

} // namespace scan::hip
