// The blockwise scan's kernels: independent scans of consecutive segments of `segment` items
// (the last may be shorter), each starting from init when given. No block waits on another.
//
// long_segments_kernel (segment >= tile): a block scans segments blockIdx.x, + gridDim.x, ...,
// each tile by tile from its start, in order with a carry. Shapes that walk segments (one or two
// items, walks_segments in tile_shape.cuh) take `prefetch` tiles at a time and load the next
// chunk (of this segment or the next) before scanning this one, so loads stay in flight while
// the block scans.
// short_segments_kernel (segment < tile): a tile holds `per_tile` whole segments (at most
// floor(tile / segment): blockwise_plan.hpp's short_tile_segments); with several per tile the
// block scan runs on head-flagged values (vocabulary/headed.hpp).
// Both take any block strategy (kernels/block_scan.cuh contract) with its tile shape. Out is the
// type the scan accumulates in, `out` a pointer to it or rounded results (vocabulary/rounded.hpp:
// the 16-bit floats, accumulated in float, each result rounded once as it is stored).
#pragma once

#include <cstdint>

#include <scan/detail/kernels/part_kernels.cuh>
#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/kernels/tile_prefix.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

// Where a block is in its walk over long segments: segment `seg`, items from `first` on.
struct segment_walk {
  std::int64_t seg, first;
};

template <class Shape, class BlockScan, class In, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads)
    long_segments_kernel(const In* in, OutSeq out, std::int64_t n, std::int64_t segment,
                         bool inclusive, detail::maybe<Out> init, bool in_vector, bool out_vector,
                         Op op) {
  constexpr int tile = Shape::tile_items;
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  BlockScan::begin_block(storage.get());
  const std::int64_t segments = (n + segment - 1) / segment;
  const auto length = [&](std::int64_t seg) {
    return n - seg * segment < segment ? n - seg * segment : segment;
  };
  // Scans the loaded tile at `offset` of the segment at `base` (`len` items) after `carry`,
  // stores it and adds its total to the carry (only a full tile is followed by another).
  const auto scan_tile = [&](Out(&items)[Shape::items], std::int64_t base, std::int64_t len,
                             std::int64_t offset, detail::maybe<Out>& carry) {
    Out run_prefix[Shape::runs] = {};
    __syncthreads(); // the previous tile's block scan is done with the storage
    const Out total = BlockScan::scan(items, run_prefix, storage.get(), op);
    apply_tile_prefix<Shape>(items, run_prefix, carry, inclusive, op);
    store_tile<Shape>(out + base + offset, items, tile_count<Shape>(len, offset), out_vector);
    carry = {carry.present ? op(carry.value, total) : total, true};
  };

  if constexpr (walks_segments<Shape>) {
    constexpr int prefetch = prefetch_tiles<Shape>;
    // A chunk: up to `prefetch` tiles of one segment.
    const auto load_chunk = [&](segment_walk at, Out(&items)[prefetch][Shape::items]) {
      const std::int64_t len = length(at.seg);
#pragma unroll
      for (int g = 0; g < prefetch; ++g) {
        const std::int64_t offset = at.first + std::int64_t{g} * tile;
        if (offset < len)
          load_tile<Shape>(in + at.seg * segment + offset, items[g], tile_count<Shape>(len, offset),
                           in_vector);
      }
    };
    const auto following = [&](segment_walk at) {
      at.first += std::int64_t{prefetch} * tile;
      if (at.first >= length(at.seg)) at = {at.seg + gridDim.x, 0};
      return at;
    };

    // Initialised: the copy from `ahead` moves items a ragged chunk never loaded.
    Out items[prefetch][Shape::items] = {};
    Out ahead[prefetch][Shape::items] = {};
    segment_walk at{blockIdx.x, 0};
    if (at.seg < segments) load_chunk(at, items);
    detail::maybe<Out> carry = init;
    while (at.seg < segments) {
      const segment_walk next = following(at);
      if (next.seg < segments) load_chunk(next, ahead);
      const std::int64_t base = at.seg * segment, len = length(at.seg);
#pragma unroll
      for (int g = 0; g < prefetch; ++g) {
        const std::int64_t offset = at.first + std::int64_t{g} * tile;
        if (offset < len) scan_tile(items[g], base, len, offset, carry);
      }
      if (next.first == 0) carry = init;
      at = next;
#pragma unroll
      for (int g = 0; g < prefetch; ++g)
#pragma unroll
        for (int i = 0; i < Shape::items; ++i)
          items[g][i] = ahead[g][i];
    }
  } else {
    for (std::int64_t seg = blockIdx.x; seg < segments; seg += gridDim.x) {
      const std::int64_t base = seg * segment, len = length(seg);
      detail::maybe<Out> carry = init;
      for (std::int64_t offset = 0; offset < len; offset += tile) {
        Out items[Shape::items];
        load_tile<Shape>(in + base + offset, items, tile_count<Shape>(len, offset), in_vector);
        scan_tile(items, base, len, offset, carry);
      }
    }
  }
  BlockScan::end_block(storage.get());
}

// The tile of short segments that fill a Shape's tile badly (blockwise_plan's wide_tiles): twice
// its items, in runs of the same length. For 4- and 8-byte values (runs of 4 and 2) the compiler
// is asked for VectorBlocks blocks per multiprocessor (the backend's tuning: int32 took more
// registers than float, and fewer blocks fit).
template <class Shape, int VectorBlocks>
using wide_tile_shape =
    tile_shape<Shape::threads, 2 * Shape::items, Shape::run,
               Shape::run == 2 || Shape::run == 4 ? VectorBlocks : Shape::min_blocks>;

template <class Shape, class BlockScan, class In, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks > 1 ? Shape::min_blocks : 0)
    short_segments_kernel(const In* in, OutSeq out, std::int64_t n, int segment, int per_tile,
                          bool inclusive, detail::maybe<Out> init, bool in_vector, bool out_vector,
                          Op op) {
  constexpr int prefetch = prefetch_tiles<Shape>;
  constexpr int run = Shape::run;
  using flagged = detail::headed<Out>;
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  __shared__ shared_slot<typename BlockScan::template storage<flagged>> flagged_storage;
  const int used = per_tile * segment; // items of a tile that hold data
  const std::int64_t tiles = (n + used - 1) / used;
  // Vector accesses need every tile to start on a vector word: whole runs of items before it.
  const bool vector_in = in_vector && used % run == 0, vector_out = out_vector && used % run == 0;
  if (per_tile == 1)
    BlockScan::begin_block(storage.get());
  else
    BlockScan::begin_block(flagged_storage.get());
  for (std::int64_t group = blockIdx.x; group * prefetch < tiles; group += gridDim.x) {
    Out items[prefetch][Shape::items];
#pragma unroll
    for (int g = 0; g < prefetch; ++g) {
      const std::int64_t t = group * prefetch + g;
      if (t < tiles) {
        const std::int64_t begin = t * used;
        const int count = n - begin < used ? static_cast<int>(n - begin) : used;
        load_tile<Shape>(in + begin, items[g], count, vector_in);
      }
    }
#pragma unroll
    for (int g = 0; g < prefetch; ++g) {
      const std::int64_t t = group * prefetch + g;
      if (t >= tiles) continue;
      const std::int64_t begin = t * used;
      const int count = n - begin < used ? static_cast<int>(n - begin) : used;
      __syncthreads(); // the previous tile's block scan is done with the storage
      if (per_tile == 1) {
        Out run_prefix[Shape::runs] = {};
        BlockScan::scan(items[g], run_prefix, storage.get(), op);
        apply_tile_prefix<Shape>(items[g], run_prefix, init, inclusive, op);
        store_tile<Shape>(out + begin, items[g], count, vector_out);
        continue;
      }
      // Several segments per tile: flag each segment's first item and scan the pairs.
      flagged f[Shape::items];
#pragma unroll
      for (int k = 0; k < Shape::runs; ++k) {
        int r = run_offset<Shape>(k) % segment;
#pragma unroll
        for (int j = 0; j < run; ++j) {
          f[k * run + j] = {items[g][k * run + j], r == 0};
          r = r + 1 == segment ? 0 : r + 1;
        }
      }
      flagged f_prefix[Shape::runs] = {};
      const detail::restart_at_heads<Op> lifted{op};
      BlockScan::scan(f, f_prefix, flagged_storage.get(), lifted);
      // Item (k, j) scans from its segment's head: f[k, j] alone when a head lies in its run at
      // or before it (always so for the tile's first run), else the run's prefix combined in.
#pragma unroll
      for (int k = 0; k < Shape::runs; ++k) {
        const bool tile_start = k == 0 && threadIdx.x == 0;
        flagged before = f_prefix[k]; // scan through the item before this run
        int r = run_offset<Shape>(k) % segment;
#pragma unroll
        for (int j = 0; j < run; ++j) {
          const flagged mine = tile_start ? f[k * run + j] : lifted(f_prefix[k], f[k * run + j]);
          Out& o = items[g][k * run + j];
          if (inclusive)
            o = init.present ? op(init.value, mine.value) : mine.value;
          else if (r == 0) // a segment's first item: init alone
            o = init.value;
          else
            o = init.present ? op(init.value, before.value) : before.value;
          before = mine;
          r = r + 1 == segment ? 0 : r + 1;
        }
      }
      store_tile<Shape>(out + begin, items[g], count, vector_out);
    }
  }
  if (per_tile == 1)
    BlockScan::end_block(storage.get());
  else
    BlockScan::end_block(flagged_storage.get());
}

} // namespace scan::gpu
