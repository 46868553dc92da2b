// The CUDA backend's test program: the shared body over device memory from cudaMalloc, the default
// stream, and a skip (exit 77) with the runtime's own reason where no CUDA device can be used.
#include <cstdint>
#include <new>
#include <string>

#include <cuda_runtime.h>

#include <scan/error.hpp>
#include <scan/scan.hpp>

struct test_backend {
  static constexpr scan::backend id = scan::backend::cuda;
  static constexpr bool rejects_host_pointers = true;

  static std::string skip_reason() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess)
      return std::string("no CUDA device: cudaGetDeviceCount: ") + cudaGetErrorName(status) + " (" +
             cudaGetErrorString(status) + ")";
    if (count == 0) return "no CUDA device: cudaGetDeviceCount found 0 devices";
    return {};
  }

  static scan::options options() {
    scan::options opt;
    opt.backend = scan::backend::cuda;
    return opt;
  }

  template <class T> static T* allocate(std::int64_t n) {
    void* p = nullptr;
    if (cudaMalloc(&p, static_cast<std::size_t>(n) * sizeof(T)) != cudaSuccess) {
      (void)cudaGetLastError();
      throw std::bad_alloc();
    }
    return static_cast<T*>(p);
  }
  template <class T> static void release(T* p) { check(cudaFree(p), "cudaFree"); }

  template <class T> static void upload(T* dst, const T* src, std::int64_t n) {
    check(cudaMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice),
          "cudaMemcpy to the device");
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n) {
    check(cudaMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyDeviceToHost),
          "cudaMemcpy from the device");
  }

  static void synchronize() { check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

  // Free device memory less a margin for the library's workspace, as uint8 input + output.
  static std::int64_t max_test_items() {
    std::size_t free_bytes = 0, total_bytes = 0;
    check(cudaMemGetInfo(&free_bytes, &total_bytes), "cudaMemGetInfo");
    const std::size_t margin = std::size_t{1} << 30;
    return free_bytes > margin ? static_cast<std::int64_t>((free_bytes - margin) / 2) : 0;
  }

private:
  static void check(cudaError_t status, const char* what) {
    if (status != cudaSuccess)
      throw scan::error(std::string(what) + ": " + cudaGetErrorString(status));
  }
};

#include "tests/scan_test_body.hpp"
