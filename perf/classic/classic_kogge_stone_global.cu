// The classic unit of strategy::kogge_stone_global, and the global scratch pool its kernels
// borrow from (device memory of this unit's module; zeroed at load, so every slot starts free).
#include "perf/classic/classic_unit.cuh"
#include "perf/classic/kogge_stone_global.cuh"

namespace {

__device__ unsigned scratch_busy[scan::gpu::global_scratch_slots / 32];
__device__ uint4
    scratch_slots[scan::gpu::global_scratch_slots * scan::gpu::global_scratch_slot_bytes / 16];

struct unit_pool {
  __device__ static unsigned* busy() { return scratch_busy; }
  __device__ static uint4* slots() { return scratch_slots; }
};

} // namespace

template <>
const scan::classic::classic_entry&
scan::classic::entry<scan::classic::strategy::kogge_stone_global>() {
  return entry_of<scan::gpu::kogge_stone_global_strategy<unit_pool>>();
}
