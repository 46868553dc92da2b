// The compiled set of the CUDA backend, split by operator over several translation units (each
// compiles its kernels in parallel with the others); cuda_backend.cu dispatches to them.
#pragma once

#include "scan/detail/request.hpp"

namespace scan::cuda {

void run_compiled_sum(const detail::request& r);
void run_compiled_product(const detail::request& r);
void run_compiled_min_max(const detail::request& r);
void run_compiled_bitwise(const detail::request& r);

} // namespace scan::cuda
