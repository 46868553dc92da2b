// libscan's CUDA backend beside cub::DeviceScan::InclusiveSum and a device-to-device
// cudaMemcpyAsync of the same bytes, in one process on the same buffers.
//
//   cub_comparison [--quick] [--sweep] [--types int32,float,int64,double] [--min 10] [--max 30]
//
// Each figure is the median of many calls timed one by one with CUDA events (the stream is idle
// before each call, so small sizes include the host's launch cost, as a caller sees it), after 3
// warm-up calls. Inputs rotate through as many copies as fill 256 MB, so that sizes below the L2
// cache (50 MB on the H100) are not served from it. GB/s counts n reads + n writes. Every libscan
// result is compared with CUB's (integers exactly, floats to 1e-3 relative).
// --sweep times single-pass tile shapes (threads x bytes per thread) for tuning cuda_strategies.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "backends/cuda/cuda_scan.cuh"
#include "scan/scan.hpp"

namespace {

void ok(cudaError_t status, const char* what) {
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

gpu_info info() {
  cudaDeviceProp p{};
  int device = 0;
  ok(cudaGetDevice(&device), "cudaGetDevice");
  ok(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
  return {p.name, p.multiProcessorCount, static_cast<std::size_t>(p.l2CacheSize)};
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

std::size_t round_up(std::size_t x) {
  return (x + 255) / 256 * 256;
}

int sets_for(std::size_t item_bytes, std::int64_t n, std::size_t capacity) {
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

template <class T>
void compare_type(const char* type, buffers& b, int min_log, int max_log, cudaStream_t s,
                  FILE* md) {
  const std::int64_t biggest = static_cast<std::int64_t>(b.bytes / sizeof(T));
  fill_kernel<<<4096, 256, 0, s>>>(reinterpret_cast<T*>(b.in), biggest, 1234);
  ok(cudaGetLastError(), "fill");
  const scan::algorithm algos[] = {scan::algorithm::automatic, scan::algorithm::single_pass,
                                   scan::algorithm::reduce_then_scan,
                                   scan::algorithm::scan_then_fan};
  for (int lg = min_log; lg <= max_log; ++lg) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > biggest) break;
    const std::size_t stride = round_up(static_cast<std::size_t>(n) * sizeof(T));
    const int sets = sets_for(sizeof(T), n, b.bytes);
    auto in = [&](int set) { return reinterpret_cast<const T*>(b.in + set * stride); };
    auto out = [&](int set) { return reinterpret_cast<T*>(b.out + set * stride); };
    ensure_cub_temp<T>(b, n, s);
    const double est = 2.0 * n * sizeof(T) / 2.5e3 + 5.0; // us at 2.5 TB/s
    const double copy = median_us(s, sets, est, [&](int set) {
      ok(cudaMemcpyAsync(out(set), in(set), n * sizeof(T), cudaMemcpyDeviceToDevice, s), "copy");
    });
    const double cub = median_us(s, sets, est, [&](int set) {
      ok(cub::DeviceScan::InclusiveSum(b.temp, b.temp_bytes, in(set), out(set), n, s), "cub");
    });
    ok(cub::DeviceScan::InclusiveSum(b.temp, b.temp_bytes, in(0), reinterpret_cast<T*>(b.ref), n,
                                     s),
       "cub");
    double lib[4];
    unsigned long long bad = 0;
    for (int a = 0; a < 4; ++a) {
      scan::options opt;
      opt.stream = s;
      opt.algorithm = algos[a];
      lib[a] = median_us(s, sets, est, [&](int set) {
        scan::inclusive_scan(in(set), out(set), n, scan::sum{}, opt);
      });
      ok(cudaMemsetAsync(out(0), 0xff, n * sizeof(T), s), "poison");
      scan::inclusive_scan(in(0), out(0), n, scan::sum{}, opt);
      bad += mismatches(b, static_cast<const T*>(out(0)), reinterpret_cast<const T*>(b.ref), n, s);
    }
    const double gbs = 2.0 * n * sizeof(T) / 1e3;
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | 2^%d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2fx | %.2f | %.0f | "
                  "%.2f | %.2f | %s |",
                  type, lg, copy, cub, lib[0], lib[1], lib[2], lib[3], cub / lib[0], copy / lib[0],
                  gbs / lib[0], copy / lib[2], copy / lib[3], bad ? "MISMATCH" : "ok");
    std::printf("%s\n", line);
    std::fflush(stdout);
    if (md) std::fprintf(md, "%s\n", line);
  }
}

// Single-pass tile shapes for the tuning sweep: threads x bytes of output per thread.
template <class T, class Strategy>
double time_shape(buffers& b, std::int64_t n, cudaStream_t s, bool& good) {
  const std::size_t stride = round_up(static_cast<std::size_t>(n) * sizeof(T));
  const int sets = sets_for(sizeof(T), n, b.bytes);
  // Only the single-pass kernel of this shape, with the library's workspace cache.
  scan::cuda::cuda_parts<Strategy> parts{s};
  const std::int64_t tiles = (n + scan::gpu::tile_items_of<Strategy>(sizeof(T), sizeof(T)) - 1) /
                             scan::gpu::tile_items_of<Strategy>(sizeof(T), sizeof(T));
  auto run = [&](int set) {
    parts.single_pass(reinterpret_cast<const T*>(b.in + set * stride),
                      reinterpret_cast<T*>(b.out + set * stride), n, true, scan::detail::maybe<T>{},
                      scan::cuda::workspace_cache().template lookback<T>(s, tiles), scan::sum{});
  };
  const double est = 2.0 * n * sizeof(T) / 2.5e3 + 5.0;
  const double us = median_us(s, sets, est, run);
  ensure_cub_temp<T>(b, n, s);
  ok(cub::DeviceScan::InclusiveSum(b.temp, b.temp_bytes, reinterpret_cast<const T*>(b.in),
                                   reinterpret_cast<T*>(b.ref), n, s),
     "cub");
  run(0);
  good = mismatches(b, reinterpret_cast<const T*>(b.out), reinterpret_cast<const T*>(b.ref), n,
                    s) == 0;
  return us;
}

template <class T> void sweep_type(const char* type, buffers& b, cudaStream_t s, FILE* md) {
  using namespace scan::cuda;
  const std::int64_t biggest = static_cast<std::int64_t>(b.bytes / sizeof(T));
  fill_kernel<<<4096, 256, 0, s>>>(reinterpret_cast<T*>(b.in), biggest, 99);
  for (int lg : {20, 24, 28, 30}) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > biggest || (sizeof(T) == 8 && lg == 30)) continue;
    bool g[8];
    const double t[8] = {
        time_shape<T, tuned_strategy_of<128, 64>>(b, n, s, g[0]),
        time_shape<T, tuned_strategy_of<128, 128>>(b, n, s, g[1]),
        time_shape<T, tuned_strategy_of<256, 32>>(b, n, s, g[2]),
        time_shape<T, tuned_strategy_of<256, 64>>(b, n, s, g[3]),
        time_shape<T, tuned_strategy_of<256, 128>>(b, n, s, g[4]),
        time_shape<T, tuned_strategy_of<512, 32>>(b, n, s, g[5]),
        time_shape<T, tuned_strategy_of<512, 64>>(b, n, s, g[6]),
        time_shape<T, tuned_strategy_of<1024, 32>>(b, n, s, g[7]),
    };
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | 2^%d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s |",
                  type, lg, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7],
                  std::all_of(g, g + 8, [](bool x) { return x; }) ? "ok" : "MISMATCH");
    std::printf("%s\n", line);
    std::fflush(stdout);
    if (md) std::fprintf(md, "%s\n", line);
  }
}

} // namespace

int main(int argc, char** argv) {
  bool sweep = false;
  int min_log = 10, max_log = 30;
  std::string types = "int32,float,int64,double";
  const char* md_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--sweep")
      sweep = true;
    else if (a == "--min" && i + 1 < argc)
      min_log = std::atoi(argv[++i]);
    else if (a == "--max" && i + 1 < argc)
      max_log = std::atoi(argv[++i]);
    else if (a == "--types" && i + 1 < argc)
      types = argv[++i];
    else if (a == "--markdown" && i + 1 < argc)
      md_path = argv[++i];
    else {
      std::fprintf(stderr,
                   "usage: %s [--sweep] [--min L] [--max L] [--types a,b] "
                   "[--markdown file]\n",
                   argv[0]);
      return 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }
  const gpu_info g = info();
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  FILE* md = md_path ? std::fopen(md_path, "a") : nullptr;
  std::printf("GPU: %s, %d SMs, %zu MB L2; %s\n", g.name.c_str(), g.sms, g.l2 >> 20, date);
  if (md)
    std::fprintf(md, "\nGPU: %s, %d SMs, %zu MB L2; %s\n\n", g.name.c_str(), g.sms, g.l2 >> 20,
                 date);

  cudaStream_t s;
  ok(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  buffers b;
  b.bytes = std::size_t{8} << std::min(max_log, 30);
  ok(cudaMalloc(&b.in, b.bytes), "cudaMalloc in");
  ok(cudaMalloc(&b.out, b.bytes), "cudaMalloc out");
  ok(cudaMalloc(&b.ref, b.bytes), "cudaMalloc ref");
  ok(cudaMalloc(&b.bad, 8), "cudaMalloc");

  if (sweep) {
    const char* head = "| type | n | 128x64B | 128x128B | 256x32B | 256x64B | 256x128B | "
                       "512x32B | 512x64B | 1024x32B | check |\n|---|---|---|---|---|---|---|---|"
                       "---|---|---|";
    std::printf("single-pass tile shapes (threads x output bytes per thread), median us\n%s\n",
                head);
    if (md) std::fprintf(md, "%s\n", head);
    sweep_type<std::int32_t>("int32", b, s, md);
    sweep_type<std::int64_t>("int64", b, s, md);
  } else {
    const char* head =
        "| type | n | copy us | CUB us | libscan auto us | single_pass us | reduce_then_scan us | "
        "scan_then_fan us | auto vs CUB | auto / copy | auto GB/s | RtS / copy | StF / copy | "
        "check |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";
    std::printf("%s\n", head);
    if (md) std::fprintf(md, "%s\n", head);
    if (types.find("int32") != std::string::npos)
      compare_type<std::int32_t>("int32", b, min_log, max_log, s, md);
    if (types.find("float") != std::string::npos)
      compare_type<float>("float", b, min_log, max_log, s, md);
    if (types.find("int64") != std::string::npos)
      compare_type<std::int64_t>("int64", b, min_log, max_log, s, md);
    if (types.find("double") != std::string::npos)
      compare_type<double>("double", b, min_log, max_log, s, md);
  }
  if (md) std::fclose(md);
  return 0;
}
