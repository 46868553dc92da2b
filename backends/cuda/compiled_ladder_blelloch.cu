// The compiled full scans with block_strategy::blelloch.
#include "backends/cuda/compiled_ladder.cuh"

template void
scan::cuda::run_compiled_with<scan::gpu::blelloch_strategy>(const scan::detail::request&);
