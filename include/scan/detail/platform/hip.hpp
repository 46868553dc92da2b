// The device intrinsics the shared kernels (scan/detail/kernels/) reach through platform.cuh, for
// HIP on AMD GPUs: wavefronts of 64 lanes (CDNA: gfx90a, gfx942) or 32 (RDNA: gfx1030, gfx1100),
// lane masks of 64 bits either way, scoped atomics of the AMDGPU memory model. On HIP's NVIDIA
// platform hipcc drives nvcc and the device is an NVIDIA GPU: the CUDA platform applies as is.
#pragma once

#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_NVIDIA__)
#include <scan/detail/platform/cuda.cuh>
#else

#include <cstdint>
#include <type_traits>

namespace scan::gpu {

// The wavefront size of the target being compiled: 64 on CDNA, 32 on RDNA (its default). The host
// pass has no target; host code must not depend on this value (kernels size shared memory and
// loops from it on the device side only).
#if defined(__AMDGCN_WAVEFRONT_SIZE)
inline constexpr int warp_size = __AMDGCN_WAVEFRONT_SIZE;
#else
inline constexpr int warp_size = 64;
#endif
// Largest wavefront any target has: for sizes the host must agree on.
inline constexpr int max_warp_size = 64;

// One bit per lane; 64 bits on every AMD target (wave32 uses the low half).
using lane_mask = std::uint64_t;

__device__ inline int lane_id() {
  return static_cast<int>(__lane_id());
}

__device__ inline lane_mask ballot(bool predicate) {
  return static_cast<lane_mask>(__ballot(predicate));
}

// Lanes at or below `delta` keep their own value. Any trivially copyable T moves in 32-bit words
// (ds_bpermute), so custom element types shuffle too.
template <class T> __device__ inline T shfl_up(const T& value, unsigned delta) {
  static_assert(std::is_trivially_copyable_v<T>, "shuffled values must be trivially copyable");
  if constexpr (sizeof(T) == 4 && std::is_arithmetic_v<T>) {
    return __shfl_up(value, delta, warp_size);
  } else {
    constexpr int words = (sizeof(T) + 3) / 4;
    int w[words] = {};
    __builtin_memcpy(w, &value, sizeof(T));
    for (int i = 0; i < words; ++i)
      w[i] = __shfl_up(w[i], delta, warp_size);
    T out;
    __builtin_memcpy(&out, w, sizeof(T));
    return out;
  }
}

// Every lane gets `source_lane`'s value.
template <class T> __device__ inline T shfl(const T& value, int source_lane) {
  static_assert(std::is_trivially_copyable_v<T>, "shuffled values must be trivially copyable");
  constexpr int words = (sizeof(T) + 3) / 4;
  int w[words] = {};
  __builtin_memcpy(w, &value, sizeof(T));
  for (int i = 0; i < words; ++i)
    w[i] = __shfl(w[i], source_lane, warp_size);
  T out;
  __builtin_memcpy(&out, w, sizeof(T));
  return out;
}

// Look-back flags: device (agent) scope, so other workgroups see them without a system fence.
__device__ inline unsigned long long load_acquire(const unsigned long long* p) {
  return __hip_atomic_load(p, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline unsigned long long load_relaxed(const unsigned long long* p) {
  return __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline void store_release(unsigned long long* p, unsigned long long v) {
  __hip_atomic_store(p, v, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline void store_relaxed(unsigned long long* p, unsigned long long v) {
  __hip_atomic_store(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline unsigned long long fetch_add_relaxed(unsigned long long* p,
                                                       unsigned long long v) {
  return __hip_atomic_fetch_add(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
// AMD does not promise that a 16-byte access is one indivisible access, so the look-back keeps
// its values beside the tags (lookback.cuh) instead of packing them. The pair is still written
// and read tag-last / tag-first, as two ordered 64-bit accesses.
inline constexpr bool atomic_pair_access = false;
__device__ inline void store_pair_relaxed(unsigned long long* p, unsigned long long a,
                                          unsigned long long b) {
  store_relaxed(p + 1, b);
  store_release(p, a);
}
__device__ inline void load_pair_relaxed(const unsigned long long* p, unsigned long long& a,
                                         unsigned long long& b) {
  a = load_acquire(p);
  b = load_relaxed(p + 1);
}

__device__ inline void fence_acquire() {
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
}
__device__ inline void fence_release() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
}

// A store of output nobody reads soon: a plain store here (the CUDA platform's cache hint was
// measured on an H100 only).
template <class Word> __device__ inline void store_streaming(Word* p, const Word& v) {
  *p = v;
}

// A short back-off while a look-back flag is not ready (s_sleep 1: about 64 clocks).
__device__ inline void pause() {
  __builtin_amdgcn_s_sleep(1);
}

// About `ns` nanoseconds of sleep: s_sleep 1 waits 64 cycles, some 40 ns at the clocks of CDNA.
__device__ inline void sleep_ns(unsigned ns) {
  for (unsigned slept = 0; slept < ns; slept += 40)
    __builtin_amdgcn_s_sleep(1);
}

// A barrier of the calling wavefront: its lanes' shared-memory writes before it are seen after it
// (the lanes run in lockstep; the fences keep the compiler and the LDS queue in order).
__device__ inline void sync_warp() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

} // namespace scan::gpu

#endif
