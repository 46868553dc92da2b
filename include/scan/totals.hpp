// Totals: the total of every segment, row or column a scan runs over (what an exclusive scan's
// n+1-th item would be: the entry count after CSR row offsets, NVIDIA/cccl#876), written into a
// caller array beside the output. Wrap the output and its totals together:
//
//   scan::exclusive_scan(d_degrees, scan::with_totals(d_row_offsets, d_nnz), n, 0);  // 1 total
//   scan::blockwise_inclusive_scan(d_in, scan::with_totals(d_out, d_totals), n, segment);
//                                                          // ceil(n / segment) totals
//   scan::segmented_exclusive_scan(d_in, scan::with_totals(d_out, d_totals), n,
//                                  scan::offsets(d_offsets, num_segments), 0);  // num_segments
//   scan::batched_inclusive_scan(in, scan::with_totals(out, d_totals), scan::along::columns);
//                                                          // a total per column (row: per row)
//   scan::strided_exclusive_scan(d_in, 3, scan::with_totals(d_out, d_total), 1, n, 0);  // 1
//
// Total s is init (when given) combined with every item of segment s in order, in the output
// type; an empty segment's is init, or a value-initialised Out for a scan without one. (16-bit
// floats: an exclusive scan's total combines its last, already rounded, result with the last
// item, so it may differ from a single rounding by one unit in the last place.) Totals
// live in the backend's memory and must not overlap the input, the output or the offsets.
// Segments given by head flags or keys have no totals: their count is known only once they are
// marked (give offsets). The totals cost a pass over one item per segment after the scan (and,
// for an exclusive scan, one before it: the scan may overwrite the last items).
#pragma once

namespace scan {

template <class Output, class Total> struct with_totals {
  Output out;    // the output the scan writes: a pointer, or a scan::matrix
  Total* totals; // one per segment, row or column

  constexpr with_totals(Output output, Total* to) : out(output), totals(to) {}
};

namespace detail {

// Where a call's totals go, if it asks for them.
template <class Out> struct totals_target {
  Out* data = nullptr;
  bool wanted = false;
};

} // namespace detail

} // namespace scan
