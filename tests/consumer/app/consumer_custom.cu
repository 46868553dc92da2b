// The same out-of-tree user, compiled by nvcc against a cuda libscan: a custom operator
// instantiated in this file through the installed headers (the header path) and run on the GPU,
// checked against a serial loop. Without a device it says so and exits 0: the install test checks
// that it compiles and links; the GPU suites check the kernels.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>

#include <scan/scan.hpp>

namespace {

// "The last non-zero value so far": associative, not commutative.
struct last_nonzero {
  __host__ __device__ int operator()(int a, int b) const { return b != 0 ? b : a; }
};

bool ok(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return true;
  std::printf("consumer_custom: %s failed: %s\n", what, cudaGetErrorString(status));
  return false;
}

} // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("consumer_custom: no CUDA device: compiled and linked, not run\n");
    return 0;
  }
  const std::int64_t n = (std::int64_t{1} << 22) + 5; // many tiles: the single pass's look-back
  std::vector<int> in(n);
  for (std::int64_t i = 0; i < n; ++i)
    in[i] = i % 7 == 0 ? static_cast<int>(i % 1000) : 0;
  int *d_in = nullptr, *d_out = nullptr;
  if (!ok(cudaMalloc(&d_in, n * sizeof(int)), "cudaMalloc") ||
      !ok(cudaMalloc(&d_out, n * sizeof(int)), "cudaMalloc") ||
      !ok(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy"))
    return 1;
  scan::inclusive_scan(static_cast<const int*>(d_in), d_out, n, -1, last_nonzero{});
  std::vector<int> got(n);
  if (!ok(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy"))
    return 1;
  int acc = -1;
  std::int64_t wrong = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    acc = last_nonzero{}(acc, in[i]);
    wrong += got[i] != acc;
  }
  cudaFree(d_in);
  cudaFree(d_out);
  std::printf("consumer_custom: custom operator on the GPU, n = %lld: %s\n",
              static_cast<long long>(n), wrong == 0 ? "ok" : "WRONG");
  return wrong == 0 ? 0 : 1;
}
