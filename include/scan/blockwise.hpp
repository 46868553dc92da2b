// Blockwise scans: independent scans of consecutive segments of `segment` items (any segment
// length >= 1, not only powers of two; the last segment may be shorter):
//   in [0 1 2 3 4 5 6 7], segment 4  ->  inclusive [0 1 3 6 4 9 15 22]
//
//   scan::blockwise_inclusive_scan(d_in, d_out, n, segment);                   // sums
//   scan::blockwise_inclusive_scan(d_in, d_out, n, segment, op, opts);
//   scan::blockwise_inclusive_scan(d_in, d_out, n, segment, init, op, opts);   // every segment
//   scan::blockwise_exclusive_scan(d_in, d_out, n, segment, init, op, opts);   // starts from init
//   scan::blockwise_exclusive_scan(d_in, scan::with_totals(d_out, d_totals), n, segment, init);
//
// Types, operators, pointers, in-place use, errors and options are those of scan.hpp
// (options::algorithm is not used); `segment` < 1 raises scan::error ("segment: ...").
#pragma once

#include <cstdint>

#include <scan/detail/blockwise_path.hpp>
#include <scan/scan.hpp>

namespace scan {

namespace detail {

// A batched scan (scan/batched.hpp) of lanes: blockwise requests over a layout.
template <class In, class Out, class Op>
void dispatch_lanes(const In* in, Out* out, const lanes_layout& at, bool inclusive, const Out* init,
                    Op op, const options& opt, totals_target<Out> totals) {
  if constexpr (is_options_v<Op>) {
    dispatch_lanes<In, Out, sum>(in, out, at, inclusive, init, sum{}, op,
                                 totals); // options alone: a sum
  } else if constexpr (operator_fits<Out, Op>()) {
    if (at.lanes == 1 && at.length >= 1 &&
        (at.length == 1 || (at.in.item == 1 && at.out.item == 1))) {
      // One lane of contiguous items (the column of a one-column matrix whose rows lie back to
      // back, a segment) is a flat scan; batched scans take no workspace or algorithm.
      options flat = opt;
      flat.workspace = {};
      flat.algorithm = algorithm::automatic;
      return dispatch<In, Out, Op>(in, out, at.length, inclusive, init, op, flat, totals);
    }
    request r = make_request<In, Out, Op>(in, out, at.items(), inclusive, init, opt, totals);
    r.opt.workspace = {};
    r.batched = true;
    r.lanes = at;
    if constexpr (is_compiled<In, Out, Op>()) {
      run_compiled_blockwise(r);
    } else {
      scan_args<In, Out> args{in, out, r.n, inclusive, {}, r.opt};
      if (init) args.init = {*init, true};
      args.opt.backend = check_blockwise(r);
      run_header_path_with_totals(r, args, op, [&] {
        if (r.n > 0) run_header_path_batched(args, at, op);
      });
    }
  }
}

template <class In, class Out, class Op>
void dispatch_blockwise(const In* in, Out* out, std::int64_t n, std::int64_t segment,
                        bool inclusive, const Out* init, Op op, const options& opt,
                        totals_target<Out> totals = {}) {
  if constexpr (is_options_v<Op>) {
    dispatch_blockwise<In, Out, sum>(in, out, n, segment, inclusive, init, sum{}, op,
                                     totals); // options alone: a sum
  } else if constexpr (operator_fits<Out, Op>()) {
    request r = make_request<In, Out, Op>(in, out, n, inclusive, init, opt, totals);
    r.segment = segment;
    if constexpr (is_compiled<In, Out, Op>()) {
      run_compiled_blockwise(r);
    } else {
      scan_args<In, Out> args{in, out, n, inclusive, {}, opt};
      if (init) args.init = {*init, true};
      args.opt.backend = check_blockwise(r);
      run_header_path_with_totals(r, args, op, [&] {
        if (n > 0) run_blockwise_header_path(args, segment, op);
      });
    }
  }
}

} // namespace detail

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void blockwise_inclusive_scan(const In* in, Out* out, std::int64_t n, std::int64_t segment,
                              Op op = {}, const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out, n, segment, true, nullptr, op, opt);
}

template <class In, class Out, class Op = sum>
void blockwise_inclusive_scan(const In* in, Out* out, std::int64_t n, std::int64_t segment,
                              detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out, n, segment, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void blockwise_exclusive_scan(const In* in, Out* out, std::int64_t n, std::int64_t segment,
                              detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out, n, segment, false, &init, op, opt);
}

// The same, with each segment's total into out.totals (ceil(n / segment) of them: scan/totals.hpp).
template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void blockwise_inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              std::int64_t segment, Op op = {}, const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out.out, n, segment, true, nullptr, op, opt,
                                          {out.totals, true});
}

template <class In, class Out, class Op = sum>
void blockwise_inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              std::int64_t segment, detail::non_deduced<Out> init, Op op = {},
                              const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out.out, n, segment, true, &init, op, opt,
                                          {out.totals, true});
}

template <class In, class Out, class Op = sum>
void blockwise_exclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              std::int64_t segment, detail::non_deduced<Out> init, Op op = {},
                              const options& opt = {}) {
  detail::dispatch_blockwise<In, Out, Op>(in, out.out, n, segment, false, &init, op, opt,
                                          {out.totals, true});
}

} // namespace scan
