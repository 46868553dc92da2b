// The host as the host and Kokkos benches describe it: the CPU's model name and the cache that
// buffer rotation (perf/kit/rotation.hpp) must outgrow.
#pragma once

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <string>
#include <unistd.h>

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

} // namespace scan::perf
