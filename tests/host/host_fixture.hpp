// The host backend's test fixture (tests/test_backend.hpp): plain host memory, no streams.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <string>

#include <scan/scan.hpp>

struct test_backend {
  static constexpr scan::backend id = scan::backend::host;

  static std::string skip_reason() { return {}; }

  static scan::options options() {
    scan::options opt;
    opt.backend = scan::backend::host;
    return opt;
  }

  template <class T> static T* allocate(std::int64_t n) {
    void* p = std::malloc(static_cast<std::size_t>(n) * sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  template <class T> static void release(T* p) { std::free(p); }

  template <class T> static void upload(T* dst, const T* src, std::int64_t n) {
    std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T));
  }
  template <class T> static void download(T* dst, const T* src, std::int64_t n) {
    std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(T));
  }

  static void synchronize() {}

  // Half the memory the kernel reports available (input and output as uint8).
  static std::int64_t max_test_items() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::int64_t kib = 0;
    while (meminfo >> key >> kib) {
      if (key == "MemAvailable:") return kib * 1024 / 2;
      meminfo.ignore(256, '\n');
    }
    return 0;
  }
};
