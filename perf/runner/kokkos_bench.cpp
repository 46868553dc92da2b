// The Kokkos bench: libscan's kokkos backend (the pointer API, on Kokkos::DefaultExecutionSpace)
// beside Kokkos::parallel_scan on the same execution space instance ("kokkos") and a Kokkos
// deep_copy, on memory of that space. Timed with CUDA events on the instance's stream on
// Kokkos::Cuda (perf/kit/cuda_clock.cuh, as the cuda bench), else with the steady clock around
// exec.fence() (perf/kit/host_clock.hpp).
#include <memory>
#include <optional>
#include <type_traits>
#include <thread>
#include <vector>

#include <Kokkos_Core.hpp>

#include "perf/kit/check.hpp"
#include "perf/kit/host_clock.hpp"
#if defined(KOKKOS_ENABLE_CUDA)
#include "perf/kit/cuda_clock.cuh"
#endif
#include "perf/runner/host_machine.hpp"
#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

using exec_space = Kokkos::DefaultExecutionSpace;
using memory_space = exec_space::memory_space;

template <class T> using device_items = Kokkos::View<T*, memory_space, Kokkos::MemoryUnmanaged>;
template <class T> using host_items = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;

constexpr bool device_is_gpu =
    !Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory_space>::accessible;

// Kokkos::parallel_scan's sum, inclusive or exclusive, in scan::accumulator_t of the element type
// (float for the 16-bit floats, as libscan sums them).
template <class T> struct parallel_scan_sum {
  using value_type = scan::accumulator_t<T>;
  const T* in;
  T* out;
  bool inclusive;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, value_type& partial,
                                         const bool final) const {
    const auto x = static_cast<value_type>(in[i]);
    if (final && !inclusive) out[i] = static_cast<T>(partial);
    partial = static_cast<value_type>(partial + x);
    if (final && inclusive) out[i] = static_cast<T>(partial);
  }
};

// (A template: on Kokkos::Cuda, whose clock is the CUDA events', it is never called.)
template <class Exec> struct instance_fence {
  Exec exec;
  void operator()() const { exec.fence(); }
};

struct kokkos_device {
  static constexpr scan::backend id = scan::backend::kokkos;
  exec_space exec;

  bool is_gpu() const { return device_is_gpu; }

  // A host space: the host's cache (host_machine.hpp). A GPU: 64 MB, about the L2 of current
  // data-center GPUs.
  std::size_t cache_bytes() const {
    return device_is_gpu ? std::size_t{64} << 20 : host_cache_bytes();
  }

  // The pointer API of the kokkos backend takes no stream: it runs on the default instance.
  void* stream() const { return nullptr; }

  template <class T> T* allocate(std::int64_t n) {
    const std::size_t bytes = (static_cast<std::size_t>(n) * sizeof(T) + 255) / 256 * 256;
    return static_cast<T*>(Kokkos::kokkos_malloc<memory_space>("scan_perf", bytes));
  }
  void release(void* p) { Kokkos::kokkos_free<memory_space>(p); }

  template <class T> void upload(T* dst, const T* src, std::int64_t n) {
    Kokkos::deep_copy(exec, device_items<T>(dst, static_cast<std::size_t>(n)),
                      host_items<const T>(src, static_cast<std::size_t>(n)));
    exec.fence();
  }
  void fill_bytes(void* p, unsigned char byte, std::size_t bytes) {
    Kokkos::deep_copy(exec, device_items<unsigned char>(static_cast<unsigned char*>(p), bytes),
                      byte);
    exec.fence();
  }

  template <class T>
  std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                              bool inclusive, std::int64_t guard, unsigned char poison) {
    std::vector<T> got(static_cast<std::size_t>(n + guard)), want(static_cast<std::size_t>(n));
    download(got.data(), out, n + guard);
    download(want.data(), ref, n);
    return kit::first_mismatch(got.data(), want.data(), n, segment, inclusive, guard, poison);
  }

  void copy(void* dst, const void* src, std::size_t bytes) {
    Kokkos::deep_copy(
        exec, device_items<unsigned char>(static_cast<unsigned char*>(dst), bytes),
        device_items<const unsigned char>(static_cast<const unsigned char*>(src), bytes));
  }

  template <class T>
  void baseline(const std::string& name, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (name != "kokkos") throw scan::error("options: no baseline '" + name + "' on kokkos");
    Kokkos::parallel_scan("Kokkos::parallel_scan", Kokkos::RangePolicy<exec_space>(exec, 0, n),
                          parallel_scan_sum<T>{in, out, inclusive});
  }

#if defined(KOKKOS_ENABLE_CUDA)
  template <class E = exec_space, std::enable_if_t<std::is_same<E, Kokkos::Cuda>::value, int> = 0>
  kit::cuda_clock& clock() {
    if (!events)
      events = std::make_unique<kit::cuda_clock>(exec.cuda_stream(), kit::cadence::back_to_back);
    return *events;
  }
  template <class E = exec_space, std::enable_if_t<!std::is_same<E, Kokkos::Cuda>::value, int> = 0>
#endif
  kit::host_clock<instance_fence<exec_space>>& clock() {
    return fence_clock;
  }

private:
#if defined(KOKKOS_ENABLE_CUDA)
  std::unique_ptr<kit::cuda_clock> events;
#endif
  kit::host_clock<instance_fence<exec_space>> fence_clock{instance_fence<exec_space>{exec}};
  template <class T> void download(T* dst, const T* src, std::int64_t n) {
    Kokkos::deep_copy(exec, host_items<T>(dst, static_cast<std::size_t>(n)),
                      device_items<const T>(src, static_cast<std::size_t>(n)));
    exec.fence();
  }
};

class kokkos_bench : public bench {
public:
  scan::backend id() const override { return scan::backend::kokkos; }
  bool is_gpu() const override { return device_is_gpu; }
  std::string unavailable() const override { return {}; }
  device_info device() const override {
    const std::string space = std::string("Kokkos ") + std::to_string(KOKKOS_VERSION / 10000) +
                              "." + std::to_string(KOKKOS_VERSION / 100 % 100) + "." +
                              std::to_string(KOKKOS_VERSION % 100) + " " + exec_space::name();
    return {device_is_gpu ? space : space + " on " + cpu_name(),
            device_is_gpu
                ? std::string(exec_space::name())
                : std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads"};
  }
  std::vector<std::string> baselines() const override { return {"kokkos"}; }
  void run(const run_plan& plan, const std::vector<variant>& variants, recorder& rec) override {
    // Kokkos runs for this bench only, unless the program started it already.
    std::optional<Kokkos::ScopeGuard> session;
    if (!Kokkos::is_initialized()) session.emplace();
    kokkos_device dev;
    matrix_driver<kokkos_device>(dev, device(), plan, variants, rec).run();
  }
};

} // namespace

std::unique_ptr<bench> make_kokkos_bench() {
  return std::make_unique<kokkos_bench>();
}

} // namespace scan::perf
