// Inclusive scan across the lanes of a warp with shuffles: lane 0 first, log2(lanes) steps, no
// identity needed (a lane combines only when its partner lane exists). Generic in the warp size.
#pragma once

#include <scan/detail/platform/platform.cuh>

namespace scan::gpu {

struct shuffle_warp_scan {
  // Lanes [0, Lanes) get the inclusive scan of lanes [0, lane]; lanes above are not used.
  template <int Lanes = warp_size, class T, class Op>
  __device__ __forceinline__ static T inclusive(T x, Op op) {
    const int lane = lane_id();
#pragma unroll
    for (int d = 1; d < Lanes; d *= 2) {
      const T y = shfl_up(x, d);
      if (lane >= d) x = op(y, x);
    }
    return x;
  }
};

} // namespace scan::gpu
