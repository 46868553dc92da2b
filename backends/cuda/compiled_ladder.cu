// Picks the compiled full scan of the call's ladder block strategy.
#include "backends/cuda/compiled_ladder.hpp"
#include "backends/cuda/cuda_strategies.cuh"
#include "scan/error.hpp"

namespace scan::cuda {

void run_compiled_ladder(const detail::request& r) {
  switch (r.opt.block) {
  case block_strategy::kogge_stone_global:
    return run_compiled_with<gpu::kogge_stone_global_strategy>(r);
  case block_strategy::kogge_stone_shared:
    return run_compiled_with<gpu::kogge_stone_shared_strategy>(r);
  case block_strategy::kogge_stone_double_buffered:
    return run_compiled_with<gpu::kogge_stone_double_buffered_strategy>(r);
  case block_strategy::brent_kung:
    return run_compiled_with<gpu::brent_kung_strategy>(r);
  case block_strategy::blelloch:
    return run_compiled_with<gpu::blelloch_strategy>(r);
  default:
    break;
  }
  throw error("options.block: not a ladder strategy (internal error)");
}

} // namespace scan::cuda
