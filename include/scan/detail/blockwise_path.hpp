// The header path of blockwise scans (custom operators, type pairs outside the compiled set),
// instantiated in the caller's translation unit like header_path.hpp's full scans. A few long
// segments are each scanned fully (scan_on).
#pragma once

#include <cstdint>

#include <scan/detail/backends/host/host_blockwise.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/header_path.hpp>
#include <scan/options.hpp>
#if defined(SCAN_WITH_KOKKOS)
#include <scan/detail/kokkos_blockwise.hpp>
#endif

namespace scan::detail {

template <class In, class Out, class Op>
void run_blockwise_header_path(const scan_args<In, Out>& a, std::int64_t segment, Op op) {
  const auto scan_one_on = [&](const auto& backend) {
    return [&](const scan_args<In, Out>& part) { scan_on(backend, part, op); };
  };
  switch (a.opt.backend) {
  case backend::host:
    return host::blockwise(a, segment, op, scan_one_on(host::host_backend{}));
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
  case backend::cuda: {
    using gpu_backend = gpu::gpu_backend<cuda::cuda_vendor>;
    return gpu_backend::blockwise(a, segment, op, scan_one_on(gpu_backend{}));
  }
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
  case backend::hip: {
    using gpu_backend = gpu::gpu_backend<hip::hip_vendor>;
    return gpu_backend::blockwise(a, segment, op, scan_one_on(gpu_backend{}));
  }
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    return kokkos::blockwise(a, segment, op);
#endif
  default:
    break;
  }
  throw not_compiled_here(a.opt.backend, "blockwise scan");
}

} // namespace scan::detail
