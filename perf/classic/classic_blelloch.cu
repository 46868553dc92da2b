// The classic unit of strategy::blelloch.
#include "perf/classic/blelloch.cuh"
#include "perf/classic/classic_unit.cuh"

template <>
const scan::classic::classic_entry& scan::classic::entry<scan::classic::strategy::blelloch>() {
  return entry_of<scan::gpu::blelloch_strategy>();
}
