// libscan for Kokkos applications: the scans of scan.hpp, blockwise.hpp, segmented.hpp and
// batched.hpp on Kokkos::Views, queued on the caller's execution space instance without waiting.
//
//   scan::kokkos::inclusive_scan(exec, in, out[, init], op, opts);        // op: default sum
//   scan::kokkos::exclusive_scan(exec, in, out, init, op, opts);
//   scan::kokkos::blockwise_inclusive_scan(exec, in, out, segment[, init], op, opts);
//   scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::offsets(row_ptr));
//   scan::kokkos::segmented_exclusive_scan(exec, in, out, scan::kokkos::keys(k), init, op);
//   scan::kokkos::batched_inclusive_scan(exec, in, out, scan::along::columns[, init], op, opts);
//   scan::kokkos::exclusive_scan(exec, degrees, scan::kokkos::with_totals(row_ptr, nnz), 0);
//
// Every kind has inclusive (init optional) and exclusive (init required) forms. Totals
// (scan/totals.hpp: one per segment, row or column, 1 for a flat scan) go into a rank-1 View of
// out's value type given with out by with_totals; for flags and keys as many as it holds.
// in and out: rank-1 Views (rank-2 for batched scans) of one extent, any layout (strided
// subviews: nothing is copied), in memory spaces exec can access; out's value type accumulates.
// out may be in itself (in place); Views that share memory otherwise are rejected (interleaved
// columns of one matrix share none), as are totals overlapping in, out or the segments. Segments
// are contiguous rank-1 Views: offsets hold num_segments + 1 entries (CSR row pointers; checked
// ones make the call wait for a 4-byte answer, offsets(v, false) does not), flags and keys one per
// item. On Kokkos::Cuda (Kokkos::HIP) libscan's GPU kernels run on the instance's stream,
// elsewhere the portable team kernels. Errors are scan::error naming the argument, raised before
// anything is written. Needs libscan built with SCAN_BACKEND=kokkos and Kokkos initialized.
#pragma once

#if !defined(SCAN_WITH_KOKKOS)
#error "scan/kokkos.hpp needs a libscan built with SCAN_BACKEND=kokkos"
#endif

#include <scan/detail/kokkos_views.hpp>
#include <scan/scan.hpp>

namespace scan::kokkos {

// out and the View its totals go to.
template <class OutView, class TotalsView,
          std::enable_if_t<Kokkos::is_view<OutView>::value && Kokkos::is_view<TotalsView>::value,
                           int> = 0>
views_with_totals<OutView, TotalsView> with_totals(const OutView& out, const TotalsView& totals) {
  static_assert(std::is_same<typename TotalsView::value_type, view_value_t<OutView>>::value,
                "totals: a View of out's (non-const) value type");
  return {out, totals};
}

// Segments given by rank-1 Views (scan/segments.hpp).
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

// The calls of in and out (a View, or with_totals(View, totals)) of rank `rank` on Exec.
template <class Exec, class In, class Out, int rank>
using if_views =
    std::enable_if_t<Kokkos::is_execution_space<Exec>::value && view_rank<In>::value == rank &&
                         view_rank<output_view_t<Out>>::value == rank,
                     int>;
template <class Out> using value_of = view_value_t<output_view_t<Out>>;
// An operator argument: neither an initial value nor a View.
template <class Op, class Out>
using if_operator =
    std::enable_if_t<!std::is_convertible<Op, value_of<Out>>::value && !Kokkos::is_view<Op>::value,
                     int>;
template <class S> using if_segments = std::enable_if_t<is_segments<S>, int>;
template <class T> struct non_deduced_type { using type = T; };
template <class T> using non_deduced = typename non_deduced_type<T>::type;

template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0,
          if_operator<Op, Out> = 0>
void inclusive_scan(const Exec& exec, const In& in, const Out& out, Op op = {},
                    const options& opt = {}) {
  scan_views(exec, in, outputs(out), flat_shape{}, true, {}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0>
void inclusive_scan(const Exec& exec, const In& in, const Out& out, non_deduced<value_of<Out>> init,
                    Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), flat_shape{}, true, {init, true}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0>
void exclusive_scan(const Exec& exec, const In& in, const Out& out, non_deduced<value_of<Out>> init,
                    Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), flat_shape{}, false, {init, true}, op, opt);
}

// Independent scans of consecutive segments of `segment` >= 1 items, the last one shorter.
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0,
          if_operator<Op, Out> = 0>
void blockwise_inclusive_scan(const Exec& exec, const In& in, const Out& out, std::int64_t segment,
                              Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), blocks_shape{segment}, true, {}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0>
void blockwise_inclusive_scan(const Exec& exec, const In& in, const Out& out, std::int64_t segment,
                              non_deduced<value_of<Out>> init, Op op = {},
                              const options& opt = {}) {
  scan_views(exec, in, outputs(out), blocks_shape{segment}, true, {init, true}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 1> = 0>
void blockwise_exclusive_scan(const Exec& exec, const In& in, const Out& out, std::int64_t segment,
                              non_deduced<value_of<Out>> init, Op op = {},
                              const options& opt = {}) {
  scan_views(exec, in, outputs(out), blocks_shape{segment}, false, {init, true}, op, opt);
}

// Every segment scanned on its own: segments are offsets(...), head_flags(...) or keys(...).
template <class Exec, class In, class Out, class Segments, class Op = sum,
          if_views<Exec, In, Out, 1> = 0, if_segments<Segments> = 0, if_operator<Op, Out> = 0>
void segmented_inclusive_scan(const Exec& exec, const In& in, const Out& out,
                              const Segments& segments, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), segments, true, {}, op, opt);
}
template <class Exec, class In, class Out, class Segments, class Op = sum,
          if_views<Exec, In, Out, 1> = 0, if_segments<Segments> = 0>
void segmented_inclusive_scan(const Exec& exec, const In& in, const Out& out,
                              const Segments& segments, non_deduced<value_of<Out>> init, Op op = {},
                              const options& opt = {}) {
  scan_views(exec, in, outputs(out), segments, true, {init, true}, op, opt);
}
template <class Exec, class In, class Out, class Segments, class Op = sum,
          if_views<Exec, In, Out, 1> = 0, if_segments<Segments> = 0>
void segmented_exclusive_scan(const Exec& exec, const In& in, const Out& out,
                              const Segments& segments, non_deduced<value_of<Out>> init, Op op = {},
                              const options& opt = {}) {
  scan_views(exec, in, outputs(out), segments, false, {init, true}, op, opt);
}

// Every row (along::rows) or every column of rank-2 Views scanned on its own.
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 2> = 0,
          if_operator<Op, Out> = 0>
void batched_inclusive_scan(const Exec& exec, const In& in, const Out& out, along axis, Op op = {},
                            const options& opt = {}) {
  scan_views(exec, in, outputs(out), lanes_shape{axis}, true, {}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 2> = 0>
void batched_inclusive_scan(const Exec& exec, const In& in, const Out& out, along axis,
                            non_deduced<value_of<Out>> init, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), lanes_shape{axis}, true, {init, true}, op, opt);
}
template <class Exec, class In, class Out, class Op = sum, if_views<Exec, In, Out, 2> = 0>
void batched_exclusive_scan(const Exec& exec, const In& in, const Out& out, along axis,
                            non_deduced<value_of<Out>> init, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, outputs(out), lanes_shape{axis}, false, {init, true}, op, opt);
}

// Bytes of caller workspace (options::workspace, in exec's memory space) that a flat scan of n
// items from In to Out needs on this instance; 0 when it needs none.
template <class In, class Out = In, class Exec>
std::size_t workspace_bytes(const Exec& exec, std::int64_t n, const options& opt = {}) {
  if (n < 0) throw error("n: negative element count " + std::to_string(n));
  require_initialized();
  return scan::detail::workspace_bytes_on<In, Out>(kokkos_backend<Exec>{exec}, n, opt);
}

} // namespace scan::kokkos
