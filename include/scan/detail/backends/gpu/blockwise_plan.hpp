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
};

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

// prefetch_tiles and walks_segments: the shape's (tile_shape.cuh).
inline blockwise_plan plan_blockwise(std::int64_t n, std::int64_t segment, int tile_items,
                                     int prefetch_tiles, bool walks_segments) {
  const std::int64_t segments = (n + segment - 1) / segment;
  if (segment < tile_items) {
    const std::int64_t used = tile_items / segment * segment;
    const std::int64_t tiles = (n + used - 1) / used;
    const std::int64_t groups = (tiles + prefetch_tiles - 1) / prefetch_tiles;
    return {blockwise_plan::method::short_segments, std::min(groups, max_grid_blocks)};
  }
  if (segments >= blockwise_enough_segments || segment <= blockwise_short_walk_tiles * tile_items)
    return {blockwise_plan::method::long_segments,
            std::min(segments, walks_segments ? blockwise_walk_blocks : max_grid_blocks)};
  return {blockwise_plan::method::per_segment_scans, segments};
}

} // namespace scan::gpu
