// The host backend's part primitives (see orchestration/part_primitives.hpp): parts sized so that
// every pool thread gets a few, each scanned serially; the single pass runs the same look-back
// protocol as the GPUs with host atomics.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>

#include <scan/detail/backends/host/blocked_scan.hpp>
#include <scan/detail/backends/host/host_tuning.hpp>
#include <scan/detail/backends/host/second_thread.hpp>
#include <scan/detail/backends/host/thread_pool.hpp>
#include <scan/detail/vocabulary/head_marks.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/sequence.hpp>
#include <scan/options.hpp>

namespace scan::host {

// Threads for a scan of n items of `item_bytes` on this process's pool: the tuning's table, but
// a pool of two takes its second thread only where it adds bandwidth (second_thread.hpp).
inline unsigned scan_threads(const host_tuning& tuning, std::int64_t n, std::size_t item_bytes) {
  const unsigned pool = thread_pool::instance_size();
  const unsigned t = tuning.threads(n, item_bytes, pool);
  return t == 2 && pool == 2 && tuning.second_thread_measured && !second_thread_pays() ? 1 : t;
}

struct host_parts {
  thread_pool& pool = thread_pool::instance();

  host_tuning tuning = default_host_tuning;

  // Below this many items a chunk of for_each is not worth a thread hand-off.
  static constexpr std::int64_t min_part_items = 1 << 16;

  // Threads for a scan of n items of `item_bytes` (host_tuning.hpp, from measurements). One
  // thread: the input is one part (part_items), which the orchestration scans with one
  // scan_parts call, serially, on the calling thread (thread_pool::run of one task), with no
  // workspace.
  unsigned threads(std::int64_t n, std::size_t item_bytes) const {
    return scan_threads(tuning, n, item_bytes);
  }

  std::int64_t part_items(std::int64_t n, std::size_t in_size, std::size_t out_size) const {
    const std::size_t item_bytes = std::max(in_size, out_size);
    const unsigned t = threads(n, item_bytes);
    if (t == 1) return n; // one part: no workspace
    return tuning.tile_items(n, item_bytes, t);
  }

  // The single pass moves 2n items against reduce_then_scan's 3n and scan_then_fan's 4n. Measured
  // from 2^17 to 2^26 items on 2 to 16 threads, 1- to 8-byte items (perf/HOST_RESULTS.md), it is
  // the fastest in 86% of cases and within 7% in most others (int32, 2^20 items, 2 threads:
  // 0.66 ns/item, reduce_then_scan 0.76, scan_then_fan 0.98): one choice for every n and size.
  algorithm automatic_algorithm(std::int64_t, std::size_t, std::size_t) const {
    return algorithm::single_pass;
  }

  template <class InSeq, class Out, class Op>
  void reduce_parts(InSeq in, std::int64_t n, std::int64_t part, Out* totals, Op op) {
    pool.run((n + part - 1) / part, [&](std::int64_t i) {
      const std::int64_t begin = i * part;
      totals[i] = part_reduce<Out>(in + begin, std::min(part, n - begin), op);
    });
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void scan_parts(InSeq in, OutSeq out, std::int64_t n, std::int64_t part, bool inclusive,
                  detail::maybe<Out> init, const Out* seeds, Out* totals, Op op) {
    pool.run((n + part - 1) / part, [&](std::int64_t i) {
      const std::int64_t begin = i * part;
      const std::int64_t count = std::min(part, n - begin);
      if (totals) totals[i] = part_reduce<Out>(in + begin, count, op);
      detail::maybe<Out> seed = init.resolved();
      if (i > 0) seed = seeds ? detail::maybe<Out>{seeds[i - 1], true} : detail::maybe<Out>{};
      part_scan(in + begin, out + begin, count, inclusive, seed, op);
    });
  }

  template <class OutSeq, class Out, class Op>
  void fan_parts(OutSeq out, std::int64_t n, std::int64_t part, bool inclusive, const Out* bases,
                 Op op) {
    pool.run((n + part - 1) / part - 1, [&](std::int64_t k) {
      const std::int64_t i = k + 1;
      const Out base = bases[i - 1];
      const OutSeq p = out + i * part;
      const std::int64_t count = std::min(part, n - i * part);
      std::int64_t j = 0;
      if (!inclusive) p[j++] = base;
      for (; j < count; ++j)
        p[j] = op(base, p[j]);
    });
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void single_pass(InSeq in, OutSeq out, std::int64_t n, bool inclusive, detail::maybe<Out> init,
                   detail::lookback_state<Out> s, Op op) {
    const std::int64_t part = (n + s.num_tiles - 1) / s.num_tiles;
    const std::uint64_t epoch = load(&s.header[1]) + 1;
    const std::size_t item_bytes = std::max(sizeof(detail::sequence_value_t<InSeq>), sizeof(Out));
    const std::int64_t workers = std::min<std::int64_t>(threads(n, item_bytes), s.num_tiles);
    pool.run(workers, [&](std::int64_t) {
      for (;;) {
        const auto tile =
            static_cast<std::int64_t>(__atomic_fetch_add(&s.header[0], 1ull, __ATOMIC_ACQ_REL));
        if (tile >= s.num_tiles) return;
        const std::int64_t begin = tile * part;
        const std::int64_t count = std::min(part, n - begin);
        const Out aggregate = part_reduce<Out>(in + begin, count, op);
        detail::maybe<Out> seed = tile == 0 ? init : look_back(s, tile, aggregate, epoch, op);
        const Out inclusive_prefix = seed.present ? op(seed.value, aggregate) : aggregate;
        s.prefixes[tile] = inclusive_prefix;
        __atomic_store_n(&s.flags[2 * tile],
                         detail::lookback_tag(epoch, detail::lookback_prefix_ready),
                         __ATOMIC_RELEASE);
        part_scan(in + begin, out + begin, count, inclusive, seed, op);
      }
    });
    // The pool has finished: no tile reads the header any more.
    __atomic_store_n(&s.header[0], 0ull, __ATOMIC_RELAXED);
    __atomic_store_n(&s.header[1], epoch, __ATOMIC_RELEASE);
  }

  // Calls f(i) for i in [0, count) on the pool's threads, in chunks; each f(i) touches about
  // `weight` items (a chunk of a lane: orchestration/lanes.hpp), so chunks hold fewer indices.
  template <class F> void for_each(std::int64_t count, F f, std::int64_t weight = 1) {
    for_each_chunk(
        count,
        [&](std::int64_t first, std::int64_t last) {
          for (std::int64_t i = first; i < last; ++i)
            f(i);
        },
        weight);
  }

  // Items of a lane per for_each index in a batched scan: a few indices per pool thread, each
  // worth a thread hand-off (the lanes' item size is not known here: the 4-byte thresholds).
  std::int64_t lane_chunk(std::int64_t lanes, std::int64_t length) const {
    if (threads(lanes * length, sizeof(std::int32_t)) == 1) return length;
    return detail::lane_chunk_for(lanes, length, 4 * static_cast<std::int64_t>(pool.size()),
                                  min_part_items);
  }

  // words[p >> 5] |= 1 << (p & 31) for every p = position(i) >= 0, i in [0, count); the words
  // start zeroed. A chunk gathers the bits of one word before it ors them in (atomically: chunks
  // share the words at their ends).
  template <class Position>
  void set_bits(std::int64_t count, Position position, std::uint32_t* words) {
    for_each_chunk(count, [&](std::int64_t first, std::int64_t last) {
      std::int64_t word = -1;
      std::uint32_t bits = 0;
      for (std::int64_t i = first; i < last; ++i) {
        const std::int64_t p = position(i);
        if (p < 0) continue;
        if (p >> 5 != word) {
          if (bits) __atomic_fetch_or(&words[word], bits, __ATOMIC_RELAXED);
          word = p >> 5;
          bits = 0;
        }
        bits |= 1u << (p & 31);
      }
      if (bits) __atomic_fetch_or(&words[word], bits, __ATOMIC_RELAXED);
    });
  }

  // words[w] bit b = test(32w + b), for the n items.
  template <class Test> void pack_bits(std::int64_t n, Test test, std::uint32_t* words) {
    for_each(detail::head_words(n), detail::pack_word<Test>{test, n, words});
  }

private:
  // f(first, last) over chunks of [0, count), a few per pool thread, of at least min_part_items
  // items (`weight` per index).
  template <class F> void for_each_chunk(std::int64_t count, F&& f, std::int64_t weight = 1) {
    if (count <= 0) return;
    const std::int64_t chunk = std::max((min_part_items + weight - 1) / weight,
                                        (count + 4 * pool.size() - 1) / (4 * pool.size()));
    pool.run((count + chunk - 1) / chunk,
             [&](std::int64_t t) { f(t * chunk, std::min(count, (t + 1) * chunk)); });
  }

  static std::uint64_t load(unsigned long long* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

  // Publishes the tile's aggregate, then finds the nearest predecessor whose inclusive prefix is
  // out and folds forward from it through the aggregates after it: the exclusive prefix of `tile`.
  // Every prefix is so the left fold of the tile aggregates, whichever predecessor a tile finds,
  // and floating-point results repeat bit for bit whatever order the tiles finish in.
  template <class Out, class Op>
  static detail::maybe<Out> look_back(detail::lookback_state<Out>& s, std::int64_t tile,
                                      const Out& aggregate, std::uint64_t epoch, Op op) {
    s.aggregates[tile] = aggregate;
    __atomic_store_n(&s.flags[2 * tile],
                     detail::lookback_tag(epoch, detail::lookback_aggregate_ready),
                     __ATOMIC_RELEASE);
    std::int64_t j = tile - 1; // tile 0 publishes its prefix at once: the walk ends there at most
    for (;; --j) {
      std::uint64_t flag;
      while (detail::lookback_epoch(flag = load(&s.flags[2 * j])) != epoch)
        std::this_thread::yield();
      if (detail::lookback_status(flag) == detail::lookback_prefix_ready) break;
    }
    Out prefix = s.prefixes[j];
    for (std::int64_t k = j + 1; k < tile; ++k)
      prefix = op(prefix, s.aggregates[k]);
    return {prefix, true};
  }
};

} // namespace scan::host
