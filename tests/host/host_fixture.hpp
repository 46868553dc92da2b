// The host backend's test fixture (tests/test_backend.hpp): plain host memory, no streams.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "tests/host_memory.hpp"
#include "tests/plain_host_memory.hpp"
#include <scan/scan.hpp>

struct test_backend : plain_host_memory {
  static constexpr scan::backend id = scan::backend::host;

  static std::string skip_reason() { return {}; }

  static scan::options options() {
    scan::options opt;
    opt.backend = scan::backend::host;
    return opt;
  }

  // Half the memory the kernel reports available (input and output as uint8).
  static std::int64_t max_test_items() { return host_test_items(); }

  // Host parts change nothing past a few parts: the full sweep stops at 2^22 (CI's time).
  static constexpr int sweep_log2 = 22;
};
