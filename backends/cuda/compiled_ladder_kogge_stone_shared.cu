// The compiled full scans with block_strategy::kogge_stone_shared.
#include "backends/cuda/compiled_ladder.cuh"

template void
scan::cuda::run_compiled_with<scan::gpu::kogge_stone_shared_strategy>(const scan::detail::request&);
