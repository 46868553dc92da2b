// The scan of an array split in contiguous parts over ranks (scan/distributed.hpp), written once
// for every backend over its part primitives, with no host synchronisation and about 3n traffic
// per rank: reduce the rank's parts, gather every rank's total, combine the lower ranks' totals
// in rank order after init, then scan the parts from there, as ReduceThenScan does on one device.
// Every rank takes part in the gather, an empty one too (its total is absent).
#pragma once

#include <cstdint>

#include <scan/communicator.hpp>
#include <scan/config.hpp>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/sequence.hpp>

namespace scan::detail {

// What a rank sends: its total, absent for an empty part.
template <class Out> struct publish_total {
  const Out* totals; // inclusive scan of the part totals
  std::int64_t parts;
  maybe<Out>* mine;
  SCAN_HOST_DEVICE void operator()(std::int64_t) const {
    maybe<Out> t;
    if (parts > 0) {
      t.value = totals[parts - 1];
      t.present = true;
    }
    *mine = t;
  }
};

// Where this rank's part starts: init, then the lower ranks' totals in rank order.
template <class Out, class Op> struct rank_start {
  const maybe<Out>* gathered;
  int rank;
  maybe<Out> init;
  maybe<Out>* start;
  Op op;
  SCAN_HOST_DEVICE void operator()(std::int64_t) const {
    maybe<Out> acc;
    acc.value = init.value;
    acc.present = init.present;
    for (int r = 0; r < rank; ++r) {
      if (!gathered[r].present) continue;
      acc.value = acc.present ? op(acc.value, gathered[r].value) : gathered[r].value;
      acc.present = true;
    }
    *start = acc;
  }
};

// totals[i] (the local prefix through part i) becomes the seed of part i + 1.
template <class Out, class Op> struct seed_parts {
  const maybe<Out>* start;
  Out* totals;
  Op op;
  SCAN_HOST_DEVICE void operator()(std::int64_t i) const {
    if (start->present) totals[i] = op(start->value, totals[i]);
  }
};

template <class Parts>
std::int64_t distributed_parts(const Parts& parts, std::int64_t n, std::size_t in_size,
                               std::size_t out_size) {
  return n > 0 ? ceil_div(n, parts.part_items(n, in_size, out_size)) : 0;
}

// Workspace of a rank's call.
template <class Out, class Parts>
std::size_t distributed_bytes(const Parts& parts, std::int64_t n, std::size_t in_size, int ranks) {
  const std::int64_t m = distributed_parts(parts, n, in_size, sizeof(Out));
  std::size_t bytes = 2 * carve_bytes<maybe<Out>>(1) + carve_bytes<maybe<Out>>(ranks);
  if (m > 0) bytes += carve_bytes<Out>(m) + multi_part_bytes(parts, m, sizeof(Out), sizeof(Out));
  return bytes;
}

template <class Parts, class InSeq, class OutSeq, class Out, class Op>
void distributed_scan(Parts& parts, const communicator& comm, void* stream, InSeq in, OutSeq out,
                      std::int64_t n, bool inclusive, maybe<Out> init, Op op, arena& ws) {
  using In = sequence_value_t<InSeq>;
  const std::int64_t part = parts.part_items(n, sizeof(In), sizeof(Out));
  const std::int64_t m = distributed_parts(parts, n, sizeof(In), sizeof(Out));
  maybe<Out>* mine = ws.take<maybe<Out>>(1);
  maybe<Out>* gathered = ws.take<maybe<Out>>(comm.ranks);
  maybe<Out>* start = ws.take<maybe<Out>>(1);
  Out* totals = m > 0 ? ws.take<Out>(m) : nullptr;
  if (m > 0) {
    parts.reduce_parts(in, n, part, totals, op);
    if (m > 1)
      reduce_then_scan(parts, static_cast<const Out*>(totals), totals, m, true, maybe<Out>{}, op,
                       ws);
  }
  parts.for_each(1, publish_total<Out>{totals, m, mine});
  comm.all_gather(comm.context, mine, gathered, sizeof(maybe<Out>), stream);
  parts.for_each(1, rank_start<Out, Op>{gathered, comm.rank, init, start, op});
  if (m == 0) return;
  parts.for_each(m - 1, seed_parts<Out, Op>{start, totals, op});
  maybe<Out> from;
  from.at = start;
  parts.scan_parts(in, out, n, part, inclusive, from, static_cast<const Out*>(totals),
                   static_cast<Out*>(nullptr), op);
}

} // namespace scan::detail
