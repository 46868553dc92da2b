// Execution spaces that run one of libscan's GPU backends instead of the portable team kernels:
// Kokkos::Cuda runs the cuda backend's kernels on the instance's stream, Kokkos::HIP the hip
// backend's, in a build over a Kokkos with that device (backends/kokkos/CMakeLists.txt). The work
// is queued on the instance's stream like Kokkos' own kernels: ordered with the application's
// work on that instance, with no fence.
#pragma once

#include <Kokkos_Core.hpp>

#include <scan/options.hpp>
#if defined(KOKKOS_ENABLE_CUDA) && defined(SCAN_WITH_CUDA)
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#endif
#if defined(KOKKOS_ENABLE_HIP) && defined(SCAN_WITH_HIP)
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/backends/hip/hip_vendor.hpp>
#endif

namespace scan::kokkos {

// present: whether Exec runs a GPU backend; then `vendor` is that backend's vendor, `backend` the
// GPU backend itself and stream() the instance's stream.
template <class Exec> struct native_gpu { static constexpr bool present = false; };

#if defined(KOKKOS_ENABLE_CUDA) && defined(SCAN_WITH_CUDA)
template <> struct native_gpu<Kokkos::Cuda> {
  static constexpr bool present = true;
  using vendor = cuda::cuda_vendor;
  using backend = gpu::gpu_backend<vendor>;
  static void* stream(const Kokkos::Cuda& exec) { return exec.cuda_stream(); }
};
#endif

#if defined(KOKKOS_ENABLE_HIP) && defined(SCAN_WITH_HIP)
template <> struct native_gpu<Kokkos::HIP> {
  static constexpr bool present = true;
  using vendor = hip::hip_vendor;
  using backend = gpu::gpu_backend<vendor>;
  static void* stream(const Kokkos::HIP& exec) { return exec.hip_stream(); }
};
#endif

// A call's options as the GPU backend takes them on `exec`: its backend and the instance's stream.
template <class Exec> options native_options(const Exec& exec, options opt) {
  opt.backend = native_gpu<Exec>::vendor::id;
  opt.stream = native_gpu<Exec>::stream(exec);
  return opt;
}

} // namespace scan::kokkos
