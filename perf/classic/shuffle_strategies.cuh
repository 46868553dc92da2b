// The seed ladder's steps towards the tuned strategy (gpu_strategies.cuh): one item per thread
// with warp scans, and thread coarsening. For the performance matrix (classic_scan.hpp).
#pragma once

#include <cstddef>

#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/kernels/block_scan.cuh>
#include <scan/detail/kernels/warp_scan.cuh>

namespace scan::gpu {

// strategy::warp_shuffle (WarpScan = shuffles) and warp_shuffle_ptx (PTX predicated adds):
// one item per thread, warp scans, then a scan of the warp totals.
template <class WarpScan> struct one_item_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t, std::size_t) { return 1; }
  static constexpr int items(std::size_t, std::size_t) { return 1; }
  template <class Shape> using block_scan = striped_block_scan<Shape, WarpScan>;
};

// strategy::thread_coarsened: each thread scans one contiguous chunk of 64 bytes of output
// serially (the blocked layout); warp shuffles scan the per-thread totals.
struct thread_coarsened_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int items(std::size_t in, std::size_t out) {
    const int want = static_cast<int>(64 / larger(larger(in, out), 1));
    return want < 1 ? 1 : (want > 16 ? 16 : want);
  }
  static constexpr int run(std::size_t in, std::size_t out) { return items(in, out); }
  template <class Shape> using block_scan = striped_block_scan<Shape, shuffle_warp_scan>;
};

} // namespace scan::gpu
