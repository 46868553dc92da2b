// The HIP backend's blockwise scan (scan/blockwise.hpp): the segment kernels of
// backends/gpu/blockwise_kernels.cuh on the caller's stream, or one full scan per segment when a
// few long segments would leave the GPU idle (backends/gpu/blockwise_plan.hpp).
#pragma once

#include <hip/hip_runtime.h>

#include "backends/gpu/blockwise_kernels.cuh"
#include "backends/gpu/blockwise_plan.hpp"
#include "backends/hip/hip_error.hpp"
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

// Whether every segment of p starts on a boundary of the vector accesses of runs of Run items.
template <class T, int Run> bool segments_aligned(const T* p, std::int64_t segment) {
  constexpr int bytes = gpu::access_bytes<T, Run>;
  if constexpr (bytes == 0)
    return false;
  else
    return gpu::vector_aligned<T, Run>(p) && segment * sizeof(T) % bytes == 0;
}

// `scan_one(part)` runs a full scan of one segment (per_segment_scans): the compiled library
// passes its compiled scans, the header path hip::scan.
template <class In, class Out, class Op, class ScanOne>
void blockwise_with(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
                    ScanOne&& scan_one) {
  using S = gpu::shape_of<blockwise_strategy, In, Out>;
  using B = typename blockwise_strategy::template block_scan<S>;
  const auto stream = static_cast<hipStream_t>(a.opt.stream);
  const gpu::blockwise_plan plan = gpu::plan_blockwise(
      a.n, segment, S::tile_items, gpu::prefetch_tiles<S>, gpu::walks_segments<S>);
  switch (plan.how) {
  case gpu::blockwise_plan::method::short_segments:
    gpu::short_segments_kernel<S, B><<<static_cast<unsigned>(plan.blocks), S::threads, 0, stream>>>(
        a.in, a.out, a.n, static_cast<int>(segment), a.inclusive, a.init,
        gpu::vector_aligned<In, S::run>(a.in), gpu::vector_aligned<Out, S::run>(a.out), op);
    check_launch("launching short_segments_kernel");
    return;
  case gpu::blockwise_plan::method::long_segments:
    // Vector accesses need every segment (and so every tile) to start on a vector boundary.
    gpu::long_segments_kernel<S, B><<<static_cast<unsigned>(plan.blocks), S::threads, 0, stream>>>(
        a.in, a.out, a.n, segment, a.inclusive, a.init, segments_aligned<In, S::run>(a.in, segment),
        segments_aligned<Out, S::run>(a.out, segment), op);
    check_launch("launching long_segments_kernel");
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
  blockwise_with(a, segment, op, [&](const detail::scan_args<In, Out>& part) { scan(part, op); });
}

} // namespace scan::hip
