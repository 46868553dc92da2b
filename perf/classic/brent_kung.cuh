// strategy::brent_kung: the work-efficient inclusive scan: a reduction tree up, then a
// distribution tree down, 2 log2(N) - 1 steps and about 2N combines (seed 3, PMPP 11.4), over
// two elements per thread (two_item_shape). The active threads of a step are always the lowest
// ones, so whole warps idle instead of diverging, and the steps where they fit in one warp end in
// a warp barrier; the array is padded against bank conflicts; every loop is unrolled.
#pragma once

#include "perf/classic/array_block_scan.cuh"

namespace scan::gpu {

// f(j) for j = threadIdx.x, + Threads, ... below count; Max bounds count at compile time.
template <int Max, int Threads, class F>
__device__ __forceinline__ void for_lowest(int count, F f) {
  const int t = static_cast<int>(threadIdx.x);
#pragma unroll
  for (int m = 0; m < (Max + Threads - 1) / Threads; ++m)
    if (t + m * Threads < count) f(t + m * Threads);
}

// The barrier after a tree level. Active threads are always the lowest ones, so once a level's and
// the next level's all lie in the first warp, that warp's own barrier suffices: the top levels of
// both trees (the longest run of dependent steps) skip the block-wide barriers.
__device__ __forceinline__ void tree_barrier(int active, int next_active) {
  if (active <= warp_size && next_active <= warp_size)
    sync_warp();
  else
    __syncthreads();
}

// Up-sweep shared with Blelloch: afterwards a[(j + 1) * 2s - 1] holds the reduction of the 2s
// elements ending there, for every level s; a[N - 1] the whole array's. `then_active`: the threads
// that read the array right after (all of them: Threads).
template <int N, int Threads, class Array, class Op>
__device__ __forceinline__ void reduce_tree_up(Array a, Op op, int then_active) {
  constexpr int levels = log2_of<N>;
#pragma unroll
  for (int level = 0; level < levels; ++level) {
    const int stride = 1 << level;
    const int active = N / (2 * stride);
    for_lowest<N / 2, Threads>(active, [&](int j) {
      const int i = (j + 1) * 2 * stride - 1;
      a[i] = op(a[i - stride], a[i]);
    });
    tree_barrier(active, level + 1 < levels ? active / 2 : then_active);
  }
}

struct brent_kung_scan : padded_shared_array {
  static constexpr bool exclusive = false;
  template <int N, int Threads, class T, class Array, class Op>
  __device__ static Array scan(buffer<T, N>&, Array a, T& total, Op op) {
    constexpr int levels = log2_of<N>;
    // The down-sweep's first level hands on one value (thread 0).
    reduce_tree_up<N, Threads>(a, op, 1);
    // Level s hands the reduction at each (j + 1) * 2s - 1 to the element s after it.
#pragma unroll
    for (int level = levels - 2; level >= 0; --level) {
      const int stride = 1 << level;
      const int active = N / (2 * stride) - 1;
      for_lowest<N / 2, Threads>(active, [&](int j) {
        const int i = (j + 1) * 2 * stride - 1;
        a[i + stride] = op(a[i], a[i + stride]);
      });
      tree_barrier(active, level > 0 ? 2 * active + 1 : Threads); // then every thread reads
    }
    total = a[N - 1];
    return a;
  }
};

struct brent_kung_strategy : two_item_shape {
  template <class Shape> using block_scan = array_block_scan<Shape, brent_kung_scan>;
};

} // namespace scan::gpu
