// The measuring kit shared by the CUDA benchmarks in perf/ (cub_comparison, tile_sweep): input
// fill, device comparison, buffers that rotate so sizes below the L2 are not served from it, and
// the CUDA-event median timer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <type_traits>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

namespace perf {

inline void ok(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

template <class T> __global__ void fill_kernel(T* p, std::int64_t n, std::uint64_t seed) {
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    std::uint64_t z = (static_cast<std::uint64_t>(i) + seed) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9ull;
    z ^= z >> 29;
    if constexpr (std::is_floating_point_v<T>)
      p[i] = static_cast<T>(static_cast<double>(z >> 11) * 0x1.0p-53 * 4.0 - 1.0);
    else
      p[i] = static_cast<T>(z);
  }
}

template <class T>
__global__ void compare_kernel(const T* a, const T* b, std::int64_t n, unsigned long long* bad) {
  unsigned long long mine = 0;
  for (std::int64_t i = blockIdx.x * static_cast<std::int64_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x) {
    if constexpr (std::is_floating_point_v<T>) {
      const double x = a[i], y = b[i];
      mine += !(fabs(x - y) <= 1e-3 * (1.0 + fabs(y)));
    } else {
      mine += a[i] != b[i];
    }
  }
  if (mine) atomicAdd(bad, mine);
}

struct gpu_info {
  std::string name;
  int sms = 0;
  std::size_t l2 = 0;
};

inline gpu_info info() {
  cudaDeviceProp p{};
  int device = 0;
  ok(cudaGetDevice(&device), "cudaGetDevice");
  ok(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
  return {p.name, p.multiProcessorCount, static_cast<std::size_t>(p.l2CacheSize)};
}

// "GPU: <name>, <SMs> SMs, <L2> MB L2; <date>" for the head of a benchmark's output, or empty
// when no CUDA device is present (the benchmark then reports itself skipped).
inline std::string gpu_heading() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return {};
  const gpu_info g = info();
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  char line[512];
  std::snprintf(line, sizeof line, "GPU: %s, %d SMs, %zu MB L2; %s", g.name.c_str(), g.sms,
                g.l2 >> 20, date);
  return line;
}

// Times f(set) call by call; returns the median in microseconds.
template <class F> double median_us(cudaStream_t s, int sets, double estimate_us, F&& f) {
  cudaEvent_t a, b;
  ok(cudaEventCreate(&a), "event");
  ok(cudaEventCreate(&b), "event");
  for (int i = 0; i < 3; ++i)
    f(i % sets);
  ok(cudaStreamSynchronize(s), "warm-up");
  const int reps = std::clamp(static_cast<int>(60000.0 / std::max(estimate_us, 1.0)), 15, 200);
  std::vector<float> t(reps);
  for (int r = 0; r < reps; ++r) {
    ok(cudaStreamSynchronize(s), "sync");
    ok(cudaEventRecord(a, s), "record");
    f((r + 3) % sets);
    ok(cudaEventRecord(b, s), "record");
    ok(cudaEventSynchronize(b), "sync");
    ok(cudaEventElapsedTime(&t[r], a, b), "elapsed");
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::nth_element(t.begin(), t.begin() + reps / 2, t.end());
  return 1000.0 * t[reps / 2];
}

struct buffers {
  unsigned char* in = nullptr;
  unsigned char* out = nullptr;
  unsigned char* ref = nullptr;
  std::size_t bytes = 0; // each
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  unsigned long long* bad = nullptr;
};

inline std::size_t round_up(std::size_t x) {
  return (x + 255) / 256 * 256;
}

inline int sets_for(std::size_t item_bytes, std::int64_t n, std::size_t capacity) {
  const std::size_t one = round_up(static_cast<std::size_t>(n) * item_bytes);
  const std::size_t want = (std::size_t{256} << 20) / (2 * one) + 1;
  return static_cast<int>(std::max<std::size_t>(1, std::min(want, capacity / one)));
}

template <class T>
unsigned long long mismatches(buffers& b, const T* x, const T* y, std::int64_t n, cudaStream_t s) {
  ok(cudaMemsetAsync(b.bad, 0, 8, s), "memset");
  compare_kernel<<<1024, 256, 0, s>>>(x, y, n, b.bad);
  unsigned long long bad = 0;
  ok(cudaMemcpyAsync(&bad, b.bad, 8, cudaMemcpyDeviceToHost, s), "copy");
  ok(cudaStreamSynchronize(s), "sync");
  return bad;
}

template <class T> void ensure_cub_temp(buffers& b, std::int64_t n, cudaStream_t s) {
  std::size_t need = 0;
  ok(cub::DeviceScan::InclusiveSum(nullptr, need, static_cast<const T*>(nullptr),
                                   static_cast<T*>(nullptr), n, s),
     "cub size");
  if (need > b.temp_bytes) {
    if (b.temp) ok(cudaFree(b.temp), "free");
    ok(cudaMalloc(&b.temp, need), "cudaMalloc temp");
    b.temp_bytes = need;
  }
}

} // namespace perf
