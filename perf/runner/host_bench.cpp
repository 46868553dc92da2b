// The host bench: libscan's host backend beside std::inclusive_scan / std::exclusive_scan and a
// memcpy spread over the backend's threads, timed with the steady clock (perf/kit/host_clock.hpp).
#include <cstdlib>
#include <cstring>
#include <numeric>

#include "perf/kit/check.hpp"
#include "perf/kit/host_clock.hpp"
#include "perf/runner/host_machine.hpp"
#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

struct host_device {
  static constexpr scan::backend id = scan::backend::host;

  bool is_gpu() const { return false; }

  std::size_t cache_bytes() const { return host_cache_bytes(); }

  void* stream() const { return nullptr; }

  template <class T> T* allocate(std::int64_t n) {
    const std::size_t bytes = (static_cast<std::size_t>(n) * sizeof(T) + 255) / 256 * 256;
    void* p = std::aligned_alloc(256, bytes);
    if (!p) throw std::runtime_error("host allocation of " + std::to_string(bytes) + " failed");
    return static_cast<T*>(p);
  }
  void release(void* p) { std::free(p); }

  template <class T> void upload(T* dst, const T* src, std::int64_t n) {
    std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T));
  }
  void fill_bytes(void* p, unsigned char byte, std::size_t bytes) { std::memset(p, byte, bytes); }

  template <class T>
  std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                              bool inclusive, std::int64_t guard, unsigned char poison) {
    return kit::first_mismatch(out, ref, n, segment, inclusive, guard, poison);
  }

  // The ceiling: a copy by every thread of the pool libscan's host backend scans with.
  void copy(void* dst, const void* src, std::size_t bytes) { host_pool_copy(dst, src, bytes); }

  template <class T>
  void baseline(const std::string& name, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (name != "std") throw scan::error("options: no baseline '" + name + "' on the host");
    if constexpr (scan::accumulates_apart<T>) { // the 16-bit floats: in float, as libscan does
      using Acc = scan::accumulator_t<T>;
      Acc acc = 0;
      for (std::int64_t i = 0; i < n; ++i) {
        const Acc x = static_cast<Acc>(in[i]);
        if (inclusive) acc += x;
        out[i] = T(acc);
        if (!inclusive) acc += x;
      }
    } else if (inclusive) {
      std::inclusive_scan(in, in + n, out);
    } else {
      std::exclusive_scan(in, in + n, out, T(0));
    }
  }

  kit::host_clock<> clock() const { return kit::host_clock<>(); }
};

class host_bench : public bench {
public:
  scan::backend id() const override { return scan::backend::host; }
  bool is_gpu() const override { return false; }
  std::string unavailable() const override { return {}; }
  device_info device() const override {
    return {cpu_name(), std::to_string(host::thread_pool::instance_size()) + " threads"};
  }
  std::vector<std::string> baselines() const override { return {"std"}; }
  void run(const run_plan& plan, const std::vector<variant>& variants, recorder& rec) override {
    host_device dev;
    matrix_driver<host_device>(dev, device(), plan, variants, rec).run();
  }
};

} // namespace

std::unique_ptr<bench> make_host_bench() {
  return std::make_unique<host_bench>();
}

} // namespace scan::perf
