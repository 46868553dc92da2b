// A call's totals (scan/totals.hpp), written once for every backend over its for_each, in two
// steps around the scan (an exclusive result lacks its segment's last item, and a scan in place
// overwrites that item):
//   save_tails  exclusive scans, before the scan: each segment's last input item into its total;
//   finish      after the scan: each total from its segment's last result, the inclusive one as
//               it is, the exclusive one combined with the saved item. An empty segment's total
//               is init, or a value-initialised Out for a scan without one.
// Segments known only by their marks (head flags, keys:
// orchestration/segmentation/segment_marks.hpp) take the same steps over their items, where each
// segment ends, from within the segmented scan (segmented.hpp). Totals combine in the accumulator
// (16-bit floats: float) and round once into Out; an exclusive total of 16-bit floats combines the
// already rounded last result.
#pragma once

#include <cstdint>

#include <scan/config.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/orchestration/segmentation/segment_marks.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/half.hpp>

namespace scan::detail {

// The two steps on one segment s, given its tail t (never empty), over sequences indexed like
// pointers (a View's too).
template <class Out, class InSeq, class TotalsSeq> struct save_tail_item {
  InSeq in;
  TotalsSeq totals;

  SCAN_HOST_DEVICE void operator()(std::int64_t s, const segment_tail& t) const {
    totals[s] = static_cast<Out>(in[t.in]);
  }
};

template <class Out, class OutSeq, class TotalsSeq, class Op> struct finish_total {
  OutSeq out;
  TotalsSeq totals;
  bool inclusive;
  Op op;

  SCAN_HOST_DEVICE void operator()(std::int64_t s, const segment_tail& t) const {
    using Acc = accumulator_t<Out>;
    if (inclusive) {
      totals[s] = static_cast<Out>(out[t.out]);
    } else {
      Op f = op; // operators need not be const-callable
      const Out saved = totals[s];
      totals[s] = static_cast<Out>(
          f(static_cast<Acc>(static_cast<Out>(out[t.out])), static_cast<Acc>(saved)));
    }
  }
};

// The steps over segments whose tails are known (segment_tails): one index per segment.
template <class Out, class InSeq, class TotalsSeq> struct save_tail_items {
  segment_tails tails;
  InSeq in;
  TotalsSeq totals;
  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    const segment_tail t = tails(s);
    if (!t.empty()) save_tail_item<Out, InSeq, TotalsSeq>{in, totals}(s, t);
  }
};

template <class Out, class OutSeq, class TotalsSeq, class Op> struct finish_totals {
  segment_tails tails;
  OutSeq out;
  TotalsSeq totals;
  bool inclusive;
  maybe<Out> init;
  Op op;
  SCAN_HOST_DEVICE void operator()(std::int64_t s) const {
    const segment_tail t = tails(s);
    if (t.empty())
      totals[s] = init.present ? init.value : Out{};
    else
      finish_total<Out, OutSeq, TotalsSeq, Op>{out, totals, inclusive, op}(s, t);
  }
};

// A step over segments known by their marks (orchestration/segmentation/segment_marks.hpp): one
// index per item, which acts where a segment ends. No segment is empty. Segments from `capacity` on
// have no room (a totals View shorter than the segments' count): their totals are not written.
template <class Step> struct over_marked_items {
  marked_segments marks;
  std::int64_t capacity;
  Step step;

  SCAN_HOST_DEVICE void operator()(std::int64_t i) const {
    if (!marks.ends_segment(i)) return;
    const std::int64_t s = marks.segment_of(i);
    if (s < capacity) step(s, segment_tail{i, i});
  }
};

// One step of a checked call's totals (tails.count of them, into `totals`), over sequences indexed
// like pointers that tails index.
template <class Parts, class InSeq, class OutSeq, class TotalsSeq, class Out, class Op>
void write_totals(Parts& parts, totals_step step, const segment_tails& tails, InSeq in, OutSeq out,
                  TotalsSeq totals, bool inclusive, maybe<Out> init, Op op) {
  if (tails.count <= 0) return;
  if (step == totals_step::finish)
    parts.for_each(tails.count, finish_totals<Out, OutSeq, TotalsSeq, Op>{tails, out, totals,
                                                                          inclusive, init, op});
  else if (!inclusive)
    parts.for_each(tails.count, save_tail_items<Out, InSeq, TotalsSeq>{tails, in, totals});
}

// The same for the n > 0 items of segments known by their marks, into the first `capacity` of
// as many totals as segments, over sequences indexed like pointers.
template <class Out, class Parts, class InSeq, class OutSeq, class TotalsSeq, class Op>
void write_marked_totals(Parts& parts, totals_step step, const marked_segments& marks, InSeq in,
                         OutSeq out, TotalsSeq totals, std::int64_t capacity, bool inclusive,
                         Op op) {
  using finish = finish_total<Out, OutSeq, TotalsSeq, Op>;
  using save = save_tail_item<Out, InSeq, TotalsSeq>;
  if (step == totals_step::finish)
    parts.for_each(marks.n,
                   over_marked_items<finish>{marks, capacity, finish{out, totals, inclusive, op}});
  else if (!inclusive)
    parts.for_each(marks.n, over_marked_items<save>{marks, capacity, save{in, totals}});
}

} // namespace scan::detail
