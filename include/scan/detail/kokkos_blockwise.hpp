// The kokkos backend's blockwise scan on its team kernels: one ReduceThenScan of (value, head)
// pairs, a head every `segment` items, under an operator that restarts at every head.
#pragma once

#include <cstdint>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/headed_sequences.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/rounded.hpp>
#include <scan/options.hpp>

namespace scan::kokkos {

template <class Exec, class InSeq, class OutSeq, class Out, class Op>
void run_blockwise(const kokkos_team_backend<Exec>& backend, InSeq in, OutSeq out, std::int64_t n,
                   std::int64_t segment, bool inclusive, maybe<Out> init, options opt, Op op) {
  // Headed items need more room than the caller sized its workspace for: use the library's.
  opt.workspace = {};
  // In the output's accumulator, as every scan (vocabulary/rounded.hpp).
  scan::detail::in_accumulator(out, init, [&](auto run_out, auto run_init) {
    using Acc = decltype(run_init.value);
    using item = scan::detail::headed<Acc>;
    using scan::detail::every_nth;
    const scan::detail::headed_items<InSeq, every_nth, Acc, Op> items{in, {segment}, run_init, op};
    const scan::detail::headed_results<decltype(run_out), every_nth, Acc> results{
        run_out, {segment}, !inclusive, run_init.value};
    // An exclusive scan starts from init, so that its first item is written (as init).
    const maybe<item> start = inclusive ? maybe<item>{} : maybe<item>{{run_init.value, 0}, true};
    backend.with_parts(opt, [&](auto& parts, auto& ws) {
      scan::detail::arena totals =
          ws.totals(scan::detail::multi_part_bytes(parts, n, sizeof(item), sizeof(item)));
      scan::detail::reduce_then_scan(parts, items, results, n, inclusive, start,
                                     scan::detail::restart_at_heads<Op>{op}, totals);
    });
  });
}

// The header path of blockwise scans on Kokkos::DefaultExecutionSpace: the GPU backend's blockwise
// kernels where that space runs one (kokkos_native.hpp).
template <class In, class Out, class Op, class Exec = Kokkos::DefaultExecutionSpace>
void blockwise(const scan::detail::scan_args<In, Out>& a, std::int64_t segment, Op op) {
  if constexpr (native_gpu<Exec>::present) {
    using gpu_backend = typename native_gpu<Exec>::backend;
    scan::detail::scan_args<In, Out> g = a;
    g.opt = native_options(Exec{}, a.opt);
    gpu_backend::blockwise(g, segment, op, [&](const scan::detail::scan_args<In, Out>& part) {
      scan::detail::scan_on(gpu_backend{}, part, op);
    });
  } else {
    run_blockwise(kokkos_team_backend<Exec>{{Exec{}}}, a.in, a.out, a.n, segment, a.inclusive,
                  a.init, a.opt, op);
  }
}

} // namespace scan::kokkos
