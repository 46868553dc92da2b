// The platform of scan/detail/kernels/ (see the real platform/platform.cuh) on the CPU emulation
// of simt.hpp: this folder comes first on the emulation tests' include path, so the shared
// kernels compile as plain C++ and run on fibers. CUDA's keywords and built-ins are mapped to
// their emulated meaning here.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "tests/gpu_emulation/simt.hpp"

#define __device__
#define __host__
#define __global__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static
#define threadIdx ::simt::thread_idx
#define blockIdx ::simt::block_idx
#define blockDim ::simt::block_dim
#define gridDim ::simt::grid_dim

struct uint2 {
  unsigned x, y;
};
struct alignas(16) uint4 {
  unsigned x, y, z, w;
};

inline void __syncthreads() {
  simt::block_runner::current().sync_block();
}
inline void __threadfence() {}
inline int __ffsll(long long x) {
  return __builtin_ffsll(x);
}
inline unsigned atomicOr(unsigned* p, unsigned v) {
  const unsigned old = *p;
  *p |= v;
  return old;
}
inline int atomicOr(int* p, int v) {
  const int old = *p;
  *p |= v;
  return old;
}
inline unsigned atomicAnd(unsigned* p, unsigned v) {
  const unsigned old = *p;
  *p &= v;
  return old;
}

namespace scan::gpu {

inline constexpr int warp_size = 32;
inline constexpr int max_warp_size = 32;
using lane_mask = unsigned;

inline int lane_id() {
  return static_cast<int>(threadIdx.x) & (warp_size - 1);
}

template <class T> T shfl(const T& value, int source_lane) {
  static_assert(std::is_trivially_copyable_v<T>, "shuffled values must be trivially copyable");
  T out;
  simt::block_runner::current().exchange(&value, &out, sizeof(T), source_lane);
  return out;
}

template <class T> T shfl_up(const T& value, unsigned delta) {
  const int lane = lane_id();
  const T up = shfl(value, lane >= static_cast<int>(delta) ? lane - static_cast<int>(delta) : lane);
  return up;
}

inline void sync_warp() {
  simt::block_runner::current().sync_current_warp();
}

inline lane_mask ballot(bool predicate) {
  lane_mask m = 0;
  for (int l = 0; l < warp_size; ++l) {
    const int p = shfl(static_cast<int>(predicate), l);
    if (p) m |= 1u << l;
  }
  return m;
}

// Fibers share one OS thread: plain accesses are atomic and ordered.
inline unsigned long long load_acquire(const unsigned long long* p) {
  return *p;
}
inline unsigned long long load_relaxed(const unsigned long long* p) {
  return *p;
}
inline void store_release(unsigned long long* p, unsigned long long v) {
  *p = v;
}
inline void store_relaxed(unsigned long long* p, unsigned long long v) {
  *p = v;
}
inline unsigned long long fetch_add_relaxed(unsigned long long* p, unsigned long long v) {
  const unsigned long long old = *p;
  *p += v;
  return old;
}
inline void fence_acquire() {}
inline void fence_release() {}
inline constexpr bool atomic_pair_access = true;
inline void store_pair_relaxed(unsigned long long* p, unsigned long long a, unsigned long long b) {
  p[0] = a;
  p[1] = b;
}
inline void load_pair_relaxed(const unsigned long long* p, unsigned long long& a,
                              unsigned long long& b) {
  a = p[0];
  b = p[1];
}
template <class Word> inline void store_streaming(Word* p, const Word& v) {
  *p = v;
}
inline void pause() {
  simt::block_runner::current().yield();
}
inline void sleep_ns(unsigned) {
  simt::block_runner::current().yield();
}

} // namespace scan::gpu
