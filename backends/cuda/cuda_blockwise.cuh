// The CUDA backend's blockwise scan (scan/blockwise.hpp): the strategy it runs for each
// block_strategy, launched by backends/gpu/gpu_blockwise.cuh through cuda_launch.
#pragma once

#include <cuda_runtime.h>

#include "backends/cuda/cuda_launch.cuh"
#include "backends/cuda/cuda_scan.cuh"
#include "backends/cuda/cuda_strategies.cuh"
#include "backends/gpu/gpu_blockwise.cuh"
#include "scan/detail/request.hpp"

namespace scan::cuda {

// block_strategy::automatic for blockwise scans: one 16-byte access per thread and tile, so that
// a segment of 1024 int32 is one tile read and written like the fastest copy kernels; longer
// segments keep several tiles in flight per thread (gpu::prefetch_tiles).
struct blockwise_tuned_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t in, std::size_t out) { return gpu::vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) { return run(in, out); }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, ptx_warp_scan>;
};

// block_strategy::thread_coarsened for blockwise scans (seed 1's last step): each thread scans a
// contiguous batch of 16 bytes serially (one vector access) and the block scans the batch totals
// with shuffles, so that a segment of 1024 int32 is one tile and needs no segmented scan.
struct blockwise_coarsened_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t in, std::size_t out) { return gpu::vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) { return run(in, out); }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, gpu::shuffle_warp_scan>;
};

// Calls f(Strategy{}) with the strategy a blockwise scan runs for this option: the full scan's,
// except where a tile the size of common segments serves better. An explicit list, not
// visit_strategy: the compiled library instantiates exactly these (compiled_blockwise_*.cu).
template <class F> void visit_blockwise_strategy(block_strategy b, F&& f) {
  switch (b) {
  case block_strategy::kogge_stone_global:
    return f(gpu::kogge_stone_global_strategy{});
  case block_strategy::kogge_stone_shared:
    return f(gpu::kogge_stone_shared_strategy{});
  case block_strategy::kogge_stone_double_buffered:
    return f(gpu::kogge_stone_double_buffered_strategy{});
  case block_strategy::brent_kung:
    return f(gpu::brent_kung_strategy{});
  case block_strategy::blelloch:
    return f(gpu::blelloch_strategy{});
  case block_strategy::warp_shuffle:
    return f(warp_shuffle_strategy{});
  case block_strategy::warp_shuffle_ptx:
    return f(warp_shuffle_ptx_strategy{});
  case block_strategy::thread_coarsened:
    return f(blockwise_coarsened_strategy{});
  case block_strategy::automatic:
    break;
  }
  return f(blockwise_tuned_strategy{});
}

// A checked blockwise scan (n > 0, segment >= 1), for the header path.
template <class In, class Out, class Op>
void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op) {
  visit_blockwise_strategy(a.opt.block, [&](auto strategy) {
    gpu::blockwise_with<decltype(strategy), cuda_launch>(
        a, segment, op, [&](const detail::scan_args<In, Out>& part) { scan(part, op); });
  });
}

} // namespace scan::cuda
