// One entry for every backend: pick the algorithm, size the workspace, run. A backend supplies
// its Parts (see part_primitives.hpp) and where workspace comes from; the rest is decided here.
#pragma once

#include <string>

#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/runtime/lookback_workspace.hpp>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace scan::detail {

// The algorithm a call runs: the caller's choice, or the backend's for this size and type.
template <class Parts>
algorithm resolve_algorithm(const Parts& parts, const options& opt, std::int64_t n,
                            std::size_t in_size, std::size_t out_size) {
  return opt.algorithm == algorithm::automatic ? parts.automatic_algorithm(n, in_size, out_size)
                                               : opt.algorithm;
}

// Bytes of workspace a call needs (0 when it fits one part: one launch, no workspace).
template <class Parts>
std::size_t orchestration_bytes(const Parts& parts, const options& opt, std::int64_t n,
                                std::size_t in_size, std::size_t out_size) {
  const std::int64_t part = parts.part_items(n, in_size, out_size);
  if (n <= part) return 0;
  switch (resolve_algorithm(parts, opt, n, in_size, out_size)) {
  case algorithm::single_pass:
    return lookback_bytes(ceil_div(n, part), out_size);
  case algorithm::reduce_then_scan:
  case algorithm::scan_then_fan:
    return multi_part_bytes(parts, n, in_size, out_size);
  case algorithm::automatic:
    break;
  }
  return 0;
}

// Runs a checked call (n > 0) over sequences (pointers, or accessors indexed by s[i], see
// multi_part.hpp); `workspace` is a workspace_source (runtime/workspace.hpp).
template <class Parts, class InSeq, class OutSeq, class Out, class Op, class Workspace>
void orchestrate(Parts& parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                 maybe<Out> init, const options& opt, Op op, Workspace& workspace) {
  using In = sequence_value_t<InSeq>;
  const std::int64_t part = parts.part_items(n, sizeof(In), sizeof(Out));
  if (scan_one_part(parts, in, out, n, part, inclusive, init, op)) return;
  switch (resolve_algorithm(parts, opt, n, sizeof(In), sizeof(Out))) {
  case algorithm::single_pass:
    parts.single_pass(in, out, n, inclusive, init,
                      workspace.template lookback<Out>(ceil_div(n, part)), op);
    return;
  case algorithm::reduce_then_scan: {
    arena ws = workspace.totals(multi_part_bytes(parts, n, sizeof(In), sizeof(Out)));
    reduce_then_scan(parts, in, out, n, inclusive, init, op, ws);
    return;
  }
  case algorithm::scan_then_fan: {
    arena ws = workspace.totals(multi_part_bytes(parts, n, sizeof(In), sizeof(Out)));
    if constexpr (is_write_only<OutSeq>)
      reduce_then_scan(parts, in, out, n, inclusive, init, op, ws);
    else
      scan_then_fan(parts, in, out, n, inclusive, init, op, ws);
    return;
  }
  case algorithm::automatic:
    break;
  }
  throw error("options.algorithm: backend chose no algorithm (internal error)");
}

// Runs a checked call (n > 0) as one part or the single pass, whatever opt.algorithm says: for
// sequences no multi-part kernels are compiled for (segmented scans, orchestration/segmented.hpp),
// in tiles sized by tile_size_of (vocabulary/headed.hpp), as the GPU kernels' shapes are.
template <class Parts, class InSeq, class OutSeq, class Out, class Op, class Workspace>
void single_pass_scan(Parts& parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                      maybe<Out> init, Op op, Workspace& workspace) {
  using In = sequence_value_t<InSeq>;
  const std::int64_t part = parts.part_items(n, tile_size_of<In>, tile_size_of<Out>);
  if (scan_one_part(parts, in, out, n, part, inclusive, init, op)) return;
  parts.single_pass(in, out, n, inclusive, init,
                    workspace.template lookback<Out>(ceil_div(n, part)), op);
}

// Runs a checked call (n > 0) of the pointer API.
template <class Parts, class In, class Out, class Op, class Workspace>
void orchestrate(Parts& parts, const scan_args<In, Out>& a, Op op, Workspace& workspace) {
  orchestrate(parts, a.in, a.out, a.n, a.inclusive, a.init, a.opt, op, workspace);
}

} // namespace scan::detail
