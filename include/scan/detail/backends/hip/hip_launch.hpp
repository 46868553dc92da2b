// How the GPU backend launches its kernels on HIP: the launch trait of gpu/gpu_parts.cuh and
// gpu/gpu_blockwise.cuh (stream type, launch check, look-back with fallback, tuning).
//
// The single pass runs with the look-back fallback (kernels/lookback.cuh): AMD GPUs promise
// no forward progress between workgroups, so a workgroup that waits too long on a predecessor
// reduces that tile's input itself instead. It therefore cannot hang, and it is the automatic
// choice. SCAN_HIP_LOOKBACK_PATIENCE (polls before the fallback, default hip_tuning's) lets tests
// force the fallback path (0: at the first poll that finds a predecessor not ready).
#pragma once

#include <cstdlib>
#include <string>

#include <hip/hip_runtime.h>

#include <scan/detail/backends/gpu/gpu_tuning.hpp>
#include <scan/detail/backends/hip/hip_error.hpp>
#include <scan/detail/backends/hip/hip_tuning.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>

namespace scan::hip {

struct hip_launch {
  using stream_type = hipStream_t;

  // A kernel launch reports bad configurations only through the runtime's last error.
  static void check_launch(const char* kernel) {
    check(hipGetLastError(), (std::string("launching ") + kernel).c_str());
  }

  static constexpr bool lookback_fallback = true;
  // No promise of the order blocks start in either: a tile is its block's ticket.
  template <class Out>
  static constexpr detail::tile_order tile_order_of = detail::tile_order::by_ticket;
  // Polls of a not-ready predecessor before a look-back reduces its tile itself.
  static int lookback_patience() {
    static const int patience = [] {
      const char* v = std::getenv("SCAN_HIP_LOOKBACK_PATIENCE");
      return v && *v ? std::atoi(v) : hip_tuning::lookback_patience;
    }();
    return patience;
  }

  // Nothing was tuned on an AMD GPU yet: hip_tuning's one entry holds for every device, so no
  // device is asked (no staging, no copy engine trait, no look-back sleeps).
  static const gpu::device_tuning& tuning() {
    static const gpu::device_tuning every_device =
        gpu::device_tuning_of<hip_tuning>(hip_tuning::by_gpu[0].arch, hip_tuning::by_gpu[0].gpu, 1);
    return every_device;
  }
  // The compile-time knobs (gpu_tuning.hpp) of the kernels these launches choose.
  using knobs = hip_tuning;
};

} // namespace scan::hip
