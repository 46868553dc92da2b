// The block strategies the CUDA backend runs (options::block), each a tile shape plus a block
// scan (backends/gpu/block_scan.cuh contract), and the one place that maps the enum to them.
// Tuning lives here: tile shapes per element size, chosen from the sweep in perf/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "backends/cuda/ptx_warp_scan.cuh"
#include "backends/gpu/block_scan.cuh"
#include "backends/gpu/block_strategies/blelloch.cuh"
#include "backends/gpu/block_strategies/brent_kung.cuh"
#include "backends/gpu/block_strategies/kogge_stone_double_buffered.cuh"
#include "backends/gpu/block_strategies/kogge_stone_global.cuh"
#include "backends/gpu/block_strategies/kogge_stone_shared.cuh"
#include "backends/gpu/tile_shape.cuh"
#include "backends/gpu/warp_scan.cuh"
#include "scan/options.hpp"

namespace scan::cuda {

constexpr std::size_t larger(std::size_t a, std::size_t b) {
  return a > b ? a : b;
}

// The single pass's sleep before a tile's first look-back poll (gpu::lookback_delay_of): none.
struct no_lookback_delay {
  template <class Out> static constexpr int ns(std::int64_t) { return 0; }
};
template <int Ns> struct fixed_lookback_delay {
  template <class Out> static constexpr int ns(std::int64_t) { return Ns; }
};
// The tuned sleep (perf/CUDA_RESULTS.md, look-back delay sweep, H100): from 2048 tiles on; the
// longer the chain of tiles the longer integers gain by it; the in-order look-back of other
// types (all predecessors' aggregates) loses again beyond about 1.5 us.
struct tuned_lookback_delay {
  template <class Out> static constexpr int ns(std::int64_t tiles) {
    if (tiles < 2048) return 0;
    if (!std::is_integral_v<Out>) return 1500;
    return tiles < 8192 ? 1200 : 3000;
  }
};

// The staged single pass's sleep before the first look-back poll: from 2048 tiles on only (it
// runs from there), 1.2 us, and 3 us from 8192 tiles, for every type (its in-order look-back for
// floating point keeps up, unlike the register kernel's). perf/CUDA_RESULTS.md, staged single pass.
struct staged_lookback_delay {
  template <class Out> static constexpr int ns(std::int64_t tiles) {
    return tiles < 2048 ? 0 : tiles < 8192 ? 1200 : 3000;
  }
};

// The single pass stages its tile in shared memory (backends/gpu/staged_single_pass_kernel.cuh)
// from FromTiles tiles on, where the platform has a tile copy: Blocks per multiprocessor asked of
// the compiler, WideBlocks for results of more than 4 bytes (their totals and look-back take more
// registers); Delay its look-back delay. Tuned on the H100 (perf/CUDA_RESULTS.md, staged single
// pass): below 2048 tiles the register kernel is as fast or faster (8-byte types up to 7%), from
// there the staged one up to 10% faster; six blocks suit 4-byte results, five 8-byte ones (int64
// 1-4% faster than six, double spills at six).
template <std::int64_t FromTiles, int Blocks, int WideBlocks, class Delay = staged_lookback_delay>
struct staged_single_pass {
  using lookback_delay = Delay;
  static constexpr std::int64_t from_tiles = FromTiles;
  static constexpr int max_tile_bytes = 32 * 1024;
  template <class Out> static constexpr int min_blocks = sizeof(Out) > 4 ? WideBlocks : Blocks;
};
using tuned_staging = staged_single_pass<2048, 6, 5>;

// block_strategy::automatic: 16-byte runs, several per thread (Bytes of output per thread,
// at most 32 items), PTX warp scans where they apply. Blocks per multiprocessor asked of the
// compiler: IntBlocks for integer results, FloatBlocks for floating point (its in-order look-back
// needs more registers), none for other types (large custom values would spill). Delay: the
// register single pass's look-back delay policy; Staging: when the single pass stages its tiles.
template <int Threads, int Bytes, int IntBlocks = 1, int FloatBlocks = IntBlocks,
          class Delay = tuned_lookback_delay, class Staging = tuned_staging>
struct tuned_strategy_of {
  using lookback_delay = Delay;
  using staging = Staging;
  template <class Out>
  static constexpr int min_blocks = std::is_integral_v<Out>         ? IntBlocks
                                    : std::is_floating_point_v<Out> ? FloatBlocks
                                                                    : 1;
  static constexpr int threads(std::size_t, std::size_t) { return Threads; }
  static constexpr int run(std::size_t in, std::size_t out) { return gpu::vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) {
    const int r = run(in, out);
    int want = static_cast<int>(Bytes / larger(out, 1));
    if (want > 32) want = 32;
    if (want < 1) want = 1;
    return want <= r ? r : want / r * r;
  }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, ptx_warp_scan>;
};
// perf/CUDA_RESULTS.md, tuning sweep: four blocks per SM suit integers (int64 4% faster than
// three), three floating point (four spill its in-order look-back, double 16% slower).
using tuned_strategy = tuned_strategy_of<256, 128, 4, 3>;

// block_strategy::warp_shuffle: one item per thread, __shfl_up_sync warp scans, then a scan of
// the warp totals.
template <class WarpScan> struct one_item_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t, std::size_t) { return 1; }
  static constexpr int items(std::size_t, std::size_t) { return 1; }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, WarpScan>;
};
using warp_shuffle_strategy = one_item_strategy<gpu::shuffle_warp_scan>;
// block_strategy::warp_shuffle_ptx: the same with predicated PTX adds.
using warp_shuffle_ptx_strategy = one_item_strategy<ptx_warp_scan>;

// block_strategy::thread_coarsened: each thread scans one contiguous chunk of 64 bytes of
// output serially (the blocked layout); warp shuffles scan the per-thread totals.
struct thread_coarsened_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int items(std::size_t in, std::size_t out) {
    const int want = static_cast<int>(64 / larger(larger(in, out), 1));
    return want < 1 ? 1 : (want > 16 ? 16 : want);
  }
  static constexpr int run(std::size_t in, std::size_t out) { return items(in, out); }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, gpu::shuffle_warp_scan>;
};

// Empty when the CUDA backend runs this block strategy: it runs all of them.
inline std::string unsupported_block(block_strategy) {
  return {};
}

// The classic designs of the ladder: compiled in translation units of their own
// (compiled_ladder_*.cu), apart from the per-operator ones of the tuned strategies.
constexpr bool is_ladder_strategy(block_strategy b) {
  return b == block_strategy::kogge_stone_global || b == block_strategy::kogge_stone_shared ||
         b == block_strategy::kogge_stone_double_buffered || b == block_strategy::brent_kung ||
         b == block_strategy::blelloch;
}

// Calls f(Strategy{}) for one of the strategies tuned for this backend (not the ladder's).
template <class F> void visit_tuned_strategy(block_strategy b, F&& f) {
  switch (b) {
  case block_strategy::warp_shuffle:
    return f(warp_shuffle_strategy{});
  case block_strategy::warp_shuffle_ptx:
    return f(warp_shuffle_ptx_strategy{});
  case block_strategy::thread_coarsened:
    return f(thread_coarsened_strategy{});
  default:
    return f(tuned_strategy{});
  }
}

// Calls f(Strategy{}) for a block strategy. The classic designs of the ladder
// (backends/gpu/block_strategies/) scan one item per thread in a shared or global array.
template <class F> void visit_strategy(block_strategy b, F&& f) {
  switch (b) {
  case block_strategy::kogge_stone_global:
    return f(gpu::kogge_stone_global_strategy{});
  case block_strategy::kogge_stone_shared:
    return f(gpu::kogge_stone_shared_strategy{});
  case block_strategy::kogge_stone_double_buffered:
    return f(gpu::kogge_stone_double_buffered_strategy{});
  case block_strategy::brent_kung:
    return f(gpu::brent_kung_strategy{});
  case block_strategy::blelloch:
    return f(gpu::blelloch_strategy{});
  default:
    return visit_tuned_strategy(b, f);
  }
}

} // namespace scan::cuda
