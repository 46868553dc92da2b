// The Kokkos::View entry points (public through scan/kokkos.hpp): scans of rank-1 Views of any
// layout and memory space the execution space can access, strided subviews included, run on the
// caller's execution space instance without copies.
//
//   scan::kokkos::inclusive_scan(exec, in, out);                       // sum
//   scan::kokkos::inclusive_scan(exec, in, out, op);                   // any associative op
//   scan::kokkos::inclusive_scan(exec, in, out, init, op);             // with an initial value
//   scan::kokkos::exclusive_scan(exec, in, out, init, op);
//
// These queue their work on `exec` and return without waiting. On Kokkos::Cuda (Kokkos::HIP) they
// run libscan's GPU kernels on the instance's stream, strided Views read and written in place. The
// *_total variants also give the total: init combined with every input, which is the value one past
// the end of an exclusive scan (the last CSR row pointer). With a rank-0 View argument after `out`
// they write it there without waiting; without one they wait for `exec` and return it (the operator
// then must be callable on the host, as KOKKOS_LAMBDA and KOKKOS_FUNCTION operators are). The total
// of an inclusive scan of no items without init is Out{}. The same total into a rank-1 View, as
// the segmented, blockwise and batched scans give theirs, comes with scan::kokkos::with_totals
// (kokkos_view_totals.hpp): exclusive_scan(exec, in, with_totals(out, totals), init).
//
// `in` and `out` may be the same View (a scan in place); Views that share memory otherwise are
// rejected. Accumulation happens in out's value type. Errors are scan::error, and a rejected call
// writes nothing.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/sequence.hpp>
#include <scan/error.hpp>
#include <scan/operators.hpp>
#include <scan/options.hpp>

namespace scan::kokkos {

template <class V, class = void> struct view_rank : std::integral_constant<int, -1> {};
template <class V>
struct view_rank<V, std::enable_if_t<Kokkos::is_view<V>::value>>
    : std::integral_constant<int, static_cast<int>(V::rank)> {};

template <class V> using view_value_t = typename V::non_const_value_type;

// The overloads taking (exec, in, out, ...) with rank-1 Views.
template <class Exec, class InView, class OutView>
using if_views =
    std::enable_if_t<Kokkos::is_execution_space<Exec>::value && view_rank<InView>::value == 1 &&
                         view_rank<OutView>::value == 1,
                     int>;
// An operator argument: neither an initial value nor a View.
template <class Op, class OutView>
using if_operator = std::enable_if_t<
    !std::is_convertible<Op, view_value_t<OutView>>::value && !Kokkos::is_view<Op>::value, int>;
template <class V> using if_total_view = std::enable_if_t<view_rank<V>::value == 0, int>;

template <class T> struct non_deduced_type { using type = T; };
template <class T> using non_deduced = typename non_deduced_type<T>::type;

template <class Exec, class V>
constexpr bool accessible_from =
    Kokkos::SpaceAccessibility<Exec, typename V::memory_space>::accessible;

template <class Exec, class V> void check_accessible(const char* name, const V& v) {
  if constexpr (!accessible_from<Exec, V>)
    throw error(std::string(name) + ": View '" + v.label() + "' lives in " +
                V::memory_space::name() + ", which the " + Exec::name() +
                " execution space cannot access");
}

// Whether two n-item Views starting at different addresses have elements whose bytes overlap.
// Disjoint interleaved Views (columns of one matrix) share none; Views of different strides whose
// spans overlap are counted as sharing.
inline bool share_elements(std::uintptr_t a, std::int64_t a_stride, std::size_t a_size,
                           std::uintptr_t b, std::int64_t b_stride, std::size_t b_size,
                           std::int64_t n, std::size_t a_span, std::size_t b_span) {
  const std::uintptr_t a_end = a + a_span * a_size; // spans count elements
  const std::uintptr_t b_end = b + b_span * b_size;
  if (!(a < b_end && b < a_end)) return false;
  if (a_stride != b_stride || a_stride <= 0) return true;
  // Items i of a and j of b overlap iff -b_size < d + (j - i) * stride < a_size, d = b - a:
  // test the largest k = j - i with d + k * stride < a_size, within |k| < n.
  const auto d = static_cast<std::int64_t>(b - a);
  const auto size_a = static_cast<std::int64_t>(a_size);
  const auto size_b = static_cast<std::int64_t>(b_size);
  const std::int64_t top = size_a - 1 - d;
  std::int64_t k = top >= 0 ? top / a_stride : -((-top + a_stride - 1) / a_stride);
  if (k > n - 1) k = n - 1;
  if (k < -(n - 1)) return false;
  return d + k * a_stride > -size_b;
}

// The checks every View entry point makes first (rank-1 and rank-2 alike).
template <class Exec, class InView, class OutView>
void check_view_call(const InView& in, const OutView& out, const options& opt) {
  require_initialized();
  if (opt.backend != backend::automatic && opt.backend != backend::kokkos)
    throw error("options.backend: the Kokkos View entry points run on the kokkos backend, not " +
                std::string(to_string(opt.backend)));
  if (const std::string why = unsupported(opt); !why.empty()) throw error("options: " + why);
  check_accessible<Exec>("in", in);
  check_accessible<Exec>("out", out);
}

// The checks of every rank-1 View call; returns the item count.
template <class Exec, class InView, class OutView>
std::int64_t check_views(const Exec& exec, const InView& in, const OutView& out,
                         const options& opt) {
  using In = view_value_t<InView>;
  using Out = view_value_t<OutView>;
  check_view_call<Exec>(in, out, opt);
  if (in.extent(0) != out.extent(0))
    throw error("out: extent " + std::to_string(out.extent(0)) + " of View '" + out.label() +
                "' differs from the extent " + std::to_string(in.extent(0)) + " of in ('" +
                in.label() + "')");
  const auto n = static_cast<std::int64_t>(in.extent(0));
  if (n == 0) return 0;
  if (!in.data()) throw error("in: View with no data and extent " + std::to_string(n));
  if (!out.data()) throw error("out: View with no data and extent " + std::to_string(n));

  const auto in_begin = reinterpret_cast<std::uintptr_t>(in.data());
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out.data());
  const auto in_stride = static_cast<std::int64_t>(in.stride(0) * sizeof(In));
  const auto out_stride = static_cast<std::int64_t>(out.stride(0) * sizeof(Out));
  if (in_begin == out_begin) {
    if (sizeof(In) != sizeof(Out) || (n > 1 && in_stride != out_stride))
      throw error("out: shares its first element with in but not its layout (" +
                  std::to_string(sizeof(Out)) + "-byte elements " + std::to_string(out_stride) +
                  " bytes apart, against " + std::to_string(sizeof(In)) + "-byte elements " +
                  std::to_string(in_stride) +
                  " bytes apart); only an exact in-place scan may share memory");
  } else if (share_elements(in_begin, in_stride, sizeof(In), out_begin, out_stride, sizeof(Out), n,
                            in.span(), out.span())) {
    throw error("out: View '" + out.label() + "' shares memory with in ('" + in.label() +
                "'); only an exact in-place scan (out and in the same elements) may");
  }

  const workspace& ws = opt.workspace;
  if (ws.data || ws.bytes) {
    const std::size_t need =
        scan::detail::workspace_bytes_on<In, Out>(kokkos_backend<Exec>{exec}, n, opt);
    if (!ws.data && need > 0)
      throw error("options.workspace: null pointer with " + std::to_string(ws.bytes) + " bytes");
    if (reinterpret_cast<std::uintptr_t>(ws.data) % scan::detail::arena_alignment != 0)
      throw error("options.workspace: pointer must be 256-byte aligned");
    if (ws.bytes < need)
      throw error("options.workspace: " + std::to_string(ws.bytes) +
                  " bytes given, this call needs " + std::to_string(need) +
                  " (see scan::kokkos::workspace_bytes)");
  }
  return n;
}

// Where a call's total goes: nowhere, a rank-0 View (written on the device), or the host.
struct no_total {};
template <class Out> struct host_total { Out* value; };

// total() = the value a View holds at `at`, in the total's type.
template <class View, class TotalView> struct copy_into_total {
  View from;
  TotalView total;
  std::int64_t at;
  KOKKOS_INLINE_FUNCTION void operator()(int) const {
    total() = static_cast<view_value_t<TotalView>>(from(at));
  }
};

// The total of an exclusive scan: out's last item combined with in's last item, saved in total()
// before an in-place scan overwrote it.
template <class InView, class OutView, class TotalView, class Op> struct finish_exclusive_total {
  InView in;
  OutView out;
  TotalView total;
  std::int64_t last;
  bool saved;
  Op op;
  KOKKOS_INLINE_FUNCTION void operator()(int) const {
    using Out = view_value_t<TotalView>;
    Op f = op;
    const Out x = saved ? total() : static_cast<Out>(in(last));
    total() = f(static_cast<Out>(out(last)), x);
  }
};

template <class TotalView> struct set_total {
  TotalView total;
  view_value_t<TotalView> value;
  KOKKOS_INLINE_FUNCTION void operator()(int) const { total() = value; }
};

// Reads v(i) on the host once the queued work on `exec` is done.
template <class Exec, class View>
view_value_t<View> read_item(const Exec& exec, const View& v, std::int64_t i) {
  view_value_t<View> value;
  Kokkos::View<view_value_t<View>, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> host(&value);
  Kokkos::deep_copy(exec, host, Kokkos::subview(v, i));
  exec.fence();
  return value;
}

// A View as the GPU kernels take it (kokkos_native.hpp): a pointer where its items are adjacent
// (rank-1 LayoutLeft and LayoutRight), a strided sequence otherwise.
template <class V> auto device_sequence(const V& v) {
  using element = std::remove_pointer_t<decltype(v.data())>;
  if constexpr (std::is_same<typename V::array_layout, Kokkos::LayoutStride>::value)
    return scan::detail::strided<element>{v.data(), static_cast<std::int64_t>(v.stride(0))};
  else
    return v.data();
}

template <class Exec, class InView, class OutView, class Op, class Total>
void scan_views(const Exec& exec, const InView& in, const OutView& out, bool inclusive,
                maybe<view_value_t<OutView>> init, Op op, const options& opt, Total total) {
  using Out = view_value_t<OutView>;
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<view_value_t<InView>, Out>::value,
                "in: its value type must convert to out's value type");
  const std::int64_t n = check_views(exec, in, out, opt);
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView>) {
    constexpr bool to_view =
        !std::is_same<Total, no_total>::value && !std::is_same<Total, host_total<Out>>::value;
    constexpr bool to_host = std::is_same<Total, host_total<Out>>::value;
    if constexpr (to_view) {
      static_assert(std::is_same<typename Total::value_type, Out>::value,
                    "total: a rank-0 View of out's (non-const) value type");
      check_accessible<Exec>("total", total);
    }
    using range = Kokkos::RangePolicy<Exec>;
    if (n == 0) {
      const Out value = init.present ? init.value : Out{};
      if constexpr (to_view)
        Kokkos::parallel_for("libscan:total", range(exec, 0, 1), set_total<Total>{total, value});
      if constexpr (to_host) *total.value = value;
      return;
    }
    const bool in_place =
        static_cast<const void*>(in.data()) == static_cast<const void*>(out.data());
    const std::int64_t last = n - 1;
    if constexpr (to_view) {
      if (!inclusive && in_place)
        Kokkos::parallel_for("libscan:total", range(exec, 0, 1),
                             copy_into_total<InView, Total>{in, total, last});
    }
    Out saved_input{};
    if constexpr (to_host) {
      if (!inclusive && in_place) saved_input = static_cast<Out>(read_item(exec, in, last));
    }

    if constexpr (native_gpu<Exec>::present)
      scan::detail::scan_on(kokkos_backend<Exec>{exec}, device_sequence(in), device_sequence(out),
                            n, inclusive, init, opt, op);
    else
      scan::detail::scan_on(kokkos_backend<Exec>{exec}, in, out, n, inclusive, init, opt, op);

    if constexpr (to_view) {
      if (inclusive)
        Kokkos::parallel_for("libscan:total", range(exec, 0, 1),
                             copy_into_total<OutView, Total>{out, total, last});
      else
        Kokkos::parallel_for(
            "libscan:total", range(exec, 0, 1),
            finish_exclusive_total<InView, OutView, Total, Op>{in, out, total, last, in_place, op});
    }
    if constexpr (to_host) {
      const Out tail = read_item(exec, out, last);
      if (inclusive) {
        *total.value = tail;
      } else {
        const Out x = in_place ? saved_input : static_cast<Out>(read_item(exec, in, last));
        *total.value = op(tail, x);
      }
    }
  }
}

// --- Scans, queued on exec -----------------------------------------------------------------

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
void inclusive_scan(const Exec& exec, const InView& in, const OutView& out, Op op = {},
                    const options& opt = {}) {
  scan_views(exec, in, out, true, {}, op, opt, no_total{});
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void inclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                    non_deduced<view_value_t<OutView>> init, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, out, true, {init, true}, op, opt, no_total{});
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
void exclusive_scan(const Exec& exec, const InView& in, const OutView& out,
                    non_deduced<view_value_t<OutView>> init, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, out, false, {init, true}, op, opt, no_total{});
}

// --- Scans that return the total, waiting for exec ------------------------------------------

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_operator<Op, OutView> = 0>
view_value_t<OutView> inclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                                           Op op = {}, const options& opt = {}) {
  view_value_t<OutView> total{};
  scan_views(exec, in, out, true, {}, op, opt, host_total<view_value_t<OutView>>{&total});
  return total;
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
view_value_t<OutView> inclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                                           non_deduced<view_value_t<OutView>> init, Op op = {},
                                           const options& opt = {}) {
  view_value_t<OutView> total{};
  scan_views(exec, in, out, true, {init, true}, op, opt, host_total<view_value_t<OutView>>{&total});
  return total;
}

template <class Exec, class InView, class OutView, class Op = sum,
          if_views<Exec, InView, OutView> = 0>
view_value_t<OutView> exclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                                           non_deduced<view_value_t<OutView>> init, Op op = {},
                                           const options& opt = {}) {
  view_value_t<OutView> total{};
  scan_views(exec, in, out, false, {init, true}, op, opt,
             host_total<view_value_t<OutView>>{&total});
  return total;
}

// --- Scans that write the total into a rank-0 View, queued on exec --------------------------

template <class Exec, class InView, class OutView, class TotalView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_total_view<TotalView> = 0,
          if_operator<Op, OutView> = 0>
void inclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                          const TotalView& total, Op op = {}, const options& opt = {}) {
  scan_views(exec, in, out, true, {}, op, opt, total);
}

template <class Exec, class InView, class OutView, class TotalView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_total_view<TotalView> = 0>
void inclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                          const TotalView& total, non_deduced<view_value_t<OutView>> init,
                          Op op = {}, const options& opt = {}) {
  scan_views(exec, in, out, true, {init, true}, op, opt, total);
}

template <class Exec, class InView, class OutView, class TotalView, class Op = sum,
          if_views<Exec, InView, OutView> = 0, if_total_view<TotalView> = 0>
void exclusive_scan_total(const Exec& exec, const InView& in, const OutView& out,
                          const TotalView& total, non_deduced<view_value_t<OutView>> init,
                          Op op = {}, const options& opt = {}) {
  scan_views(exec, in, out, false, {init, true}, op, opt, total);
}

// Bytes of caller workspace (options::workspace, in exec's memory space) that a View scan of n
// items from In to Out needs on this instance; 0 when it needs none.
template <class In, class Out = In, class Exec>
std::size_t workspace_bytes(const Exec& exec, std::int64_t n, const options& opt = {}) {
  if (n < 0) throw error("n: negative element count " + std::to_string(n));
  require_initialized();
  return scan::detail::workspace_bytes_on<In, Out>(kokkos_backend<Exec>{exec}, n, opt);
}

} // namespace scan::kokkos
