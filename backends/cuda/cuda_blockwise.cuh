// The CUDA backend's blockwise scan (scan/blockwise.hpp): the segment kernels of
// backends/gpu/blockwise_kernels.cuh on the caller's stream, or one full scan per segment when a
// few long segments would leave the GPU idle (backends/gpu/blockwise_plan.hpp).
#pragma once

#include <cuda_runtime.h>

#include "backends/cuda/cuda_memory.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "backends/cuda/cuda_strategies.cuh"
#include "backends/gpu/blockwise_kernels.cuh"
#include "backends/gpu/blockwise_plan.hpp"
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

// Whether every segment of p starts on a boundary of the vector accesses of runs of Run items.
template <class T, int Run> bool segments_aligned(const T* p, std::int64_t segment) {
  constexpr int bytes = gpu::access_bytes<T, Run>;
  if constexpr (bytes == 0)
    return false;
  else
    return gpu::vector_aligned<T, Run>(p) && segment * sizeof(T) % bytes == 0;
}

// `scan_one(part)` runs a full scan of one segment (per_segment_scans): the compiled library
// passes its compiled scans, the header path cuda::scan.
template <class Strategy, class In, class Out, class Op, class ScanOne>
void blockwise_with(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
                    ScanOne&& scan_one) {
  using S = gpu::shape_of<Strategy, In, Out>;
  using B = typename Strategy::template block_scan<S>;
  const auto stream = static_cast<cudaStream_t>(a.opt.stream);
  const gpu::blockwise_plan plan = gpu::plan_blockwise(
      a.n, segment, S::tile_items, gpu::prefetch_tiles<S>, gpu::walks_segments<S>);
  // Vector accesses need every segment (and so every tile) to start on a vector boundary.
  const bool in_vector = segments_aligned<In, S::run>(a.in, segment);
  const bool out_vector = segments_aligned<Out, S::run>(a.out, segment);
  switch (plan.how) {
  case gpu::blockwise_plan::method::short_segments:
    gpu::short_segments_kernel<S, B><<<static_cast<unsigned>(plan.blocks), S::threads, 0, stream>>>(
        a.in, a.out, a.n, static_cast<int>(segment), a.inclusive, a.init,
        gpu::vector_aligned<In, S::run>(a.in), gpu::vector_aligned<Out, S::run>(a.out), op);
    check_launch("short_segments_kernel");
    return;
  case gpu::blockwise_plan::method::long_segments:
    gpu::long_segments_kernel<S, B><<<static_cast<unsigned>(plan.blocks), S::threads, 0, stream>>>(
        a.in, a.out, a.n, segment, a.inclusive, a.init, in_vector, out_vector, op);
    check_launch("long_segments_kernel");
    return;
  case gpu::blockwise_plan::method::per_segment_scans:
    for (std::int64_t base = 0; base < a.n; base += segment) {
      detail::scan_args<In, Out> part = a;
      part.in = a.in + base;
      part.out = a.out + base;
      part.n = a.n - base < segment ? a.n - base : segment;
      scan_one(part);
    }
    return;
  }
}

// A checked blockwise scan (n > 0, segment >= 1), for the header path.
template <class In, class Out, class Op>
void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op) {
  visit_blockwise_strategy(a.opt.block, [&](auto strategy) {
    blockwise_with<decltype(strategy)>(
        a, segment, op, [&](const detail::scan_args<In, Out>& part) { scan(part, op); });
  });
}

} // namespace scan::cuda
