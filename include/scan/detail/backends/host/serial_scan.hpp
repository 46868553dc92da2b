// Serial scans and reductions: the host backend's per-part work and, through reference_scan.hpp,
// the oracle every test compares against. Accumulation happens in the output type.
#pragma once

#include <cstdint>

#include <scan/detail/core/request.hpp>

namespace scan::host {

// Scans n items starting from `seed` when present. An exclusive scan without a seed leaves
// out[0] unspecified (there is no identity for a custom operator). Safe in place.
//
// `inclusive` and `seed` are decided once, before the loops: each inner loop is the load, combine,
// store chain std::inclusive_scan compiles to, with no per-item branch (perf/HOST_RESULTS.md).
template <class In, class Out, class Op>
void serial_scan(const In* in, Out* out, std::int64_t n, bool inclusive, detail::maybe<Out> seed,
                 Op op) {
  if (n <= 0) return;
  const In* const end = in + n;
  Out acc = seed.present ? seed.value : static_cast<Out>(*in);
  if (!seed.present) {
    if (inclusive) *out = acc;
    ++in;
    ++out;
  }
  if (inclusive) {
    for (; in != end; ++in, ++out) {
      acc = op(acc, static_cast<Out>(*in));
      *out = acc;
    }
  } else {
    for (; in != end; ++in, ++out) {
      const Out x = static_cast<Out>(*in); // read before the write: safe in place
      *out = acc;
      acc = op(acc, x);
    }
  }
}

// Reduction of n >= 1 items, combined left to right.
template <class In, class Out, class Op> Out serial_reduce(const In* in, std::int64_t n, Op op) {
  Out acc = static_cast<Out>(in[0]);
  for (std::int64_t j = 1; j < n; ++j)
    acc = op(acc, static_cast<Out>(in[j]));
  return acc;
}

} // namespace scan::host
