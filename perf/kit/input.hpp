// The inputs every benchmark scans. Item i is a small integer (in -3..3, or 0..6 for unsigned
// types) as the element type, and depends on i alone: every partial sum of a float or double
// input is exact, so any order of combination gives the reference bit for bit; integer sums wrap
// the same way everywhere; the input of a smaller size is a prefix of a larger one's; and the GPU
// writes the same values (cuda_data.cuh) as the host does here. A custom type specializes
// input_value (affine64.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

#if defined(__CUDACC__)
#define SCAN_PERF_HOST_DEVICE __host__ __device__
#else
#define SCAN_PERF_HOST_DEVICE
#endif

namespace scan::perf::kit {

SCAN_PERF_HOST_DEVICE inline std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class T> SCAN_PERF_HOST_DEVICE T input_value(std::int64_t i) {
  const int v = static_cast<int>(splitmix64(static_cast<std::uint64_t>(i)) % 7);
  if constexpr (std::is_unsigned_v<T>)
    return static_cast<T>(v);
  else
    return static_cast<T>(v - 3);
}

// Owned host array without value-initialisation (zeroing gigabytes is wasted time).
template <class T> using host_array = std::unique_ptr<T[]>;

template <class T> host_array<T> make_host_array(std::int64_t n) {
  return host_array<T>(new T[static_cast<std::size_t>(std::max<std::int64_t>(n, 1))]);
}

// Runs f(begin, end) over [0, n) split across the machine's threads.
template <class F> void parallel_chunks(std::int64_t n, F f) {
  const std::int64_t threads =
      std::clamp<std::int64_t>(std::thread::hardware_concurrency(), 1, (n >> 20) + 1);
  std::vector<std::thread> pool;
  const std::int64_t chunk = (n + threads - 1) / threads;
  for (std::int64_t t = 0; t < threads; ++t) {
    const std::int64_t begin = t * chunk, end = std::min(n, begin + chunk);
    if (begin < end) pool.emplace_back([=] { f(begin, end); });
  }
  for (auto& th : pool)
    th.join();
}

template <class T> host_array<T> make_input(std::int64_t n) {
  host_array<T> in = make_host_array<T>(n);
  T* p = in.get();
  parallel_chunks(n, [p](std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i)
      p[i] = input_value<T>(i);
  });
  return in;
}

} // namespace scan::perf::kit
