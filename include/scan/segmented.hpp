// Segmented scans: every segment of the input scanned on its own, segments given by offsets, head
// flags or keys (scan/segments.hpp):
//   in [1 2 3 4 5 6], offsets {0 2 2 6}  ->  inclusive [1 3 | | 3 7 12 18]
//
//   scan::segmented_inclusive_scan(d_in, d_out, n, scan::offsets(d_offsets, num_segments));
//   scan::segmented_inclusive_scan(d_in, d_out, n, scan::head_flags(d_flags), op, opts);
//   scan::segmented_inclusive_scan(d_in, d_out, n, scan::keys(d_keys), init, op, opts);
//   scan::segmented_exclusive_scan(d_in, d_out, n, segments, init, op, opts); // each from init
//   scan::segmented_exclusive_scan(d_in, scan::with_totals(d_out, d_totals), n,
//                                  scan::offsets(d_offsets, num_segments), init);  // and totals
//   scan::segmented_inclusive_scan(d_in, scan::with_totals(d_out, d_totals), n,
//                                  scan::keys(d_keys));  // a total per run of equal keys
//
// Types, operators, pointers, in-place use, errors and options are those of scan.hpp, except that
// a segmented scan takes its scratch memory from the library (options::workspace is not used),
// and always runs the single pass (options::algorithm does not apply).
// The compiled set (no device compiler needed): scan.hpp's type pairs and built-in operators, with
// offsets of 32- or 64-bit integers, 1-byte flags, or keys of a built-in element type compared
// with scan::equal_to. Anything else is instantiated by the compiler of the including file.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/segmented_path.hpp>
#include <scan/scan.hpp>
#include <scan/segments.hpp>

namespace scan {

namespace detail {

template <class Offset> segments_request describe_segments(const offsets<Offset>& s) {
  return {segments_kind::offsets, s.data,         element_type_of<Offset>(),
          sizeof(Offset),         s.num_segments, s.checked};
}
template <class Flag> segments_request describe_segments(const head_flags<Flag>& s) {
  return {segments_kind::head_flags, s.data, element_type_of<Flag>(), sizeof(Flag), 0, false};
}
template <class Key, class Equal> segments_request describe_segments(const keys<Key, Equal>& s) {
  return {segments_kind::keys, s.data, element_type_of<Key>(), sizeof(Key), 0, false};
}

// Whether the compiled library holds the marking of these segments.
template <class Offset> constexpr bool compiled_segments(const offsets<Offset>*) {
  return is_integer(element_type_of<Offset>()) && size_of(element_type_of<Offset>()) >= 4;
}
template <class Flag> constexpr bool compiled_segments(const head_flags<Flag>*) {
  return std::is_integral_v<Flag> && sizeof(Flag) == 1;
}
template <class Key, class Equal> constexpr bool compiled_segments(const keys<Key, Equal>*) {
  return element_type_of<Key>() != element_type::other && std::is_same_v<Equal, equal_to>;
}

template <class In, class Out, class Segments, class Op>
void dispatch_segmented(const In* in, Out* out, std::int64_t n, const Segments& segments,
                        bool inclusive, const Out* init, Op op, const options& opt,
                        totals_target<Out> totals = {}) {
  if constexpr (is_options_v<Op>) {
    dispatch_segmented<In, Out, Segments, sum>(in, out, n, segments, inclusive, init, sum{}, op,
                                               totals); // options alone: a sum
  } else if constexpr (operator_fits<Out, Op>()) {
    request r = make_request<In, Out, Op>(in, out, n, inclusive, init, opt, totals);
    r.segments = describe_segments(segments);
    if constexpr (is_compiled<In, Out, Op>() &&
                  compiled_segments(static_cast<const Segments*>(nullptr))) {
      run_compiled_segmented(r);
    } else {
      scan_args<In, Out> args{in, out, n, inclusive, {}, opt};
      if (init) args.init = {*init, true};
      args.opt.backend = check_segmented(r);
      Out* marked = totals_from_marks(r) ? totals.data : nullptr; // else written around the scan
      run_header_path_with_totals(r, args, op, [&] {
        if (n > 0) run_segmented_header_path(args, segments, op, marked);
      });
    }
  }
}

} // namespace detail

template <class In, class Out, class Segments, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void segmented_inclusive_scan(const In* in, Out* out, std::int64_t n, const Segments& segments,
                              Op op = {}, const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out, n, segments, true, nullptr, op, opt);
}

template <class In, class Out, class Segments, class Op = sum>
void segmented_inclusive_scan(const In* in, Out* out, std::int64_t n, const Segments& segments,
                              detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out, n, segments, true, &init, op, opt);
}

template <class In, class Out, class Segments, class Op = sum>
void segmented_exclusive_scan(const In* in, Out* out, std::int64_t n, const Segments& segments,
                              detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out, n, segments, false, &init, op, opt);
}

// The same, with each segment's total into out.totals (scan/totals.hpp), in segment order:
// num_segments of them for offsets; for head flags and keys one per run from a head, so the array
// must hold as many as the input has segments (at most n; none when n is 0).
template <class In, class Out, class Segments, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void segmented_inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              const Segments& segments, Op op = {}, const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out.out, n, segments, true, nullptr, op, opt,
                                      {out.totals, true});
}

template <class In, class Out, class Segments, class Op = sum>
void segmented_inclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              const Segments& segments, detail::non_deduced<Out> init, Op op = {},
                              const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out.out, n, segments, true, &init, op, opt,
                                      {out.totals, true});
}

template <class In, class Out, class Segments, class Op = sum>
void segmented_exclusive_scan(const In* in, with_totals<Out*, Out> out, std::int64_t n,
                              const Segments& segments, detail::non_deduced<Out> init, Op op = {},
                              const options& opt = {}) {
  detail::dispatch_segmented<In, Out>(in, out.out, n, segments, false, &init, op, opt,
                                      {out.totals, true});
}

} // namespace scan
