// How a GPU backend runs a blockwise scan of n items in segments of `segment` (host code, shared
// by every GPU backend and the emulation tests):
//   short_segments: segment < tile: whole segments per tile (short_segments_kernel);
//   long_segments: blocks walking whole segments tile by tile (long_segments_kernel), when there
//       are enough segments to fill the GPU or each segment is only a few tiles long;
//   per_segment_scans: a few long segments: one full single-pass scan each.
#pragma once

#include <algorithm>
#include <cstdint>

namespace scan::gpu {

struct blockwise_plan {
  enum class method { short_segments, long_segments, per_segment_scans } how;
  std::int64_t blocks = 0; // grid size of the kernel (the kernels stride over more work)
  int per_tile = 0;        // short_segments: whole segments a tile holds
  bool wide_tiles = false; // short_segments: tiles of twice the shape's items (wide_tile_shape)
};

// Whole short segments a tile of `tile_items` holds: as many as fit, rounded down to a count whose
// items are whole vector runs of `run` items, so that every tile starts on a vector word and its
// loads and stores move words (rows of 7, 33 and 1000 int32 scanned at 0.76-0.81 of a copy with
// element accesses, tiles of 1022, 1023 and 1000 items; perf/BATCHED_RESULTS.md); as many as fit
// where no such count does.
inline int short_tile_segments(int tile_items, std::int64_t segment, int run) {
  const int fit = static_cast<int>(tile_items / segment);
  int step = run; // the fewest segments whose items are whole runs: run / gcd(segment, run)
  while (step > 1 && (step / 2) * segment % run == 0)
    step /= 2;
  return fit >= step ? fit / step * step : fit;
}

// Segments that keep a large GPU busy with one block each, and the segment length (in tiles)
// below which one block per segment is fast even when there are few.
inline constexpr std::int64_t blockwise_enough_segments = 512;
inline constexpr std::int64_t blockwise_short_walk_tiles = 64;
inline constexpr std::int64_t max_grid_blocks = 0x7fffffff;
// Blocks of long_segments_kernel at most for shapes that walk segments (walks_segments,
// tile_shape.cuh): many times what any GPU holds at once, few enough that each block walks
// several segments when there are many (its loads run ahead into the next one, and its
// begin_block cost, kogge_stone_global's slot, is paid once for all of them). Other shapes keep
// one block per segment: measured faster.
inline constexpr std::int64_t blockwise_walk_blocks = 16384;

// run: items of a vector access (the shape's run, a power of two). prefetch_tiles and
// walks_segments: the shape's (tile_shape.cuh); wide_prefetch_tiles: its wide tiles'
// (wide_tile_shape, blockwise_kernels.cuh).
inline blockwise_plan plan_blockwise(std::int64_t n, std::int64_t segment, int tile_items, int run,
                                     int prefetch_tiles, int wide_prefetch_tiles,
                                     bool walks_segments) {
  const std::int64_t segments = (n + segment - 1) / segment;
  if (segment < tile_items) {
    // Tiles of twice the items where whole segments fill less than 15/16 of a tile and more of
    // the wider one (rows of 33 int32: 924 of 1024 items, 1980 of 2048; 0.81 of a copy).
    int per_tile = short_tile_segments(tile_items, segment, run);
    const int wide = short_tile_segments(2 * tile_items, segment, run);
    const bool wide_tiles = per_tile * segment * 16 < tile_items * 15 && wide > 2 * per_tile;
    if (wide_tiles) per_tile = wide;
    const int prefetch = wide_tiles ? wide_prefetch_tiles : prefetch_tiles;
    const std::int64_t used = per_tile * segment;
    const std::int64_t tiles = (n + used - 1) / used;
    const std::int64_t groups = (tiles + prefetch - 1) / prefetch;
    return {blockwise_plan::method::short_segments, std::min(groups, max_grid_blocks), per_tile,
            wide_tiles};
  }
  if (segments >= blockwise_enough_segments || segment <= blockwise_short_walk_tiles * tile_items)
    return {blockwise_plan::method::long_segments,
            std::min(segments, walks_segments ? blockwise_walk_blocks : max_grid_blocks)};
  return {blockwise_plan::method::per_segment_scans, segments};
}

} // namespace scan::gpu
