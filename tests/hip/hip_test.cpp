// The HIP backend's test program: device memory from hipMalloc, the default stream, and a skip
// (exit 77) with the runtime's own reason where no HIP device can be used.
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

#include "tests/scan_test_body.hpp"
