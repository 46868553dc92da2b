// The CUDA backend's typed entry, shared by the compiled library and the header path (custom
// operators, compiled by nvcc in the caller's translation unit): the shared orchestration over
// gpu::gpu_parts, launched through cuda_launch on the caller's stream, with workspace from the
// per-device, per-stream cache (or the caller's buffer).
#pragma once

#include <cuda_runtime.h>

#include "backends/cuda/cuda_launch.cuh"
#include "backends/cuda/cuda_memory.hpp"
#include "backends/cuda/cuda_strategies.cuh"
#include "backends/gpu/gpu_parts.cuh"
#include "scan/detail/request.hpp"
#include "src/orchestrate.hpp"
#include "src/workspace.hpp"

namespace scan::cuda {

// The library's workspace cache for the current device; defined in cuda_backend.cu.
detail::workspace_cache<cuda_memory>& workspace_cache();

template <class Strategy, class In, class Out, class Op>
void scan_with(const detail::scan_args<In, Out>& a, Op op) {
  gpu::gpu_parts<Strategy, cuda_launch> parts{static_cast<cudaStream_t>(a.opt.stream)};
  detail::workspace_source<cuda_memory> ws(workspace_cache(), cuda_memory{}, a.opt);
  detail::orchestrate(parts, a, op, ws);
}

template <class In, class Out, class Op> void scan(const detail::scan_args<In, Out>& a, Op op) {
  visit_strategy(a.opt.block, [&](auto strategy) { scan_with<decltype(strategy)>(a, op); });
}

// scan() for the compiled library's per-operator translation units: the tuned strategies only
// (the ladder's are compiled in compiled_ladder_*.cu).
template <class In, class Out, class Op>
void scan_tuned(const detail::scan_args<In, Out>& a, Op op) {
  visit_tuned_strategy(a.opt.block, [&](auto strategy) { scan_with<decltype(strategy)>(a, op); });
}

} // namespace scan::cuda
