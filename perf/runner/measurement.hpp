// One row of the matrix: a variant timed at one backend, type, scan kind and size.
#pragma once

#include <cstdint>
#include <string>

#include "perf/runner/plan.hpp"

namespace scan::perf {

// The machine a backend ran on, written into every row.
struct device_info {
  std::string name;   // GPU or CPU model
  std::string driver; // GPU driver version, or the host's thread count
};

struct measurement {
  scan::backend backend = scan::backend::host;
  device_info device;
  variant v;
  scan::element_type type = scan::element_type::i32;
  bool inclusive = true;
  std::int64_t n = 0;
  std::int64_t bytes = 0; // n reads + n writes: what any scan must move
  int reps = 0;
  double median_us = 0, min_us = 0, max_us = 0;
  double copy_us = 0; // the copy's median at this backend, type and size
  // "rotated xK" (K buffer sets cycled so the input comes from memory, not the cache),
  // "resident" (fits in the cache and was not rotated) or "streamed" (larger than the cache)
  std::string cache;

  double gbps() const { return median_us > 0 ? bytes / (median_us * 1e3) : 0; }
  double fraction_of_copy() const { return median_us > 0 ? copy_us / median_us : 0; }
};

} // namespace scan::perf
