// Picks the compiled blockwise scan of the call's block strategy.
#include "backends/cuda/compiled_blockwise.hpp"
#include "backends/cuda/cuda_blockwise.cuh"

namespace scan::cuda {

void run_blockwise_compiled(const detail::request& r) {
  visit_blockwise_strategy(
      r.opt.block, [&](auto strategy) { run_blockwise_compiled_with<decltype(strategy)>(r); });
}

} // namespace scan::cuda
