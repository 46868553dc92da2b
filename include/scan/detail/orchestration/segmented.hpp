// Segmented scans, written once for every backend: mark each segment's first item in a bitmap
// (vocabulary/head_marks.hpp, with the backend's for_each), then run one flat scan
// (orchestrate.hpp) over (value, head) pairs under restart_at_heads
// (vocabulary/headed_sequences.hpp). The single pass carries segment boundaries across tiles in its
// look-back, so a segment spanning many tiles and a tile holding many segments are both one launch;
// floating-point results repeat as the flat scan's do. Totals of segments counted from their marks
// (flags, keys) are written here, around the scan, while the bitmap is at hand: a flat scan of the
// heads per word numbers the segments (orchestration/segmentation/segment_marks.hpp), then
// orchestration/totals.hpp's steps run over the items.
#pragma once

#include <cstdint>
#include <string>

#include <scan/detail/call/request.hpp>
#include <scan/detail/orchestration/orchestrate.hpp>
#include <scan/detail/orchestration/segmentation/segment_marks.hpp>
#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/vocabulary/head_marks.hpp>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/headed_sequences.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/error.hpp>
#include <scan/operators.hpp>
#include <scan/options.hpp>
#include <scan/segments.hpp>

namespace scan::detail {

// Marks the segment starts of n items described by `segments`; `bad` (after the bitmap) becomes
// non-zero when offsets are bad. Nothing needs zeroing beforehand.
template <class Parts, class Offset>
void mark_heads(Parts& parts, const offsets<Offset>& segments, std::int64_t n, std::uint32_t* words,
                std::uint32_t* bad) {
  // The check word follows the bitmap (segmented_scan carves them together).
  parts.for_each(quads_of(head_words(n) + 1), zero_quads{words});
  parts.set_bits(segments.num_segments,
                 offset_starts<Offset>{segments.data, segments.num_segments, n, bad}, words);
}

template <class Parts, class Flag>
void mark_heads(Parts& parts, const head_flags<Flag>& segments, std::int64_t n,
                std::uint32_t* words, std::uint32_t*) {
  parts.pack_bits(n, item_heads<adjacent_starts<Flag, flag_set>>{{segments.data, {}}}, words);
}

template <class Parts, class Key, class Equal>
void mark_heads(Parts& parts, const keys<Key, Equal>& segments, std::int64_t n,
                std::uint32_t* words, std::uint32_t*) {
  parts.pack_bits(
      n, item_heads<adjacent_starts<Key, keys_differ<Equal>>>{{segments.data, {segments.equal}}},
      words);
}

// Whether a call's offsets are to be checked (only offsets can be wrong).
template <class Segments> bool checks(const Segments&) {
  return false;
}
template <class Offset> bool checks(const offsets<Offset>& segments) {
  return segments.checked;
}

// The totals a segmented scan writes from its marks: when `wanted`, write(step, marks) runs each
// step of orchestration/totals.hpp (write_marked_totals) on the numbered segments.
template <class Write> struct marked_totals {
  bool wanted;
  Write write;
};

// A checked segmented scan (n > 0) of sequences. `mark(words, bad)` marks the segment starts
// (mark_heads above, or the compiled library's marking); `check`: read `bad` back first and throw
// before anything is written; `totals`: the totals to write from the marks. Always the single
// pass (every backend's automatic choice): no multi-part kernels are compiled for pairs.
template <class Parts, class Mark, class Write, class InSeq, class OutSeq, class Out, class Op,
          class Workspace>
void segmented_scan(Parts& parts, Mark&& mark, bool check, const marked_totals<Write>& totals,
                    InSeq in, OutSeq out, std::int64_t n, bool inclusive, maybe<Out> init, Op op,
                    Workspace& workspace) {
  using item = headed<Out>;
  const std::int64_t words = head_words(n);
  // One carve for both: a second workspace.totals() would hand out the same memory.
  const std::size_t count_bytes = totals.wanted ? carve_bytes<segment_count>(words) : 0;
  arena ws = workspace.totals(carve_bytes<std::uint32_t>(words + 1) + count_bytes);
  std::uint32_t* bits = ws.take<std::uint32_t>(words + 1);
  mark(bits, bits + words);
  if (check) {
    std::uint32_t bad = 0;
    if (workspace.read_back(&bad, bits + words, sizeof bad) && bad)
      throw error("offsets: they must start at 0, never decrease and end at n = " +
                  std::to_string(n) + "; these do not (nothing was written)");
  }
  marked_segments marks{bits, nullptr, n};
  if (totals.wanted) {
    segment_count* before = ws.take<segment_count>(words);
    single_pass_scan(parts, head_counts{bits}, before, words, false, maybe<segment_count>{0, true},
                     sum{}, workspace);
    marks.before = before;
    totals.write(totals_step::save_tails, marks); // before the scan: it may overwrite the input
  }
  const head_bits heads{bits};
  const headed_items<InSeq, head_bits, Out, Op> items{in, heads, init, op};
  const headed_results<OutSeq, head_bits, Out> results{out, heads, !inclusive, init.value};
  // An exclusive scan starts from init, so that its first item is written (as init).
  const maybe<item> start = inclusive ? maybe<item>{} : maybe<item>{{init.value, 0}, true};
  single_pass_scan(parts, items, results, n, inclusive, start, restart_at_heads<Op>{op}, workspace);
  if (totals.wanted) totals.write(totals_step::finish, marks);
}

} // namespace scan::detail
