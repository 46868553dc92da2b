// The header path of segmented scans (custom operators, type pairs or segment descriptions outside
// the compiled set), instantiated in the caller's translation unit like header_path.hpp's full
// scans: the same orchestration (orchestration/segmented.hpp) on the call's backend.
#pragma once

#include <cstdint>

#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/header_path.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/options.hpp>

namespace scan::detail {

// `totals` (null: none): the totals of segments counted from their marks (flags, keys).
template <class In, class Out, class Segments, class Op>
void run_segmented_header_path(const scan_args<In, Out>& a, const Segments& segments, Op op,
                               Out* totals = nullptr) {
  const auto mark = [&](auto& parts, std::uint32_t* words, std::uint32_t* bad) {
    mark_heads(parts, segments, a.n, words, bad);
  };
  const auto on = [&](const auto& backend) {
    segmented_on(backend, mark, checks(segments), a.in, a.out, a.n, a.inclusive, a.init, a.opt, op,
                 totals);
  };
  switch (a.opt.backend) {
  case backend::host:
    return on(host::host_backend{});
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
  case backend::cuda:
    return on(gpu::gpu_backend<cuda::cuda_vendor>{});
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
  case backend::hip:
    return on(gpu::gpu_backend<hip::hip_vendor>{});
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    return on(kokkos::default_backend());
#endif
  default:
    break;
  }
  throw not_compiled_here(a.opt.backend, "segmented scan");
}

} // namespace scan::detail
