// libscan's demo: counts -> offsets (an exclusive sum, uint8 in, int64 out) and a running maximum,
// on the CUDA backend when this build has it and a GPU is present, else on the host backend.
// Checks both against a serial loop and times warm calls. Plain C++: no device compiler needed.
//
//   scan_demo [n]      (default n = 2^24)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <scan/scan.hpp>

#if defined(SCAN_WITH_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace {

// Memory the chosen backend scans: device memory for CUDA, the host's own otherwise.
struct memory {
  bool device = false;

  template <class T> T* allocate(std::int64_t n) const {
    const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(T);
#if defined(SCAN_WITH_CUDA)
    if (device) {
      void* p = nullptr;
      if (cudaMalloc(&p, bytes) != cudaSuccess) throw scan::error("demo: cudaMalloc failed");
      return static_cast<T*>(p);
    }
#endif
    return static_cast<T*>(std::malloc(bytes));
  }
  template <class T> void release(T* p) const {
#if defined(SCAN_WITH_CUDA)
    if (device) {
      cudaFree(p);
      return;
    }
#endif
    std::free(p);
  }
  template <class T> void copy(T* dst, const T* src, std::int64_t n) const {
#if defined(SCAN_WITH_CUDA)
    if (device) {
      cudaMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyDefault);
      return;
    }
#endif
    std::copy(src, src + n, dst);
  }
  void synchronize() const {
#if defined(SCAN_WITH_CUDA)
    if (device) cudaDeviceSynchronize();
#endif
  }
};

// The CUDA backend when built in and a device answers; the host backend otherwise.
scan::backend pick_backend(std::string& note) {
#if defined(SCAN_WITH_CUDA)
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaSuccess && count > 0) {
    cudaDeviceProp prop{};
    cudaGetDeviceProperties(&prop, 0);
    note = prop.name;
    return scan::backend::cuda;
  }
  note = std::string("this build has the cuda backend, but no CUDA device: ") +
         (status == cudaSuccess ? std::string("cudaGetDeviceCount found 0 devices")
                                : std::string("cudaGetDeviceCount: ") + cudaGetErrorString(status));
#else
  note = "this build has no GPU backend";
#endif
  return scan::backend::host;
}

// Median of several warm calls, in milliseconds.
template <class F> double time_ms(const memory& mem, F&& call) {
  std::vector<double> ms;
  for (int rep = 0; rep < 11; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    call();
    mem.synchronize();
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::nth_element(ms.begin(), ms.begin() + 5, ms.end());
  return ms[5];
}

} // namespace

int main(int argc, char** argv) {
  const std::int64_t n = argc > 1 ? std::atoll(argv[1]) : std::int64_t{1} << 24;
  std::string note;
  scan::options opt;
  opt.backend = pick_backend(note);
  const memory mem{opt.backend != scan::backend::host};
  std::printf("libscan demo: %s backend (%s), n = %lld\n",
              std::string(scan::to_string(opt.backend)).c_str(), note.c_str(),
              static_cast<long long>(n));

  std::vector<std::uint8_t> counts(static_cast<std::size_t>(n));
  std::vector<int> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) {
    counts[i] = static_cast<std::uint8_t>((i * 2654435761u) >> 24);
    values[i] = static_cast<int>((i * 40503u) % 1000003u) - 500000;
  }
  auto* d_counts = mem.allocate<std::uint8_t>(n);
  auto* d_offsets = mem.allocate<std::int64_t>(n);
  auto* d_values = mem.allocate<int>(n);
  auto* d_running_max = mem.allocate<int>(n);
  mem.copy(d_counts, counts.data(), n);
  mem.copy(d_values, values.data(), n);

  const double sum_ms = time_ms(mem, [&] {
    scan::exclusive_scan(d_counts, d_offsets, n, std::int64_t{0}, scan::sum{}, opt);
  });
  const double max_ms =
      time_ms(mem, [&] { scan::inclusive_scan(d_values, d_running_max, n, scan::max{}, opt); });

  std::vector<std::int64_t> offsets(static_cast<std::size_t>(n));
  std::vector<int> running_max(static_cast<std::size_t>(n));
  mem.copy(offsets.data(), d_offsets, n);
  mem.copy(running_max.data(), d_running_max, n);
  std::int64_t acc = 0, wrong = 0;
  int best = values.empty() ? 0 : values[0];
  for (std::int64_t i = 0; i < n; ++i) {
    wrong += offsets[i] != acc;
    acc += counts[i];
    best = std::max(best, values[i]);
    wrong += running_max[i] != best;
  }

  auto gbs = [n](double ms, std::size_t bytes) {
    return n * static_cast<double>(bytes) / ms / 1e6;
  };
  std::printf("  offsets = exclusive sum of uint8 counts into int64: last = %lld (sum of all = "
              "%lld)\n",
              static_cast<long long>(n ? offsets[n - 1] : 0), static_cast<long long>(acc));
  std::printf("    %.3f ms per call, %.1f GB/s (n reads of 1 byte + n writes of 8)\n", sum_ms,
              gbs(sum_ms, 9));
  std::printf("  running maximum of int32, inclusive: last = %d\n", n ? running_max[n - 1] : 0);
  std::printf("    %.3f ms per call, %.1f GB/s (n reads + n writes of 4 bytes)\n", max_ms,
              gbs(max_ms, 8));
  std::printf("  check against a serial loop: %s\n", wrong ? "WRONG" : "ok");

  mem.release(d_counts);
  mem.release(d_offsets);
  mem.release(d_values);
  mem.release(d_running_max);
  return wrong ? 1 : 0;
}
