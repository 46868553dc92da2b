// The single pass with its tile staged in shared memory. The register kernel
// (single_pass_kernel.cuh) holds its tile in registers from the load until the store, through the
// look-back's wait, so registers bound the tiles in flight (four of 32 KiB per H100
// multiprocessor). Here a tile copy brings the tile into shared memory without the threads and
// the block keeps only each run's total and prefix in registers: shared memory bounds it instead
// (six of 32 KiB), and the extra tiles in flight keep the memory busy while others look back
// (perf/CUDA_RESULTS.md). The tile is read from shared memory twice: for its run totals, whose
// block scan gives the tile's aggregate and each run's prefix, and after the look-back, to scan
// each run and store it. Its stores stream (store_streaming). Below a tuned tile count its tile
// copies mark the input evict-first in the L2: at one or two waves of tiles every input line is
// read once, and the lines the stores need are then found among them instead of among dirty
// output lines, whose write-back would hold the stores up (perf/CUDA_RESULTS.md).
//
// TileCopy (kernels/cooperative_tile_copy.cuh, kernels/bulk_tile_copy.cuh):
//   struct barrier;                                    in shared memory
//   static void init(barrier&);                        every thread, before the first start
//   static void start(void* dst, const void* src, unsigned bytes, barrier&, bool evict_first);
//                                                      every thread; evict_first: the L2 may give
//                                                      up the tile's lines first (a hint)
//   static void wait(barrier&, unsigned copy);         every thread: copy number `copy` (0, 1) of
//                                                      the block has landed and all threads see it;
//                                                      a block barrier (no thread still waits)
//   static void finish(barrier&);                      every thread, after the last wait and a
//                                                      block barrier: the barrier's memory is free
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/kernels/phase_probe.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>

namespace scan::gpu {

// Shared memory of one staged tile: the input type, as loaded.
template <class Shape, class In>
inline constexpr int staged_tile_bytes = Shape::tile_items* static_cast<int>(sizeof(In));
template <int Bytes> struct alignas(128) staged_tile { unsigned char bytes[Bytes]; };

// The staged tile of a register tile shape: the most register tiles (a power of two) whose staged
// In fit MaxBytes, with at most max_staged_runs runs per thread, whose totals and prefixes stay in
// registers. Registers cap a register tile's items, so one- and two-byte inputs have small ones;
// staged, they fill as many bytes as four-byte ones, with a look-back per 32 KiB as theirs.
inline constexpr int max_staged_runs = 8;
// Pairs' runs hold two values' worth of totals and prefixes each: at most half as many runs.
inline constexpr int max_staged_pair_runs = max_staged_runs / 2;
constexpr int staged_tiles_per_tile(int tile_bytes, int runs, int max_bytes) {
  int k = 1;
  while (2 * k * tile_bytes <= max_bytes && 2 * k * runs <= max_staged_runs)
    k *= 2;
  return k;
}
// MaxRuns: runs per thread beyond which runs lengthen instead, up to 16 items (each run's total
// and prefix are registers, two values' worth for pairs; a run's items are registers too).
constexpr int staged_run(int items, int run, int max_runs) {
  return items / run > max_runs && items / max_runs <= 16 ? items / max_runs : run;
}
template <class Shape, class In, int MaxBytes, int MinBlocks = Shape::min_blocks,
          int MaxRuns = max_staged_runs,
          int Items = (Shape::items *
                       staged_tiles_per_tile(staged_tile_bytes<Shape, In>, Shape::runs, MaxBytes))>
using staged_shape_of =
    tile_shape<Shape::threads, Items, staged_run(Items, Shape::run, MaxRuns), MinBlocks>;

// Run k's elements from the staged tile: in 16-byte words where the run is made of them (one-byte
// elements read one at a time, each lane 16 bytes from the next, would take 16 loads with
// four-way bank conflicts).
template <class Shape, class In>
__device__ __forceinline__ void read_staged_run(const In* staged, int k, In (&v)[Shape::run]) {
  constexpr int bytes = Shape::run * static_cast<int>(sizeof(In));
  const In* p = staged + run_offset<Shape>(k);
  if constexpr (bytes % 16 == 0) {
    // The run's words in order, whether a word holds several elements or an element several.
#pragma unroll
    for (int w = 0; w < bytes / 16; ++w) {
      const uint4 word = reinterpret_cast<const uint4*>(p)[w];
      __builtin_memcpy(reinterpret_cast<char*>(v) + w * 16, &word, 16);
    }
  } else {
#pragma unroll
    for (int j = 0; j < Shape::run; ++j)
      v[j] = p[j];
  }
}

// What a tile stages of its input: the elements, or the values alone under pairs over pointers
// (segmented scans), whose heads are read from their bitmap as the tile is scanned; the staged
// tile is then as small, and copied as fast, as a flat scan's.
template <class Seq> struct staged_value { using type = detail::sequence_value_t<Seq>; };
template <class In, class Out, class Op>
struct staged_value<detail::headed_items<const In*, detail::head_bits, Out, Op>> {
  using type = In;
};
template <class Seq> using staged_value_t = typename staged_value<Seq>::type;

// The elements a tile stages, indexed from the sequence's first item.
template <class Seq> SCAN_HOST_DEVICE auto staged_source(const Seq& s) {
  if constexpr (pairs_over_pointer<Seq>)
    return pair_values(s);
  else
    return s;
}
template <class Seq>
inline constexpr bool stages_contiguous = detail::is_contiguous<Seq> || pairs_over_pointer<Seq>;

// Pairs over pointers stage their tile's head bits beside the values, a word per 32 items (none
// past the end: those items copy the tile's first value). Read from the bitmap as each run was
// scanned, they cost a round trip to memory per tile after the copy had landed, and a quarter of
// the segmented scan's time on the H100 (perf/SEGMENTED_RESULTS.md).
template <class Shape, class Seq>
inline constexpr int staged_head_words = pairs_over_pointer<Seq> ? Shape::tile_items / 32 : 1;

// Issued before the tile copy is waited on, so that both travel together; the wait's block
// barrier publishes them.
template <class Shape, class Seq>
__device__ __forceinline__ void stage_heads(const Seq& s, std::int64_t begin, int count,
                                            std::uint32_t* words) {
  if constexpr (pairs_over_pointer<Seq>) {
    for (int w = static_cast<int>(threadIdx.x); w < Shape::tile_items / 32; w += Shape::threads)
      words[w] = run_heads<32>(s.heads, s.first + begin + 32 * w, count - 32 * w);
  }
}

// The staged heads of the run of Run items at `base` in the tile (runs never straddle a word);
// 0 for sequences other than pairs over pointers.
template <int Run, class Seq>
__device__ __forceinline__ std::uint32_t staged_heads(const std::uint32_t* words, int base) {
  static_assert(32 % Run == 0, "a run's heads lie in one word");
  if constexpr (pairs_over_pointer<Seq>)
    return (words[base >> 5] >> (base & 31)) & (Run == 32 ? ~0u : (1u << Run) - 1);
  else
    return 0;
}

// A staged value as the scan's type, with its head bit under pairs over pointers.
template <class Out, class Seq, class Value>
__device__ __forceinline__ Out staged_item(const Seq& s, const Value& v, std::uint32_t head) {
  if constexpr (pairs_over_pointer<Seq>)
    return s.pair(v, head != 0);
  else
    return static_cast<Out>(v);
}

// A strided output is written from the staged tile, consecutive threads taking consecutive items,
// where its results fit in the inputs' place (as the input was gathered).
template <class InSeq, class OutSeq>
inline constexpr bool scatters_through_tile =
    !detail::is_contiguous<OutSeq> && !pairs_over_pointer<OutSeq> &&
    sizeof(detail::sequence_value_t<OutSeq>) == sizeof(staged_value_t<InSeq>);

// Values wider than 8 bytes resolve their tile before the look-back: the tile's scan is written
// over its inputs in the staged tile, so that no prefixes fill registers while the block waits,
// and each result is then the tile's prefix and one resolved item. Results of the input's type
// only, written to a contiguous output or a strided one element by element.
template <class InSeq, class OutSeq, class Out>
inline constexpr bool resolves_in_tile =
    detail::tile_size_of<Out> > 8 && std::is_same_v<staged_value_t<InSeq>, Out> &&
    !pairs_over_pointer<InSeq> && !scatters_through_tile<InSeq, OutSeq>;
template <class Shape, class InSeq, class OutSeq, class Out>
using staged_totals_shape =
    tile_shape<Shape::threads, resolves_in_tile<InSeq, OutSeq, Out> ? 1 : Shape::runs, 1,
               Shape::min_blocks>;

// The scan of a staged tile in place, thread t taking items [t * I, (t + 1) * I) (I =
// Shape::items): it folds them in registers, one combination an item, where a run per warp scan
// (the striped layout) costs five combinations and twenty shuffles a 16-byte item (16-byte affine
// maps: 0.75 of a copy on the H100 striped; perf/CUDA_RESULTS.md). Threads start at item t % I and
// wrap round, so that the eight threads of a 16-byte access phase read eight different banks: each
// keeps the fold of its items from there (tail) apart from that of the items before (head).
// Totals: the block scan of one total a thread. Returns the tile's aggregate; thread 0's first
// item has no prefix in the tile.
template <int I, bool Write, class Out, class Op>
__device__ __forceinline__ void fold_wrapped(Out* mine, int start, Out& tail, bool has_tail,
                                             Out& head, bool has_head, Op op) {
  // Items start..I-1 fold into `tail`, then items 0..start-1 into `head`, each fold starting from
  // its item alone where it has nothing yet; with Write each item becomes its fold so far.
#pragma unroll
  for (int j = 0; j < I; ++j) {
    const bool wraps = start + j >= I;
    const int m = wraps ? start + j - I : start + j;
    const Out v = mine[m];
    Out r = v;
    if (wraps ? has_head : has_tail) r = op(wraps ? head : tail, v);
    if constexpr (Write) mine[m] = r;
    if (wraps) {
      head = r;
      has_head = true;
    } else {
      tail = r;
      has_tail = true;
    }
  }
}

template <class Shape, class Totals, class Out, class Storage, class Op>
__device__ __forceinline__ Out scan_tile_in_place(Out* tile, Storage& storage, Op op) {
  constexpr int I = Shape::items;
  Out* const mine = tile + static_cast<int>(threadIdx.x) * I;
  const int start = static_cast<int>(threadIdx.x) % I;
  Out tail{}, head{};
  fold_wrapped<I, false>(mine, start, tail, false, head, false, op);
  Out total[1] = {start == 0 ? tail : op(head, tail)};
  Out prefix[1];
  Totals::begin_block(storage);
  const Out aggregate = Totals::scan(total, prefix, storage, op);
  Totals::end_block(storage);
  // The items from `start` on follow the head's; thread 0 has no prefix in the tile.
  const bool has_prefix = threadIdx.x != 0;
  tail = start == 0 ? prefix[0] : has_prefix ? op(prefix[0], head) : head;
  head = prefix[0];
  fold_wrapped<I, true>(mine, start, tail, has_prefix || start != 0, head, has_prefix, op);
  return aggregate;
}

// TotalsScan: the block scan of the run totals, a block strategy over tile_shape<threads, runs, 1>
// (run k of lane l there is run k of lane l here, so its prefixes are the runs' prefixes); over
// tile_shape<threads, 1, 1> where the tile resolves in place (staged_totals_shape). Order: how a
// block finds its tile (vocabulary/lookback_state.hpp).
// in_copy: the staged elements (staged_source) are 16-byte aligned (the copy's requirement; other
// inputs, strided sequences among them, load element by element, consecutive threads taking
// consecutive items). evict_first_loads: the tile copies ask the L2 to give up the input's lines
// before others, so that the outputs of this and recent calls stay where inputs are not read again
// (the tuning table says below which tile count; perf/CUDA_RESULTS.md). Probe: marks the tile's
// phases (phase_probe.cuh).
template <class Shape, class TotalsScan, class TileCopy,
          detail::tile_order Order = detail::tile_order::by_ticket, class Probe = no_probe,
          class InSeq, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    staged_single_pass_kernel(InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                              detail::maybe<Out> init, unsigned long long* header,
                              tile_descriptors<Out> descriptors, long long num_tiles, bool in_copy,
                              bool out_vector, Op op, int delay_ns, bool evict_first_loads) {
  using In = staged_value_t<InSeq>;
  constexpr int run = Shape::run;
  constexpr int tile_bytes = staged_tile_bytes<Shape, In>;
  static_assert(tile_bytes % 16 == 0, "the tile copy moves 16-byte words");
  __shared__ staged_tile<tile_bytes> tile_memory;
  unsigned char* const staged_bytes = tile_memory.bytes;
  __shared__ typename TileCopy::barrier copy_barrier;
  __shared__ std::uint32_t head_words[staged_head_words<Shape, InSeq>];
  __shared__ shared_slot<typename TotalsScan::template storage<Out>> storage;
  __shared__ shared_slot<Out> prefix;
  __shared__ long long s_tile;
  __shared__ unsigned long long s_epoch;
  __shared__ bool s_has_prefix;
  const In* staged = reinterpret_cast<const In*>(staged_bytes);

  Probe::mark(tile_phase::entered);
  // As in the register kernel, the tile of blockIdx travels while the ticket does (tile_order).
  const auto copyable = [&](long long tile) {
    return stages_contiguous<InSeq> && in_copy &&
           tile_count<Shape>(n, tile * Shape::tile_items) >= Shape::tile_items;
  };
  const auto start_copy = [&](std::int64_t first) {
    if constexpr (stages_contiguous<InSeq>)
      TileCopy::start(staged_bytes, staged_source(in) + first, tile_bytes, copy_barrier,
                      evict_first_loads);
  };
  const long long guess = blockIdx.x;
  const bool guess_copied = copyable(guess);
  TileCopy::init(copy_barrier);
  if (guess_copied) start_copy(guess * Shape::tile_items);
  if (threadIdx.x == 0) draw_tile(header, num_tiles, s_tile, s_epoch);
  __syncthreads();
  const long long tile = Order == detail::tile_order::by_block_index ? guess : s_tile;
  const std::int64_t begin = static_cast<std::int64_t>(tile) * Shape::tile_items;
  const int count = tile_count<Shape>(n, begin);
  unsigned copies = guess_copied ? 1 : 0;
  stage_heads<Shape>(in, begin, count, head_words); // published by the barriers below
  if (tile != guess || !guess_copied) {
    if (guess_copied) {
      // It lands before the tile is written over, and every thread sees it land before the next
      // copy can complete the barrier's next phase (a late waiter would then wait a phase ahead):
      // wait ends with a block barrier.
      TileCopy::wait(copy_barrier, 0);
    }
    if (copyable(tile)) {
      start_copy(begin);
      ++copies;
    } else {
      // Ragged or unaligned: element loads; past the end a copy of the first item, as load_tile.
      In* dst = reinterpret_cast<In*>(staged_bytes);
      const auto source = staged_source(in) + begin;
      const In filler = source[0];
      for (int i = static_cast<int>(threadIdx.x); i < Shape::tile_items; i += Shape::threads)
        dst[i] = i < count ? source[i] : filler;
      __syncthreads();
      copies = 0;
    }
  }
  if (copies > 0) TileCopy::wait(copy_barrier, copies - 1);
  Probe::mark(tile_phase::landed);

  // Each run's total, then their block scan: the tile's aggregate and each run's prefix; or the
  // tile resolved in place.
  constexpr bool resolves = resolves_in_tile<InSeq, OutSeq, Out>;
  Out* const resolved = reinterpret_cast<Out*>(staged_bytes);
  Out run_prefix[resolves ? 1 : Shape::runs];
  const Out aggregate = [&] {
    if constexpr (resolves) {
      return scan_tile_in_place<Shape, TotalsScan>(resolved, storage.get(), op);
    } else {
      Out totals[Shape::runs];
#pragma unroll
      for (int k = 0; k < Shape::runs; ++k) {
        const std::uint32_t heads = staged_heads<run, InSeq>(head_words, run_offset<Shape>(k));
        In v[run];
        read_staged_run<Shape>(staged, k, v);
        Out acc = staged_item<Out>(in, v[0], heads & 1u);
#pragma unroll
        for (int j = 1; j < run; ++j)
          acc = op(acc, staged_item<Out>(in, v[j], (heads >> j) & 1u));
        totals[k] = acc;
      }
      TotalsScan::begin_block(storage.get());
      const Out a = TotalsScan::scan(totals, run_prefix, storage.get(), op);
      TotalsScan::end_block(storage.get());
      return a;
    }
  }();

  Probe::mark(tile_phase::reduced);
  if (threadIdx.x < warp_size)
    resolve_tile_prefix<Shape, false>(in, tile, s_epoch, aggregate, init, descriptors, op, delay_ns,
                                      0, prefix.get(), s_has_prefix);
  __syncthreads();
  Probe::mark(tile_phase::resolved);
  TileCopy::finish(copy_barrier);
  const detail::maybe<Out> before{prefix.get(), s_has_prefix};
  if constexpr (resolves) {
    // Item i: the tile's prefix and the resolved item i (inclusive) or i - 1 (exclusive; the
    // tile's first item is the prefix, unspecified where there is none, as apply_run_prefix).
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k) {
      const int base = run_offset<Shape>(k);
      Out items[run];
#pragma unroll
      for (int j = 0; j < run; ++j) {
        const int i = inclusive ? base + j : base + j - 1;
        if (i < 0)
          items[j] = before.value;
        else
          items[j] = before.present ? op(before.value, resolved[i]) : resolved[i];
      }
      store_tile_run<Shape, true>(out + begin, k, items, count, out_vector, 0u);
    }
  } else {
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k) {
      const int base = run_offset<Shape>(k);
      const std::uint32_t heads = staged_heads<run, InSeq>(head_words, base);
      In v[run];
      read_staged_run<Shape>(staged, k, v);
      Out items[run];
      items[0] = staged_item<Out>(in, v[0], heads & 1u);
#pragma unroll
      for (int j = 1; j < run; ++j)
        items[j] = op(items[j - 1], staged_item<Out>(in, v[j], (heads >> j) & 1u));
      apply_run_prefix<Shape>(items, k, run_prefix[k], before, inclusive, op);
      if constexpr (scatters_through_tile<InSeq, OutSeq>) {
        // In place of the run's inputs, which only this thread reads.
        Out* q = reinterpret_cast<Out*>(staged_bytes) + base;
#pragma unroll
        for (int j = 0; j < run; ++j)
          q[j] = items[j];
      } else {
        store_tile_run<Shape, true>(out + begin, k, items, count, out_vector, heads);
      }
    }
    if constexpr (scatters_through_tile<InSeq, OutSeq>) {
      __syncthreads();
      const Out* results = reinterpret_cast<const Out*>(staged_bytes);
      for (int i = static_cast<int>(threadIdx.x); i < count; i += Shape::threads)
        out[begin + i] = results[i];
    }
  }
  Probe::mark(tile_phase::stored);
}

} // namespace scan::gpu
