// The compiled full scans with block_strategy::kogge_stone_global.
#include "backends/cuda/compiled_ladder.cuh"

template void
scan::cuda::run_compiled_with<scan::gpu::kogge_stone_global_strategy>(const scan::detail::request&);
