// The header path: custom operators and type pairs outside the compiled set are instantiated in
// the caller's translation unit, on the backends whose compiler is compiling it. The compiled
// library runs the same functions for its own set (backends/<name>/).
#pragma once

#include <string>

#include <scan/communicator.hpp>
#include <scan/detail/backends/host/host_backend.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#endif
// hipcc on HIP's NVIDIA platform is nvcc, which defines __HIPCC__ only once HIP's headers are in.
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/backends/hip/hip_vendor.hpp>
#endif
#if defined(SCAN_WITH_KOKKOS)
#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#endif

namespace scan::detail {

inline error not_compiled_here(backend b, const char* what) {
  return error("op: a custom operator or type pair in a " + std::string(what) + " on the " +
               std::string(to_string(b)) +
               " backend must be compiled by that backend's compiler (nvcc for cuda, hipcc for "
               "hip); this translation unit was not");
}

// Calls f(backend object) for backend b, where this translation unit's compiler builds it.
template <class F> void with_header_backend(backend b, const char* what, F&& f) {
  switch (b) {
  case backend::host:
    return f(host::host_backend{});
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
  case backend::cuda:
    return f(gpu::gpu_backend<cuda::cuda_vendor>{});
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
  case backend::hip:
    return f(gpu::gpu_backend<hip::hip_vendor>{});
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    return f(kokkos::default_backend());
#endif
  default:
    break;
  }
  throw not_compiled_here(b, what);
}

// A full scan checked by check().
template <class In, class Out, class Op> void run_header_path(const scan_args<In, Out>& a, Op op) {
  with_header_backend(a.opt.backend, "scan", [&](const auto& backend) { scan_on(backend, a, op); });
}

// This rank's part of a checked distributed scan (scan/distributed.hpp).
template <class In, class Out, class Op>
void run_header_path_distributed(const scan_args<In, Out>& a, const communicator& comm, Op op) {
  with_header_backend(a.opt.backend, "distributed scan",
                      [&](const auto& backend) { distributed_on(backend, comm, a, op); });
}

// A checked batched scan (scan/batched.hpp) of a layout with at least one item.
template <class In, class Out, class Op>
void run_header_path_batched(const scan_args<In, Out>& a, const lanes_layout& at, Op op) {
  with_header_backend(a.opt.backend, "batched scan",
                      [&](const auto& backend) { lanes_on(backend, a, at, op); });
}

// A checked call (r, as args a) scanned by scan() between the steps that write its totals, when it
// asks for them (scan/totals.hpp).
// Totals from marks are the segmented scan's own.
template <class In, class Out, class Op, class Scan>
void run_header_path_with_totals(const request& r, const scan_args<In, Out>& a, Op op,
                                 Scan&& scan) {
  if (!r.has_totals || totals_from_marks(r)) return scan();
  const segment_tails tails = tails_of(r);
  auto* totals = static_cast<Out*>(r.totals);
  const auto step = [&](totals_step s) {
    with_header_backend(a.opt.backend, "scan with totals",
                        [&](const auto& backend) { totals_on(backend, a, totals, tails, s, op); });
  };
  if (a.n > 0) step(totals_step::save_tails);
  scan();
  step(totals_step::finish);
}

} // namespace scan::detail
