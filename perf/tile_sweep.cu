// Tuning sweep of the CUDA single pass: the kernel alone, over tile shapes (threads x bytes of
// output per thread x blocks per multiprocessor asked of the compiler), beside a device copy and
// cub::DeviceScan::InclusiveSum of the same bytes, in one process on the same buffers. It needs
// only headers (libscan's and CLI11's), so it builds in a minute without the library:
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I. -Iinclude perf/tile_sweep.cu -o tile_sweep
//   ./tile_sweep [--delays | --staging | --from] [--markdown FILE]
//
// Without options: shapes of the register kernel (single_pass_kernel.cuh). --staging: blocks per
// multiprocessor of the staged kernel (staged_single_pass_kernel.cuh, from 2048 tiles) beside the
// register kernel. --delays: the staged kernel's sleep before a tile's first look-back poll.
// --from: the tile count from which the staged kernel runs.
//
// The winners become tuned_strategy / tuned_staging in backends/cuda/cuda_strategies.cuh; the
// tables they came from go to perf/CUDA_RESULTS.md. Figures: median us, timed as
// cub_comparison's are (perf/cuda_table.cuh), each shape's output compared with CUB's.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "backends/cuda/cuda_launch.cuh"
#include "backends/cuda/cuda_strategies.cuh"
#include "backends/gpu/gpu_parts.cuh"
#include "perf/cuda_table.cuh"
#include "src/arena.hpp"
#include "src/lookback_state.hpp"

namespace {

using scan::cuda::tuned_strategy_of;
using scan::perf::cuda_table;

// One shape: times its single pass on n items of T; `good` is false when its output differs.
template <class T, class Strategy>
double time_single_pass(cuda_table& table, std::int64_t n, bool& good) {
  const std::int64_t tile = scan::gpu::tile_items_of<Strategy>(sizeof(T), sizeof(T));
  const std::int64_t tiles = (n + tile - 1) / tile;
  const std::size_t state_bytes = scan::detail::lookback_bytes(tiles, sizeof(T));
  scan::perf::kit::device_array<unsigned char> state_memory(state_bytes);
  scan::perf::kit::cuda_check(cudaMemsetAsync(state_memory.get(), 0, state_bytes, table.stream()),
                              "memset look-back state");
  scan::detail::arena ws(state_memory.get(), state_bytes);
  const auto state = scan::detail::carve_lookback<T>(ws, tiles);
  scan::gpu::gpu_parts<Strategy, scan::cuda::cuda_launch> parts{table.stream()};
  auto run = [&](const T* in, T* out) {
    parts.single_pass(in, out, n, true, scan::detail::maybe<T>{}, state, scan::sum{});
  };
  const double us = table.time<T>(n, run);
  good = table.matches<T>(n, run);
  return us;
}

template <class... Strategies> struct shapes {};

template <class T, class... Strategies>
void sweep_type(const char* type, cuda_table& table, shapes<Strategies...>) {
  table.fill<T>();
  for (int lg : {20, 21, 22, 23, 24, 26, 28, 30}) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > table.capacity<T>()) continue;
    const auto [copy, cub] = table.copy_and_cub<T>(n);
    bool good[sizeof...(Strategies)] = {};
    std::size_t next = 0;
    const double t[] = {time_single_pass<T, Strategies>(table, n, good[next++])...};
    std::string line = "| " + std::string(type) + " | 2^" + std::to_string(lg);
    char cell[64];
    std::snprintf(cell, sizeof cell, " | %.1f | %.1f (%.2f)", copy, cub, copy / cub);
    line += cell;
    bool all_good = true;
    for (std::size_t i = 0; i < sizeof...(Strategies); ++i) {
      std::snprintf(cell, sizeof cell, " | %.1f (%.2f, %.2fx)", t[i], copy / t[i], cub / t[i]);
      line += cell;
      all_good = all_good && good[i];
    }
    line += all_good ? " | ok |" : " | MISMATCH |";
    table.row(line);
  }
}

// The register kernel: threads x bytes of output per thread / blocks per multiprocessor asked of
// the compiler (each with the tuned look-back delay, never staged).
template <int Threads, int Bytes, int IntBlocks = 1, int FloatBlocks = IntBlocks>
using register_shape = tuned_strategy_of<Threads, Bytes, IntBlocks, FloatBlocks,
                                         scan::cuda::tuned_lookback_delay, scan::gpu::never_staged>;
using swept_shapes =
    shapes<register_shape<256, 128>, register_shape<256, 128, 3>, register_shape<256, 128, 4>,
           register_shape<128, 128, 8>, register_shape<256, 96, 4>, register_shape<256, 64, 6>,
           register_shape<512, 64, 2>>;
const char* const shapes_head =
    "| type | n | copy us | CUB us (/copy) | 256x128B/1 | 256x128B/3 | 256x128B/4 | 128x128B/8 | "
    "256x96B/4 | 256x64B/6 | 512x64B/2 | check "
    "|\n|---|---|---|---|---|---|---|---|---|---|---|---|";

// The staged single pass (from 2048 tiles; the register kernel below) with blocks per
// multiprocessor for 4-byte / 8-byte results, beside the tuned register kernel never staged.
template <int Blocks, int WideBlocks>
using staged_shape = tuned_strategy_of<256, 128, 4, 3, scan::cuda::tuned_lookback_delay,
                                       scan::cuda::staged_single_pass<2048, Blocks, WideBlocks>>;
using swept_staging = shapes<register_shape<256, 128, 4, 3>, staged_shape<4, 4>, staged_shape<5, 5>,
                             staged_shape<6, 5>, staged_shape<6, 6>>;
const char* const staging_head = "| type | n | copy us | CUB us (/copy) | registers 4/3 | staged "
                                 "4/4 | staged 5/5 | staged 6/5 | "
                                 "staged 6/6 | check |\n|---|---|---|---|---|---|---|---|---|---|";

// The staged single pass from fewer tiles on (no look-back delay below 2048 tiles), beside the
// tuned choice (from 2048).
template <std::int64_t FromTiles>
using staged_from = tuned_strategy_of<256, 128, 4, 3, scan::cuda::tuned_lookback_delay,
                                      scan::cuda::staged_single_pass<FromTiles, 6, 5>>;
using swept_from = shapes<register_shape<256, 128, 4, 3>, staged_from<256>, staged_from<512>,
                          staged_from<1024>, staged_from<2048>>;
const char* const from_head =
    "| type | n | copy us | CUB us (/copy) | registers 4/3 | staged from 256 tiles | from 512 | "
    "from 1024 | from 2048 (tuned) | check |\n|---|---|---|---|---|---|---|---|---|---|";

// The tuned strategy with the staged single pass's sleep before a tile's first look-back poll
// (ns) fixed, or tuned.
template <class Delay>
using tuned_shape_with = tuned_strategy_of<256, 128, 4, 3, scan::cuda::tuned_lookback_delay,
                                           scan::cuda::staged_single_pass<2048, 6, 5, Delay>>;
using swept_delays = shapes<tuned_shape_with<scan::cuda::no_lookback_delay>,
                            tuned_shape_with<scan::cuda::fixed_lookback_delay<600>>,
                            tuned_shape_with<scan::cuda::fixed_lookback_delay<1200>>,
                            tuned_shape_with<scan::cuda::fixed_lookback_delay<1800>>,
                            tuned_shape_with<scan::cuda::fixed_lookback_delay<3000>>,
                            tuned_shape_with<scan::cuda::staged_lookback_delay>>;
const char* const delays_head =
    "| type | n | copy us | CUB us (/copy) | no delay | 600 ns | 1200 ns | 1800 ns | 3000 ns | "
    "tuned | check |\n|---|---|---|---|---|---|---|---|---|---|---|";

template <class Swept>
void sweep(const std::string& heading, const char* head, const std::string& markdown) {
  cuda_table table(std::size_t{4} << 30, heading, markdown);
  std::printf("single pass alone, median us (of copy, vs CUB)\n");
  table.row(head);
  sweep_type<std::int32_t>("int32", table, Swept{});
  sweep_type<float>("float", table, Swept{});
  sweep_type<std::int64_t>("int64", table, Swept{});
  sweep_type<double>("double", table, Swept{});
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("The CUDA single pass alone over tile shapes, beside CUB and a device copy: one "
               "Markdown table row per type and size.",
               "tile_sweep");
  std::string markdown;
  bool delays = false, staging = false, from = false;
  auto* d = app.add_flag("--delays", delays,
                         "the staged kernel's sleep before a tile's first look-back poll");
  auto* s = app.add_flag("--staging", staging,
                         "blocks per multiprocessor of the staged kernel, beside the register "
                         "kernel");
  auto* f = app.add_flag("--from", from, "the tile count from which the staged kernel runs");
  d->excludes(s)->excludes(f);
  s->excludes(f);
  app.add_option("--markdown", markdown, "append the table to FILE")->type_name("FILE");
  app.footer("Without a flag: shapes of the register kernel (threads x bytes of output per thread "
             "/ blocks per multiprocessor).");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }

  const std::string heading = scan::perf::kit::gpu_heading();
  if (heading.empty()) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }
  try {
    if (delays)
      sweep<swept_delays>(heading, delays_head, markdown);
    else if (staging)
      sweep<swept_staging>(heading, staging_head, markdown);
    else if (from)
      sweep<swept_from>(heading, from_head, markdown);
    else
      sweep<swept_shapes>(heading, shapes_head, markdown);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tile_sweep: %s\n", e.what());
    return 1;
  }
  return 0;
}
