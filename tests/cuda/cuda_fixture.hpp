// The CUDA backend's test fixture (tests/test_backend.hpp): device memory from cudaMalloc, the
// default stream, streams for the randomized test, and a skip reason from the runtime.
#pragma once

#include <cstdint>
#include <new>
#include <string>

#include <cuda_runtime.h>

#include "tests/cuda/cuda_skip_reason.hpp"
#include <scan/error.hpp>
#include <scan/scan.hpp>

struct test_backend {
  static constexpr scan::backend id = scan::backend::cuda;
  static constexpr bool rejects_host_pointers = true;

  static std::string skip_reason() { return cuda_test::skip_reason(); }

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

  // For the randomized test (tests/fuzz_body.hpp): streams, and copies ordered on them. Its own
  // streams are non-blocking, so that their scans run beside those on the legacy default stream.
  static void* create_stream() {
    cudaStream_t stream = nullptr;
    check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    return stream;
  }
  static void destroy_stream(void* stream) {
    check(cudaStreamDestroy(static_cast<cudaStream_t>(stream)), "cudaStreamDestroy");
  }
  static void* per_thread_stream() { return cudaStreamPerThread; }
  template <class T> static void upload(T* dst, const T* src, std::int64_t n, void* stream) {
    check(cudaMemcpyAsync(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice,
                          static_cast<cudaStream_t>(stream)),
          "cudaMemcpyAsync to the device");
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n, void* stream) {
    check(cudaMemcpyAsync(dst, src, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyDeviceToHost,
                          static_cast<cudaStream_t>(stream)),
          "cudaMemcpyAsync from the device");
    check(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)), "cudaStreamSynchronize");
  }
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
