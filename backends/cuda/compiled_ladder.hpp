// The CUDA backend's compiled full scans with the ladder's block strategies (Kogge-Stone in global
// or shared memory, double-buffered, Brent-Kung, Blelloch): one translation unit per strategy
// (compiled_ladder_<strategy>.cu instantiates run_compiled_with for it), so they compile in
// parallel with the per-operator ones of the tuned strategies; run_compiled_ladder picks one.
#pragma once

#include "scan/detail/request.hpp"

namespace scan::cuda {

// Defined in compiled_ladder.cuh; instantiated only in the per-strategy translation units.
template <class Strategy> void run_compiled_with(const detail::request& r);

void run_compiled_ladder(const detail::request& r);

} // namespace scan::cuda
