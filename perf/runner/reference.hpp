// The host reference each configuration is checked against: the inclusive sum of the kit's input
// (perf/kit/input.hpp) by the project's serial reference, of the whole input or of each segment.
// Exclusive results are checked against it shifted by one (perf/kit/check.hpp).
#pragma once

#include <algorithm>
#include <cstdint>

#include "tests/reference_scan.hpp"
#include "perf/kit/input.hpp"

namespace scan::perf {

// The inclusive sum of in[0, n), or of each segment of `segment` items when segment > 0.
template <class T>
kit::host_array<T> make_reference(const T* in, std::int64_t n, std::int64_t segment) {
  kit::host_array<T> ref = kit::make_host_array<T>(n);
  if (segment <= 0) {
    scan::reference::inclusive_scan(in, ref.get(), n);
    return ref;
  }
  T* r = ref.get();
  const std::int64_t segments = (n + segment - 1) / segment;
  kit::parallel_chunks(segments, [=](std::int64_t begin, std::int64_t end) {
    for (std::int64_t s = begin; s < end; ++s) {
      const std::int64_t first = s * segment;
      scan::reference::inclusive_scan(in + first, r + first, std::min(segment, n - first));
    }
  });
  return ref;
}

} // namespace scan::perf
