// strategy::kogge_stone_shared: Kogge-Stone (Hillis-Steele) in shared memory, in place:
// log2(N) steps of N combines, each step reading its partner before a barrier and writing after
// a second one (the read and write of one slot race otherwise: seed 5's "two barriers").
#pragma once

#include "perf/classic/array_block_scan.cuh"

namespace scan::gpu {

// This thread's own elements t, t + Threads, ... of an N-element array: only it writes them, so
// the Kogge-Stone steps carry them in registers and read only partners from the array.
template <int N, int Threads, class T>
__device__ __forceinline__ void own_elements(const T* a, T (&mine)[N / Threads]) {
  const int t = static_cast<int>(threadIdx.x);
#pragma unroll
  for (int m = 0; m < N / Threads; ++m)
    mine[m] = a[t + m * Threads];
}

// The in-place steps, shared with the global-memory variant, on the thread's own elements. The
// step loop is unrolled, so every distance is a constant.
template <int N, int Threads, class T, class Op>
__device__ __forceinline__ T kogge_stone_in_place(T* a, Op op) {
  constexpr int per_thread = N / Threads;
  constexpr int steps = log2_of<N>;
  const int t = static_cast<int>(threadIdx.x);
  T mine[per_thread];
  own_elements<N, Threads>(a, mine);
#pragma unroll
  for (int step = 0; step < steps; ++step) {
    const int d = 1 << step;
    T partner[per_thread];
#pragma unroll
    for (int m = 0; m < per_thread; ++m) {
      const int i = t + m * Threads;
      partner[m] = a[i >= d ? i - d : i]; // read unconditionally: no branch, nothing unset
    }
    __syncthreads();
#pragma unroll
    for (int m = 0; m < per_thread; ++m) {
      const int i = t + m * Threads;
      if (i >= d) {
        mine[m] = op(partner[m], mine[m]);
        a[i] = mine[m];
      }
    }
    __syncthreads();
  }
  return a[N - 1];
}

struct kogge_stone_shared_scan : shared_array {
  static constexpr bool exclusive = false;
  template <int N, int Threads, class T, class Op>
  __device__ static const T* scan(buffer<T, N>&, T* a, T& total, Op op) {
    total = kogge_stone_in_place<N, Threads>(a, op);
    return a;
  }
};

struct kogge_stone_shared_strategy : one_item_shape {
  template <class Shape> using block_scan = array_block_scan<Shape, kogge_stone_shared_scan>;
};

} // namespace scan::gpu
