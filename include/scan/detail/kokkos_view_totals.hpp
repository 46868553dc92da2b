// Totals for the Kokkos::View entry points (public through scan/kokkos.hpp): scan/totals.hpp's
// totals, one per segment, row or column (the whole View for a flat scan), written into a rank-1
// View beside the output. Wrap the output View and the totals View together:
//
//   scan::kokkos::exclusive_scan(exec, degrees, scan::kokkos::with_totals(row_ptr, nnz), 0);
//                                                              // nnz: extent 1
//   scan::kokkos::segmented_inclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                          scan::kokkos::offsets(row_ptr));  // a total per segment
//   scan::kokkos::batched_exclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                        scan::along::columns, 0);  // a total per column
//   scan::kokkos::blockwise_inclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
//                                          segment);  // ceil(n / segment) totals
//
// Totals are always a rank-1 View whose extent is the number of totals (1 for a flat scan; the
// *_scan_total entry points of kokkos_views.hpp give a flat scan's one total into a rank-0 View or
// on the host; for head flags and keys, see below). Its value type is out's (not const); any
// layout, strided subviews included, in a memory space the execution space can access. It must
// share no memory with in, out or the segments (the whole extent each View spans is compared, so
// a totals column interleaved with an output column of one matrix is refused too). Anything else
// raises scan::error("totals: ...") before anything is written.
//
// Total s is init (when given) combined with every item of segment s in order, in out's type; an
// empty segment's is init, or a value-initialised Out for a scan without one. Segments given by
// head flags or keys (none empty) have as many totals as the scan finds heads, at most n, written
// by the scan as it numbers them (orchestration/totals.hpp): their View may have any extent, and
// segments past it get no total (size it with the segments' count). The other totals are written by
// small kernels queued on `exec` around the scan, reading each segment's last item from in and out
// through the Views themselves, so no View needs to be contiguous and nothing waits: after the
// scan, from its last result (an exclusive scan's combined with its last input), and for an
// exclusive scan in place also before it, keeping the last inputs in the totals View until the scan
// has overwritten them. (So a scan in place whose checked offsets turn out bad, which raises
// scan::error without writing out, may have written totals.)
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>

#include <Kokkos_Core.hpp>

#include <scan/detail/kokkos_views.hpp>
#include <scan/half.hpp>

namespace scan::kokkos {

// An output View and the View its totals go to (with_totals below).
template <class OutView, class TotalsView> struct views_with_totals {
  OutView out;
  TotalsView totals;
};

template <class OutView, class TotalsView,
          std::enable_if_t<Kokkos::is_view<OutView>::value && Kokkos::is_view<TotalsView>::value,
                           int> = 0>
views_with_totals<OutView, TotalsView> with_totals(const OutView& out, const TotalsView& totals) {
  static_assert(TotalsView::rank == 1,
                "totals: a rank-1 View, one total per segment, row or column (extent 1 for a flat "
                "scan; a rank-0 View takes a flat scan's total through the *_scan_total calls)");
  static_assert(std::is_same<typename TotalsView::value_type, view_value_t<OutView>>::value,
                "totals: a View of out's (non-const) value type");
  return {out, totals};
}

template <class T> struct is_views_with_totals : std::false_type {};
template <class O, class T>
struct is_views_with_totals<views_with_totals<O, T>> : std::true_type {};

// The bytes a View spans, and its name for messages.
struct view_bytes {
  std::uintptr_t begin = 0, end = 0;
  const char* role = "";
  std::string label;
};
template <class V> view_bytes bytes_of(const char* role, const V& v) {
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  return {begin, begin + v.span() * sizeof(typename V::value_type), role, v.label()};
}

// The checks of a totals View of any extent (segments counted from flags or keys: as many as
// the scan finds), beside Views it must not overlap.
template <class Exec, class TotalsView>
void check_totals_room(const TotalsView& totals, std::initializer_list<view_bytes> others) {
  check_accessible<Exec>("totals", totals);
  const auto have = static_cast<std::int64_t>(totals.extent(0));
  if (have == 0) return;
  if (!totals.data()) throw error("totals: View with no data and extent " + std::to_string(have));
  const view_bytes mine = bytes_of("totals", totals);
  for (const view_bytes& other : others)
    if (other.begin != other.end && mine.begin < other.end && other.begin < mine.end)
      throw error("totals: View '" + totals.label() + "' shares memory with " + other.role + " ('" +
                  other.label + "'); totals must not overlap in, out or the segments");
}

// The checks of a totals View that receives `count` totals, beside Views it must not overlap.
template <class Exec, class TotalsView>
void check_totals_view(const TotalsView& totals, std::int64_t count,
                       std::initializer_list<view_bytes> others) {
  const auto have = static_cast<std::int64_t>(totals.extent(0));
  if (have != count)
    throw error("totals: extent " + std::to_string(have) + " of View '" + totals.label() +
                "' differs from the " + std::to_string(count) + " totals the scan writes");
  check_totals_room<Exec>(totals, others);
}

// Where segment s ends: the index of its last item in the Views the totals read (see
// scan_with_totals), or -1 when the segment is empty.
struct last_of_all { // a flat scan: one segment of n items
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t) const { return n - 1; }
};
struct last_of_blocks { // consecutive segments of `segment` items, the last one shorter
  std::int64_t n, segment;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t s) const {
    const std::int64_t end = (s + 1) * segment < n ? (s + 1) * segment : n;
    return end - 1;
  }
};
struct last_of_each { // Views of the lanes' last items: lane s ends at s
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t s) const { return s; }
};
// CSR offsets, each read clamped into [0, n] (unchecked bad offsets give unspecified totals,
// never an access out of bounds).
template <class OffsetsView> struct last_of_offsets {
  OffsetsView offsets;
  std::int64_t n;
  KOKKOS_INLINE_FUNCTION std::int64_t clamped(std::int64_t s) const {
    using Offset = typename OffsetsView::non_const_value_type;
    const Offset o = offsets(s);
    if constexpr (std::is_signed<Offset>::value) {
      if (o < 0) return 0;
    }
    return static_cast<std::uint64_t>(o) < static_cast<std::uint64_t>(n)
               ? static_cast<std::int64_t>(o)
               : n;
  }
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t s) const {
    const std::int64_t begin = clamped(s), end = clamped(s + 1);
    return end > begin ? end - 1 : -1;
  }
};

// totals(s) = segment s's last input item, before an exclusive scan in place overwrites it.
template <class InView, class TotalsView, class Tails> struct save_last_items {
  InView in;
  TotalsView totals;
  Tails tails;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    const std::int64_t i = tails(s);
    if (i >= 0) totals(s) = static_cast<view_value_t<TotalsView>>(in(i));
  }
};

// totals(s) from segment s's last result: an inclusive one as it is, an exclusive one combined
// (in the accumulator) with the segment's last input, saved in totals(s) for a scan in place.
template <class InView, class OutView, class TotalsView, class Tails, class Op>
struct finish_view_totals {
  InView in;
  OutView out;
  TotalsView totals;
  Tails tails;
  bool inclusive, saved;
  view_value_t<TotalsView> empty; // an empty segment's total
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const {
    using Out = view_value_t<TotalsView>;
    using Acc = accumulator_t<Out>;
    const std::int64_t i = tails(s);
    if (i < 0) {
      totals(s) = empty;
    } else if (inclusive) {
      totals(s) = out(i);
    } else {
      const Out last = saved ? Out(totals(s)) : static_cast<Out>(in(i));
      Op f = op; // operators need not be const-callable
      totals(s) = static_cast<Out>(f(static_cast<Acc>(out(i)), static_cast<Acc>(last)));
    }
  }
};

template <class TotalsView> struct fill_totals {
  TotalsView totals;
  view_value_t<TotalsView> value;
  KOKKOS_INLINE_FUNCTION void operator()(std::int64_t s) const { totals(s) = value; }
};

// Every total the empty one (a call of no items): init, or a value-initialised Out.
template <class Exec, class TotalsView>
void fill_empty_totals(const Exec& exec, const TotalsView& totals,
                       maybe<view_value_t<TotalsView>> init) {
  using range = Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>;
  const auto count = static_cast<std::int64_t>(totals.extent(0));
  if (count > 0)
    Kokkos::parallel_for(
        "libscan:totals", range(exec, 0, count),
        fill_totals<TotalsView>{totals, init.present ? init.value : view_value_t<TotalsView>{}});
}

// Runs scan() (a checked View scan of at least one item, queued on exec) between the kernels that
// write its totals, all on exec. `in` and `out` are rank-1 Views where tails(s) indexes segment
// s's last item (the call's own Views, or subviews of a matrix's last row or column).
template <class Exec, class InView, class OutView, class TotalsView, class Tails, class Op,
          class Scan>
void scan_with_totals(const Exec& exec, const InView& in, const OutView& out,
                      const TotalsView& totals, const Tails& tails, bool inclusive,
                      maybe<view_value_t<TotalsView>> init, Op op, Scan&& scan) {
  using Out = view_value_t<TotalsView>;
  using range = Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>;
  const auto count = static_cast<std::int64_t>(totals.extent(0));
  const bool save =
      !inclusive && static_cast<const void*>(in.data()) == static_cast<const void*>(out.data());
  if (save)
    Kokkos::parallel_for("libscan:totals", range(exec, 0, count),
                         save_last_items<InView, TotalsView, Tails>{in, totals, tails});
  std::forward<Scan>(scan)();
  const Out empty = init.present ? init.value : Out{};
  Kokkos::parallel_for("libscan:totals", range(exec, 0, count),
                       finish_view_totals<InView, OutView, TotalsView, Tails, Op>{
                           in, out, totals, tails, inclusive, save, empty, op});
}

// --- Flat scans with their total (totals of extent 1), queued on exec -----------------------

template <class Exec, class InView, class OutView, class TotalsView, class Op>
void scan_views_with_totals(const Exec& exec, const InView& in,
                            const views_with_totals<OutView, TotalsView>& to, bool inclusive,
                            maybe<view_value_t<OutView>> init, Op op, const options& opt) {
  const std::int64_t n = check_views(exec, in, to.out, opt);
  check_totals_view<Exec>(to.totals, 1, {bytes_of("in", in), bytes_of("out", to.out)});
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView> &&
                accessible_from<Exec, TotalsView>) {
    if (n == 0) return fill_empty_totals(exec, to.totals, init);
    scan_with_totals(exec, in, to.out, to.totals, last_of_all{n}, inclusive, init, op,
                     [&] { scan_views(exec, in, to.out, inclusive, init, op, opt, no_total{}); });
  }
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void inclusive_scan(const Exec& exec, const InView& in,
                    const views_with_totals<OutView, TotalsView>& out, Op op = {},
                    const options& opt = {}) {
  scan_views_with_totals(exec, in, out, true, {}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void inclusive_scan(const Exec& exec, const InView& in,
                    const views_with_totals<OutView, TotalsView>& out,
                    non_deduced<view_value_t<OutView>> init, Op op = {}, const options& opt = {}) {
  scan_views_with_totals(exec, in, out, true, {init, true}, op, opt);
}

template <class Exec, class InView, class OutView, class TotalsView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void exclusive_scan(const Exec& exec, const InView& in,
                    const views_with_totals<OutView, TotalsView>& out,
                    non_deduced<view_value_t<OutView>> init, Op op = {}, const options& opt = {}) {
  scan_views_with_totals(exec, in, out, false, {init, true}, op, opt);
}

} // namespace scan::kokkos
