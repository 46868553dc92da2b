// The kokkos backend's test program: the shared body through the pointer API with
// backend::kokkos, on Kokkos::DefaultExecutionSpace and memory from its memory space. Kokkos is
// initialized for the whole run by the fixture's session.
#include <cstdint>
#include <fstream>
#include <string>

#include <Kokkos_Core.hpp>

#include <scan/scan.hpp>

struct test_backend {
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

  // Half the memory the kernel reports available (input and output as uint8); a host execution
  // space allocates from it.
  static std::int64_t max_test_items() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::int64_t kib = 0;
    while (meminfo >> key >> kib) {
      if (key == "MemAvailable:") return kib * 1024 / 2;
      meminfo.ignore(256, '\n');
    }
    return 0;
  }

private:
  template <class T> static auto host_view(T* p, std::int64_t n) {
    return Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(
        p, static_cast<std::size_t>(n));
  }
  template <class T> static auto device_view(T* p, std::int64_t n) {
    return Kokkos::View<T*, memory, Kokkos::MemoryUnmanaged>(p, static_cast<std::size_t>(n));
  }
};

#include "tests/scan_test_body.hpp"
