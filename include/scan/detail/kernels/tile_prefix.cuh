// Turns a block-scanned tile (items: each run's own inclusive scan; run_prefix: the tile's items
// before each run) into the output values, given what precedes the whole tile.
#pragma once

#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

// `before` is everything before the tile (init and earlier tiles), absent only for a first tile
// without init. Inclusive: item j becomes before op (tile items up to j). Exclusive: before op
// (tile items before j); the tile's first item is left unspecified when `before` is absent.

// One run: `run` holds run k of this thread (its own inclusive scan), `run_prefix` the tile's
// items before it.
template <class Shape, class T, class Op>
__device__ __forceinline__ void apply_run_prefix(T* run, int k, const T& run_prefix,
                                                 detail::maybe<T> before, bool inclusive, Op op) {
  constexpr int length = Shape::run;
  const bool first = k == 0 && threadIdx.x == 0;
  bool has = true;
  T base;
  if (first) {
    has = before.present;
    base = before.value;
  } else {
    base = before.present ? op(before.value, run_prefix) : run_prefix;
  }
  if (inclusive) {
    if (has) {
#pragma unroll
      for (int j = 0; j < length; ++j)
        run[j] = op(base, run[j]);
    }
  } else {
#pragma unroll
    for (int j = length - 1; j > 0; --j)
      run[j] = has ? op(base, run[j - 1]) : run[j - 1];
    if (has) run[0] = base;
  }
}

template <class Shape, class T, class Op>
__device__ __forceinline__ void apply_tile_prefix(T (&items)[Shape::items],
                                                  const T (&run_prefix)[Shape::runs],
                                                  detail::maybe<T> before, bool inclusive, Op op) {
#pragma unroll
  for (int k = 0; k < Shape::runs; ++k)
    apply_run_prefix<Shape>(&items[k * Shape::run], k, run_prefix[k], before, inclusive, op);
}

} // namespace scan::gpu
