// The header path: custom operators and type pairs outside the compiled set are instantiated in
// the caller's translation unit, on the backends whose compiler is compiling it.
#pragma once

#include <string>

#include "scan/detail/request.hpp"
#include "scan/error.hpp"

#include "backends/host/host_scan.hpp"
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
#include "backends/cuda/cuda_scan.cuh"
#endif
// hipcc on HIP's NVIDIA platform is nvcc, which defines __HIPCC__ only once HIP's headers are in.
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
#include "backends/hip/hip_scan.hpp"
#endif
#if defined(SCAN_WITH_KOKKOS)
#include "backends/kokkos/kokkos_scan.hpp"
#endif

namespace scan::detail {

template <class In, class Out, class Op> void run_header_path(const scan_args<In, Out>& a, Op op) {
  switch (a.opt.backend) {
  case backend::host:
    host::scan(a, op);
    return;
#if defined(SCAN_WITH_CUDA) && defined(__CUDACC__)
  case backend::cuda:
    cuda::scan(a, op);
    return;
#endif
#if defined(SCAN_WITH_HIP) && (defined(__HIPCC__) || defined(__CUDACC__))
  case backend::hip:
    hip::scan(a, op);
    return;
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    kokkos::scan(a, op);
    return;
#endif
  default:
    break;
  }
  throw error("op: a custom operator or type pair on the " + std::string(to_string(a.opt.backend)) +
              " backend must be compiled by that backend's compiler (nvcc for cuda, hipcc for "
              "hip); this translation unit was not");
}

} // namespace scan::detail
