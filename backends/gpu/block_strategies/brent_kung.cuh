// block_strategy::brent_kung: the work-efficient inclusive scan: a reduction tree up, then a
// distribution tree down, 2 log2(N) - 1 steps and about 2N combines (seed 3, PMPP 11.4). The
// active threads of a step are always the lowest ones, so whole warps idle instead of diverging.
#pragma once

#include "backends/gpu/block_strategies/array_block_scan.cuh"

namespace scan::gpu {

// Up-sweep shared with Blelloch: afterwards a[(j + 1) * 2s - 1] holds the reduction of the 2s
// elements ending there, for every level s; a[N - 1] the whole array's.
template <int N, int Threads, class T, class Op>
__device__ __forceinline__ void reduce_tree_up(T* a, Op op) {
  const int t = static_cast<int>(threadIdx.x);
  for (int stride = 1; stride < N; stride *= 2) {
    for (int j = t; j < N / (2 * stride); j += Threads) {
      const int i = (j + 1) * 2 * stride - 1;
      a[i] = op(a[i - stride], a[i]);
    }
    __syncthreads();
  }
}

struct brent_kung_scan {
  static constexpr bool exclusive = false;
  template <class T, int N> struct buffer { T data[N]; };
  template <int N, class T> __device__ static T* open(buffer<T, N>& b) { return b.data; }
  template <int N, int Threads, class T, class Op>
  __device__ static const T* scan(buffer<T, N>&, T* a, T& total, Op op) {
    reduce_tree_up<N, Threads>(a, op);
    const int t = static_cast<int>(threadIdx.x);
    for (int stride = N / 4; stride >= 1; stride /= 2) {
      for (int j = t; (j + 1) * 2 * stride - 1 + stride < N; j += Threads) {
        const int i = (j + 1) * 2 * stride - 1;
        a[i + stride] = op(a[i], a[i + stride]);
      }
      __syncthreads();
    }
    total = a[N - 1];
    return a;
  }
  template <int N, class T> __device__ static void close(buffer<T, N>&) {}
};

struct brent_kung_strategy : one_item_shape {
  template <class Shape> using block_scan = array_block_scan<Shape, brent_kung_scan>;
};

} // namespace scan::gpu
