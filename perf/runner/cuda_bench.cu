// The CUDA bench: libscan's CUDA backend beside a device-to-device cudaMemcpyAsync,
// cub::DeviceScan (temporary storage allocated once, grown when a larger size needs more:
// perf/kit/cub_scan.cuh) and thrust::inclusive_scan / exclusive_scan (which allocate per call, as
// their users see it), all on the default stream, timed with CUDA events around each call, the
// calls queued back to back (perf/kit/cuda_clock.cuh).
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include <cctype>
#include <fstream>
#include <sstream>

#include "perf/kit/cub_scan.cuh"
#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_data.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

using kit::cuda_check;

std::string driver_version() {
  // "NVRM version: NVIDIA UNIX [Open ]Kernel Module [for x86_64]  580.159.04  Release Build ...":
  // the first word after "Module" that starts with a digit.
  std::ifstream f("/proc/driver/nvidia/version");
  std::string line;
  if (std::getline(f, line)) {
    const auto k = line.find("Module");
    std::istringstream words(k == std::string::npos ? std::string() : line.substr(k));
    for (std::string w; words >> w;)
      if (std::isdigit(static_cast<unsigned char>(w[0])) && w.find('.') != std::string::npos)
        return w;
  }
  int v = 0;
  cudaDriverGetVersion(&v);
  return "CUDA " + std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

struct cuda_device {
  static constexpr scan::backend id = scan::backend::cuda;
#if defined(SCAN_PERF_WITH_CLASSIC)
  static constexpr bool classic_strategies = true; // scan_classic is linked
#endif

  bool is_gpu() const {
    return true;
  }
  std::size_t cache_bytes() const {
    return l2_;
  }
  void* stream() const {
    return nullptr;
  }

  template <class T> T* allocate(std::int64_t n) {
    void* p = nullptr;
    cuda_check(cudaMalloc(&p, static_cast<std::size_t>(n) * sizeof(T)), "cudaMalloc");
    return static_cast<T*>(p);
  }
  void release(void* p) {
    cudaFree(p);
  }

  template <class T> void upload(T* dst, const T* src, std::int64_t n) {
    cuda_check(
        cudaMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice),
        "upload");
  }
  void fill_bytes(void* p, unsigned char byte, std::size_t bytes) {
    cuda_check(cudaMemsetAsync(p, byte, bytes, nullptr), "cudaMemsetAsync");
  }

  template <class T>
  std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                              bool inclusive, std::int64_t guard, unsigned char poison) {
    return check_.first_mismatch(out, ref, n, segment, inclusive, guard, poison, nullptr);
  }

  void copy(void* dst, const void* src, std::size_t bytes) {
    cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, nullptr),
               "cudaMemcpyAsync");
  }

  template <class T>
  void baseline(const std::string& name, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (name == "cub")
      cub_(in, out, n, inclusive, nullptr);
    else if (name == "thrust" && inclusive)
      thrust::inclusive_scan(thrust::device, kit::accumulating(in), kit::accumulating(in) + n,
                             kit::rounding(out));
    else if (name == "thrust")
      thrust::exclusive_scan(thrust::device, kit::accumulating(in), kit::accumulating(in) + n,
                             kit::rounding(out), scan::accumulator_t<T>(0));
    else
      throw scan::error("options: no baseline '" + name + "' on cuda");
  }

  kit::cuda_clock& clock() {
    return clock_;
  }

private:
  std::size_t l2_ = kit::current_gpu().l2_bytes;
  kit::gpu_check check_;
  kit::cub_scan cub_;
  kit::cuda_clock clock_{nullptr, kit::cadence::back_to_back};
};

class cuda_bench : public bench {
public:
  scan::backend id() const override { return scan::backend::cuda; }
  bool is_gpu() const override { return true; }
  std::string unavailable() const override {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) return std::string("no CUDA device: ") + cudaGetErrorString(e);
    if (count == 0) return "no CUDA device";
    return {};
  }
  device_info device() const override { return {kit::current_gpu().name, driver_version()}; }
  std::vector<std::string> baselines() const override { return {"cub", "thrust"}; }
  void run(const run_plan& plan, const std::vector<variant>& variants, recorder& rec) override {
    cuda_device dev;
    matrix_driver<cuda_device>(dev, device(), plan, variants, rec).run();
  }
};

} // namespace

std::unique_ptr<bench> make_cuda_bench() {
  return std::make_unique<cuda_bench>();
}

} // namespace scan::perf
