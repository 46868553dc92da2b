// The compiled blockwise scans with block_strategy::warp_shuffle_ptx.
#include "backends/cuda/compiled_blockwise.cuh"

template void scan::cuda::run_blockwise_compiled_with<scan::cuda::warp_shuffle_ptx_strategy>(
    const scan::detail::request&);
