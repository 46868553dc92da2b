// The kernels behind the Parts contract (orchestration/part_primitives.hpp) for GPUs: a part is
// exactly one tile, and each block handles prefetch_tiles<Shape> consecutive parts (several for
// tiles of one or two items per thread, whose loads are all issued before the first part is
// scanned), so blocks never wait on each other. Templated on the tile shape and the block scan (a
// block strategy), the element types and the operator; inclusive or exclusive, init, seeds and
// totals are run-time arguments, so one kernel serves every mode.
#pragma once

#include <cstdint>

#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/kernels/tile_prefix.cuh>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

// Shared memory for a T that may have a non-trivial constructor (user types).
template <class T> struct alignas(T) shared_slot {
  unsigned char bytes[sizeof(T)];
  __device__ T& get() { return *reinterpret_cast<T*>(bytes); }
};

// Blocks of a part kernel over `parts` parts (host and device).
template <class Shape> constexpr std::int64_t part_blocks(std::int64_t parts) {
  return (parts + prefetch_tiles<Shape> - 1) / prefetch_tiles<Shape>;
}

template <class Shape>
__device__ __forceinline__ int tile_count(std::int64_t n, std::int64_t begin) {
  const std::int64_t left = n - begin;
  return left < Shape::tile_items ? static_cast<int>(left) : Shape::tile_items;
}

// Loads a block's parts first, first + 1, ... (those that start before n), all of them before
// any is scanned, so their loads are in flight together.
template <class Shape, class InSeq, class Out>
__device__ __forceinline__ void load_parts(InSeq src, std::int64_t n, std::int64_t first,
                                           Out (&items)[prefetch_tiles<Shape>][Shape::items],
                                           bool vector) {
#pragma unroll
  for (int g = 0; g < prefetch_tiles<Shape>; ++g) {
    const std::int64_t begin = (first + g) * Shape::tile_items;
    if (begin < n) load_tile<Shape>(src + begin, items[g], tile_count<Shape>(n, begin), vector);
  }
}

// Writes scanned part `part`'s reduction to totals[part]: thread 0 for a full tile (the block
// scan's total); for a ragged one the thread holding its last item, as the total also combines
// the filler.
template <class Shape, class Out, class Op>
__device__ __forceinline__ void
store_part_total(const Out (&items)[Shape::items], const Out (&run_prefix)[Shape::runs], int count,
                 const Out& total, Op op, Out* totals, std::int64_t part) {
  if (count >= Shape::tile_items) {
    if (threadIdx.x == 0) totals[part] = total;
  } else {
    at_item<Shape>(items, run_prefix, count - 1, op, [&](const Out& v) { totals[part] = v; });
  }
}

// What the part kernels share: each of a block's parts first, first + 1, ... that starts before
// n (items, from load_parts) goes through the block scan in turn, then
// f(part, begin, count, part_items, run_prefix, total) does the kernel's own work with it.
template <class Shape, class BlockScan, class Out, class Storage, class Op, class F>
__device__ __forceinline__ void scan_block_parts(Out (&items)[prefetch_tiles<Shape>][Shape::items],
                                                 std::int64_t first, std::int64_t n,
                                                 Storage& storage, Op op, F&& f) {
  BlockScan::begin_block(storage);
#pragma unroll
  for (int g = 0; g < prefetch_tiles<Shape>; ++g) {
    const std::int64_t part = first + g, begin = part * Shape::tile_items;
    if (begin >= n) break;
    const int count = tile_count<Shape>(n, begin);
    if (g > 0) __syncthreads(); // the previous part's block scan is done with the storage
    Out run_prefix[Shape::runs];
    const Out total = BlockScan::scan(items[g], run_prefix, storage, op);
    f(part, begin, count, items[g], run_prefix, total);
  }
  BlockScan::end_block(storage);
}

// totals[i] = reduction of part i (in the output type).
template <class Shape, class BlockScan, class InSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    reduce_parts_kernel(InSeq in, std::int64_t n, Out* totals, bool in_vector, Op op) {
  constexpr int parts = prefetch_tiles<Shape>;
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  const std::int64_t first = std::int64_t{blockIdx.x} * parts;
  Out items[parts][Shape::items] = {}; // initialised: a block's last parts may lie past n
  load_parts<Shape>(in, n, first, items, in_vector);
  scan_block_parts<Shape, BlockScan>(
      items, first, n, storage.get(), op,
      [&](std::int64_t part, std::int64_t, int count, const auto& part_items,
          const auto& run_prefix, const Out& total) {
        store_part_total<Shape>(part_items, run_prefix, count, total, op, totals, part);
      });
}

// Scans each part; part 0 starts from init, part i >= 1 from seeds[i - 1] when seeds is given;
// totals[i] (when given) receives part i's reduction without init or seed.
template <class Shape, class BlockScan, class InSeq, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    scan_parts_kernel(InSeq in, OutSeq out, std::int64_t n, bool inclusive, detail::maybe<Out> init,
                      const Out* seeds, Out* totals, bool in_vector, bool out_vector, Op op) {
  constexpr int parts = prefetch_tiles<Shape>;
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  // Last parts first: blocks start roughly in blockIdx order, so the parts the previous pass
  // (reduce_parts, forwards) touched last are still in L2 when this pass begins; fan_parts runs
  // forwards again, starting where this pass ended.
  const std::int64_t first =
      (static_cast<std::int64_t>(gridDim.x) - 1 - blockIdx.x) * std::int64_t{parts};
  Out items[parts][Shape::items] = {}; // initialised: a block's last parts may lie past n
  load_parts<Shape>(in, n, first, items, in_vector);
  scan_block_parts<Shape, BlockScan>(
      items, first, n, storage.get(), op,
      [&](std::int64_t part, std::int64_t begin, int count, auto& part_items,
          const auto& run_prefix, const Out& total) {
        if (totals) store_part_total<Shape>(part_items, run_prefix, count, total, op, totals, part);
        detail::maybe<Out> before = init.resolved();
        if (part > 0)
          before = seeds ? detail::maybe<Out>{seeds[part - 1], true} : detail::maybe<Out>{};
        apply_tile_prefix<Shape>(part_items, run_prefix, before, inclusive, op);
        store_tile<Shape>(out + begin, part_items, count, out_vector);
      });
}

// Blocks of fan_parts_kernel: every part but the first.
template <class Shape> constexpr std::int64_t fan_blocks(std::int64_t parts) {
  return parts < 2 ? 0 : part_blocks<Shape>(parts - 1);
}

// For each part i >= 1: inclusive: out[j] = bases[i - 1] op out[j]; exclusive: the part's first
// element becomes bases[i - 1], the others bases[i - 1] op out[j].
template <class Shape, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    fan_parts_kernel(OutSeq out, std::int64_t n, bool inclusive, const Out* bases, bool vector,
                     Op op) {
  constexpr int parts = prefetch_tiles<Shape>;
  const std::int64_t first = 1 + std::int64_t{blockIdx.x} * parts;
  Out items[parts][Shape::items] = {}; // initialised: a block's last parts may lie past n
  load_parts<Shape>(out, n, first, items, vector);
#pragma unroll
  for (int g = 0; g < parts; ++g) {
    const std::int64_t part = first + g, begin = part * Shape::tile_items;
    if (begin >= n) break;
    const Out base = bases[part - 1];
#pragma unroll
    for (int i = 0; i < Shape::items; ++i)
      items[g][i] = op(base, items[g][i]);
    if (!inclusive && threadIdx.x == 0) items[g][0] = base;
    store_tile<Shape>(out + begin, items[g], tile_count<Shape>(n, begin), vector);
  }
}

} // namespace scan::gpu
