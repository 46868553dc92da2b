// The HIP backend's test fixture (tests/test_backend.hpp): device memory from hipMalloc, the
// default stream, streams for the randomized test, and a skip reason from the runtime.
#pragma once

#include <cstdint>
#include <new>
#include <string>

#include <hip/hip_runtime.h>

#include <scan/detail/backends/hip/hip_error.hpp>
#include <scan/error.hpp>
#include <scan/scan.hpp>

struct test_backend {
  static constexpr scan::backend id = scan::backend::hip;
  static constexpr bool rejects_host_pointers = true;

  static std::string skip_reason() {
    int count = 0;
    const hipError_t status = hipGetDeviceCount(&count);
    if (status != hipSuccess)
      return "no HIP device: hipGetDeviceCount: " + scan::hip::describe(status);
    if (count == 0) return "no HIP device: hipGetDeviceCount found 0 devices";
    return {};
  }

  static scan::options options() {
    scan::options opt;
    opt.backend = scan::backend::hip;
    return opt;
  }

  template <class T> static T* allocate(std::int64_t n) {
    void* p = nullptr;
    if (hipMalloc(&p, static_cast<std::size_t>(n) * sizeof(T)) != hipSuccess) {
      (void)hipGetLastError();
      throw std::bad_alloc();
    }
    return static_cast<T*>(p);
  }
  template <class T> static void release(T* p) { check(hipFree(p), "hipFree"); }

  template <class T> static void upload(T* dst, const T* src, std::int64_t n) {
    check(hipMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), hipMemcpyHostToDevice),
          "hipMemcpy to the device");
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n) {
    check(hipMemcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T), hipMemcpyDeviceToHost),
          "hipMemcpy from the device");
  }

  static void synchronize() { check(hipDeviceSynchronize(), "hipDeviceSynchronize"); }

  // For the randomized test (tests/fuzz_body.hpp): streams, and copies ordered on them. Its own
  // streams are non-blocking, so that their scans run beside those on the legacy default stream.
  static void* create_stream() {
    hipStream_t stream = nullptr;
    check(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking), "hipStreamCreateWithFlags");
    return stream;
  }
  static void destroy_stream(void* stream) {
    check(hipStreamDestroy(static_cast<hipStream_t>(stream)), "hipStreamDestroy");
  }
  static void* per_thread_stream() { return hipStreamPerThread; }
  template <class T> static void upload(T* dst, const T* src, std::int64_t n, void* stream) {
    check(hipMemcpyAsync(dst, src, static_cast<std::size_t>(n) * sizeof(T), hipMemcpyHostToDevice,
                         static_cast<hipStream_t>(stream)),
          "hipMemcpyAsync to the device");
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n, void* stream) {
    check(hipMemcpyAsync(dst, src, static_cast<std::size_t>(n) * sizeof(T), hipMemcpyDeviceToHost,
                         static_cast<hipStream_t>(stream)),
          "hipMemcpyAsync from the device");
    check(hipStreamSynchronize(static_cast<hipStream_t>(stream)), "hipStreamSynchronize");
  }

  // Free device memory less a margin for the library's workspace, as uint8 input + output.
  static std::int64_t max_test_items() {
    std::size_t free_bytes = 0, total_bytes = 0;
    check(hipMemGetInfo(&free_bytes, &total_bytes), "hipMemGetInfo");
    const std::size_t margin = std::size_t{1} << 30;
    return free_bytes > margin ? static_cast<std::int64_t>((free_bytes - margin) / 2) : 0;
  }

private:
  static void check(hipError_t status, const char* what) {
    if (status != hipSuccess)
      throw scan::error(std::string(what) + ": " + scan::hip::describe(status));
  }
};
