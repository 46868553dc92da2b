// The vocabulary of the GPU backend's tuning. Every knob of a vendor lives in one generated file,
// cuda/cuda_tuning.hpp or hip/hip_tuning.hpp (perf/tune.py writes both; do not edit them): a struct
// that the vendor's traits name as `tuning`, holding
//   compile time (the tile shapes the kernels are built with; the host picks a shape, so one holds
//   for every architecture of a build):
//     threads                    threads per block of the full scans' tiles
//     bytes_per_thread           bytes of output per thread (tuned_strategy_of's Bytes)
//     integer_blocks_per_sm      blocks per multiprocessor asked of the compiler, integer results
//     float_blocks_per_sm        the same for floating-point results (other types ask for 1)
//     lookback_sleeps            whether the register single pass sleeps before its first
//                                look-back poll (tuned_lookback_delay) or never
//     staged_blocks_per_sm       blocks per multiprocessor of the staged single pass, results of up
//                                to 4 bytes (0: never staged)
//     wide_staged_blocks_per_sm  the same for wider results
//     staged_tile_bytes          the most shared memory a staged tile takes
//     lookback_patience          polls of a not-ready predecessor before a look-back reduces its
//                                tile itself, where the platform has that fallback
//     lane_chunk_threads         batched scans over for_each: chunks of lanes small enough that
//                                this many threads have one each
//     lane_chunk_min_items       and of at least this many items
//     lane_pairs_from_lanes      lanes of 4-byte integers from which the lane block kernel takes
//                                them two to a thread
//     row_tile_most_exact_lanes  the most lanes of exactly grouping results (integers) that take
//                                row tiles rather than the lane block kernel
//     row_tile_most_lanes        the same for other results
//     lane_block_halved_blocks_per_sm  blocks per multiprocessor of the lane block kernel with
//                                halved chunks
//     lane_block_blocks_per_sm   the same with whole chunks
//     wide_tile_blocks_per_sm    blocks per multiprocessor of the blockwise scans' wide tiles of
//                                4- and 8-byte values
//   run time (thresholds in tiles per multiprocessor, so they carry over to GPUs of the same
//   architecture with more or fewer multiprocessors):
//     by_gpu[]                   a tuning_entry per GPU measured, by compute capability and name
//     fallback                   the index in by_gpu of the entry for architectures without one
// tuned_strategy_for (gpu_strategies.cuh) reads the compile-time knobs, device_tuning_of the
// run-time ones: when the single pass stages its tiles in shared memory, how long a tile sleeps
// before its first look-back poll, and below which tile count staged tiles load with a cache policy
// that gives their lines up first. A GPU without an entry of its own takes the first entry of its
// architecture.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace scan::gpu {

struct tuning_entry {
  int arch;                       // compute capability as 10 * major + minor
  const char* gpu;                // the device's name as its runtime reports it
  double stage_from_waves;        // the single pass stages its tiles (where it can) from here on
  double delay_from_waves;        // tiles sleep before their first look-back poll from here on
  double long_delay_from_waves;   // and longer from here on
  int delay_ns;                   // integer results, and every staged result
  int long_delay_ns;              // the same, from long_delay_from_waves on
  int float_delay_ns;             // other results of the register kernel, from delay_from_waves on
  double evict_first_below_waves; // staged tiles load evict-first below here
};

// No staging, no sleeps: GPUs nothing was measured on that have no entry of their own either.
inline constexpr tuning_entry untuned{0, "", 1e18, 1e18, 1e18, 0, 0, 0, 0};

struct device_tuning {
  std::int64_t stage_from_tiles = INT64_MAX;
  std::int64_t delay_from_tiles = INT64_MAX;
  std::int64_t long_delay_from_tiles = INT64_MAX;
  int delay_ns = 0;
  int long_delay_ns = 0;
  int float_delay_ns = 0;
  std::int64_t evict_first_below_tiles = 0;
};

inline std::int64_t tiles_of(double waves, int multiprocessors) {
  const double tiles = std::round(waves * multiprocessors);
  return tiles >= 9.0e18 ? INT64_MAX : static_cast<std::int64_t>(tiles);
}

inline device_tuning resolve(const tuning_entry& e, int multiprocessors) {
  device_tuning t;
  t.stage_from_tiles = tiles_of(e.stage_from_waves, multiprocessors);
  t.delay_from_tiles = tiles_of(e.delay_from_waves, multiprocessors);
  t.long_delay_from_tiles = tiles_of(e.long_delay_from_waves, multiprocessors);
  t.delay_ns = e.delay_ns;
  t.long_delay_ns = e.long_delay_ns;
  t.float_delay_ns = e.float_delay_ns;
  t.evict_first_below_tiles = tiles_of(e.evict_first_below_waves, multiprocessors);
  return t;
}

// The entry of the GPU named `gpu` of architecture `arch` in a table; else the table's first entry
// for that architecture; else `fallback`.
template <std::size_t N>
const tuning_entry& entry_for(const tuning_entry (&table)[N], int arch, std::string_view gpu,
                              const tuning_entry& fallback) {
  const tuning_entry* same_arch = nullptr;
  for (const tuning_entry& e : table) {
    if (e.arch != arch) continue;
    if (gpu == e.gpu) return e;
    if (!same_arch) same_arch = &e;
  }
  return same_arch ? *same_arch : fallback;
}

// The run-time tuning of a device from a vendor's generated Tuning (see above).
template <class Tuning>
device_tuning device_tuning_of(int arch, std::string_view gpu, int multiprocessors) {
  return resolve(entry_for(Tuning::by_gpu, arch, gpu, Tuning::by_gpu[Tuning::fallback]),
                 multiprocessors);
}

} // namespace scan::gpu
