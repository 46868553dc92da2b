// block_strategy::kogge_stone_double_buffered: Kogge-Stone over two shared arrays, reading one
// and writing the other, so a step needs one barrier instead of two (seed 1 step 2, seed 3).
#pragma once

#include "backends/gpu/block_strategies/array_block_scan.cuh"

namespace scan::gpu {

struct kogge_stone_double_buffered_scan {
  static constexpr bool exclusive = false;
  template <class T, int N> struct buffer { T data[2][N]; };
  template <int N, class T> __device__ static T* open(buffer<T, N>& b) { return b.data[0]; }
  template <int N, int Threads, class T, class Op>
  __device__ static const T* scan(buffer<T, N>& b, T* a, T& total, Op op) {
    constexpr int per_thread = N / Threads;
    const int t = static_cast<int>(threadIdx.x);
    T* from = a;
    T* to = b.data[1];
    for (int d = 1; d < N; d *= 2) {
#pragma unroll
      for (int m = 0; m < per_thread; ++m) {
        const int i = t + m * Threads;
        to[i] = i >= d ? op(from[i - d], from[i]) : from[i];
      }
      __syncthreads();
      T* swap = from;
      from = to;
      to = swap;
    }
    total = from[N - 1];
    return from;
  }
  template <int N, class T> __device__ static void close(buffer<T, N>&) {}
};

struct kogge_stone_double_buffered_strategy : one_item_shape {
  template <class Shape>
  using block_scan = array_block_scan<Shape, kogge_stone_double_buffered_scan>;
};

} // namespace scan::gpu
