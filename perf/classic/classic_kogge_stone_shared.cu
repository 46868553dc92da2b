// The classic unit of strategy::kogge_stone_shared.
#include "perf/classic/kogge_stone_shared.cuh"
#include "perf/classic/classic_unit.cuh"

template <>
const scan::classic::classic_entry&
scan::classic::entry<scan::classic::strategy::kogge_stone_shared>() {
  return entry_of<scan::gpu::kogge_stone_shared_strategy>();
}
