// Totals: the total of every segment, row or column a scan runs over (what an exclusive scan's
// n+1-th item would be: the entry count after CSR row offsets, NVIDIA/cccl#876), written into a
// caller array beside the output. Wrap the output and its totals together:
//
//   scan::exclusive_scan(d_degrees, scan::with_totals(d_row_offsets, d_nnz), n, 0);  // 1 total
//   scan::blockwise_inclusive_scan(d_in, scan::with_totals(d_out, d_totals), n, segment);
//                                                          // ceil(n / segment) totals
//   scan::segmented_exclusive_scan(d_in, scan::with_totals(d_out, d_totals), n,
//                                  scan::offsets(d_offsets, num_segments), 0);  // num_segments
//   scan::segmented_inclusive_scan(d_in, scan::with_totals(d_out, d_totals), n,
//                                  scan::head_flags(d_flags));  // one per segment (at most n)
//   scan::batched_inclusive_scan(in, scan::with_totals(out, d_totals), scan::along::columns);
//                                                          // a total per column (row: per row)
//   scan::strided_exclusive_scan(d_in, 3, scan::with_totals(d_out, d_total), 1, n, 0);  // 1
//
// Total s is init (when given) combined with every item of segment s in order, in the output
// type; an empty segment's is init, or a value-initialised Out for a scan without one. (16-bit
// floats: an exclusive scan's total combines its last, already rounded, result with the last
// item, so it may differ from a single rounding by one unit in the last place.) Totals
// live in the backend's memory and must not overlap the input, the output or the offsets, flags
// or keys. Segments given by head flags or keys are totalled in order, segment k being the k-th
// run from a head (item 0 always starts one, so none is empty): the array must hold one total per
// segment, as many as the input has heads, which is at most n (none for n = 0). Their count is
// known only once marked, so the checks see their first total only: keep the rest apart too. The
// totals cost a pass over one item per segment after the scan (and, for an exclusive scan, one
// before it: the scan may overwrite the last items); flags and keys also a scan of n / 32 counts
// of heads, which numbers the segments, and n / 4 bytes of the library's scratch memory.
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
