// Whether this machine has a HIP device, found once per process. Without one, every call into the
// HIP runtime tries to initialise it again (and allocates hundreds of objects), so code that only
// asks about pointers (the host backend's argument checks) asks this first.
#pragma once

#include <hip/hip_runtime.h>

namespace scan::hip {

// Thread-safe (a function-local static); the runtime is asked on the first call only.
inline bool device_present() {
  static const bool present = [] {
    int count = 0;
    const hipError_t status = hipGetDeviceCount(&count);
    if (status != hipSuccess) (void)hipGetLastError();
    return status == hipSuccess && count > 0;
  }();
  return present;
}

} // namespace scan::hip
