// The block strategies the HIP backend runs (options::block), each a tile shape plus a block scan
// of backends/gpu/block_scan.cuh, and the one place that maps the enum to them. Warp scans are
// shuffles (__shfl_up over the whole wavefront, 64 or 32 lanes); tiles hold a whole number of
// wavefronts on every target, since 256 threads are 4 waves of 64 or 8 of 32.
#pragma once

#include <cstddef>
#include <string>

#include "backends/gpu/block_scan.cuh"
#include "backends/gpu/tile_shape.cuh"
#include "backends/gpu/warp_scan.cuh"
#include "scan/options.hpp"

namespace scan::hip {

// block_strategy::automatic: 16-byte runs (one wide load each), several per thread: about
// `Bytes` of output per thread, at most 32 items (thread coarsening).
template <int Threads, int Bytes> struct tuned_strategy_of {
  static constexpr int threads(std::size_t, std::size_t) { return Threads; }
  static constexpr int run(std::size_t in, std::size_t out) { return gpu::vector_items(in, out); }
  static constexpr int items(std::size_t in, std::size_t out) {
    const int r = run(in, out);
    const std::size_t size = out > 1 ? out : 1;
    int want = static_cast<int>(Bytes / size);
    if (want > 32) want = 32;
    if (want < 1) want = 1;
    return want <= r ? r : want / r * r;
  }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, gpu::shuffle_warp_scan>;
};
using tuned_strategy = tuned_strategy_of<256, 64>;

// block_strategy::thread_coarsened: each thread scans one contiguous chunk of 64 bytes of output
// serially (the blocked layout); wavefront shuffles scan the per-thread totals.
struct thread_coarsened_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int items(std::size_t in, std::size_t out) {
    const std::size_t size = in > out ? in : out;
    const int want = static_cast<int>(64 / (size > 1 ? size : 1));
    return want < 1 ? 1 : (want > 16 ? 16 : want);
  }
  static constexpr int run(std::size_t in, std::size_t out) { return items(in, out); }
  template <class Shape> using block_scan = gpu::striped_block_scan<Shape, gpu::shuffle_warp_scan>;
};

// Empty when the HIP backend runs this block strategy.
inline std::string unsupported_block(block_strategy b) {
  switch (b) {
  case block_strategy::automatic:
  case block_strategy::thread_coarsened:
    return {};
  case block_strategy::warp_shuffle_ptx:
    return "block_strategy warp_shuffle_ptx uses NVIDIA's PTX and exists on the cuda backend "
           "only (hip runs: automatic, thread_coarsened)";
  default:
    return "block_strategy " + std::string(to_string(b)) +
           " is not built into the hip backend (built: automatic, thread_coarsened)";
  }
}

// Calls f(Strategy{}) for a supported block strategy.
template <class F> decltype(auto) visit_strategy(block_strategy b, F&& f) {
  if (b == block_strategy::thread_coarsened) return f(thread_coarsened_strategy{});
  return f(tuned_strategy{});
}

} // namespace scan::hip
