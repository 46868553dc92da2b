// Plain host memory as a test fixture provides it (tests/test_backend.hpp): the host backend's
// fixture and the GPU emulation's derive from it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

struct plain_host_memory {
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
};
