// The host backend's thresholds, by item size, in one place: how many threads a scan of n items
// runs on, and the tile a thread scans at a time. Read off the sweeps of perf/host_comparison.cpp
// (perf/HOST_RESULTS.md holds the tables; `bash perf/host_session.sh` reruns them):
//   host_comparison --sweep threads   libscan on 2, 4, 8, ... threads from every size, beside one
//   host_comparison --sweep tiles     the single pass at a few tile sizes
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace scan::host {

struct host_tuning {
  // Each by item size: 1, 2, 4 and 8 bytes (wider items take the 8-byte entry).
  // At most this many items: the calling thread alone, on a pool of 3 or more threads.
  std::int64_t serial_items[4];
  // Above it: one thread per this many items, up to the pool.
  std::int64_t items_per_thread[4];
  // A pool of two threads: two from this many items on, where the second adds bandwidth (on some
  // machines two cores share one's; a larger pool brings bandwidth of its own).
  std::int64_t two_thread_items[4];
  // A thread combines a tile's items from memory, then scans them again from its own cache.
  std::size_t tile_bytes;
  // Tiles per thread at least, so that threads that start late still get a share.
  std::int64_t tiles_per_thread;
  // Whether a pool of two asks the machine (second_thread.hpp) before it takes its second thread;
  // false: from two_thread_items on, whatever it measured (the sweeps' forced thread counts).
  bool second_thread_measured = true;

  static constexpr std::int64_t never = std::numeric_limits<std::int64_t>::max();

  static constexpr int size_index(std::size_t item_bytes) {
    return item_bytes <= 1 ? 0 : item_bytes <= 2 ? 1 : item_bytes <= 4 ? 2 : 3;
  }

  // Threads for a scan of n items of `item_bytes` on a pool of `pool` threads.
  constexpr unsigned threads(std::int64_t n, std::size_t item_bytes, unsigned pool) const {
    const int k = size_index(item_bytes);
    if (pool <= 1) return 1;
    if (pool == 2) return n >= two_thread_items[k] ? 2 : 1;
    if (n <= serial_items[k]) return 1;
    return static_cast<unsigned>(std::clamp<std::int64_t>(n / items_per_thread[k], 2, pool));
  }

  // Whether n items run on one thread on a pool of any size: the pool need not be asked.
  constexpr bool serial_on_any_pool(std::int64_t n, std::size_t item_bytes) const {
    const int k = size_index(item_bytes);
    return n <= serial_items[k] && n < two_thread_items[k];
  }

  // Items of a tile for a scan of n items on `threads` threads (more than one).
  constexpr std::int64_t tile_items(std::int64_t n, std::size_t item_bytes,
                                    unsigned threads) const {
    const std::int64_t cap =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(tile_bytes / item_bytes));
    const std::int64_t share = (n + tiles_per_thread * threads - 1) / (tiles_per_thread * threads);
    return std::max<std::int64_t>(1, std::min(cap, share));
  }
};

// - serial_items, items_per_thread: 512 KB and 128 KB of items. On a quiet 16-core machine a
//   parallel scan first beat one thread of std::inclusive_scan between 2^15 and 2^18 items of
//   every size, with serial part scans (perf/HOST_RESULTS.md, section 4b); the blocked part scans
//   make one thread 1.2-3.5x faster on 1- to 4-byte items and about as fast on 8-byte ones, so
//   the threshold moves up, and into bytes. Estimates until host_session.sh runs there.
// - two_thread_items: 4 MB of items. On a quiet 2-core Xeon (perf/results/host_2core_xeon.md)
//   two threads beat one from 1-2 MB of items of every size (int32 2^24: 0.57 against 0.80 ns an
//   item, double 1.00 against 1.44) and lost below; 4 MB keeps clear of the crossover. An earlier
//   2-core EPYC sweep, run under a load of 4.5 (section 2), saw two threads lose at every size.
// - tile_bytes: 128 KB, a few tiles in the smallest L2 measured (1 MB), so that a tile's
//   second reading comes from the cache.
inline constexpr host_tuning default_host_tuning{
    {std::int64_t{1} << 19, std::int64_t{1} << 18, std::int64_t{1} << 17, std::int64_t{1} << 16},
    {std::int64_t{1} << 17, std::int64_t{1} << 16, std::int64_t{1} << 15, std::int64_t{1} << 14},
    {std::int64_t{1} << 22, std::int64_t{1} << 21, std::int64_t{1} << 20, std::int64_t{1} << 19},
    std::size_t{128} << 10,
    4,
    true};

} // namespace scan::host
