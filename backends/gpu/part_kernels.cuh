// The kernels behind the Parts contract (src/part_primitives.hpp) for GPUs: each block handles
// one part of exactly one tile, so blocks never wait on each other. Templated on the tile shape
// and the block scan (a block strategy), the element types and the operator; inclusive or
// exclusive, init, seeds and totals are run-time arguments, so one kernel serves every mode.
#pragma once

#include <cstdint>

#include "backends/gpu/tile_io.cuh"
#include "backends/gpu/tile_prefix.cuh"
#include "scan/detail/request.hpp"

namespace scan::gpu {

// Shared memory for a T that may have a non-trivial constructor (user types).
template <class T> struct alignas(T) shared_slot {
  unsigned char bytes[sizeof(T)];
  __device__ T& get() { return *reinterpret_cast<T*>(bytes); }
};

template <class Shape>
__device__ __forceinline__ int tile_count(std::int64_t n, std::int64_t begin) {
  const std::int64_t left = n - begin;
  return left < Shape::tile_items ? static_cast<int>(left) : Shape::tile_items;
}

// totals[i] = reduction of part i (in the output type).
template <class Shape, class BlockScan, class In, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    reduce_parts_kernel(const In* in, std::int64_t n, Out* totals, bool in_vector, Op op) {
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  const std::int64_t part = blockIdx.x;
  const std::int64_t begin = part * Shape::tile_items;
  const int count = tile_count<Shape>(n, begin);
  Out items[Shape::items];
  Out run_prefix[Shape::runs];
  load_tile<Shape>(in + begin, items, count, in_vector);
  const Out total = BlockScan::scan(items, run_prefix, storage.get(), op);
  if (count >= Shape::tile_items) {
    if (threadIdx.x == 0) totals[part] = total;
  } else {
    at_item<Shape>(items, run_prefix, count - 1, op, [&](const Out& v) { totals[part] = v; });
  }
}

// Scans each part; part 0 starts from init, part i >= 1 from seeds[i - 1] when seeds is given;
// totals[i] (when given) receives part i's reduction without init or seed.
template <class Shape, class BlockScan, class In, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    scan_parts_kernel(const In* in, Out* out, std::int64_t n, bool inclusive,
                      detail::maybe<Out> init, const Out* seeds, Out* totals, bool in_vector,
                      bool out_vector, Op op) {
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  // Last part first: blocks start roughly in blockIdx order, so the parts the previous pass
  // (reduce_parts, forwards) touched last are still in L2 when this pass begins; fan_parts runs
  // forwards again, starting where this pass ended.
  const std::int64_t part = static_cast<std::int64_t>(gridDim.x) - 1 - blockIdx.x;
  const std::int64_t begin = part * Shape::tile_items;
  const int count = tile_count<Shape>(n, begin);
  Out items[Shape::items];
  Out run_prefix[Shape::runs];
  load_tile<Shape>(in + begin, items, count, in_vector);
  const Out total = BlockScan::scan(items, run_prefix, storage.get(), op);
  if (totals) {
    if (count >= Shape::tile_items) {
      if (threadIdx.x == 0) totals[part] = total;
    } else {
      at_item<Shape>(items, run_prefix, count - 1, op, [&](const Out& v) { totals[part] = v; });
    }
  }
  detail::maybe<Out> before = init;
  if (part > 0) before = seeds ? detail::maybe<Out>{seeds[part - 1], true} : detail::maybe<Out>{};
  apply_tile_prefix<Shape>(items, run_prefix, before, inclusive, op);
  store_tile<Shape>(out + begin, items, count, out_vector);
}

// For each part i >= 1 (block i - 1): inclusive: out[j] = bases[i - 1] op out[j]; exclusive: the
// part's first element becomes bases[i - 1], the others bases[i - 1] op out[j].
template <class Shape, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    fan_parts_kernel(Out* out, std::int64_t n, bool inclusive, const Out* bases, bool vector,
                     Op op) {
  const std::int64_t part = static_cast<std::int64_t>(blockIdx.x) + 1;
  const std::int64_t begin = part * Shape::tile_items;
  const int count = tile_count<Shape>(n, begin);
  const Out base = bases[part - 1];
  Out items[Shape::items];
  load_tile<Shape>(out + begin, items, count, vector);
#pragma unroll
  for (int i = 0; i < Shape::items; ++i)
    items[i] = op(base, items[i]);
  if (!inclusive && threadIdx.x == 0) items[0] = base;
  store_tile<Shape>(out + begin, items, count, vector);
}

} // namespace scan::gpu
