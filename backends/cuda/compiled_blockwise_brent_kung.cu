// The compiled blockwise scans with block_strategy::brent_kung.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::gpu::brent_kung_strategy>(
    const scan::detail::request&);
