// The compiled blockwise scans with block_strategy::kogge_stone_global.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::gpu::kogge_stone_global_strategy>(
    const scan::detail::request&);
