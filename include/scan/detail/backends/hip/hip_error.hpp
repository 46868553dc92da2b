// HIP runtime errors become scan::error with the call that failed and the runtime's message.
#pragma once

#include <string>

#include <hip/hip_runtime.h>

#include <scan/error.hpp>

namespace scan::hip {

// "hipErrorNoDevice (no ROCm-capable device is detected)": the name, and the runtime's words
// where they say more than the name.
inline std::string describe(hipError_t status) {
  std::string name = hipGetErrorName(status);
  const std::string words = hipGetErrorString(status);
  if (words != name) name += " (" + words + ")";
  return name;
}

inline void check(hipError_t status, const char* what) {
  if (status == hipSuccess) return;
  throw error(std::string("hip: ") + what + " failed: " + describe(status));
}

} // namespace scan::hip
