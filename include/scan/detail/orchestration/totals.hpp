// A call's totals (scan/totals.hpp), written once for every backend over its for_each, in two
// steps around the scan (an exclusive result lacks its segment's last item, and a scan in place
// overwrites that item):
//   save_tails  exclusive scans, before the scan: each segment's last input item into its total;
//   finish      after the scan: each total from its segment's last result, the inclusive one as
//               it is, the exclusive one combined with the saved item. An empty segment's total
//               is init, or a value-initialised Out for a scan without one.
// Totals combine in the accumulator (16-bit floats: float) and round once into Out; an exclusive
// total of 16-bit floats combines the already rounded last result.
#pragma once

#include <cstdint>

#include <scan/config.hpp>
#include <scan/detail/core/request.hpp>
#include <scan/detail/core/segment_tails.hpp>
#include <scan/half.hpp>

namespace scan::detail {

template <class In, class Out> struct save_tail_items {
  segment_tails tails;
  const In* in;
  Out* totals;

  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    const segment_tail t = tails(s);
    if (!t.empty()) totals[s] = static_cast<Out>(in[t.in]);
  }
};

template <class Out, class Op> struct finish_totals {
  segment_tails tails;
  const Out* out;
  Out* totals;
  bool inclusive;
  maybe<Out> init;
  Op op;

  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    using Acc = accumulator_t<Out>;
    const segment_tail t = tails(s);
    if (t.empty()) {
      totals[s] = init.present ? init.value : Out{};
    } else if (inclusive) {
      totals[s] = out[t.out];
    } else {
      Op f = op; // operators need not be const-callable
      totals[s] = static_cast<Out>(f(static_cast<Acc>(out[t.out]), static_cast<Acc>(totals[s])));
    }
  }
};

// One step of a checked call's totals (tails.count of them, into `totals`).
template <class Parts, class In, class Out, class Op>
void write_totals(Parts& parts, totals_step step, const segment_tails& tails, const In* in,
                  const Out* out, Out* totals, bool inclusive, maybe<Out> init, Op op) {
  if (tails.count <= 0) return;
  if (step == totals_step::finish)
    parts.for_each(tails.count, finish_totals<Out, Op>{tails, out, totals, inclusive, init, op});
  else if (!inclusive)
    parts.for_each(tails.count, save_tail_items<In, Out>{tails, in, totals});
}

} // namespace scan::detail
