// The classic unit of strategy::brent_kung.
#include "perf/classic/brent_kung.cuh"
#include "perf/classic/classic_unit.cuh"

template <>
const scan::classic::classic_entry& scan::classic::entry<scan::classic::strategy::brent_kung>() {
  return entry_of<scan::gpu::brent_kung_strategy>();
}
