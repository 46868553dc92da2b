// libscan's CUDA backend beside cub::DeviceScan::InclusiveSum and a device-to-device
// cudaMemcpyAsync of the same bytes, in one process on the same buffers.
//
//   cub_comparison [--quick] [--types int32,float,int64,double] [--min 10] [--max 30]
//
// Each figure is the median of many calls timed one by one with CUDA events (the stream is idle
// before each call, so small sizes include the host's launch cost, as a caller sees it), after 3
// warm-up calls. Inputs rotate through as many copies as fill 256 MB, so that sizes below the L2
// cache (50 MB on the H100) are not served from it. GB/s counts n reads + n writes. Every libscan
// result is compared with CUB's (integers exactly, floats to 1e-3 relative).
// perf/tile_sweep.cu times the single pass alone over tile shapes (tuning).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include "perf/cuda_harness.cuh"
#include <scan/scan.hpp>

namespace {

using namespace perf;

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

} // namespace

int main(int argc, char** argv) {
  int min_log = 10, max_log = 30;
  std::string types = "int32,float,int64,double";
  const char* md_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--min" && i + 1 < argc)
      min_log = std::atoi(argv[++i]);
    else if (a == "--max" && i + 1 < argc)
      max_log = std::atoi(argv[++i]);
    else if (a == "--types" && i + 1 < argc)
      types = argv[++i];
    else if (a == "--markdown" && i + 1 < argc)
      md_path = argv[++i];
    else {
      std::fprintf(stderr,
                   "usage: %s [--min L] [--max L] [--types a,b] "
                   "[--markdown file]\n",
                   argv[0]);
      return 2;
    }
  }
  const std::string heading = gpu_heading();
  if (heading.empty()) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }
  FILE* md = md_path ? std::fopen(md_path, "a") : nullptr;
  std::printf("%s\n", heading.c_str());
  if (md) std::fprintf(md, "\n%s\n\n", heading.c_str());

  cudaStream_t s;
  ok(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  buffers b;
  b.bytes = std::size_t{8} << std::min(max_log, 30);
  ok(cudaMalloc(&b.in, b.bytes), "cudaMalloc in");
  ok(cudaMalloc(&b.out, b.bytes), "cudaMalloc out");
  ok(cudaMalloc(&b.ref, b.bytes), "cudaMalloc ref");
  ok(cudaMalloc(&b.bad, 8), "cudaMalloc");

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
  if (md) std::fclose(md);
  return 0;
}
