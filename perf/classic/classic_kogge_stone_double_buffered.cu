// The classic unit of strategy::kogge_stone_double_buffered.
#include "perf/classic/kogge_stone_double_buffered.cuh"
#include "perf/classic/classic_unit.cuh"

template <>
const scan::classic::classic_entry&
scan::classic::entry<scan::classic::strategy::kogge_stone_double_buffered>() {
  return entry_of<scan::gpu::kogge_stone_double_buffered_strategy>();
}
