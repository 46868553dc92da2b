// What the CUDA-only test programs share: device buffers, downloads, random inputs, options on a
// stream, and a main() that exits 77 (skipped) without a CUDA device.
#pragma once

#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <cuda_runtime.h>
#include <doctest/doctest.h>

#include "tests/cuda/cuda_skip_reason.hpp"

#include <scan/scan.hpp>

namespace cuda_test {

inline void ok(cudaError_t status, const char* what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

template <class T> struct device_buffer {
  T* p = nullptr;
  std::size_t n = 0;
  explicit device_buffer(std::size_t count) : n(count) {
    ok(cudaMalloc(&p, count * sizeof(T) + 16), "cudaMalloc");
  }
  ~device_buffer() { cudaFree(p); }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
};

template <class T> std::vector<T> download(const T* d, std::size_t n, cudaStream_t s = nullptr) {
  std::vector<T> h(n);
  ok(cudaMemcpyAsync(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost, s), "download");
  ok(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  return h;
}

template <class T> std::vector<T> random_values(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    if constexpr (std::is_floating_point_v<T>)
      x = static_cast<T>(std::uniform_real_distribution<double>(-1.0, 3.0)(g));
    else
      x = static_cast<T>(g());
  }
  return v;
}

inline scan::options on(cudaStream_t s, scan::algorithm a = scan::algorithm::automatic) {
  scan::options opt;
  opt.backend = scan::backend::cuda;
  opt.stream = s;
  opt.algorithm = a;
  return opt;
}

// Runs check(t) on `threads` host threads at once, t = 0..threads-1; check returns "" when all
// was well, else what went wrong (exceptions count as that). One CHECK per thread, on this one.
template <class Check> void check_on_threads(int threads, Check check) {
  std::vector<std::string> failures(static_cast<std::size_t>(threads));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([t, &failures, &check] {
      try {
        failures[static_cast<std::size_t>(t)] = check(t);
      } catch (const std::exception& e) {
        failures[static_cast<std::size_t>(t)] = e.what();
      }
    });
  for (auto& th : pool)
    th.join();
  for (const std::string& failure : failures)
    CHECK_MESSAGE(failure.empty(), failure);
}

inline int run_or_skip(int argc, char** argv) {
  if (const std::string why = skip_reason(); !why.empty()) {
    std::printf("SKIPPED: %s\n", why.c_str());
    return 77;
  }
  doctest::Context context(argc, argv);
  return context.run();
}

} // namespace cuda_test
