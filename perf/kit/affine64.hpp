// The custom element type the benchmarks time: an affine map x -> a*x + b on 64-bit unsigned
// words, 16 bytes, under composition. Composition is associative but not commutative, so a scan
// that combined items out of order would show it; and wrapping integer arithmetic is exact in any
// grouping, so every correct scan gives CUB's result bit for bit. Item i's map is drawn from i
// alone (input.hpp's rule), with random words.
#pragma once

#include <cstdint>

#include "perf/kit/input.hpp"

// Outside namespace scan: nvcc 13.0's stubs for CUB's kernels name part of their template
// arguments as `scan::...` from inside cub::detail::scan, where `scan` is that namespace.
namespace scan_perf {

struct affine64 {
  std::uint64_t a, b; // no initializers: a trivial type, as the library's kernels copy it

  static constexpr const char* name = "affine64";

  // The scan's operator, "f then g": (g o f)(x) = g.a*(f.a*x + f.b) + g.b.
  struct then {
    SCAN_PERF_HOST_DEVICE affine64 operator()(const affine64& f, const affine64& g) const {
      return {g.a * f.a, g.a * f.b + g.b};
    }
  };
};

} // namespace scan_perf

namespace scan::perf::kit {

// Odd factors keep every prefix invertible: random ones are even half the time, and 64 factors
// of two zero a product, which would leave only b to scan.
template <>
SCAN_PERF_HOST_DEVICE inline scan_perf::affine64 input_value<scan_perf::affine64>(std::int64_t i) {
  const auto k = static_cast<std::uint64_t>(i);
  return {splitmix64(2 * k) | 1u, splitmix64(2 * k + 1)};
}

} // namespace scan::perf::kit
