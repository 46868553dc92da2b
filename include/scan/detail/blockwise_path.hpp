// The header path of blockwise scans (custom operators, type pairs outside the compiled set),
// instantiated in the caller's translation unit like header_path.hpp's full scans.
#pragma once

#include <cstdint>
#include <string>

#include "scan/detail/request.hpp"
#include "scan/error.hpp"

#include "backends/host/host_blockwise.hpp"
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
#include "backends/cuda/cuda_blockwise.cuh"
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
#include "backends/hip/hip_blockwise.hpp"
#endif
#if defined(SCAN_WITH_KOKKOS)
#include "backends/kokkos/kokkos_blockwise.hpp"
#endif

namespace scan::detail {

template <class In, class Out, class Op>
void run_blockwise_header_path(const scan_args<In, Out>& a, std::int64_t segment, Op op) {
  switch (a.opt.backend) {
  case backend::host:
    host::blockwise(a, segment, op);
    return;
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
  case backend::cuda:
    cuda::blockwise(a, segment, op);
    return;
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
  case backend::hip:
    hip::blockwise(a, segment, op);
    return;
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    kokkos::blockwise(a, segment, op);
    return;
#endif
  default:
    break;
  }
  throw error(
      "op: a custom operator or type pair in a blockwise scan on the " +
      std::string(to_string(a.opt.backend)) +
      " backend must be compiled by that backend's compiler (nvcc for cuda, hipcc for hip); this "
      "translation unit was not");
}

} // namespace scan::detail
