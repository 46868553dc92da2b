// The HIP backend's entry: the shared orchestration over gpu::gpu_parts, launched through
// hip_launch on the caller's stream, with workspace from the library's per-device cache (or the
// caller's buffer). Custom operators reach it through the header path, compiled by hipcc in the
// caller's translation unit.
#pragma once

#include <hip/hip_runtime.h>

#include "backends/gpu/gpu_parts.cuh"
#include "backends/hip/hip_launch.hpp"
#include "backends/hip/hip_memory.hpp"
#include "backends/hip/hip_strategies.hpp"
#include "scan/detail/request.hpp"
#include "src/orchestrate.hpp"
#include "src/workspace.hpp"

namespace scan::hip {

// The workspace cache of the current device, defined in the library. Streams belong to one
// device, and the default stream is one per device: a cache per device keeps every buffer on the
// device that uses it.
detail::workspace_cache<hip_memory>& workspace_cache();

template <class Strategy, class In, class Out, class Op>
void scan_with(const detail::scan_args<In, Out>& a, Op op) {
  gpu::gpu_parts<Strategy, hip_launch> parts{static_cast<hipStream_t>(a.opt.stream)};
  detail::workspace_source<hip_memory> ws(workspace_cache(), hip_memory{}, a.opt);
  detail::orchestrate(parts, a, op, ws);
}

template <class In, class Out, class Op> void scan(const detail::scan_args<In, Out>& a, Op op) {
  visit_strategy(a.opt.block, [&](auto strategy) { scan_with<decltype(strategy)>(a, op); });
}

} // namespace scan::hip
