// The compiled full scans with block_strategy::brent_kung.
#include "backends/cuda/compiled_ladder.cuh"

template void
scan::cuda::run_compiled_with<scan::gpu::brent_kung_strategy>(const scan::detail::request&);
