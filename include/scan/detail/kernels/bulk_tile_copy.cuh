// The tile copy of the staged single pass (kernels/staged_single_pass_kernel.cuh) on NVIDIA
// GPUs from sm_90 on: one thread hands the whole tile to the copy engine (cp.async.bulk, PTX ISA
// 8.0), which signals an mbarrier in shared memory when the bytes have landed; no thread's
// registers carry the tile. Earlier GPUs fall back to the cooperative copy.
#pragma once

#include <scan/detail/kernels/cooperative_tile_copy.cuh>

namespace scan::gpu {

struct bulk_tile_copy {
  struct barrier {
    unsigned long long word; // the mbarrier
  };

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  __device__ static void init(barrier&) {}
  __device__ static void start(void* dst, const void* src, unsigned bytes, barrier&,
                               bool evict_first) {
    cooperative_tile_copy::barrier none;
    cooperative_tile_copy::start(dst, src, bytes, none, evict_first);
  }
  __device__ static void wait(barrier&, unsigned) {
    __syncthreads();
  }
  __device__ static void finish(barrier&) {}
#else
  __device__ static unsigned shared_address(const void* p) {
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
  }

  // By every thread, before the first start; thread 0 owns the barrier (one arrival per copy).
  // The block barrier publishes the initialised barrier to every thread before any use of it.
  __device__ static void init(barrier& b) {
    if (threadIdx.x == 0) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(&b.word))
                   : "memory");
      asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();
  }

  // By every thread (thread 0 issues it): `bytes` a multiple of 16, both addresses 16-byte aligned.
  // evict_first: the tile's lines are the first the L2 gives up (a cache policy of the copy).
  __device__ static void start(void* dst, const void* src, unsigned bytes, barrier& b,
                               bool evict_first) {
    if (threadIdx.x != 0) return;
    const unsigned bar = shared_address(&b.word);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
                 : "memory");
    if (evict_first) {
      unsigned long long policy;
      asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::"
                   "cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(shared_address(dst)),
                   "l"(src), "r"(bytes), "r"(bar), "l"(policy)
                   : "memory");
    } else {
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], "
                   "%2, [%3];" ::"r"(shared_address(dst)),
                   "l"(src), "r"(bytes), "r"(bar)
                   : "memory");
    }
  }

  // By every thread: until copy number `parity` (0 for a block's first, 1 for its second) landed.
  // The barrier's phase orders the copy's writes before the reads; the block barrier after it
  // orders them for race detectors that do not follow the copy engine (compute-sanitizer
  // racecheck) and costs one barrier per tile.
  __device__ static void wait(barrier& b, unsigned parity) {
    asm volatile("{\n"
                 ".reg .pred done;\n"
                 "poll_%=:\n"
                 "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
                 "@!done bra poll_%=;\n"
                 "}" ::"r"(shared_address(&b.word)),
                 "r"(parity)
                 : "memory");
    __syncthreads();
  }

  // By every thread once no thread waits any more: the next block on this multiprocessor may
  // place its own barrier at the same address, so this one is invalidated first (PTX ISA,
  // mbarrier.inval).
  __device__ static void finish(barrier& b) {
    if (threadIdx.x != 0) return;
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(shared_address(&b.word)) : "memory");
  }
#endif
};

} // namespace scan::gpu
