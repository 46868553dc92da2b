// A tile copy (the TileCopy contract of staged_single_pass_kernel.cuh) that any GPU, and the CPU
// emulation, can run: every thread of the block copies its share of 16-byte words, and waiting is
// a block barrier. Where a copy engine exists (kernels/bulk_tile_copy.cuh) the tile travels
// without the threads; this is the reference it must agree with.
#pragma once

#include <scan/detail/platform/platform.cuh>

namespace scan::gpu {

struct cooperative_tile_copy {
  struct barrier {};

  __device__ static void init(barrier&) {}

  // `bytes` a multiple of 16, both addresses 16-byte aligned. The threads' loads take no cache
  // policy: evict_first is a hint.
  __device__ static void start(void* dst, const void* src, unsigned bytes, barrier&,
                               bool /*evict_first*/) {
    const auto* from = static_cast<const uint4*>(src);
    auto* to = static_cast<uint4*>(dst);
    for (unsigned i = threadIdx.x; i < bytes / 16; i += blockDim.x)
      to[i] = from[i];
  }

  __device__ static void wait(barrier&, unsigned) { __syncthreads(); }

  __device__ static void finish(barrier&) {}
};

} // namespace scan::gpu
