// How scan/kokkos.hpp's entry points run: a View becomes a pointer, a strided sequence or a lanes
// layout (vocabulary/lanes.hpp), and the front end's scan_on, lanes_on, segmented_on and the
// totals' steps (orchestration/totals.hpp) run on kokkos_backend<Exec>{exec}: libscan's GPU kernels
// on the instance's stream for Kokkos::Cuda and Kokkos::HIP, the portable team kernels elsewhere.
// Every check runs before anything is queued, so a rejected call writes nothing.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/detail/orchestration/segmented.hpp>
#include <scan/detail/orchestration/totals.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/sequence.hpp>
#include <scan/error.hpp>
#include <scan/operators.hpp>
#include <scan/options.hpp>
#include <scan/segments.hpp>

namespace scan::kokkos {

template <class V, class = void> struct view_rank : std::integral_constant<int, -1> {};
template <class V>
struct view_rank<V, std::enable_if_t<Kokkos::is_view<V>::value>>
    : std::integral_constant<int, static_cast<int>(V::rank)> {};
template <class V> using view_value_t = typename V::non_const_value_type;

// An output View and the rank-1 View its totals go to (scan::kokkos::with_totals); no_totals for
// a call without.
struct no_totals {};
template <class OutView, class TotalsView = no_totals> struct views_with_totals {
  OutView out;
  TotalsView totals;
};
template <class V> views_with_totals<V> outputs(const V& out) {
  return {out, {}};
}
template <class O, class T> views_with_totals<O, T> outputs(const views_with_totals<O, T>& to) {
  return to;
}
template <class A> using output_view_t = decltype(outputs(std::declval<const A&>()).out);

// What a call scans: all n items, consecutive blocks, segments given by Views, or the lanes of a
// rank-2 View along an axis.
struct flat_shape {};
struct blocks_shape {
  std::int64_t segment;
};
struct lanes_shape {
  along axis;
};
template <class View> struct offsets_view {
  View view;
  bool checked;
};
template <class View> struct flags_view { View view; };
template <class View, class Equal> struct keys_view {
  View view;
  Equal equal;
};
template <class S> constexpr bool marks_segments = false; // totals counted from marks
template <class V> constexpr bool marks_segments<flags_view<V>> = true;
template <class V, class E> constexpr bool marks_segments<keys_view<V, E>> = true;
template <class S> constexpr bool is_segments = marks_segments<S>;
template <class V> constexpr bool is_segments<offsets_view<V>> = true;

template <class Exec, class V>
constexpr bool accessible_from =
    Kokkos::SpaceAccessibility<Exec, typename V::memory_space>::accessible;
template <class Exec> constexpr bool accessible_from<Exec, no_totals> = true;

template <class Exec, class V> void check_accessible(const char* name, const V& v) {
  if constexpr (!accessible_from<Exec, V>)
    throw error(std::string(name) + ": View '" + v.label() + "' lives in " +
                V::memory_space::name() + ", which the " + Exec::name() +
                " execution space cannot access");
}

// The bytes a View spans.
template <class V> std::pair<std::uintptr_t, std::uintptr_t> span_of(const V& v) {
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  return {begin, begin + v.span() * sizeof(typename V::value_type)};
}
template <class A, class B> bool spans_overlap(const A& a, const B& b) {
  const auto x = span_of(a), y = span_of(b);
  return x.first != x.second && y.first != y.second && x.first < y.second && y.first < x.second;
}

// Whether two n-item strided sequences starting at different addresses have elements whose bytes
// overlap. Disjoint interleaved Views (columns of one matrix) share none; Views of different
// strides whose spans overlap are counted as sharing.
inline bool share_elements(std::uintptr_t a, std::int64_t a_stride, std::size_t a_size,
                           std::uintptr_t b, std::int64_t b_stride, std::size_t b_size,
                           std::int64_t n) {
  if (a_stride != b_stride || a_stride <= 0) return true;
  // Items i of a and j of b overlap iff -b_size < d + (j - i) * stride < a_size, d = b - a:
  // test the largest k = j - i with d + k * stride < a_size, within |k| < n.
  const auto d = static_cast<std::int64_t>(b - a);
  const std::int64_t top = static_cast<std::int64_t>(a_size) - 1 - d;
  std::int64_t k = top >= 0 ? top / a_stride : -((-top + a_stride - 1) / a_stride);
  if (k > n - 1) k = n - 1;
  if (k < -(n - 1)) return false;
  return d + k * a_stride > -static_cast<std::int64_t>(b_size);
}

// The lanes a call scans (one lane of n items for rank-1 Views), strides in elements; checks the
// extents, the data and the aliasing of in and out.
template <class Shape, class InView, class OutView>
scan::detail::lanes_layout layout_of(const InView& in, const OutView& out, const Shape& shape) {
  using scan::detail::lanes_layout;
  const auto extents = [](const auto& v) {
    return std::to_string(v.extent(0)) + (v.rank > 1 ? " x " + std::to_string(v.extent(1)) : "");
  };
  for (unsigned r = 0; r < in.rank; ++r)
    if (in.extent(r) != out.extent(r))
      throw error("out: extent " + extents(out) + " of View '" + out.label() +
                  "' differs from the extent " + extents(in) + " of in ('" + in.label() + "')");
  const auto stride = [](const auto& v, int r) { return static_cast<std::int64_t>(v.stride(r)); };
  const auto items = static_cast<std::int64_t>(in.extent(0));
  lanes_layout at{1, items, {0, stride(in, 0)}, {0, stride(out, 0)}};
  if constexpr (std::is_same<Shape, lanes_shape>::value) {
    const auto cols = static_cast<std::int64_t>(in.extent(1));
    const scan::detail::lane_strides i{stride(in, 0), stride(in, 1)};
    const scan::detail::lane_strides o{stride(out, 0), stride(out, 1)};
    at = shape.axis == along::rows ? lanes_layout{items, cols, i, o}
                                   : lanes_layout{cols, items, {i.item, i.lane}, {o.item, o.lane}};
  }
  const std::int64_t n = at.items();
  if (n == 0) return at;
  if (!in.data())
    throw error("in: View '" + in.label() + "' has null data and extent " + extents(in));
  if (!out.data())
    throw error("out: View '" + out.label() + "' has null data and extent " + extents(out));
  using In = view_value_t<InView>;
  using Out = view_value_t<OutView>;
  const auto in_begin = reinterpret_cast<std::uintptr_t>(in.data());
  const auto out_begin = reinterpret_cast<std::uintptr_t>(out.data());
  const bool one_item = at.length == 1 && at.lanes == 1;
  if (in_begin == out_begin) {
    if (sizeof(In) != sizeof(Out) ||
        (!one_item && (at.in.lane != at.out.lane || at.in.item != at.out.item)))
      throw error("out: shares its first element with in but not its layout (element size or "
                  "strides); only an exact in-place scan may share memory");
  } else if (spans_overlap(in, out) &&
             (at.lanes > 1 ||
              share_elements(in_begin, at.in.item * sizeof(In), sizeof(In), out_begin,
                             at.out.item * sizeof(Out), sizeof(Out), at.length))) {
    throw error("out: View '" + out.label() + "' overlaps in ('" + in.label() +
                "'); only an exact in-place scan (out and in the same elements) may");
  }
  return at;
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
  if (!v.data()) throw error(std::string(name) + ": View '" + v.label() + "' has null data");
  if (spans_overlap(v, out))
    throw error(std::string(name) + ": View '" + v.label() + "' overlaps out ('" + out.label() +
                "'); a segmented scan reads it while it writes");
}

// The pointer description (scan/segments.hpp) of checked segment Views.
template <class Exec, class View, class OutView>
auto describe(const offsets_view<View>& s, const OutView& out, std::int64_t n) {
  using Offset = typename View::non_const_value_type; // kernels copy offsets into registers
  static_assert(std::is_integral<Offset>::value, "offsets: a View of integers");
  const auto entries = static_cast<std::int64_t>(s.view.extent(0));
  if (entries == 0)
    throw error("offsets: View '" + s.view.label() +
                "' is empty; it holds num_segments + 1 offsets");
  if (n > 0 && entries == 1)
    throw error("offsets: 0 segments cannot hold n = " + std::to_string(n) + " items");
  check_segment_view<Exec>("offsets", s.view, entries, out, n);
  return scan::offsets<Offset>(s.view.data(), entries - 1, s.checked);
}
template <class Exec, class View, class OutView>
auto describe(const flags_view<View>& s, const OutView& out, std::int64_t n) {
  check_segment_view<Exec>("flags", s.view, n, out, n);
  return scan::head_flags<typename View::non_const_value_type>(s.view.data());
}
template <class Exec, class View, class Equal, class OutView>
auto describe(const keys_view<View, Equal>& s, const OutView& out, std::int64_t n) {
  check_segment_view<Exec>("keys", s.view, n, out, n);
  return scan::keys<typename View::non_const_value_type, Equal>(s.view.data(), s.equal);
}

// Where each segment of a call ends (orchestration/segmentation/segment_tails.hpp): item indices of
// the rank-1 Views' sequences, element offsets from the data of a lanes layout's. Segments counted
// from marks have none (count -1).
template <class Shape>
scan::detail::segment_tails tails_of(const Shape& shape, const scan::detail::lanes_layout& at) {
  using tails = scan::detail::segment_tails;
  tails t;
  t.n = at.items();
  if constexpr (std::is_same<Shape, flat_shape>::value) {
    t.count = 1;
    t.segment = t.n;
  } else if constexpr (std::is_same<Shape, blocks_shape>::value) {
    t.count = (t.n + shape.segment - 1) / shape.segment;
    t.segment = shape.segment;
  } else if constexpr (std::is_same<Shape, lanes_shape>::value) {
    t.kind = tails::shape::lanes;
    t.count = at.lanes;
    t.at = at;
  } else if constexpr (marks_segments<Shape>) {
    t.count = -1;
  } else {
    using Offset = view_value_t<decltype(shape.view)>;
    t.count = static_cast<std::int64_t>(shape.view.extent(0)) - 1;
    if (t.n > 0) { // with no items every segment is empty: the offsets need not be read
      static_assert(sizeof(Offset) == 4 || sizeof(Offset) == 8,
                    "offsets: totals read 32- or 64-bit offsets");
      t.kind = tails::shape::offsets;
      t.offsets = shape.view.data();
      t.offset = sizeof(Offset) == 8             ? tails::offset_type::i64
                 : std::is_signed<Offset>::value ? tails::offset_type::i32
                                                 : tails::offset_type::u32;
    }
  }
  return t;
}

// The checks of a totals View that receives `count` totals (any extent for totals counted from
// marks), beside in, out and the segments' View, which it must not overlap.
template <class Exec, class TotalsView, class InView, class OutView, class SegmentsView>
void check_totals(const TotalsView& totals, std::int64_t count, const InView& in,
                  const OutView& out, const char* segments_name, const SegmentsView& segments) {
  static_assert(TotalsView::rank == 1, "totals: a rank-1 View, one total per segment, row or "
                                       "column (extent 1 for a flat scan)");
  check_accessible<Exec>("totals", totals);
  const auto have = static_cast<std::int64_t>(totals.extent(0));
  if (count >= 0 && have != count)
    throw error("totals: extent " + std::to_string(have) + " of View '" + totals.label() +
                "' differs from the " + std::to_string(count) + " totals the scan writes");
  if (have == 0) return;
  if (!totals.data()) throw error("totals: View with null data and extent " + std::to_string(have));
  const auto refuse = [&](const std::string& role, const std::string& label) {
    throw error("totals: View '" + totals.label() + "' overlaps " + role + " ('" + label +
                "'); totals must not overlap in, out or the segments");
  };
  if (spans_overlap(totals, in)) refuse("in", in.label());
  if (spans_overlap(totals, out)) refuse("out", out.label());
  if constexpr (!std::is_same<SegmentsView, no_totals>::value) {
    if (spans_overlap(totals, segments)) refuse(segments_name, segments.label());
  }
}

// A View as a scan reads or writes it: on the GPU backends a pointer where its items are adjacent
// and a strided sequence otherwise (kokkos_native.hpp), the View itself on the team kernels.
template <class Exec, class V> auto sequence_of(const V& v) {
  using element = std::remove_pointer_t<decltype(v.data())>;
  if constexpr (!native_gpu<Exec>::present)
    return v;
  else if constexpr (std::is_same<typename V::array_layout, Kokkos::LayoutStride>::value)
    return scan::detail::strided<element>{v.data(), static_cast<std::int64_t>(v.stride(0))};
  else
    return v.data();
}
// The sequences the tails of tails_of index.
template <class Exec, class Shape, class V> auto tail_sequence_of(const V& v) {
  if constexpr (std::is_same<Shape, lanes_shape>::value)
    return v.data();
  else
    return sequence_of<Exec>(v);
}

// The scan itself, checked, of at.items() > 0 items. Blockwise: whole blocks as the rows of one
// batched scan over the Views' own strides, a shorter last one as a flat scan (nothing copied).
// Totals counted from marks (flags, keys) are written by the segmented scan.
template <class Exec, class InView, class OutView, class Shape, class Op, class Totals>
void scan_shape(const kokkos_backend<Exec>& backend, const InView& in, const OutView& out,
                const Shape& shape, const scan::detail::lanes_layout& at, bool inclusive,
                maybe<view_value_t<OutView>> init, Op op, const options& opt,
                const Totals& totals) {
  const std::int64_t n = at.items();
  if constexpr (std::is_same<Shape, flat_shape>::value) {
    scan::detail::scan_on(backend, sequence_of<Exec>(in), sequence_of<Exec>(out), n, inclusive,
                          init, opt, op);
  } else if constexpr (std::is_same<Shape, lanes_shape>::value) {
    const scan::detail::scan_args<view_value_t<InView>, view_value_t<OutView>> a{
        in.data(), out.data(), n, inclusive, init, opt};
    scan::detail::lanes_on(backend, a, at, op);
  } else if constexpr (std::is_same<Shape, blocks_shape>::value) {
    const std::int64_t segment = shape.segment, whole = n / segment, done = whole * segment;
    const auto i = at.in.item, o = at.out.item;
    if (whole > 0)
      scan_shape(backend, in, out, lanes_shape{},
                 {whole, segment, {segment * i, i}, {segment * o, o}}, inclusive, init, op, opt,
                 totals);
    const auto rest = std::make_pair(done, n);
    if (done < n)
      scan_shape(backend, Kokkos::subview(in, rest), Kokkos::subview(out, rest), flat_shape{},
                 {1, n - done, {0, i}, {0, o}}, inclusive, init, op, opt, totals);
  } else {
    const auto description = describe<Exec>(shape, out, n);
    const auto mark = [&](auto& parts, std::uint32_t* words, std::uint32_t* bad) {
      scan::detail::mark_heads(parts, description, n, words, bad);
    };
    const auto run = [&](auto... marked_totals) {
      scan::detail::segmented_on(backend, mark, scan::detail::checks(description),
                                 sequence_of<Exec>(in), sequence_of<Exec>(out), n, inclusive, init,
                                 opt, op, marked_totals...);
    };
    if constexpr (marks_segments<Shape> && !std::is_same<Totals, no_totals>::value)
      run(sequence_of<Exec>(totals), static_cast<std::int64_t>(totals.extent(0)));
    else
      run();
  }
}

template <class Exec, class InView, class OutView>
void check_workspace(const Exec& exec, std::int64_t n, const options& opt) {
  const workspace& ws = opt.workspace;
  if (!ws.data && !ws.bytes) return;
  const std::size_t need =
      scan::detail::workspace_bytes_on<view_value_t<InView>, view_value_t<OutView>>(
          kokkos_backend<Exec>{exec}, n, opt);
  if (!ws.data && need > 0)
    throw error("options.workspace: null pointer with " + std::to_string(ws.bytes) + " bytes");
  if (reinterpret_cast<std::uintptr_t>(ws.data) % scan::detail::arena_alignment != 0)
    throw error("options.workspace: pointer must be 256-byte aligned");
  if (ws.bytes < need)
    throw error("options.workspace: " + std::to_string(ws.bytes) +
                " bytes given, this call needs " + std::to_string(need) +
                " (see scan::kokkos::workspace_bytes)");
}

// Every entry point of scan/kokkos.hpp: checks, then the scan between the steps that write its
// totals (orchestration/totals.hpp), all queued on exec.
template <class Exec, class InView, class OutView, class TotalsView, class Shape, class Op>
void scan_views(const Exec& exec, const InView& in,
                const views_with_totals<OutView, TotalsView>& to, const Shape& shape,
                bool inclusive, maybe<view_value_t<OutView>> init, Op op, const options& call) {
  using Out = view_value_t<OutView>;
  constexpr bool with_totals = !std::is_same<TotalsView, no_totals>::value;
  static_assert(!std::is_const<typename OutView::value_type>::value,
                "out: a View of const elements cannot receive a scan");
  static_assert(std::is_convertible<view_value_t<InView>, Out>::value,
                "in: its value type must convert to out's value type");
  const OutView& out = to.out;
  require_initialized();
  if (call.backend != backend::automatic && call.backend != backend::kokkos)
    throw error("options.backend: the Kokkos View entry points run on the kokkos backend, not " +
                std::string(to_string(call.backend)));
  if (const std::string why = unsupported(call); !why.empty()) throw error("options: " + why);
  if constexpr (std::is_same<Shape, blocks_shape>::value) {
    if (shape.segment < 1)
      throw error("segment: a blockwise scan needs segments of at least 1 item, got " +
                  std::to_string(shape.segment));
  }
  check_accessible<Exec>("in", in);
  check_accessible<Exec>("out", out);
  const scan::detail::lanes_layout at = layout_of(in, out, shape);
  const std::int64_t n = at.items();
  options opt = call;
  if constexpr (std::is_same<Shape, flat_shape>::value)
    check_workspace<Exec, InView, OutView>(exec, n, opt);
  else
    opt.workspace = {}; // the others take their scratch memory from the library
  if constexpr (is_segments<Shape>) describe<Exec>(shape, out, n);
  scan::detail::segment_tails tails; // the totals' (offsets: 4- or 8-byte integers)
  if constexpr (with_totals) {
    tails = tails_of(shape, at);
    if constexpr (is_segments<Shape>)
      check_totals<Exec>(to.totals, tails.count, in, out,
                         marks_segments<Shape> ? "the segments" : "the offsets", shape.view);
    else
      check_totals<Exec>(to.totals, tails.count, in, out, "", no_totals{});
  }
  if constexpr (accessible_from<Exec, InView> && accessible_from<Exec, OutView> &&
                accessible_from<Exec, TotalsView>) {
    const kokkos_backend<Exec> backend{exec};
    const auto step = [&](scan::detail::totals_step s) {
      if constexpr (with_totals && !marks_segments<Shape>)
        backend.with_parts(opt, [&](auto& parts, auto&) {
          scan::detail::write_totals(parts, s, tails, tail_sequence_of<Exec, Shape>(in),
                                     tail_sequence_of<Exec, Shape>(out),
                                     sequence_of<Exec>(to.totals), inclusive, init, op);
        });
    };
    if (n > 0) {
      step(scan::detail::totals_step::save_tails);
      scan_shape(backend, in, out, shape, at, inclusive, init, op, opt, to.totals);
    }
    step(scan::detail::totals_step::finish);
  }
}

} // namespace scan::kokkos
