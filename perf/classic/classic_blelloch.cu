// The classic unit of block_strategy::blelloch.
#include "perf/classic/blelloch.cuh"
#include "perf/classic/classic_unit.cuh"

template <>
const scan::classic::classic_entry& scan::classic::entry<scan::block_strategy::blelloch>() {
  return entry_of<scan::gpu::blelloch_strategy>();
}
