// The classic unit of strategy::warp_shuffle: one item per thread, shuffle warp scans.
#include "perf/classic/classic_unit.cuh"
#include "perf/classic/shuffle_strategies.cuh"

template <>
const scan::classic::classic_entry& scan::classic::entry<scan::classic::strategy::warp_shuffle>() {
  return entry_of<scan::gpu::one_item_strategy<scan::gpu::shuffle_warp_scan>>();
}
