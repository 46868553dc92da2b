// The compiled blockwise scans with block_strategy::automatic.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::cuda::blockwise_tuned_strategy>(
    const scan::detail::request&);
