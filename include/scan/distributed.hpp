// Scans of an array split in contiguous parts over ranks (one per GPU, typically: MPI ranks,
// torch.distributed processes, or threads of one process): each rank passes its part and gets its
// part of the scan of the whole array, the ranks' parts in rank order.
//
//   scan::communicator comm = scan::nccl_communicator(nccl_comm);  // scan/nccl.hpp
//   scan::inclusive_scan(comm, d_in, d_out, n);                    // sum
//   scan::inclusive_scan(comm, d_in, d_out, n, init, op, opts);    // init before rank 0's part
//   scan::exclusive_scan(comm, d_in, d_out, n, init, op, opts);
//
// Every rank calls, an empty one (n == 0) too, with the same types, operator, kind and init:
// libscan cannot check that across ranks cheaply, and a mismatch gives wrong results or a hang,
// as mismatched collective calls do. Each rank reduces its part, the ranks gather their totals
// (one value each), combine those of the lower ranks in rank order (the operator need not be
// commutative) and scan their part from there: about 3n bytes of traffic per rank, everything
// queued on opts.stream, nothing waiting for the host. Types, operators, in-place scans and
// errors are those of scan/scan.hpp; the workspace is the library's.
#pragma once

#include <cstdint>

#include <scan/communicator.hpp>
#include <scan/scan.hpp>

namespace scan {

namespace detail {

template <class In, class Out, class Op>
void dispatch_distributed(const communicator& comm, const In* in, Out* out, std::int64_t n,
                          bool inclusive, const Out* init, Op op, const options& opt) {
  if constexpr (is_options_v<Op>) {
    dispatch_distributed<In, Out, sum>(comm, in, out, n, inclusive, init, sum{},
                                       op); // options alone: a sum
  } else if constexpr (operator_fits<Out, Op>()) {
    const request r = make_request<In, Out, Op>(in, out, n, inclusive, init, opt);
    if constexpr (is_compiled<In, Out, Op>()) {
      run_compiled_distributed(r, comm);
    } else {
      scan_args<In, Out> args{in, out, n, inclusive, {}, opt};
      if (init) args.init = {*init, true};
      args.opt.backend = check_distributed(r, comm);
      run_header_path_distributed(args, comm, op);
    }
  }
}

} // namespace detail

template <class In, class Out, class Op = sum>
void inclusive_scan(const communicator& comm, const In* in, Out* out, std::int64_t n, Op op = {},
                    const options& opt = {}) {
  detail::dispatch_distributed<In, Out, Op>(comm, in, out, n, true, nullptr, op, opt);
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const communicator& comm, const In* in, Out* out, std::int64_t n,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_distributed<In, Out, Op>(comm, in, out, n, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const communicator& comm, const In* in, Out* out, std::int64_t n,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_distributed<In, Out, Op>(comm, in, out, n, false, &init, op, opt);
}

} // namespace scan
