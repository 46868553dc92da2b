// The GPU backend's design on the CPU emulation of simt.hpp: part primitives that launch the shared
// kernels (scan/detail/kernels/) on fibers as gpu_parts.cuh launches them on a GPU, under the
// shared orchestration (scan_on) with the host's workspace; and a test fixture
// (tests/test_backend.hpp) whose scans go through it, so that the randomized test body
// (tests/fuzz_body.hpp) runs on every machine. gpu_parts.cuh itself launches with <<<...>>>,
// which a host compiler cannot read; what differs here is the launch, the strategy's size (small
// tiles, so that small inputs span many) and no staged single pass.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "tests/plain_host_memory.hpp"
#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/backends/host/host_backend.hpp>
#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/part_kernels.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/scan_on.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace emulation {

// The tuned strategy's design (16-byte runs, shuffle warp scans) with 64 threads of 32 bytes:
// tiles of 128 to 2048 items.
using strategy = scan::gpu::tuned_strategy_of<scan::gpu::shuffle_warp_scan, 64, 32>;

template <class F> void launch(std::int64_t grid, int threads, F&& body) {
  if (grid > 0)
    simt::block_runner::launch(static_cast<unsigned>(grid), static_cast<unsigned>(threads), body);
}

// The part primitives (orchestration/part_primitives.hpp) over the emulated kernels.
struct parts {
  template <class In, class Out> using shape = scan::gpu::shape_of<strategy, In, Out>;
  template <class In, class Out>
  using block_scan = typename strategy::template block_scan<shape<In, Out>>;

  std::int64_t part_items(std::int64_t, std::size_t in_size, std::size_t out_size) const {
    return scan::gpu::tile_items_of<strategy>(in_size, out_size);
  }
  scan::algorithm automatic_algorithm(std::int64_t, std::size_t, std::size_t) const {
    return scan::algorithm::single_pass;
  }

  template <class In, class Out, class Op>
  void reduce_parts(const In* in, std::int64_t n, std::int64_t part, Out* totals, Op op) {
    using S = shape<In, Out>;
    launch(scan::gpu::part_blocks<S>(tiles<S>(n, part)), S::threads, [&] {
      scan::gpu::reduce_parts_kernel<S, block_scan<In, Out>>(in, n, totals, vector<In, S>(in), op);
    });
  }

  template <class In, class OutSeq, class Out, class Op>
  void scan_parts(const In* in, OutSeq out, std::int64_t n, std::int64_t part, bool inclusive,
                  scan::detail::maybe<Out> init, const Out* seeds, Out* totals, Op op) {
    using S = shape<In, Out>;
    launch(scan::gpu::part_blocks<S>(tiles<S>(n, part)), S::threads, [&] {
      scan::gpu::scan_parts_kernel<S, block_scan<In, Out>>(
          in, out, n, inclusive, init, seeds, totals, vector<In, S>(in), vector<Out, S>(out), op);
    });
  }

  template <class Out, class Op>
  void fan_parts(Out* out, std::int64_t n, std::int64_t part, bool inclusive, const Out* bases,
                 Op op) {
    using S = shape<Out, Out>;
    launch(scan::gpu::fan_blocks<S>(tiles<S>(n, part)), S::threads, [&] {
      scan::gpu::fan_parts_kernel<S>(out, n, inclusive, bases, vector<Out, S>(out), op);
    });
  }

  template <class In, class OutSeq, class Out, class Op>
  void single_pass(const In* in, OutSeq out, std::int64_t n, bool inclusive,
                   scan::detail::maybe<Out> init, scan::detail::lookback_state<Out> state, Op op) {
    using S = shape<In, Out>;
    if (tiles<S>(n, S::tile_items) != state.num_tiles)
      throw scan::error("n: look-back state sized for another tile count (internal error)");
    launch(state.num_tiles, S::threads, [&] {
      scan::gpu::single_pass_kernel<S, block_scan<In, Out>>(
          in, out, n, inclusive, init, state.header, scan::gpu::tile_descriptors<Out>(state),
          state.num_tiles, vector<In, S>(in), vector<Out, S>(out), op, 0);
    });
  }

private:
  template <class S> static std::int64_t tiles(std::int64_t n, std::int64_t part) {
    if (part != S::tile_items)
      throw scan::error("n: part size " + std::to_string(part) + " is not the kernel's tile of " +
                        std::to_string(S::tile_items) + " (internal error)");
    return (n + part - 1) / part;
  }
  template <class T, class S, class Seq> static bool vector(Seq p) {
    return scan::gpu::vector_aligned<T, S::run>(p);
  }
};

// A backend for scan_on: the emulated parts, workspace from the host backend's cache under a
// key of its own (or the caller's).
struct backend {
  template <class F> void with_parts(const scan::options& call, F&& f) const {
    static char key;
    scan::options opt = call;
    if (!opt.workspace.data) opt.stream = &key;
    parts p;
    scan::detail::workspace_source<scan::host::host_memory> ws(scan::host::workspace_cache(),
                                                               scan::host::host_memory{}, opt);
    f(p, ws);
  }
};

} // namespace emulation

// The fixture: host memory, scans through emulation::backend. One caller at a time: the emulated
// blocks' shared memory and thread indices are process-wide.
struct test_backend : plain_host_memory {
  static constexpr scan::backend id = scan::backend::host;
  static constexpr const char* name = "gpu emulation";
  static constexpr bool concurrent_callers = false;
  static constexpr std::int64_t fuzz_max_n = 5001; // each emulated tile takes milliseconds

  static std::string skip_reason() { return {}; }

  static scan::options options() { return {}; }

  template <class In, class Out, class Op>
  static void scan(const In* in, Out* out, std::int64_t n, bool inclusive, const Out* init, Op op,
                   const scan::options& opt) {
    if (n <= 0) return;
    scan::detail::maybe<Out> seed;
    if (init) seed = {*init, true};
    scan::detail::scan_on(emulation::backend{}, in, out, n, inclusive, seed, opt, op);
  }
  template <class In, class Out>
  static std::size_t workspace_bytes(std::int64_t n, const scan::options& opt) {
    return scan::detail::workspace_bytes_on<In, Out>(emulation::backend{}, n, opt);
  }

  static std::int64_t max_test_items() { return std::int64_t{1} << 30; }
};
