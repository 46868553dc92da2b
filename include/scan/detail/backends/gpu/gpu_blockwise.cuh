// The blockwise scan (scan/blockwise.hpp) of the CUDA and HIP backends for one block strategy: the
// segment kernels of blockwise_kernels.cuh on the caller's stream, or one full scan per segment
// when a few long segments would leave the GPU idle (blockwise_plan.hpp). Compiled by nvcc or hipcc
// only: the kernels launch with <<<...>>>. Platform is the backend's launch trait (gpu_parts.cuh).
#pragma once

#include <cstdint>

#include <scan/detail/backends/gpu/blockwise_plan.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/kernels/blockwise_kernels.cuh>
#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/kernels/tile_shape.cuh>
#include <scan/detail/vocabulary/rounded.hpp>

namespace scan::gpu {

// Whether every segment of p starts on a boundary of the vector accesses of runs of Run items.
template <class T, int Run> bool segments_aligned(const T* p, std::int64_t segment) {
  constexpr int bytes = access_bytes<T, Run>;
  if constexpr (bytes == 0)
    return false;
  else
    return vector_aligned<T, Run>(p) && segment * sizeof(T) % bytes == 0;
}

// `scan_one(part)` runs a full scan of one segment (per_segment_scans): the compiled library
// passes its compiled scans, the header path the backend's scan. The kernels accumulate in Out's
// accumulator (the 16-bit floats in float, rounding each result once: vocabulary/rounded.hpp), as
// full scans do; vector accesses are those of the stored type.
template <class Strategy, class Platform, class In, class Out, class Op, class ScanOne>
void blockwise_with(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
                    ScanOne&& scan_one) {
  const auto stream = static_cast<typename Platform::stream_type>(a.opt.stream);
  detail::in_accumulator(a.out, a.init, [&](auto out, auto init) {
    using Acc = decltype(init.value);
    using S = shape_of<Strategy, In, Acc>;
    using B = typename Strategy::template block_scan<S>;
    using Wide = wide_tile_shape<S, Platform::knobs::wide_tile_blocks_per_sm>;
    const blockwise_plan plan =
        plan_blockwise(a.n, segment, S::tile_items, S::run, prefetch_tiles<S>, prefetch_tiles<Wide>,
                       walks_segments<S>);
    switch (plan.how) {
    case blockwise_plan::method::short_segments: {
      const auto launch = [&](auto shape) {
        using Tile = decltype(shape);
        short_segments_kernel<Tile, typename Strategy::template block_scan<Tile>>
            <<<static_cast<unsigned>(plan.blocks), Tile::threads, 0, stream>>>(
                a.in, out, a.n, static_cast<int>(segment), plan.per_tile, a.inclusive, init,
                vector_aligned<In, Tile::run>(a.in), vector_aligned<Out, Tile::run>(a.out), op);
        Platform::check_launch("short_segments_kernel");
      };
      if (plan.wide_tiles)
        launch(Wide{});
      else
        launch(S{});
      return;
    }
    case blockwise_plan::method::long_segments:
      // Vector accesses need every segment (and so every tile) to start on a vector boundary.
      long_segments_kernel<S, B><<<static_cast<unsigned>(plan.blocks), S::threads, 0, stream>>>(
          a.in, out, a.n, segment, a.inclusive, init, segments_aligned<In, S::run>(a.in, segment),
          segments_aligned<Out, S::run>(a.out, segment), op);
      Platform::check_launch("long_segments_kernel");
      return;
    case blockwise_plan::method::per_segment_scans:
      for (std::int64_t base = 0; base < a.n; base += segment) {
        detail::scan_args<In, Out> part = a;
        part.in = a.in + base;
        part.out = a.out + base;
        part.n = a.n - base < segment ? a.n - base : segment;
        scan_one(part);
      }
      return;
    }
  });
}

} // namespace scan::gpu
