// Serial scans and reductions: the host backend's per-part work and, through reference_scan.hpp,
// the oracle every test compares against. Accumulation happens in the output type.
#pragma once

#include <cstdint>

#include <scan/detail/core/request.hpp>

namespace scan::host {

// Scans n items starting from `seed` when present. An exclusive scan without a seed leaves
// out[0] unspecified (there is no identity for a custom operator). Safe in place.
template <class In, class Out, class Op>
void serial_scan(const In* in, Out* out, std::int64_t n, bool inclusive, detail::maybe<Out> seed,
                 Op op) {
  Out acc = seed.value;
  bool have = seed.present;
  for (std::int64_t j = 0; j < n; ++j) {
    const Out x = static_cast<Out>(in[j]);
    if (!inclusive && have) out[j] = acc;
    acc = have ? op(acc, x) : x;
    have = true;
    if (inclusive) out[j] = acc;
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
