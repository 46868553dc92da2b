// The kokkos backend's test fixture (tests/test_backend.hpp): memory of
// Kokkos::DefaultExecutionSpace, and Kokkos initialized for the whole run by its session. Test
// programs derive their test_backend from it (kokkos_views_fixture.hpp adds the View calls).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <scan/scan.hpp>

#include "tests/host_memory.hpp"

struct kokkos_fixture {
  static constexpr scan::backend id = scan::backend::kokkos;
  using exec = Kokkos::DefaultExecutionSpace;
  using memory = exec::memory_space;
  using session = Kokkos::ScopeGuard;

  static std::string skip_reason() { return {}; }

  static scan::options options() {
    scan::options opt;
    opt.backend = scan::backend::kokkos;
    return opt;
  }

  template <class T> static T* allocate(std::int64_t n) {
    return static_cast<T*>(
        Kokkos::kokkos_malloc<memory>("scan test", static_cast<std::size_t>(n) * sizeof(T)));
  }
  template <class T> static void release(T* p) { Kokkos::kokkos_free<memory>(p); }

  template <class T> static void upload(T* dst, const T* src, std::int64_t n) {
    Kokkos::deep_copy(device_view<T>(dst, n), host_view<const T>(src, n));
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n) {
    Kokkos::deep_copy(host_view<T>(dst, n), device_view<const T>(src, n));
  }

  static void synchronize() { exec().fence(); }

  // For the randomized test (tests/fuzz_body.hpp): one host thread calls at a time (Kokkos does
  // not promise concurrent dispatch to one execution space instance), and floating-point results
  // repeat bit for bit only on Kokkos::Serial and on spaces that run libscan's GPU kernels
  // (README, "Guarantees").
  static constexpr bool concurrent_callers = false;
#if defined(KOKKOS_ENABLE_SERIAL)
  static constexpr bool floats_repeat =
      std::is_same_v<exec, Kokkos::Serial> || scan::kokkos::native_gpu<exec>::present;
#else
  static constexpr bool floats_repeat = scan::kokkos::native_gpu<exec>::present;
#endif
  // On a GPU space, its kernels stage from 2^24 items on; host spaces stop the sweep at 2^22.
  static constexpr int sweep_log2 = scan::kokkos::native_gpu<exec>::present ? 24 : 22;

  // Half the memory available to the execution space (input and output as uint8): the device's
  // free memory less a margin for the workspace on Kokkos::Cuda, else what the kernel reports.
  static std::int64_t max_test_items() {
#if defined(KOKKOS_ENABLE_CUDA)
    if constexpr (std::is_same_v<memory, Kokkos::CudaSpace>) {
      std::size_t free_bytes = 0, total_bytes = 0;
      if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return 0;
      const std::size_t margin = std::size_t{1} << 30;
      return free_bytes > margin ? static_cast<std::int64_t>((free_bytes - margin) / 2) : 0;
    }
#endif
    return host_test_items();
  }

protected:
  template <class T> static auto host_view(T* p, std::int64_t n) {
    return Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
        p, static_cast<std::size_t>(n));
  }
  template <class T> static auto device_view(T* p, std::int64_t n) {
    return Kokkos::View<T*, memory, Kokkos::MemoryUnmanaged>(p, static_cast<std::size_t>(n));
  }
};
