// The classic unit of strategy::thread_coarsened: 64 bytes per thread scanned serially;
// blockwise scans one 16-byte access per thread, each scanned serially.
#include "perf/classic/classic_unit.cuh"
#include "perf/classic/shuffle_strategies.cuh"

template <>
const scan::classic::classic_entry&
scan::classic::entry<scan::classic::strategy::thread_coarsened>() {
  return entry_of<scan::gpu::thread_coarsened_strategy,
                  scan::gpu::vector_tile_strategy<scan::gpu::shuffle_warp_scan>>();
}
