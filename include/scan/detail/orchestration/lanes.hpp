// Batched scans (lanes, vocabulary/lanes.hpp), written once for every backend over its for_each:
// each lane is cut into chunks (the backend's lane_chunk), and an index of for_each (weighing a
// chunk) takes one chunk of one lane, lanes fastest, so that neighbouring indices touch
// neighbouring columns. With one chunk per lane that is the whole scan; with more, it is a
// reduce-then-scan along each lane:
//   1. each chunk but a lane's last: its reduction (carries);
//   2. each lane: its carries folded left to right from init (the seed of every later chunk);
//   3. each chunk: scanned from its seed.
// GPUs scan lanes that lie next to each other (columns) in one launch instead, a look-back along
// each lane (kernels/lanes_row_tile_kernel.cuh for few lanes, lanes_block_kernel.cuh for more;
// lanes_single_pass_kernel.cuh where blocks may wait on blocks not yet scheduled), 4-byte integers
// two lanes to a thread (vocabulary/lane_pairs.hpp) where the layout allows; two lanes of 4-byte
// sums in rows of two, as one flat scan of pairs.
// Results depend on the chunking only, which depends on the shape and the backend: they repeat
// run to run.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/config.hpp>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/detail/orchestration/orchestrate.hpp>
#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/vocabulary/lane_pairs.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/options.hpp>

namespace scan::detail {

// The state every step shares. carries[k * lanes + l]: chunk k of lane l's reduction (step 1),
// then the fold through it from init (step 2), for k < chunks - 1.
template <class InSeq, class OutSeq, class Out, class Op> struct lane_chunks {
  InSeq in;
  OutSeq out;
  lanes_layout at;
  std::int64_t chunk, chunks;
  Out* carries;
  bool inclusive;
  maybe<Out> init;
  Op op;

  SCAN_HOST_DEVICE std::int64_t count(std::int64_t k) const {
    const std::int64_t left = at.length - k * chunk;
    return left < chunk ? left : chunk;
  }
};

template <class Chunks> struct reduce_lane_chunk {
  Chunks c;
  SCAN_HOST_DEVICE void operator()(std::int64_t w) const {
    const std::int64_t k = w / c.at.lanes, l = w % c.at.lanes;
    auto op = c.op; // operators need not be const-callable
    const std::int64_t first = k * c.chunk, last = first + c.count(k);
    auto acc = static_cast<decltype(c.init.value)>(c.in[c.at.in.at(l, first)]);
    for (std::int64_t j = first + 1; j < last; ++j)
      acc = op(acc, static_cast<decltype(acc)>(c.in[c.at.in.at(l, j)]));
    c.carries[w] = acc;
  }
};

template <class Chunks> struct fold_lane_carries {
  Chunks c;
  SCAN_HOST_DEVICE void operator()(std::int64_t l) const {
    auto op = c.op;
    auto acc = c.init;
    for (std::int64_t k = 0; k + 1 < c.chunks; ++k) {
      auto& carry = c.carries[k * c.at.lanes + l];
      acc = {acc.present ? op(acc.value, carry) : carry, true};
      carry = acc.value;
    }
  }
};

template <class Chunks> struct scan_lane_chunk {
  Chunks c;
  SCAN_HOST_DEVICE void operator()(std::int64_t w) const {
    const std::int64_t k = w / c.at.lanes, l = w % c.at.lanes;
    auto op = c.op;
    auto acc = k == 0 ? c.init : decltype(c.init){c.carries[(k - 1) * c.at.lanes + l], true};
    const std::int64_t first = k * c.chunk, last = first + c.count(k);
    for (std::int64_t j = first; j < last; ++j) {
      const auto x = static_cast<decltype(acc.value)>(c.in[c.at.in.at(l, j)]); // before the write
      const std::int64_t to = c.at.out.at(l, j);
      // An exclusive scan always has a seed: init, or the carry that includes it.
      if (!c.inclusive) c.out[to] = acc.value;
      acc = {acc.present ? op(acc.value, x) : x, true};
      if (c.inclusive) c.out[to] = acc.value;
    }
  }
};

// Whether the parts run a look-back along each lane in one launch (GPUs: lanes_look_back).
template <class Parts, class = void> inline constexpr bool has_lanes_look_back = false;
template <class Parts>
inline constexpr bool has_lanes_look_back<Parts, std::void_t<decltype(Parts::lanes_look_back)>> =
    Parts::lanes_look_back;

// The GPUs' one launch: a look-back along each lane, with descriptors for the layout's tiles.
template <class Parts, class InSeq, class OutSeq, class Out, class Op, class Workspace>
void lanes_look_back(Parts& parts, InSeq in, OutSeq out, const lanes_layout& at, bool inclusive,
                     maybe<Out> init, Op op, Workspace& workspace) {
  const std::int64_t tiles = parts.template lane_tiles<Out>(at);
  parts.single_pass_lanes(in, out, at, inclusive, init, workspace.template lookback<Out>(tiles),
                          op);
}

// A checked batched scan (a layout with at least one item) of sequences indexed like pointers;
// `workspace` is a workspace_source (runtime/workspace.hpp).
template <class Parts, class InSeq, class OutSeq, class Out, class Op, class Workspace>
void lanes_scan(Parts& parts, InSeq in, OutSeq out, const lanes_layout& at, bool inclusive,
                maybe<Out> init, Op op, Workspace& workspace) {
  if constexpr (has_lanes_look_back<Parts> && flat_pairs_possible<InSeq, OutSeq, Out, Op>()) {
    // The flat scan's tiles and look-back (H100, 33554432 x 2 int32 columns: 0.65 -> 0.94 of a
    // copy; perf/results/few_columns_h100.md).
    if (flat_pairs_apply(at, in, out)) {
      using pair = lane_pair<Out>;
      single_pass_scan(parts, reinterpret_cast<const pair*>(in), reinterpret_cast<pair*>(out),
                       at.length, inclusive, paired_init(init), pairwise<Op>{op}, workspace);
      return;
    }
  }
  if constexpr (has_lanes_look_back<Parts> && pairs_possible<InSeq, OutSeq, Out>()) {
    if (parts.lanes_single_pass_applies(at) && pairs_apply(at, in, out, parts.pairs_from_lanes)) {
      using pair = lane_pair<Out>;
      lanes_look_back(parts, reinterpret_cast<const pair*>(in), reinterpret_cast<pair*>(out),
                      paired(at), inclusive, paired_init(init), pairwise<Op>{op}, workspace);
      return;
    }
  }
  if constexpr (has_lanes_look_back<Parts>) {
    if (parts.lanes_single_pass_applies(at)) {
      lanes_look_back(parts, in, out, at, inclusive, init, op, workspace);
      return;
    }
  }
  using chunks_t = lane_chunks<InSeq, OutSeq, Out, Op>;
  const std::int64_t chunk = parts.lane_chunk(at.lanes, at.length);
  chunks_t c{in, out, at, chunk, ceil_div(at.length, chunk), nullptr, inclusive, init, op};
  if (c.chunks > 1) {
    arena room = workspace.totals(carve_bytes<Out>((c.chunks - 1) * at.lanes));
    c.carries = room.take<Out>((c.chunks - 1) * at.lanes);
    parts.for_each((c.chunks - 1) * at.lanes, reduce_lane_chunk<chunks_t>{c}, chunk);
    parts.for_each(at.lanes, fold_lane_carries<chunks_t>{c}, c.chunks);
  }
  parts.for_each(c.chunks * at.lanes, scan_lane_chunk<chunks_t>{c}, chunk);
}

} // namespace scan::detail
