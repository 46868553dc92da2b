// The classic unit of strategy::warp_shuffle_ptx: one item per thread, warp scans of PTX
// predicated adds.
#include <scan/detail/kernels/ptx_warp_scan.cuh>

#include "perf/classic/classic_unit.cuh"
#include "perf/classic/shuffle_strategies.cuh"

template <>
const scan::classic::classic_entry&
scan::classic::entry<scan::classic::strategy::warp_shuffle_ptx>() {
  return entry_of<scan::gpu::one_item_strategy<scan::gpu::ptx_warp_scan>>();
}
