// Batched scans of rank-2 Kokkos::Views (public through scan/kokkos.hpp): scan/batched.hpp's
// scans of every row or every column of a matrix, on the caller's execution space instance,
// queued without waiting.
//
//   scan::kokkos::batched_inclusive_scan(exec, in, out, scan::along::columns);
//   scan::kokkos::batched_inclusive_scan(exec, in, out, scan::along::rows, init, op, opts);
//   scan::kokkos::batched_exclusive_scan(exec, in, out, along, init, op, opts);
//
//   scan::kokkos::batched_exclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                        along, init);  // and a total per row (column)
//
// Any layout (LayoutRight, LayoutLeft, strided subviews): a View's strides become the lanes'
// (vocabulary/lanes.hpp), so nothing is copied. `in` and `out` have one shape; in place means the
// same data and strides. Every call is instantiated in the calling file, on the GPU kernels where
// exec runs them (kokkos_native.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <scan/detail/kokkos_view_totals.hpp>
#include <scan/detail/kokkos_views.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/lanes.hpp>

namespace scan::kokkos {

template <class Exec, class InView, class OutView>
using if_matrix_views =
    std::enable_if_t<Kokkos::is_execution_space<Exec>::value && view_rank<InView>::value == 2 &&
                         view_rank<OutView>::value == 2,
                     int>;

// The checks of a batched call; returns the lanes' layout (no items when a View is empty).
template <class Exec, class InView, class OutView>
scan::detail::lanes_layout check_matrix_views(const InView& in, const OutView& out, along axis,
                                              const options& call) {
  using In = view_value_t<InView>;
  using Out = view_value_t<OutView>;
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<In, Out>::value,
                "in: its value type must convert to out's value type");
  check_view_call<Exec>(in, out, call);
  const auto rows = static_cast<std::int64_t>(in.extent(0));
  const auto cols = static_cast<std::int64_t>(in.extent(1));
  if (static_cast<std::int64_t>(out.extent(0)) != rows ||
      static_cast<std::int64_t>(out.extent(1)) != cols)
    throw error("out: extents " + std::to_string(out.extent(0)) + " x " +
                std::to_string(out.extent(1)) + " of View '" + out.label() + "' differ from " +
                std::to_string(rows) + " x " + std::to_string(cols) + " of in ('" + in.label() +
                "')");
  const bool along_rows = axis == along::rows;
  if (rows == 0 || cols == 0) return {along_rows ? rows : cols, along_rows ? cols : rows, {}, {}};
  if (!in.data()) throw error("in: View with no data");
  if (!out.data()) throw error("out: View with no data");
  const scan::detail::lane_strides in_rows{static_cast<std::int64_t>(in.stride(0)),
                                           static_cast<std::int64_t>(in.stride(1))};
  const scan::detail::lane_strides out_rows{static_cast<std::int64_t>(out.stride(0)),
                                            static_cast<std::int64_t>(out.stride(1))};
  const auto in_begin = reinterpret_cast<std::uintptr_t>(in.data());
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out.data());
  if (in_begin == out_begin) {
    if (sizeof(In) != sizeof(Out) || in_rows.lane != out_rows.lane || in_rows.item != out_rows.item)
      throw error("out: shares its first element with in but not its layout; only an exact "
                  "in-place scan may share memory");
  } else if (in_begin < out_begin + out.span() * sizeof(Out) &&
             out_begin < in_begin + in.span() * sizeof(In)) {
    throw error("out: View '" + out.label() + "' shares memory with in ('" + in.label() +
                "'); only an exact in-place scan (out and in the same elements) may");
  }
  using scan::detail::lanes_layout;
  return along_rows ? lanes_layout{rows, cols, in_rows, out_rows}
                    : lanes_layout{
                          cols, rows, {in_rows.item, in_rows.lane}, {out_rows.item, out_rows.lane}};
}

template <class Exec, class InView, class OutView, class Op>
void batched_views(const Exec& exec, const InView& in, const OutView& out, along axis,
                   bool inclusive, maybe<view_value_t<OutView>> init, Op op, const options& call) {
  using In = view_value_t<InView>;
  using Out = view_value_t<OutView>;
  const scan::detail::lanes_layout at = check_matrix_views<Exec>(in, out, axis, call);
  if (at.items() == 0) return;
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView>) {
    const scan::detail::scan_args<In, Out> a{in.data(), out.data(), at.items(),
                                             inclusive, init,       call};
    scan::detail::lanes_on(kokkos_backend<Exec>{exec}, a, at, op);
  }
}

// The same, with a total per row (along rows) or per column into to.totals
// (kokkos_view_totals.hpp), read from the matrices' last column (last row).
template <class Exec, class InView, class OutView, class TotalsView, class Op>
void batched_views_with_totals(const Exec& exec, const InView& in,
                               const views_with_totals<OutView, TotalsView>& to, along axis,
                               bool inclusive, maybe<view_value_t<OutView>> init, Op op,
                               const options& call) {
  const scan::detail::lanes_layout at = check_matrix_views<Exec>(in, to.out, axis, call);
  check_totals_view<Exec>(to.totals, at.lanes, {bytes_of("in", in), bytes_of("out", to.out)});
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView> &&
                accessible_from<Exec, TotalsView>) {
    const auto scan = [&] { batched_views(exec, in, to.out, axis, inclusive, init, op, call); };
    if (at.items() == 0) {
      fill_empty_totals(exec, to.totals, init);
    } else if (axis == along::rows) {
      const auto last = static_cast<std::int64_t>(in.extent(1)) - 1;
      scan_with_totals(exec, Kokkos::subview(in, Kokkos::ALL, last),
                       Kokkos::subview(to.out, Kokkos::ALL, last), to.totals, last_of_each{},
                       inclusive, init, op, scan);
    } else {
      const auto last = static_cast<std::int64_t>(in.extent(0)) - 1;
      scan_with_totals(exec, Kokkos::subview(in, last, Kokkos::ALL),
                       Kokkos::subview(to.out, last, Kokkos::ALL), to.totals, last_of_each{},
                       inclusive, init, op, scan);
    }
  }
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void batched_inclusive_scan(const Exec& exec, const InView& in, const OutView& out, along axis,
                            Op op = {}, const options& opt = {}) {
  batched_views(exec, in, out, axis, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0>
void batched_inclusive_scan(const Exec& exec, const InView& in, const OutView& out, along axis,
                            non_deduced<view_value_t<OutView>> init, Op op = {},
                            const options& opt = {}) {
  batched_views(exec, in, out, axis, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0>
void batched_exclusive_scan(const Exec& exec, const InView& in, const OutView& out, along axis,
                            non_deduced<view_value_t<OutView>> init, Op op = {},
                            const options& opt = {}) {
  batched_views(exec, in, out, axis, false, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void batched_inclusive_scan(const Exec& exec, const InView& in,
                            const views_with_totals<OutView, TotalsView>& out, along axis,
                            Op op = {}, const options& opt = {}) {
  batched_views_with_totals(exec, in, out, axis, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0>
void batched_inclusive_scan(const Exec& exec, const InView& in,
                            const views_with_totals<OutView, TotalsView>& out, along axis,
                            non_deduced<view_value_t<OutView>> init, Op op = {},
                            const options& opt = {}) {
  batched_views_with_totals(exec, in, out, axis, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_matrix_views<Exec, InView, OutView> = 0>
void batched_exclusive_scan(const Exec& exec, const InView& in,
                            const views_with_totals<OutView, TotalsView>& out, along axis,
                            non_deduced<view_value_t<OutView>> init, Op op = {},
                            const options& opt = {}) {
  batched_views_with_totals(exec, in, out, axis, false, {init, true}, op, opt);
}

} // namespace scan::kokkos
