// The compiled blockwise scans with block_strategy::warp_shuffle.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::cuda::warp_shuffle_strategy>(
    const scan::detail::request&);
