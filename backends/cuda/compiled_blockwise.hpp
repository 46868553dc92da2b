// The CUDA backend's compiled blockwise scans: one translation unit per block strategy
// (compiled_blockwise_<strategy>.cu instantiates run_blockwise_compiled_with for it), so they
// compile in parallel; run_blockwise_compiled (compiled_blockwise.cu) picks one per call.
#pragma once

#include "scan/detail/request.hpp"

namespace scan::cuda {

// Defined in compiled_blockwise.cuh; instantiated only in the per-strategy translation units.
template <class Strategy> void run_blockwise_compiled_with(const detail::request& r);

void run_blockwise_compiled(const detail::request& r);

} // namespace scan::cuda
