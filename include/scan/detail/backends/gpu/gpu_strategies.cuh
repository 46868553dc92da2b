// The block strategies of the GPU backend, for CUDA and HIP alike: each a tile shape plus a block
// scan (kernels/block_scan.cuh contract). A vendor (cuda/cuda_vendor.cuh, hip/hip_vendor.hpp)
// picks its warp scan, and its generated tuning the knobs of tuned_strategy_of; blockwise scans
// take a tile of one 16-byte access per thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <scan/detail/backends/gpu/gpu_tuning.hpp>
#include <scan/detail/kernels/block_scan.cuh>
#include <scan/detail/kernels/tile_shape.cuh>
#include <scan/detail/kernels/warp_scan.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/options.hpp>

namespace scan::gpu {

constexpr std::size_t larger(std::size_t a, std::size_t b) {
  return a > b ? a : b;
}

// Look-back delay policies: how long (ns) a tile sleeps between publishing its aggregate and its
// first look-back poll, for results of type Out over `tiles` tiles. With thousands of tiles
// waiting, the first round of polls mostly finds predecessors not yet published; sleeping through
// it was measured faster (perf/tile_sweep.cu --delays).
struct no_lookback_delay {
  template <class Out> static int ns(std::int64_t, const device_tuning&) { return 0; }
};
// The register kernel's: the in-order look-back of non-integer results (all predecessors'
// aggregates) loses again beyond a short sleep.
struct tuned_lookback_delay {
  template <class Out> static int ns(std::int64_t tiles, const device_tuning& t) {
    if (tiles < t.delay_from_tiles) return 0;
    if (!std::is_integral_v<Out>) return t.float_delay_ns;
    return tiles < t.long_delay_from_tiles ? t.delay_ns : t.long_delay_ns;
  }
};
// The staged kernel's: the same for every type (its in-order look-back keeps up).
struct staged_lookback_delay {
  template <class Out> static int ns(std::int64_t tiles, const device_tuning& t) {
    if (tiles < t.delay_from_tiles) return 0;
    return tiles < t.long_delay_from_tiles ? t.delay_ns : t.long_delay_ns;
  }
};

// A strategy's staged single pass (kernels/staged_single_pass_kernel.cuh): tiles of at most
// MaxTileBytes, Blocks per multiprocessor asked of the compiler (WideBlocks for results of
// more than 4 bytes, whose totals and look-back take more registers, but for pairs of 4-byte
// values: their runs lengthen, staged_run, so that they fit as many blocks as their values).
// Staged from the device tuning's stage_from_tiles on, where the platform has a tile copy.
template <int Blocks, int WideBlocks, int MaxTileBytes = 32 * 1024> struct staged_single_pass {
  using lookback_delay = staged_lookback_delay;
  static constexpr int max_tile_bytes = MaxTileBytes;
  template <class Out>
  static constexpr bool narrow = sizeof(Out) <= 4 ||
                                 (detail::is_headed<Out> && detail::tile_size_of<Out> == 4);
  template <class Out> static constexpr int min_blocks = narrow<Out> ? Blocks : WideBlocks;
};
struct never_staged {
  using lookback_delay = no_lookback_delay;
  static constexpr int max_tile_bytes = 0;
  template <class Out> static constexpr int min_blocks = 1;
};

// The tuned strategy: 16-byte runs, several per thread (Bytes of output per thread, at
// most 32 items), scanned by WarpScan. Blocks per multiprocessor asked of the compiler: IntBlocks
// for integer results, FloatBlocks for floating point (its in-order look-back needs more
// registers), none for other types (large custom values would spill). Delay: the register single
// pass's look-back delay policy; Staging: its staged single pass.
template <class WarpScan, int Threads, int Bytes, int IntBlocks = 1, int FloatBlocks = IntBlocks,
          class Delay = no_lookback_delay, class Staging = never_staged>
struct tuned_strategy_of {
  using lookback_delay = Delay;
  using staging = Staging;
  template <class Out>
  static constexpr int min_blocks = std::is_integral_v<Out>         ? IntBlocks
                                    : std::is_floating_point_v<Out> ? FloatBlocks
                                                                    : 1;
  static constexpr int threads(std::size_t, std::size_t) { return Threads; }
  static constexpr int run(std::size_t in, std::size_t out) { return vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) {
    const int r = run(in, out);
    int want = static_cast<int>(Bytes / larger(out, 1));
    if (want > 32) want = 32;
    if (want < 1) want = 1;
    return want <= r ? r : want / r * r;
  }
  template <class Shape> using block_scan = striped_block_scan<Shape, WarpScan>;
};

// The tuned strategy of a vendor's generated Tuning (gpu_tuning.hpp lists its knobs).
template <class WarpScan, class Tuning>
using tuned_strategy_for = tuned_strategy_of<
    WarpScan, Tuning::threads, Tuning::bytes_per_thread, Tuning::integer_blocks_per_sm,
    Tuning::float_blocks_per_sm,
    std::conditional_t<Tuning::lookback_sleeps, tuned_lookback_delay, no_lookback_delay>,
    std::conditional_t<
        (Tuning::staged_blocks_per_sm > 0),
        staged_single_pass<Tuning::staged_blocks_per_sm, Tuning::wide_staged_blocks_per_sm,
                           Tuning::staged_tile_bytes>,
        never_staged>>;

// The blockwise scans' tile: one 16-byte access per thread, so that a segment of 1024 int32 is
// one tile read and written like the fastest copy kernels; longer segments keep several tiles in
// flight per thread (prefetch_tiles).
template <class WarpScan> struct vector_tile_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t in, std::size_t out) { return vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) { return run(in, out); }
  template <class Shape> using block_scan = striped_block_scan<Shape, WarpScan>;
};

// What the GPU backend takes from a vendor, apart from its device and pointer queries: which
// backend it is, its runtime's launch and memory traits, its warp scan and its generated tuning
// (gpu_tuning.hpp), whose compile-time knobs make its tuned strategy.
template <backend Id, class Launch, class Memory, class WarpScan, class Tuning>
struct vendor_traits {
  static constexpr backend id = Id;
  using launch = Launch;
  using memory = Memory;
  using warp_scan = WarpScan;
  using tuning = Tuning;
  using tuned_strategy = tuned_strategy_for<WarpScan, Tuning>;
};

// The full scans' strategy of a Vendor: its tuned one.
template <class Vendor> using strategy_of = typename Vendor::tuned_strategy;

// The blockwise scans' strategy: a tile the size of common segments.
template <class Vendor>
using blockwise_strategy_of = vector_tile_strategy<typename Vendor::warp_scan>;

} // namespace scan::gpu
