// Serial scans and reductions: the host backend's per-part work and, through reference_scan.hpp,
// the oracle every test compares against. Accumulation happens in the output type.
#pragma once

#include <cstdint>

#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::host {

// Scans n items of sequences (pointers, or accessors indexed by s[i]) starting from `seed` when
// present. An exclusive scan without a seed leaves out[0] unspecified (there is no identity for a
// custom operator). Safe in place.
//
// `inclusive` and `seed` are decided once, before the loops: each inner loop is the load, combine,
// store chain std::inclusive_scan compiles to, with no per-item branch (perf/HOST_RESULTS.md).
template <class InSeq, class OutSeq, class Out, class Op>
void serial_scan(InSeq in, OutSeq out, std::int64_t n, bool inclusive, detail::maybe<Out> seed,
                 Op op) {
  if (n <= 0) return;
  std::int64_t j = 0;
  Out acc = seed.present ? seed.value : static_cast<Out>(in[0]);
  if (!seed.present) {
    if (inclusive) out[0] = acc;
    j = 1;
  }
  if (inclusive) {
    for (; j < n; ++j) {
      acc = op(acc, static_cast<Out>(in[j]));
      out[j] = acc;
    }
  } else {
    for (; j < n; ++j) {
      const Out x = static_cast<Out>(in[j]); // read before the write: safe in place
      out[j] = acc;
      acc = op(acc, x);
    }
  }
}

// Reduction of n >= 1 items, combined left to right.
template <class Out, class InSeq, class Op> Out serial_reduce(InSeq in, std::int64_t n, Op op) {
  Out acc = static_cast<Out>(in[0]);
  for (std::int64_t j = 1; j < n; ++j)
    acc = op(acc, static_cast<Out>(in[j]));
  return acc;
}

} // namespace scan::host
