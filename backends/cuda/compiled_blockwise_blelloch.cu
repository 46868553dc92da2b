// The compiled blockwise scans with block_strategy::blelloch.
#include "backends/cuda/compiled_blockwise.cuh"

template void
scan::cuda::run_blockwise_compiled_with<scan::gpu::blelloch_strategy>(const scan::detail::request&);
