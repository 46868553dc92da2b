// The Kokkos bench: libscan's kokkos backend (the pointer API, on Kokkos::DefaultExecutionSpace)
// beside Kokkos::parallel_scan on the same execution space instance ("kokkos") and a Kokkos
// deep_copy, on memory of that space. Timed with the steady clock around exec.fence().
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <thread>
#include <unistd.h>
#include <vector>

#include <Kokkos_Core.hpp>

#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

using exec_space = Kokkos::DefaultExecutionSpace;
using memory_space = exec_space::memory_space;

template <class T> using device_items = Kokkos::View<T*, memory_space, Kokkos::MemoryUnmanaged>;
template <class T> using host_items = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;

constexpr bool device_is_gpu =
    !Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory_space>::accessible;

// Kokkos::parallel_scan's sum, inclusive or exclusive, in the element type.
template <class T> struct parallel_scan_sum {
  using value_type = T;
  const T* in;
  T* out;
  bool inclusive;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, T& partial, const bool final) const {
    const T x = in[i];
    if (final && !inclusive) out[i] = partial;
    partial = static_cast<T>(partial + x);
    if (final && inclusive) out[i] = partial;
  }
};

struct kokkos_device {
  static constexpr scan::backend id = scan::backend::kokkos;
  exec_space exec;

  bool is_gpu() const { return device_is_gpu; }

  // A host space: the last-level cache, at most 32 MB (as the host bench). A GPU: 64 MB, about
  // the L2 of current data-center GPUs.
  std::size_t cache_bytes() const {
    constexpr std::size_t cap = std::size_t{32} << 20;
    if (device_is_gpu) return std::size_t{64} << 20;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0) return std::min(cap, static_cast<std::size_t>(l3));
#endif
    return cap;
  }

  // The pointer API of the kokkos backend takes no stream: it runs on the default instance.
  void* stream() const {
    return nullptr;
  }

  template <class T> T* allocate(std::int64_t n) {
    const std::size_t bytes = (static_cast<std::size_t>(n) * sizeof(T) + 255) / 256 * 256;
    return static_cast<T*>(Kokkos::kokkos_malloc<memory_space>("scan_perf", bytes));
  }
  void release(void* p) {
    Kokkos::kokkos_free<memory_space>(p);
  }

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
    const std::int64_t seg = segment > 0 ? segment : n;
    for (std::int64_t i = 0; i < n; ++i) {
      const T expect = inclusive ? want[i] : (i % seg == 0 ? T(0) : want[i - 1]);
      if (std::memcmp(&got[i], &expect, sizeof(T)) != 0) return i;
    }
    const auto* tail = reinterpret_cast<const unsigned char*>(got.data() + n);
    for (std::size_t b = 0; b < static_cast<std::size_t>(guard) * sizeof(T); ++b)
      if (tail[b] != poison) return n + static_cast<std::int64_t>(b / sizeof(T));
    return -1;
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

  template <class F> double time_total_us(F&& call, int count) {
    exec.fence();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i)
      call();
    exec.fence();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
  }

  template <class F> std::vector<double> time_each_us(F&& call, int count) {
    std::vector<double> t;
    t.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
      t.push_back(time_total_us(call, 1));
    return t;
  }

private:
  template <class T> void download(T* dst, const T* src, std::int64_t n) {
    Kokkos::deep_copy(exec, host_items<T>(dst, static_cast<std::size_t>(n)),
                      device_items<const T>(src, static_cast<std::size_t>(n)));
    exec.fence();
  }
};

std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  return "unknown CPU";
}

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
