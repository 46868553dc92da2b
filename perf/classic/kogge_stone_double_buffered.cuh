// strategy::kogge_stone_double_buffered: Kogge-Stone over two shared arrays, reading one
// and writing the other, so a step needs one barrier instead of two (seed 1 step 2, seed 3).
#pragma once

#include "perf/classic/array_block_scan.cuh"
#include "perf/classic/kogge_stone_shared.cuh"

namespace scan::gpu {

struct kogge_stone_double_buffered_scan {
  static constexpr bool exclusive = false;
  template <class T, int N> struct buffer { T data[2][N]; };
  template <int N, class T> __device__ static void acquire(buffer<T, N>&) {}
  template <int N, class T> __device__ static T* array(buffer<T, N>& b) { return b.data[0]; }
  template <int N, class T> __device__ static void release(buffer<T, N>&) {}

  // The step loop is unrolled: which array is read and which written is fixed in each step.
  // A step reads one partner per own element (own_elements) and writes that element.
  template <int N, int Threads, class T, class Op>
  __device__ static const T* scan(buffer<T, N>& b, T* a, T& total, Op op) {
    constexpr int per_thread = N / Threads;
    constexpr int steps = log2_of<N>;
    const int t = static_cast<int>(threadIdx.x);
    T mine[per_thread];
    own_elements<N, Threads>(a, mine);
#pragma unroll
    for (int step = 0; step < steps; ++step) {
      const int d = 1 << step;
      const T* from = b.data[step % 2];
      T* to = b.data[1 - step % 2];
#pragma unroll
      for (int m = 0; m < per_thread; ++m) {
        const int i = t + m * Threads;
        if (i >= d) mine[m] = op(from[i - d], mine[m]);
        to[i] = mine[m];
      }
      __syncthreads();
    }
    const T* result = b.data[steps % 2];
    total = result[N - 1];
    return result;
  }
};

struct kogge_stone_double_buffered_strategy : one_item_shape {
  template <class Shape>
  using block_scan = array_block_scan<Shape, kogge_stone_double_buffered_scan>;
};

} // namespace scan::gpu
