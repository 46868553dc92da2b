// The host bench: libscan's host backend beside std::inclusive_scan / std::exclusive_scan and a
// memcpy spread over the backend's threads, timed with the steady clock.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <thread>
#include <unistd.h>

#include <scan/detail/backends/host/thread_pool.hpp>
#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

struct host_device {
  static constexpr scan::backend id = scan::backend::host;

  bool is_gpu() const { return false; }

  // The last-level cache, at most 32 MB: chiplet CPUs report the whole socket's L3, of which a
  // scan's threads share only their complex's slice.
  std::size_t cache_bytes() const {
    constexpr std::size_t cap = std::size_t{32} << 20;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0) return std::min(cap, static_cast<std::size_t>(l3));
#endif
    return cap;
  }

  void* stream() const {
    return nullptr;
  }

  template <class T> T* allocate(std::int64_t n) {
    const std::size_t bytes = (static_cast<std::size_t>(n) * sizeof(T) + 255) / 256 * 256;
    void* p = std::aligned_alloc(256, bytes);
    if (!p) throw std::runtime_error("host allocation of " + std::to_string(bytes) + " failed");
    return static_cast<T*>(p);
  }
  void release(void* p) {
    std::free(p);
  }

  template <class T> void upload(T* dst, const T* src, std::int64_t n) {
    std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T));
  }
  void fill_bytes(void* p, unsigned char byte, std::size_t bytes) {
    std::memset(p, byte, bytes);
  }

  template <class T>
  std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                              bool inclusive, std::int64_t guard, unsigned char poison) {
    const std::int64_t seg = segment > 0 ? segment : n;
    for (std::int64_t i = 0; i < n; ++i) {
      const T want = inclusive ? ref[i] : (i % seg == 0 ? T(0) : ref[i - 1]);
      if (std::memcmp(&out[i], &want, sizeof(T)) != 0) return i;
    }
    const auto* tail = reinterpret_cast<const unsigned char*>(out + n);
    for (std::size_t b = 0; b < static_cast<std::size_t>(guard) * sizeof(T); ++b)
      if (tail[b] != poison) return n + static_cast<std::int64_t>(b / sizeof(T));
    return -1;
  }

  // The ceiling: a copy by every thread of the pool libscan's host backend scans with.
  void copy(void* dst, const void* src, std::size_t bytes) {
    host::thread_pool& pool = host::thread_pool::instance();
    const std::size_t chunk = std::max<std::size_t>(
        std::size_t{1} << 16, (bytes + pool.size() - 1) / pool.size() / 64 * 64 + 64);
    const auto count = static_cast<std::int64_t>((bytes + chunk - 1) / chunk);
    pool.run(count, [&](std::int64_t i) {
      const std::size_t begin = static_cast<std::size_t>(i) * chunk;
      std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin,
                  std::min(chunk, bytes - begin));
    });
  }

  template <class T>
  void baseline(const std::string& name, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (name != "std") throw scan::error("options: no baseline '" + name + "' on the host");
    if (inclusive)
      std::inclusive_scan(in, in + n, out);
    else
      std::exclusive_scan(in, in + n, out, T(0));
  }

  template <class F> double time_total_us(F&& call, int count) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i)
      call();
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

class host_bench : public bench {
public:
  scan::backend id() const override { return scan::backend::host; }
  bool is_gpu() const override { return false; }
  std::string unavailable() const override { return {}; }
  device_info device() const override {
    return {cpu_name(),
            std::to_string(std::max(1u, std::thread::hardware_concurrency())) + " threads"};
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
