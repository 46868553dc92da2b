// A block's scan of one tile held in registers (layout: tile_shape.cuh), built from warp scans:
// each thread scans its runs serially, the warp scans its run totals (one warp scan per run
// index), and the warps' totals are scanned by every warp redundantly after one barrier, so no
// second barrier is needed. The warp scan is a template parameter (shuffles, or PTX predicated
// adds on CUDA).
//
// The block-scan contract every block strategy follows: a struct with `template <class T> struct storage` (shared memory, trivially
// constructible) and
//   template <class T, class Op>
//   static T scan(T (&items)[items], T (&run_prefix)[runs], storage<T>&, Op);
// which leaves in items[] the inclusive scan of each run by itself, in run_prefix[k] the
// combination of every item of the tile before run k (unspecified for thread 0's run 0: nothing
// precedes it), and returns the tile's reduction to every thread. It must be callable again after
// a barrier with another storage, and is left to right for non-commutative operators. A block
// calls
//   template <class T> static void begin_block(storage<T>&);  // before its first scan
//   template <class T> static void end_block(storage<T>&);    // after its last one's results
// around the scans it runs on one storage (every thread; no waiting on other blocks between the
// two): the place to borrow and give back memory beyond shared memory (kogge_stone_global).
#pragma once

#include <scan/detail/platform/platform.cuh>

namespace scan::gpu {

template <class Shape, class WarpScan> struct striped_block_scan {
  static constexpr int warps = Shape::threads / warp_size;

  template <class T> struct storage { T warp_totals[warps]; };
  template <class T> __device__ static void begin_block(storage<T>&) {}
  template <class T> __device__ static void end_block(storage<T>&) {}

  template <class T, class Op>
  __device__ __forceinline__ static T scan(T (&items)[Shape::items], T (&run_prefix)[Shape::runs],
                                           storage<T>& s, Op op) {
    constexpr int run = Shape::run;
    constexpr int runs = Shape::runs;
    const int lane = lane_id();
    const int warp = static_cast<int>(threadIdx.x) / warp_size;

#pragma unroll
    for (int k = 0; k < runs; ++k)
#pragma unroll
      for (int j = 1; j < run; ++j)
        items[k * run + j] = op(items[k * run + j - 1], items[k * run + j]);

    // Independent warp scans, one per run index: their shuffles overlap.
    T scanned[runs];
#pragma unroll
    for (int k = 0; k < runs; ++k)
      scanned[k] = WarpScan::template inclusive<warp_size>(items[k * run + run - 1], op);

    // Within the warp's span, run k of lane l follows every run k' < k and run k of lanes < l.
    T carry = scanned[0];
#pragma unroll
    for (int k = 0; k < runs; ++k) {
      const T before = shfl_up(scanned[k], 1);
      const T segment = shfl(scanned[k], warp_size - 1);
      if (k == 0) {
        run_prefix[0] = before;
        carry = segment;
      } else {
        run_prefix[k] = lane > 0 ? op(carry, before) : carry;
        carry = op(carry, segment);
      }
    }
    if constexpr (warps == 1) {
      return carry;
    } else {
      if (lane == 0) s.warp_totals[warp] = carry;
      __syncthreads();
      T t = s.warp_totals[lane < warps ? lane : warps - 1];
      t = WarpScan::template inclusive<warps>(t, op);
      const T total = shfl(t, warps - 1);
      const T warp_prefix = shfl(t, warp > 0 ? warp - 1 : 0);
      if (warp > 0) {
#pragma unroll
        for (int k = 0; k < runs; ++k)
          run_prefix[k] = (k == 0 && lane == 0) ? warp_prefix : op(warp_prefix, run_prefix[k]);
      }
      return total;
    }
  }
};

} // namespace scan::gpu
