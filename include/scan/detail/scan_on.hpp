// Where the front end meets the orchestration: a scan runs the shared orchestration over the part
// primitives and workspace a backend hands it (its with_parts), so every backend, the compiled
// library and the header path alike, runs the same ScanThenFan, ReduceThenScan and single pass.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include <scan/communicator.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/orchestration/distributed.hpp>
#include <scan/detail/orchestration/lanes.hpp>
#include <scan/detail/orchestration/orchestrate.hpp>
#include <scan/detail/orchestration/segmented.hpp>
#include <scan/detail/orchestration/totals.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/rounded.hpp>
#include <scan/options.hpp>

namespace scan::detail {

// A checked scan (n > 0) of sequences (pointers, or accessors indexed by s[i]) on `backend`, an
// object with `template <class F> void with_parts(const options&, F&& f)` calling f(parts, ws).
template <class Backend, class InSeq, class OutSeq, class Out, class Op>
void scan_on(const Backend& backend, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
             maybe<Out> init, const options& opt, Op op) {
  in_accumulator(out, init, [&](auto run_out, auto run_init) {
    backend.with_parts(opt, [&](auto& parts, auto& ws) {
      orchestrate(parts, in, run_out, n, inclusive, run_init, opt, op, ws);
    });
  });
}

template <class Backend, class In, class Out, class Op>
void scan_on(const Backend& backend, const scan_args<In, Out>& a, Op op) {
  scan_on(backend, a.in, a.out, a.n, a.inclusive, a.init, a.opt, op);
}

// A checked segmented scan (n > 0) on `backend`: `mark(parts, words, bad)` marks the segment
// starts (orchestration/segmented.hpp); `check`: wait for the offsets' check before scanning;
// `totals` (a pointer, null for none, or a View's sequence) and `capacity` (how many it holds):
// the totals of segments counted from their marks (flags, keys), written by the scan. Pairs need
// room that no caller sized a workspace for: the library's is used.
template <class Backend, class Mark, class InSeq, class OutSeq, class Out, class Op,
          class TotalsSeq = Out*>
void segmented_on(const Backend& backend, Mark&& mark, bool check, InSeq in, OutSeq out,
                  std::int64_t n, bool inclusive, maybe<Out> init, const options& call, Op op,
                  TotalsSeq totals = nullptr,
                  std::int64_t capacity = std::numeric_limits<std::int64_t>::max()) {
  options opt = call;
  opt.workspace = {};
  bool wanted = true;
  if constexpr (std::is_pointer_v<TotalsSeq>) wanted = totals != nullptr;
  in_accumulator(out, init, [&](auto run_out, auto run_init) {
    backend.with_parts(opt, [&](auto& parts, auto& ws) {
      const auto mark_here = [&](std::uint32_t* words, std::uint32_t* bad) {
        mark(parts, words, bad);
      };
      // In the output's own type, as the offsets' totals are (not run_out's accumulator).
      const auto write = [&](totals_step step, const marked_segments& marks) {
        write_marked_totals<Out>(parts, step, marks, in, out, totals, capacity, inclusive, op);
      };
      const marked_totals<decltype(write)> marked{wanted, write};
      segmented_scan(parts, mark_here, check, marked, in, run_out, n, inclusive, run_init, op, ws);
    });
  });
}

// A checked batched scan (a layout with at least one item) on `backend`, with the library's
// workspace (scan/batched.hpp: options::workspace is not used).
template <class Backend, class In, class Out, class Op>
void lanes_on(const Backend& backend, const scan_args<In, Out>& a, const lanes_layout& at, Op op) {
  options opt = a.opt;
  opt.workspace = {};
  in_accumulator(a.out, a.init, [&](auto run_out, auto run_init) {
    backend.with_parts(opt, [&](auto& parts, auto& ws) {
      lanes_scan(parts, a.in, run_out, at, a.inclusive, run_init, op, ws);
    });
  });
}

// This rank's part of a checked distributed scan (n >= 0: an empty part takes part in the
// exchange) on `backend`, with the library's workspace (check_distributed refuses a caller's).
template <class Backend, class In, class Out, class Op>
void distributed_on(const Backend& backend, const communicator& comm, const scan_args<In, Out>& a,
                    Op op) {
  in_accumulator(a.out, a.init, [&](auto run_out, auto run_init) {
    using Acc = decltype(run_init.value);
    backend.with_parts(a.opt, [&](auto& parts, auto& ws) {
      arena room = ws.totals(distributed_bytes<Acc>(parts, a.n, sizeof(In), comm.ranks));
      distributed_scan(parts, comm, a.opt.stream, a.in, run_out, a.n, a.inclusive, run_init, op,
                       room);
    });
  });
}

// One step of a checked call's totals (orchestration/totals.hpp) on `backend`.
template <class Backend, class In, class Out, class Op>
void totals_on(const Backend& backend, const scan_args<In, Out>& a, Out* totals,
               const segment_tails& tails, totals_step step, Op op) {
  backend.with_parts(a.opt, [&](auto& parts, auto&) {
    write_totals(parts, step, tails, a.in, a.out, totals, a.inclusive, a.init, op);
  });
}

// Bytes of workspace a call of n items between elements of these sizes needs on `backend`.
template <class Backend>
std::size_t workspace_bytes_on(const Backend& backend, std::int64_t n, std::size_t in_size,
                               std::size_t out_size, const options& opt) {
  if (n <= 0) return 0;
  std::size_t bytes = 0;
  backend.with_parts(opt, [&](auto& parts, auto&) {
    bytes = orchestration_bytes(parts, opt, n, in_size, out_size);
  });
  return bytes;
}

// The same for a scan from In into Out, which runs in Out's accumulator (vocabulary/rounded.hpp).
template <class In, class Out, class Backend>
std::size_t workspace_bytes_on(const Backend& backend, std::int64_t n, const options& opt) {
  return workspace_bytes_on(backend, n, sizeof(In), sizeof(accumulator_t<Out>), opt);
}

} // namespace scan::detail
