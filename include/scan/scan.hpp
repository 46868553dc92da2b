// libscan's public entry points: inclusive and exclusive scans of n elements (n is 64-bit).
//
//   scan::inclusive_scan(d_in, d_out, n);                          // sum
//   scan::inclusive_scan(d_in, d_out, n, scan::max{});             // built-in operator
//   scan::inclusive_scan(d_in, d_out, n, opts);                    // sum, with options
//   scan::inclusive_scan(d_in, d_out, n, init, op, opts);          // with an initial value
//   scan::exclusive_scan(d_in, d_out, n, init, op, opts);          // exclusive needs one
//   scan::exclusive_scan(d_in, scan::with_totals(d_out, d_total), n, init);  // and the total
//
// Pointers belong to the chosen backend (device pointers for cuda/hip). in == out scans in
// place; any other overlap is rejected. Accumulation happens in the output type. Built-in
// operators on built-in types run through the compiled library, so plain C++ callers need no
// device compiler; custom operators and other type pairs are instantiated here, by the
// compiler of the including file (nvcc for the cuda backend). Every entry that takes an operator
// (here and in blockwise.hpp, segmented.hpp, batched.hpp, distributed.hpp) takes scan::options
// alone in its place for a sum; an operator must be callable as op(Out, Out) (a static_assert
// naming `op` says so otherwise).
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/call/request.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/compiled_entries.hpp>
#include <scan/detail/header_path.hpp>
#include <scan/detail/operator_argument.hpp>
#include <scan/error.hpp>
#include <scan/operators.hpp>
#include <scan/options.hpp>
#include <scan/totals.hpp>
#include <scan/types.hpp>

namespace scan {

namespace detail {

template <class T> struct identity_type { using type = T; };
template <class T> using non_deduced = typename identity_type<T>::type;

template <class In, class Out, class Op>
request make_request(const In* in, Out* out, std::int64_t n, bool inclusive, const Out* init,
                     const options& opt, totals_target<Out> totals = {}) {
  request r(in, out, n, sizeof(In), sizeof(Out), element_type_of<In>(), element_type_of<Out>(),
            operator_kind_of<Op>(), inclusive, init, opt);
  r.has_totals = totals.wanted;
  r.totals = totals.data;
  return r;
}

template <class In, class Out, class Op>
void dispatch(const In* in, Out* out, std::int64_t n, bool inclusive, const Out* init, Op op,
              const options& opt, totals_target<Out> totals = {}) {
  if constexpr (is_options_v<Op>) {
    dispatch<In, Out, sum>(in, out, n, inclusive, init, sum{}, op, totals); // options alone: a sum
  } else if constexpr (operator_fits<Out, Op>()) {
    const request r = make_request<In, Out, Op>(in, out, n, inclusive, init, opt, totals);
    if constexpr (is_compiled<In, Out, Op>()) {
      run_compiled(r);
    } else {
      scan_args<In, Out> args{in, out, n, inclusive, {}, opt};
      if (init) args.init = {*init, true};
      args.opt.backend = check(r);
      run_header_path_with_totals(r, args, op, [&] {
        if (n > 0) run_header_path(args, op);
      });
    }
  }
}

} // namespace detail

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void inclusive_scan(const In* in, Out* out, std::int64_t n, Op op = {}, const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out, n, true, nullptr, op, opt);
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const In* in, Out* out, std::int64_t n, detail::non_deduced<Out> init,
                    Op op = {}, const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out, n, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const In* in, Out* out, std::int64_t n, detail::non_deduced<Out> init,
                    Op op = {}, const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out, n, false, &init, op, opt);
}

// The same, with the total of all n items into *out.totals (scan/totals.hpp).
template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n, Op op = {},
                    const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out.out, n, true, nullptr, op, opt, {out.totals, true});
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out.out, n, true, &init, op, opt, {out.totals, true});
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch<In, Out, Op>(in, out.out, n, false, &init, op, opt, {out.totals, true});
}

// Bytes of caller workspace (options::workspace) that a scan of n elements from In to Out needs
// with these options; 0 when it needs none.
template <class In, class Out = In>
std::size_t workspace_bytes(std::int64_t n, const options& opt = {}) {
  return detail::workspace_bytes(n, sizeof(In), element_type_of<Out>(), sizeof(Out), opt);
}

} // namespace scan
