// The host memory a test may fill: half of what the kernel reports available, counted as uint8
// input and output items (fixtures' max_test_items on host memory).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>

inline std::int64_t host_test_items() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::int64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemAvailable:") return kib * 1024 / 2;
    meminfo.ignore(256, '\n');
  }
  return 0;
}
