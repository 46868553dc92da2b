// The classic strategies' entry point (library scan_classic, built for the cuda backend's perf
// programs): full and blockwise scans of device memory on the cuda backend, as scan.hpp's and
// blockwise.hpp's, with a classic block scan in place of the tuned one.
//
//   scan::classic::inclusive_scan(scan::classic::strategy::blelloch, d_in, d_out, n, op, opts);
//
// Built-in operators on built-in types only (the compiled set), and blockwise scans only of types
// that accumulate in themselves (no 16-bit floats). Arguments are checked as libscan checks them
// (scan::error, nothing written); options::backend must be cuda or automatic in a cuda build;
// options::workspace is not used (the library's workspace is). An unlisted strategy (a cast
// integer) raises scan::error ("strategy: ...").
#pragma once

#include <cstdint>

#include <scan/blockwise.hpp>
#include <scan/scan.hpp>

#include "perf/classic/classic_strategy.hpp"

namespace scan::classic {

// Check and run request r with strategy s: a full scan, or a blockwise one of r.segment items.
void run(strategy s, const detail::request& r);
void run_blockwise(strategy s, const detail::request& r);

namespace detail_classic {

template <class In, class Out, class Op>
detail::request request_of(const In* in, Out* out, std::int64_t n, bool inclusive, const Out* init,
                           const options& opt) {
  static_assert(is_compiled<In, Out, Op>(),
                "the classic strategies run the compiled set only: built-in operators on "
                "built-in types");
  return detail::make_request<In, Out, Op>(in, out, n, inclusive, init, opt);
}

template <class Out> void require_blockwise() {
  static_assert(!scan::accumulates_apart<Out>,
                "the classic blockwise scans take types that accumulate in themselves (no 16-bit "
                "floats)");
}

} // namespace detail_classic

template <class In, class Out, class Op = sum>
void inclusive_scan(strategy s, const In* in, Out* out, std::int64_t n, Op = {},
                    const options& opt = {}) {
  run(s, detail_classic::request_of<In, Out, Op>(in, out, n, true, nullptr, opt));
}

template <class In, class Out, class Op = sum>
void exclusive_scan(strategy s, const In* in, Out* out, std::int64_t n,
                    detail::non_deduced<Out> init, Op = {}, const options& opt = {}) {
  run(s, detail_classic::request_of<In, Out, Op>(in, out, n, false, &init, opt));
}

// Blockwise scans (segment >= 1): tiles of the strategy's blockwise shape scan the segments; a
// few long segments are each a full scan with `s`.
template <class In, class Out, class Op = sum>
void blockwise_inclusive_scan(strategy s, const In* in, Out* out, std::int64_t n,
                              std::int64_t segment, Op = {}, const options& opt = {}) {
  detail_classic::require_blockwise<Out>();
  detail::request r = detail_classic::request_of<In, Out, Op>(in, out, n, true, nullptr, opt);
  r.segment = segment;
  run_blockwise(s, r);
}

template <class In, class Out, class Op = sum>
void blockwise_exclusive_scan(strategy s, const In* in, Out* out, std::int64_t n,
                              std::int64_t segment, detail::non_deduced<Out> init, Op = {},
                              const options& opt = {}) {
  detail_classic::require_blockwise<Out>();
  detail::request r = detail_classic::request_of<In, Out, Op>(in, out, n, false, &init, opt);
  r.segment = segment;
  run_blockwise(s, r);
}

} // namespace scan::classic
