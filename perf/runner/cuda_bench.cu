// The CUDA bench: libscan's CUDA backend beside a device-to-device cudaMemcpyAsync,
// cub::DeviceScan (temporary storage allocated once, grown when a larger size needs more) and
// thrust::inclusive_scan / exclusive_scan (which allocate per call, as their users see it), all on
// the default stream, timed with CUDA events around each call.
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "perf/runner/matrix_driver.hpp"

namespace scan::perf {
namespace {

void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

template <class T> __device__ bool same_bits(const T& a, const T& b) {
  unsigned char x[sizeof(T)], y[sizeof(T)];
  memcpy(x, &a, sizeof(T));
  memcpy(y, &b, sizeof(T));
  for (unsigned k = 0; k < sizeof(T); ++k)
    if (x[k] != y[k]) return false;
  return true;
}

template <class T>
__global__ void mismatch_kernel(const T* out, const T* ref, std::int64_t n, std::int64_t segment,
                                bool inclusive, std::int64_t guard, unsigned char poison,
                                unsigned long long* first) {
  const std::int64_t stride = std::int64_t(gridDim.x) * blockDim.x;
  for (std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n + guard;
       i += stride) {
    bool ok = true;
    if (i < n) {
      const T want = inclusive ? ref[i] : (i % segment == 0 ? T(0) : ref[i - 1]);
      ok = same_bits(out[i], want);
    } else {
      const auto* bytes = reinterpret_cast<const unsigned char*>(out + i);
      for (unsigned k = 0; k < sizeof(T); ++k)
        ok = ok && bytes[k] == poison;
    }
    if (!ok) atomicMin(first, static_cast<unsigned long long>(i));
  }
}

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

  cuda_device() {
    int device = 0;
    cuda_check(cudaGetDevice(&device), "cudaGetDevice");
    cuda_check(cudaDeviceGetAttribute(&l2_, cudaDevAttrL2CacheSize, device), "L2 size");
    cuda_check(cudaMalloc(&first_, sizeof(unsigned long long)), "cudaMalloc");
  }
  ~cuda_device() {
    cudaFree(temp_);
    cudaFree(first_);
    for (cudaEvent_t e : events_)
      cudaEventDestroy(e);
  }
  cuda_device(const cuda_device&) = delete;
  cuda_device& operator=(const cuda_device&) = delete;

  bool is_gpu() const { return true; }
  std::size_t cache_bytes() const { return static_cast<std::size_t>(l2_); }
  void* stream() const { return nullptr; }

  template <class T> T* allocate(std::int64_t n) {
    void* p = nullptr;
    cuda_check(cudaMalloc(&p, static_cast<std::size_t>(n) * sizeof(T)), "cudaMalloc");
    return static_cast<T*>(p);
  }
  void release(void* p) { cudaFree(p); }

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
    const unsigned long long none = ~0ull;
    cuda_check(cudaMemcpy(first_, &none, sizeof none, cudaMemcpyHostToDevice), "check");
    const std::int64_t items = n + guard;
    const auto blocks = static_cast<unsigned>(std::min<std::int64_t>((items + 255) / 256, 4096));
    mismatch_kernel<<<blocks, 256>>>(out, ref, n, segment > 0 ? segment : n, inclusive, guard,
                                     poison, first_);
    cuda_check(cudaGetLastError(), "check kernel launch");
    unsigned long long first = none;
    cuda_check(cudaMemcpy(&first, first_, sizeof first, cudaMemcpyDeviceToHost), "check");
    return first == none ? -1 : static_cast<std::int64_t>(first);
  }

  void copy(void* dst, const void* src, std::size_t bytes) {
    cuda_check(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, nullptr),
               "cudaMemcpyAsync");
  }

  template <class T>
  void baseline(const std::string& name, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (name == "cub") {
      std::size_t need = 0;
      if (inclusive)
        cuda_check(cub::DeviceScan::InclusiveSum(nullptr, need, in, out, n), "cub size");
      else
        cuda_check(cub::DeviceScan::ExclusiveSum(nullptr, need, in, out, n), "cub size");
      if (need > temp_bytes_) {
        cudaFree(temp_);
        temp_ = nullptr;
        cuda_check(cudaMalloc(&temp_, need), "cudaMalloc");
        temp_bytes_ = need;
      }
      std::size_t bytes = temp_bytes_;
      if (inclusive)
        cuda_check(cub::DeviceScan::InclusiveSum(temp_, bytes, in, out, n), "cub");
      else
        cuda_check(cub::DeviceScan::ExclusiveSum(temp_, bytes, in, out, n), "cub");
    } else if (name == "thrust") {
      if (inclusive)
        thrust::inclusive_scan(thrust::device, in, in + n, out);
      else
        thrust::exclusive_scan(thrust::device, in, in + n, out, T(0));
    } else {
      throw scan::error("options: no baseline '" + name + "' on cuda");
    }
  }

  template <class F> double time_total_us(F&& call, int count) {
    cudaEvent_t* e = events(2);
    cuda_check(cudaEventRecord(e[0], nullptr), "cudaEventRecord");
    for (int i = 0; i < count; ++i)
      call();
    cuda_check(cudaEventRecord(e[1], nullptr), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(e[1]), "cudaEventSynchronize");
    cuda_check(cudaGetLastError(), "timed calls");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, e[0], e[1]), "cudaEventElapsedTime");
    return ms * 1e3;
  }

  template <class F> std::vector<double> time_each_us(F&& call, int count) {
    cudaEvent_t* e = events(2 * static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      cuda_check(cudaEventRecord(e[2 * i], nullptr), "cudaEventRecord");
      call();
      cuda_check(cudaEventRecord(e[2 * i + 1], nullptr), "cudaEventRecord");
    }
    cuda_check(cudaEventSynchronize(e[2 * count - 1]), "cudaEventSynchronize");
    cuda_check(cudaGetLastError(), "timed calls");
    std::vector<double> t(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      float ms = 0;
      cuda_check(cudaEventElapsedTime(&ms, e[2 * i], e[2 * i + 1]), "cudaEventElapsedTime");
      t[static_cast<std::size_t>(i)] = ms * 1e3;
    }
    return t;
  }

private:
  cudaEvent_t* events(std::size_t count) {
    while (events_.size() < count) {
      cudaEvent_t e;
      cuda_check(cudaEventCreate(&e), "cudaEventCreate");
      events_.push_back(e);
    }
    return events_.data();
  }

  int l2_ = 0;
  unsigned long long* first_ = nullptr;
  void* temp_ = nullptr;
  std::size_t temp_bytes_ = 0;
  std::vector<cudaEvent_t> events_;
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
  device_info device() const override {
    cudaDeviceProp prop{};
    int device = 0;
    cudaGetDevice(&device);
    cudaGetDeviceProperties(&prop, device);
    return {prop.name, driver_version()};
  }
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
