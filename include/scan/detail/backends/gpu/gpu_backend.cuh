// The GPU backend, one for CUDA and HIP: a Vendor (cuda/cuda_vendor.cuh, hip/hip_vendor.hpp)
// supplies the runtime's launch and memory traits and its tuned strategy; the workspace comes from
// the library's per-device cache or the caller.
// Compiled by nvcc or hipcc only (the kernels launch with <<<...>>>).
#pragma once

#include <cstdint>

#include <scan/detail/backends/gpu/gpu_blockwise.cuh>
#include <scan/detail/backends/gpu/gpu_parts.cuh>
#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/runtime/workspace.hpp>
#include <scan/options.hpp>

namespace scan::gpu {

// The library's workspace cache for Vendor's current device; defined in the compiled library
// (backends/gpu/gpu_backend.cpp). Streams belong to one device: a cache per device keeps every
// buffer on the device that uses it.
template <class Vendor> detail::workspace_cache<typename Vendor::memory>& workspace_cache_of();

// The GPU backend with one block strategy.
template <class Vendor, class Strategy> struct gpu_backend_of {
  using launch = typename Vendor::launch;
  using memory = typename Vendor::memory;

  // Calls f(parts, workspace) with the part primitives on the call's stream and the call's
  // workspace source (runtime/workspace.hpp): what the orchestration runs on.
  template <class F> void with_parts(const options& opt, F&& f) const {
    gpu_parts<Strategy, launch> parts{static_cast<typename launch::stream_type>(opt.stream)};
    detail::workspace_source<memory> ws(workspace_cache_of<Vendor>(), memory{}, opt);
    f(parts, ws);
  }

  // A checked blockwise scan (n > 0, segment >= 1); scan_one(part) scans one long segment fully.
  template <class In, class Out, class Op, class ScanOne>
  static void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
                        ScanOne&& scan_one) {
    blockwise_with<Strategy, launch>(a, segment, op, scan_one);
  }
};

// The GPU backend: the tuned strategy for full scans, the vector tile for blockwise ones.
template <class Vendor> struct gpu_backend {
  template <class F> void with_parts(const options& opt, F&& f) const {
    gpu_backend_of<Vendor, strategy_of<Vendor>>{}.with_parts(opt, f);
  }

  template <class In, class Out, class Op, class ScanOne>
  static void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
                        ScanOne&& scan_one) {
    gpu_backend_of<Vendor, blockwise_strategy_of<Vendor>>::blockwise(a, segment, op, scan_one);
  }
};

} // namespace scan::gpu
