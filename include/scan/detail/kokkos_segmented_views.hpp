// Segmented scans of rank-1 Kokkos::Views (public through scan/kokkos.hpp): scan/segmented.hpp's
// scans on the caller's execution space instance, queued without waiting.
//
//   scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::offsets(row_ptr));
//   scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::head_flags(flags), op);
//   scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::keys(keys), init, op);
//   scan::kokkos::segmented_exclusive_scan(exec, in, out, segments, init, op);  // each from init
//   scan::kokkos::segmented_exclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                          scan::kokkos::offsets(row_ptr), 0);  // and totals
//
// `in` and `out` are as in the flat View scans (kokkos_views.hpp): any layout, strided subviews,
// in place. With scan::kokkos::with_totals (kokkos_view_totals.hpp) a call given offsets also
// writes the total of each segment into a rank-1 View of num_segments entries. The segments are
// contiguous rank-1 Views the execution space can access: offsets hold
// num_segments + 1 entries (CSR row pointers), flags and keys one per item. The rules are
// segments.hpp's: checked offsets make the call wait for a 4-byte answer and raise
// scan::error("offsets: ...") before anything is written; scan::kokkos::offsets(v, false) does not
// wait (bad offsets then give unspecified results, never an access out of bounds). Every call is
// instantiated in the calling file, on the GPU kernels where exec runs them (kokkos_native.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <scan/detail/kokkos_view_totals.hpp>
#include <scan/detail/kokkos_views.hpp>
#include <scan/detail/orchestration/segmented.hpp>
#include <scan/segments.hpp>

namespace scan::kokkos {

template <class View> struct offsets_view {
  View view;
  bool checked;
};
template <class View> struct flags_view { View view; };
template <class View, class Equal> struct keys_view {
  View view;
  Equal equal;
};

template <class View, std::enable_if_t<view_rank<View>::value == 1, int> = 0>
offsets_view<View> offsets(const View& v, bool checked = true) {
  return {v, checked};
}
template <class View, std::enable_if_t<view_rank<View>::value == 1, int> = 0>
flags_view<View> head_flags(const View& v) {
  return {v};
}
template <class View, class Equal = scan::equal_to,
          std::enable_if_t<view_rank<View>::value == 1, int> = 0>
keys_view<View, Equal> keys(const View& v, Equal equal = {}) {
  return {v, equal};
}

// The checks of a segment View of `extent` entries that `out` (n items) is written beside.
template <class Exec, class View, class OutView>
void check_segment_view(const char* name, const View& v, std::int64_t extent, const OutView& out,
                        std::int64_t n) {
  check_accessible<Exec>(name, v);
  const auto have = static_cast<std::int64_t>(v.extent(0));
  if (have != extent)
    throw error(std::string(name) + ": extent " + std::to_string(have) + " of View '" + v.label() +
                "' differs from the " + std::to_string(extent) + " entries the scan reads");
  if (n == 0) return;
  if (have > 1 && v.stride(0) != 1)
    throw error(std::string(name) + ": View '" + v.label() + "' has stride " +
                std::to_string(v.stride(0)) + "; segment Views must be contiguous");
  if (!v.data())
    throw error(std::string(name) + ": View with no data and extent " + std::to_string(have));
  // Byte ranges, as the pointer API compares them.
  using Entry = std::remove_pointer_t<decltype(v.data())>;
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  const auto end = begin + static_cast<std::uintptr_t>(have) * sizeof(Entry);
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out.data());
  const auto out_end = out_begin + out.span() * sizeof(view_value_t<OutView>);
  if (begin < out_end && out_begin < end)
    throw error(std::string(name) + ": View '" + v.label() + "' shares memory with out ('" +
                out.label() + "'); a segmented scan reads it while it writes");
}

// The pointer description (scan/segments.hpp) of checked segment Views.
template <class Exec, class View, class OutView>
auto describe(const offsets_view<View>& s, const OutView& out, std::int64_t n) {
  using Offset = std::remove_pointer_t<decltype(s.view.data())>;
  static_assert(std::is_integral<std::remove_cv_t<Offset>>::value, "offsets: a View of integers");
  const auto entries = static_cast<std::int64_t>(s.view.extent(0));
  if (entries == 0)
    throw error("offsets: View '" + s.view.label() +
                "' is empty; it holds num_segments + 1 "
                "offsets");
  if (n > 0 && entries == 1)
    throw error("offsets: 0 segments cannot hold n = " + std::to_string(n) + " items");
  check_segment_view<Exec>("offsets", s.view, entries, out, n);
  return scan::offsets<Offset>(s.view.data(), entries - 1, s.checked);
}
template <class Exec, class View, class OutView>
auto describe(const flags_view<View>& s, const OutView& out, std::int64_t n) {
  check_segment_view<Exec>("flags", s.view, n, out, n);
  return scan::head_flags<std::remove_pointer_t<decltype(s.view.data())>>(s.view.data());
}
template <class Exec, class View, class Equal, class OutView>
auto describe(const keys_view<View, Equal>& s, const OutView& out, std::int64_t n) {
  check_segment_view<Exec>("keys", s.view, n, out, n);
  return scan::keys<std::remove_pointer_t<decltype(s.view.data())>, Equal>(s.view.data(), s.equal);
}

// `totals`: none, or one View for the totals of segments given by flags or keys, which the scan
// writes as it numbers them (kokkos_view_totals.hpp), as many as its extent holds.
template <class Exec, class InView, class OutView, class Segments, class Op, class... TotalsView>
void segmented_views(const Exec& exec, const InView& in, const OutView& out,
                     const Segments& segments, bool inclusive, maybe<view_value_t<OutView>> init,
                     Op op, const options& call, const TotalsView&... totals) {
  static_assert(sizeof...(TotalsView) <= 1, "one totals View at most");
  using Out = view_value_t<OutView>;
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<view_value_t<InView>, Out>::value,
                "in: its value type must convert to out's value type");
  options opt = call;
  opt.workspace = {}; // segmented scans take their scratch memory from the library
  const std::int64_t n = check_views(exec, in, out, opt);
  const auto description = describe<Exec>(segments, out, n);
  if (n == 0) return;
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView>) {
    const auto mark = [&](auto& parts, std::uint32_t* words, std::uint32_t* bad) {
      scan::detail::mark_heads(parts, description, n, words, bad);
    };
    const bool check = scan::detail::checks(description);
    if constexpr (native_gpu<Exec>::present)
      scan::detail::segmented_on(kokkos_backend<Exec>{exec}, mark, check, device_sequence(in),
                                 device_sequence(out), n, inclusive, init, opt, op,
                                 device_sequence(totals)...,
                                 static_cast<std::int64_t>(totals.extent(0))...);
    else
      scan::detail::segmented_on(kokkos_backend<Exec>{exec}, mark, check, in, out, n, inclusive,
                                 init, opt, op, totals...,
                                 static_cast<std::int64_t>(totals.extent(0))...);
  }
}

// A segments argument: offsets(...), head_flags(...) or keys(...) of this file.
template <class S> struct is_segment_views : std::false_type {};
template <class V> struct is_segment_views<offsets_view<V>> : std::true_type {};
template <class V> struct is_segment_views<flags_view<V>> : std::true_type {};
template <class V, class E> struct is_segment_views<keys_view<V, E>> : std::true_type {};
template <class S> using if_segments = std::enable_if_t<is_segment_views<S>::value, int>;
template <class S> struct is_offsets_view : std::false_type {};
template <class V> struct is_offsets_view<offsets_view<V>> : std::true_type {};

template <class Exec, class InView, class OutView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0,
          if_operator<Op, OutView> = 0>
void segmented_inclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              const Segments& segments, Op op = {}, const options& opt = {}) {
  segmented_views(exec, in, out, segments, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0>
void segmented_inclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              const Segments& segments, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  segmented_views(exec, in, out, segments, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0>
void segmented_exclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                              const Segments& segments, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  segmented_views(exec, in, out, segments, false, {init, true}, op, opt);
}

// The same, with each segment's total into to.totals (kokkos_view_totals.hpp).
template <class Exec, class InView, class OutView, class TotalsView, class Segments, class Op>
void segmented_views_with_totals(const Exec& exec, const InView& in,
                                 const views_with_totals<OutView, TotalsView>& to,
                                 const Segments& segments, bool inclusive,
                                 maybe<view_value_t<OutView>> init, Op op, const options& opt) {
  const std::int64_t n = check_views(exec, in, to.out, opt);
  describe<Exec>(segments, to.out, n);
  if constexpr (is_offsets_view<Segments>::value) {
    const auto count = static_cast<std::int64_t>(segments.view.extent(0)) - 1;
    check_totals_view<Exec>(
        to.totals, count,
        {bytes_of("in", in), bytes_of("out", to.out), bytes_of("the offsets", segments.view)});
    if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView> &&
                  accessible_from<Exec, TotalsView>) {
      using offsets_type = decltype(segments.view);
      if (n == 0) return fill_empty_totals(exec, to.totals, init);
      scan_with_totals(
          exec, in, to.out, to.totals, last_of_offsets<offsets_type>{segments.view, n}, inclusive,
          init, op, [&] { segmented_views(exec, in, to.out, segments, inclusive, init, op, opt); });
    }
  } else {
    // Flags or keys: as many totals as the scan finds heads, written as it numbers them, into
    // as many as the View holds.
    check_totals_room<Exec>(to.totals, {bytes_of("in", in), bytes_of("out", to.out),
                                        bytes_of("the segments", segments.view)});
    if constexpr (accessible_from<Exec, TotalsView>)
      segmented_views(exec, in, to.out, segments, inclusive, init, op, opt, to.totals);
  }
}

template <class Exec, class InView, class OutView, class TotalsView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0,
          if_operator<Op, OutView> = 0>
void segmented_inclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              const Segments& segments, Op op = {}, const options& opt = {}) {
  segmented_views_with_totals(exec, in, out, segments, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0>
void segmented_inclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              const Segments& segments, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  segmented_views_with_totals(exec, in, out, segments, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Segments, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_segments<Segments> = 0>
void segmented_exclusive_scan(const Exec& exec, const InView& in,
                              const views_with_totals<OutView, TotalsView>& out,
                              const Segments& segments, non_deduced<view_value_t<OutView>> init,
                              Op op = {}, const options& opt = {}) {
  segmented_views_with_totals(exec, in, out, segments, false, {init, true}, op, opt);
}

} // namespace scan::kokkos
