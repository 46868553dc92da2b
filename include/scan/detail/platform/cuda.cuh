// The device intrinsics the shared kernels (scan/detail/kernels/) reach through platform.cuh, for
// CUDA: warps of 32 lanes, 32-bit lane masks, shuffles, and loads/stores with the PTX memory
// model's orders at GPU scope for the look-back state.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace scan::gpu {

inline constexpr int warp_size = 32;
// Largest warp any target has: for sizes the host must agree on.
inline constexpr int max_warp_size = 32;

using lane_mask = unsigned;

__device__ __forceinline__ int lane_id() {
  return static_cast<int>(threadIdx.x) & (warp_size - 1);
}

__device__ __forceinline__ lane_mask ballot(bool predicate) {
  return __ballot_sync(0xffffffffu, predicate);
}

// Any trivially copyable T moves through shuffles as 32-bit words.
template <class T> struct shuffle_words {
  static constexpr int count = (sizeof(T) + 3) / 4;
  unsigned w[count];
};

// Lanes below `delta` keep their own value.
template <class T> __device__ __forceinline__ T shfl_up(const T& value, unsigned delta) {
  static_assert(std::is_trivially_copyable_v<T>, "shuffled values must be trivially copyable");
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> || std::is_same_v<T, float> ||
                std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, double>) {
    return __shfl_up_sync(0xffffffffu, value, delta);
  } else {
    shuffle_words<T> w{};
    std::memcpy(w.w, &value, sizeof(T));
#pragma unroll
    for (int i = 0; i < shuffle_words<T>::count; ++i)
      w.w[i] = __shfl_up_sync(0xffffffffu, w.w[i], delta);
    T out;
    std::memcpy(&out, w.w, sizeof(T));
    return out;
  }
}

// Every lane gets `source_lane`'s value.
template <class T> __device__ __forceinline__ T shfl(const T& value, int source_lane) {
  static_assert(std::is_trivially_copyable_v<T>, "shuffled values must be trivially copyable");
  if constexpr (std::is_same_v<T, int> || std::is_same_v<T, unsigned> || std::is_same_v<T, float> ||
                std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long> ||
                std::is_same_v<T, double>) {
    return __shfl_sync(0xffffffffu, value, source_lane);
  } else {
    shuffle_words<T> w{};
    std::memcpy(w.w, &value, sizeof(T));
#pragma unroll
    for (int i = 0; i < shuffle_words<T>::count; ++i)
      w.w[i] = __shfl_sync(0xffffffffu, w.w[i], source_lane);
    T out;
    std::memcpy(&out, w.w, sizeof(T));
    return out;
  }
}

// Look-back state: GPU scope, so other blocks see it without a system-wide fence.
__device__ __forceinline__ unsigned long long load_acquire(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ unsigned long long load_relaxed(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ __forceinline__ void store_release(unsigned long long* p, unsigned long long v) {
  asm volatile("st.release.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ void store_relaxed(unsigned long long* p, unsigned long long v) {
  asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
__device__ __forceinline__ unsigned long long fetch_add_relaxed(unsigned long long* p,
                                                                unsigned long long v) {
  unsigned long long old;
  asm volatile("atom.relaxed.gpu.global.add.u64 %0, [%1], %2;"
               : "=l"(old)
               : "l"(p), "l"(v)
               : "memory");
  return old;
}
__device__ __forceinline__ void fence_acquire() {
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
}
__device__ __forceinline__ void fence_release() {
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
}

// Two 64-bit words at a 16-byte aligned address, written and read as one 16-byte access: a tile
// descriptor's tag and value travel together, so a reader needs no second round trip.
// The look-back packs values of at most 8 bytes beside their tag only where this holds.
inline constexpr bool atomic_pair_access = true;
__device__ __forceinline__ void store_pair_relaxed(unsigned long long* p, unsigned long long a,
                                                   unsigned long long b) {
  asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(a), "l"(b) : "memory");
}
__device__ __forceinline__ void load_pair_relaxed(const unsigned long long* p,
                                                  unsigned long long& a, unsigned long long& b) {
  asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];"
               : "=l"(a), "=l"(b)
               : "l"(p)
               : "memory");
}

// A barrier of the calling warp: its lanes' shared-memory writes before it are seen after it.
__device__ __forceinline__ void sync_warp() {
  __syncwarp();
}

// A store of output nobody reads soon (st.global.cs: evicted first from the caches), for outputs
// larger than the L2 (perf/CUDA_RESULTS.md, streaming stores).
template <class Word> __device__ __forceinline__ void store_streaming(Word* p, const Word& v) {
  if constexpr (std::is_same_v<Word, uint4> || std::is_same_v<Word, uint2> ||
                std::is_same_v<Word, unsigned>)
    __stcs(p, v);
  else
    *p = v;
}

// A short back-off while a look-back flag is not ready.
__device__ __forceinline__ void pause() {
  __nanosleep(40);
}

// About `ns` nanoseconds of sleep (the hardware bounds it; a hint, not a timer).
__device__ __forceinline__ void sleep_ns(unsigned ns) {
  __nanosleep(ns);
}

} // namespace scan::gpu
