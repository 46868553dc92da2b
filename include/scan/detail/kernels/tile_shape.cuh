// Where a tile's items lie in a block's registers, and how big tiles are.
//
// A tile is threads * items consecutive elements. Warp w owns the contiguous span
// [w * W * items, (w + 1) * W * items) (W lanes per warp); in it, lane l holds items / run runs of
// `run` consecutive elements, run k starting at (k * W + l) * run. With run = 16 bytes' worth of
// elements every run is one vector access and each access of a warp is fully coalesced, with no
// shared-memory transpose; run = items gives the blocked layout (each thread one contiguous
// chunk), items = 1 one element per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <scan/detail/vocabulary/headed.hpp>

namespace scan::gpu {

// MinBlocks: blocks per multiprocessor the kernels ask the compiler to fit (it caps registers).
template <int Threads, int Items, int Run, int MinBlocks = 1> struct tile_shape {
  static_assert(Items % Run == 0, "a thread's items are whole runs");
  static constexpr int threads = Threads;
  static constexpr int min_blocks = MinBlocks;
  static constexpr int items = Items;
  static constexpr int run = Run;
  static constexpr int runs = Items / Run;
  static constexpr int tile_items = Threads * Items;
};

constexpr bool is_power_of_two(std::size_t x) {
  return x != 0 && (x & (x - 1)) == 0;
}

// floor(log2(X)) for X >= 1: the step counts of the tree scans (a variable, so device code can
// use it without host-function calls).
template <std::size_t X> inline constexpr int log2_of = 1 + log2_of<X / 2>;
template <> inline constexpr int log2_of<1> = 0;

// Tiles a block loads before it scans the first, where a kernel gives a block several (the
// part kernels, the blockwise kernels): four one-item tiles, one tile of four items or more, so
// several loads per thread are in flight either way. More costs registers, and with them
// occupancy, which hides latency better here.
template <class Shape>
inline constexpr int prefetch_tiles = Shape::items >= 4 ? 1 : 4 / Shape::items;

// Shapes of few items load the next chunk while scanning: a block walks several long segments.
template <class Shape> inline constexpr bool walks_segments = prefetch_tiles<Shape> > 1;

// Elements per 16-byte vector access for elements of these sizes (1 when they do not tile 16
// bytes): the natural run of a vectorised layout.
constexpr int vector_items(std::size_t in_size, std::size_t out_size) {
  const std::size_t size = in_size > out_size ? in_size : out_size;
  return is_power_of_two(size) && size <= 16 ? static_cast<int>(16 / size) : 1;
}

// Blocks per multiprocessor a strategy asks for results of type Out (a variable template
// `template <class Out> static constexpr int min_blocks`), 1 when it says nothing.
template <class Strategy, class Out, class = void> struct min_blocks_of {
  static constexpr int value = 1;
};
template <class Strategy, class Out>
struct min_blocks_of<Strategy, Out, std::void_t<decltype(Strategy::template min_blocks<Out>)>> {
  static constexpr int value = Strategy::template min_blocks<Out>;
};

// A strategy's tile shape for element sizes: strategies define constexpr threads(in, out),
// items(in, out) and run(in, out), so host code (part sizes) and kernels agree.
// Sizes are tile_size_of (vocabulary/headed.hpp): pairs take their values' shape.
template <class Strategy, class In, class Out, std::size_t InSize = detail::tile_size_of<In>,
          std::size_t OutSize = detail::tile_size_of<Out>>
using shape_of = tile_shape<Strategy::threads(InSize, OutSize), Strategy::items(InSize, OutSize),
                            Strategy::run(InSize, OutSize), min_blocks_of<Strategy, Out>::value>;

template <class Strategy>
constexpr std::int64_t tile_items_of(std::size_t in_size, std::size_t out_size) {
  return static_cast<std::int64_t>(Strategy::threads(in_size, out_size)) *
         Strategy::items(in_size, out_size);
}

} // namespace scan::gpu
