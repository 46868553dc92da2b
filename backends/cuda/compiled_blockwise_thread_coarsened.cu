// The compiled blockwise scans with block_strategy::thread_coarsened.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::cuda::blockwise_coarsened_strategy>(
    const scan::detail::request&);
