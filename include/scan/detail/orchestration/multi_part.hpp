// The two multi-part orchestrations, written once for every backend. Both recurse on the part
// totals, so any n works whatever the part size; each level carves its totals from the arena.
//
// ReduceThenScan (3n traffic): reduce each part to its total; scan the totals (recursively, in
// place, init folded in); scan each part again starting from the total of all parts before it.
// ScanThenFan (4n traffic): scan each part and keep its total; scan the totals; combine each
// part's base into its elements. The base is always combined on the left: order is preserved
// for non-commutative operators.
//
// Inputs and outputs are sequences: pointers, or any accessor indexed by s[i] over the whole
// range (e.g. a strided Kokkos::View); the part totals are always pointers into the arena.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/sequence.hpp>

namespace scan::detail {

constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  return (a + b - 1) / b;
}

// An input of at most one part: one scan_parts call without seeds or totals (one launch, no
// workspace). False, having done nothing, for a larger input.
template <class Parts, class InSeq, class OutSeq, class Out, class Op>
bool scan_one_part(Parts& parts, InSeq in, OutSeq out, std::int64_t n, std::int64_t part,
                   bool inclusive, maybe<Out> init, Op op) {
  if (n > part) return false;
  parts.scan_parts(in, out, n, part, inclusive, init, static_cast<const Out*>(nullptr),
                   static_cast<Out*>(nullptr), op);
  return true;
}

// Workspace both orchestrations need: one level of totals per recursion step.
template <class Parts>
std::size_t multi_part_bytes(const Parts& parts, std::int64_t n, std::size_t in_size,
                             std::size_t out_size) {
  const std::int64_t part = parts.part_items(n, in_size, out_size);
  if (n <= part) return 0;
  const std::int64_t m = ceil_div(n, part);
  return carve_bytes(m, out_size) + multi_part_bytes(parts, m - 1, out_size, out_size);
}

template <class Parts, class InSeq, class OutSeq, class Out, class Op>
void reduce_then_scan(Parts& parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                      maybe<Out> init, Op op, arena& ws) {
  using In = sequence_value_t<InSeq>;
  const std::int64_t part = parts.part_items(n, sizeof(In), sizeof(Out));
  if (scan_one_part(parts, in, out, n, part, inclusive, init, op)) return;
  const std::int64_t m = ceil_div(n, part);
  Out* totals = ws.take<Out>(m);
  parts.reduce_parts(in, n, part, totals, op);
  // totals[i] becomes init op total_0 op ... op total_i: the seed of part i + 1.
  reduce_then_scan(parts, static_cast<const Out*>(totals), totals, m - 1, true, init, op, ws);
  parts.scan_parts(in, out, n, part, inclusive, init, static_cast<const Out*>(totals),
                   static_cast<Out*>(nullptr), op);
}

template <class Parts, class InSeq, class OutSeq, class Out, class Op>
void scan_then_fan(Parts& parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                   maybe<Out> init, Op op, arena& ws) {
  using In = sequence_value_t<InSeq>;
  const std::int64_t part = parts.part_items(n, sizeof(In), sizeof(Out));
  if (scan_one_part(parts, in, out, n, part, inclusive, init, op)) return;
  const std::int64_t m = ceil_div(n, part);
  Out* totals = ws.take<Out>(m);
  parts.scan_parts(in, out, n, part, inclusive, init, static_cast<const Out*>(nullptr), totals, op);
  scan_then_fan(parts, static_cast<const Out*>(totals), totals, m - 1, true, init, op, ws);
  parts.fan_parts(out, n, part, inclusive, static_cast<const Out*>(totals), op);
}

} // namespace scan::detail
