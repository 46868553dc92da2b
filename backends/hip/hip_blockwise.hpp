// The HIP backend's blockwise scan (scan/blockwise.hpp): the one strategy it runs for every
// block_strategy, launched by backends/gpu/gpu_blockwise.cuh through hip_launch.
#pragma once

#include <hip/hip_runtime.h>

#include "backends/gpu/gpu_blockwise.cuh"
#include "backends/hip/hip_launch.hpp"
#include "backends/hip/hip_scan.hpp"
#include "scan/detail/request.hpp"

namespace scan::hip {

// The blockwise scans' tile: one 16-byte access per thread, so that a segment of 1024 int32 is
// one tile; longer segments keep several tiles in flight (gpu::prefetch_tiles). The same for
// block_strategy::automatic and thread_coarsened: each thread scans its 16 bytes serially, the
// wavefront shuffles scan the per-thread totals.
struct blockwise_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int run(std::size_t in, std::size_t out) { return gpu::vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) { return run(in, out); }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, gpu::shuffle_warp_scan>;
};

// A checked blockwise scan (n > 0, segment >= 1), for the header path.
template <class In, class Out, class Op>
void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op) {
  gpu::blockwise_with<blockwise_strategy, hip_launch>(
      a, segment, op, [&](const detail::scan_args<In, Out>& part) { scan(part, op); });
}

} // namespace scan::hip
