// strategy::blelloch: the work-efficient exclusive scan (up-sweep, then a down-sweep that
// swaps and combines; seed 2), over two elements per thread (two_item_shape). The textbook
// version clears the root to the identity; a custom operator has none, so the leftmost pair of
// each level, the only one whose prefix is empty, passes its left value up without combining.
#pragma once

#include "perf/classic/array_block_scan.cuh"
#include "perf/classic/brent_kung.cuh"

namespace scan::gpu {

struct blelloch_scan : padded_shared_array {
  static constexpr bool exclusive = true;
  template <int N, int Threads, class T, class Array, class Op>
  __device__ static Array scan(buffer<T, N>&, Array a, T& total, Op op) {
    reduce_tree_up<N, Threads>(a, op, Threads); // then every thread reads the root
    total = a[N - 1];
    __syncthreads(); // every thread has read the root before the down-sweep overwrites it
    constexpr int levels = log2_of<N>;
#pragma unroll
    for (int level = levels - 1; level >= 0; --level) {
      const int stride = 1 << level;
      const int active = N / (2 * stride);
      for_lowest<N / 2, Threads>(active, [&](int j) {
        const int right = (j + 1) * 2 * stride - 1;
        const int left = right - stride;
        const T l = a[left];
        if (j == 0) {
          a[right] = l; // the empty prefix: a[left] keeps a stale value, never read as a prefix
        } else {
          a[left] = a[right];
          a[right] = op(a[right], l);
        }
      });
      tree_barrier(active, level > 0 ? 2 * active : Threads); // then every thread reads
    }
    return a;
  }
};

struct blelloch_strategy : two_item_shape {
  template <class Shape> using block_scan = array_block_scan<Shape, blelloch_scan>;
};

} // namespace scan::gpu
