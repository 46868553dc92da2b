// What the front entries take in the operator's place: an operator, or the call's options alone
// (scan::inclusive_scan(in, out, n, opts) is the sum with those options). Each dispatcher turns
// options there into a sum, and stops an operator that cannot combine the output's items with a
// single static_assert naming `op`, before any scan template is instantiated.
#pragma once

#include <type_traits>

#include <scan/half.hpp>
#include <scan/operators.hpp>
#include <scan/options.hpp>

namespace scan::detail {

// Options in the operator's place: the call is a sum with them.
template <class Arg> inline constexpr bool is_options_v = std::is_same_v<Arg, options>;

// nvcc replaces an extended __device__ lambda by a placeholder whose call cannot be queried in
// host code: such operators are taken as they are.
#if defined(__CUDACC_EXTENDED_LAMBDA__)
template <class Op>
inline constexpr bool opaque_operator_v = __nv_is_extended_device_lambda_closure_type(Op) ||
                                          __nv_is_extended_host_device_lambda_closure_type(Op);
#else
template <class Op> inline constexpr bool opaque_operator_v = false;
#endif

// Whether Op combines items as every scan calls it: op(a, b) on two values of the accumulator of
// Out (Out itself; float for 16-bit floats, scan/half.hpp), giving one convertible to it.
template <class Op, class Out>
inline constexpr bool combines_v =
    opaque_operator_v<Op> ||
    std::is_invocable_r_v<accumulator_t<Out>, const Op&, accumulator_t<Out>, accumulator_t<Out>>;

// True when Op combines outputs of type Out; else one static_assert naming `op`. Dispatchers run
// the call under `if constexpr` on it.
template <class Out, class Op> constexpr bool operator_fits() {
  constexpr bool fits = combines_v<Op, Out>;
  static_assert(fits, "op: the operator must be callable as op(Out, Out) on the scan's "
                      "accumulated values and return a value convertible to Out (Out: the output "
                      "element type; float for 16-bit floats); pass scan::options alone for a sum");
  return fits;
}

} // namespace scan::detail
