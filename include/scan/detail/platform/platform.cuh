// The one door from the vendor-neutral kernels in scan/detail/kernels/ to a vendor's intrinsics.
// Each platform defines, in namespace scan::gpu:
//   warp_size, max_warp_size, lane_mask, lane_id(), ballot(bool),
//   shfl_up(value, delta), shfl(value, source_lane)          (any trivially copyable value)
//   load_acquire / load_relaxed / store_release / store_relaxed / fetch_add_relaxed
//     (64-bit, GPU scope)
//   store_pair_relaxed / load_pair_relaxed (two 64-bit words as one 16-byte access)
//   fence_acquire(), fence_release(), pause(), sleep_ns(ns)
//   store_streaming(p, word) (a store of output read by no one soon; a hint, or a plain store)
//   sync_warp() (a barrier of the calling warp, ordering its lanes' shared-memory accesses)
#pragma once

#if defined(__HIPCC__)
#include <scan/detail/platform/hip.hpp>
#else
#include <scan/detail/platform/cuda.cuh>
#endif
