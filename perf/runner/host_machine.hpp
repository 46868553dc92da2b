// The host as the host and Kokkos benches describe it: the CPU's model name, the cache that
// buffer rotation (perf/kit/rotation.hpp) must outgrow, and the copy the host rows' ceiling is.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>

#include <scan/detail/backends/host/thread_pool.hpp>

namespace scan::perf {

inline std::string cpu_name() {
  std::ifstream f("/proc/cpuinfo");
  for (std::string line; std::getline(f, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  return "unknown CPU";
}

// The last-level cache, at most 32 MB: chiplet CPUs report the whole socket's L3, of which a
// scan's threads share only their complex's slice.
inline std::size_t host_cache_bytes() {
  constexpr std::size_t cap = std::size_t{32} << 20;
#if defined(_SC_LEVEL3_CACHE_SIZE)
  const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l3 > 0) return std::min(cap, static_cast<std::size_t>(l3));
#endif
  return cap;
}

// A memcpy spread over every thread of the pool libscan's host backend scans with, in chunks of
// at least 64 KB.
inline void host_pool_copy(void* dst, const void* src, std::size_t bytes) {
  host::thread_pool& pool = host::thread_pool::instance();
  const std::size_t chunk = std::max<std::size_t>(
      std::size_t{1} << 16, (bytes + pool.size() - 1) / pool.size() / 64 * 64 + 64);
  const auto count = static_cast<std::int64_t>((bytes + chunk - 1) / chunk);
  pool.run(count, [&](std::int64_t i) {
    const std::size_t begin = static_cast<std::size_t>(i) * chunk;
    std::memcpy(static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin,
                std::min(chunk, bytes - begin));
  });
}

} // namespace scan::perf
