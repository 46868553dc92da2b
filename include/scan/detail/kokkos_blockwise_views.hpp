// Blockwise scans of rank-1 Kokkos::Views (public through scan/kokkos.hpp): scan/blockwise.hpp's
// independent scans of consecutive segments of `segment` items (the last one may be shorter), on
// the caller's execution space instance, queued without waiting.
//
//   scan::kokkos::blockwise_inclusive_scan(exec, in, out, segment);
//   scan::kokkos::blockwise_inclusive_scan(exec, in, out, segment, init, op, opts);
//   scan::kokkos::blockwise_exclusive_scan(exec, in, out, segment, init, op, opts);  // from init
//   scan::kokkos::blockwise_exclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                          segment, init);  // and ceil(n / segment) totals
//
// `in` and `out` are as in the flat View scans (kokkos_views.hpp): any layout, strided subviews,
// in place. The whole segments run as the rows of one batched scan (vocabulary/lanes.hpp) over the
// Views' own strides, a shorter last one as a flat scan, so nothing is copied. Like the batched
// and segmented scans these take their scratch memory from the library (options::workspace is
// not used); `segment` < 1 raises scan::error("segment: ...").
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include <Kokkos_Core.hpp>

#include <scan/detail/kokkos_view_totals.hpp>
#include <scan/detail/kokkos_views.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/lanes.hpp>

namespace scan::kokkos {

// The checks of a blockwise call; returns the item count.
template <class Exec, class InView, class OutView>
std::int64_t check_blockwise_views(const Exec& exec, const InView& in, const OutView& out,
                                   std::int64_t segment, const options& opt) {
  if (segment < 1)
    throw error("segment: a blockwise scan needs segments of at least 1 item, got " +
                std::to_string(segment));
  return check_views(exec, in, out, opt);
}

// A checked blockwise scan of n items.
template <class Exec, class InView, class OutView, class Op>
void run_blockwise_views(const Exec& exec, const InView& in, const OutView& out, std::int64_t n,
                         std::int64_t segment, bool inclusive, maybe<view_value_t<OutView>> init,
                         Op op, const options& opt) {
  using In = view_value_t<InView>;
  using Out = view_value_t<OutView>;
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView>) {
    const std::int64_t whole = n / segment, done = whole * segment;
    if (whole > 0) {
      const auto in_stride = static_cast<std::int64_t>(in.stride(0));
      const auto out_stride = static_cast<std::int64_t>(out.stride(0));
      const scan::detail::lanes_layout at{
          whole, segment, {segment * in_stride, in_stride}, {segment * out_stride, out_stride}};
      const scan::detail::scan_args<In, Out> a{in.data(), out.data(), done, inclusive, init, opt};
      scan::detail::lanes_on(kokkos_backend<Exec>{exec}, a, at, op);
    }
    if (done < n) {
      const auto rest = std::make_pair(done, n);
      scan_views(exec, Kokkos::subview(in, rest), Kokkos::subview(out, rest), inclusive, init, op,
                 opt, no_total{});
    }
  }
}

template <class Exec, class InView, class OutView, class Op>
void blockwise_views(const Exec& exec, const InView& in, const OutView& out, std::int64_t segment,
                     bool inclusive, maybe<view_value_t<OutView>> init, Op op,
                     const options& call) {
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<view_value_t<InView>, view_value_t<OutView>>::value,
                "in: its value type must convert to out's value type");
  options opt = call;
  opt.workspace = {};
  const std::int64_t n = check_blockwise_views(exec, in, out, segment, opt);
  if (n > 0) run_blockwise_views(exec, in, out, n, segment, inclusive, init, op, opt);
}

// The same, with each segment's total into to.totals (kokkos_view_totals.hpp).
template <class Exec, class InView, class OutView, class TotalsView, class Op>
void blockwise_views_with_totals(const Exec& exec, const InView& in,
                                 const views_with_totals<OutView, TotalsView>& to,
                                 std::int64_t segment, bool inclusive,
                                 maybe<view_value_t<OutView>> init, Op op, const options& call) {
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<view_value_t<InView>, view_value_t<OutView>>::value,
                "in: its value type must convert to out's value type");
  options opt = call;
  opt.workspace = {};
  const std::int64_t n = check_blockwise_views(exec, in, to.out, segment, opt);
  check_totals_view<Exec>(to.totals, (n + segment - 1) / segment,
                          {bytes_of("in", in), bytes_of("out", to.out)});
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView> &&
                accessible_from<Exec, TotalsView>) {
    if (n == 0) return fill_empty_totals(exec, to.totals, init);
    scan_with_totals(
        exec, in, to.out, to.totals, last_of_blocks{n, segment}, inclusive, init, op,
        [&] { run_blockwise_views(exec, in, to.out, n, segment, inclusive, init, op, opt); });
  }
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void blockwise_inclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              std::int64_t segment, Op op = {}, const options& opt = {}) {
  blockwise_views(exec, in, out, segment, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void blockwise_inclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              std::int64_t segment, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  blockwise_views(exec, in, out, segment, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void blockwise_exclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              std::int64_t segment, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  blockwise_views(exec, in, out, segment, false, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void blockwise_inclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              std::int64_t segment, Op op = {}, const options& opt = {}) {
  blockwise_views_with_totals(exec, in, out, segment, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void blockwise_inclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              std::int64_t segment, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  blockwise_views_with_totals(exec, in, out, segment, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void blockwise_exclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              std::int64_t segment, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  blockwise_views_with_totals(exec, in, out, segment, false, {init, true}, op, opt);
}

} // namespace scan::kokkos
