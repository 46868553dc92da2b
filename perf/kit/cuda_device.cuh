// The CUDA device as the benchmarks see it: a failed CUDA call as an exception, the GPU's name,
// multiprocessors and L2 size, the heading line of a benchmark's table, and device memory.
#pragma once

#include <cstddef>
#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <string>

#include <cuda_runtime.h>

namespace scan::perf::kit {

inline void cuda_check(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

struct gpu_properties {
  std::string name;
  int sms = 0;
  std::size_t l2_bytes = 0;
};

inline gpu_properties current_gpu() {
  int device = 0;
  cuda_check(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp p{};
  cuda_check(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
  return {p.name, p.multiProcessorCount, static_cast<std::size_t>(p.l2CacheSize)};
}

// "GPU: <name>, <SMs> SMs, <L2> MB L2; <date>", or empty when no CUDA device answers.
inline std::string gpu_heading() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) return {};
  const gpu_properties g = current_gpu();
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%d", std::gmtime(&now));
  char line[512];
  std::snprintf(line, sizeof line, "GPU: %s, %d SMs, %zu MB L2; %s", g.name.c_str(), g.sms,
                g.l2_bytes >> 20, date);
  return line;
}

// `count` items of T in device memory, freed with the object.
template <class T> class device_array {
public:
  explicit device_array(std::size_t count) {
    void* p = nullptr;
    cuda_check(cudaMalloc(&p, count * sizeof(T)), "cudaMalloc");
    data_ = static_cast<T*>(p);
  }
  ~device_array() { cudaFree(data_); }
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;

  T* get() const { return data_; }

private:
  T* data_ = nullptr;
};

} // namespace scan::perf::kit
