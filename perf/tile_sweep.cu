// Tuning sweep of the CUDA single pass: the kernel alone, over tile shapes (threads x bytes of
// output per thread x blocks per multiprocessor asked of the compiler), beside a device copy and
// cub::DeviceScan::InclusiveSum of the same bytes, in one process on the same buffers. It needs
// only the headers, so it builds in a minute without the library:
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I. -Iinclude perf/tile_sweep.cu -o tile_sweep
//   ./tile_sweep [--delays | --staging] [--markdown file]
//
// Without options: shapes of the register kernel (single_pass_kernel.cuh). --staging: blocks per
// multiprocessor of the staged kernel (staged_single_pass_kernel.cuh, from 2048 tiles) beside the
// register kernel. --delays: the staged kernel's sleep before a tile's first look-back poll.
// --from: the tile count from which the staged kernel runs.
//
// The winners become cuda_vendor::tuned_strategy and the tuning table (cuda_tuning_table.hpp); the
// tables they came from go to perf/CUDA_RESULTS.md. Figures: median us (perf/cuda_harness.cuh),
// each shape's output compared with CUB's.
#include <cstdio>
#include <string>
#include <vector>

#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_parts.cuh>
#include <scan/detail/core/arena.hpp>
#include <scan/detail/core/lookback_state.hpp>

#include "perf/cuda_harness.cuh"

namespace {

using namespace perf;
using scan::gpu::device_tuning;

// The CUDA launch trait with the run-time tuning a variant sets (the library's comes from the
// tuning table for the device).
struct sweep_launch : scan::cuda::cuda_launch {
  static device_tuning& current() {
    static device_tuning t;
    return t;
  }
  static const device_tuning& tuning() { return current(); }
};

// Tuning changes a variant makes to the device's table entry.
struct as_tuned {
  static void apply(device_tuning&) {}
};
struct never_staged_tuning {
  static void apply(device_tuning& t) { t.stage_from_tiles = INT64_MAX; }
};
template <std::int64_t Tiles> struct staged_from_tiles {
  static void apply(device_tuning& t) { t.stage_from_tiles = Tiles; }
};
// The same sleep at every tile count, for every type.
template <int Ns> struct fixed_delay {
  static void apply(device_tuning& t) {
    t.delay_from_tiles = t.long_delay_from_tiles = 0;
    t.delay_ns = t.long_delay_ns = t.float_delay_ns = Ns;
  }
};

// One variant: a strategy (the tile shape, compile time) and its tuning (run time).
template <class Strategy, class Tuning = as_tuned> struct variant {
  using strategy = Strategy;
  static void tune() {
    sweep_launch::current() = scan::cuda::current_profile().tuning;
    Tuning::apply(sweep_launch::current());
  }
};

// One variant: times its single pass on n items of T; `good` is false when its output differs.
template <class T, class Variant>
double time_single_pass(buffers& b, std::int64_t n, cudaStream_t s, bool& good) {
  using Strategy = typename Variant::strategy;
  Variant::tune();
  const std::size_t stride = round_up(static_cast<std::size_t>(n) * sizeof(T));
  const int sets = sets_for(sizeof(T), n, b.bytes);
  const std::int64_t tile = scan::gpu::tile_items_of<Strategy>(sizeof(T), sizeof(T));
  const std::int64_t tiles = (n + tile - 1) / tile;
  const std::size_t state_bytes = scan::detail::lookback_bytes(tiles, sizeof(T));
  void* state_memory = nullptr;
  ok(cudaMalloc(&state_memory, state_bytes), "cudaMalloc look-back state");
  ok(cudaMemsetAsync(state_memory, 0, state_bytes, s), "memset look-back state");
  scan::detail::arena ws(state_memory, state_bytes);
  const auto state = scan::detail::carve_lookback<T>(ws, tiles);
  scan::gpu::gpu_parts<Strategy, sweep_launch> parts{s};
  auto run = [&](int set) {
    parts.single_pass(reinterpret_cast<const T*>(b.in + set * stride),
                      reinterpret_cast<T*>(b.out + set * stride), n, true, scan::detail::maybe<T>{},
                      state, scan::sum{});
  };
  const double us = median_us(s, sets, 2.0 * n * sizeof(T) / 2.5e3 + 5.0, run);
  ok(cudaMemsetAsync(b.out, 0xff, n * sizeof(T), s), "poison");
  run(0);
  good = mismatches(b, reinterpret_cast<const T*>(b.out), reinterpret_cast<const T*>(b.ref), n,
                    s) == 0;
  ok(cudaFree(state_memory), "cudaFree");
  return us;
}

template <class... Strategies> struct shapes {};

template <class T, class... Strategies>
void sweep_type(const char* type, buffers& b, cudaStream_t s, FILE* md, shapes<Strategies...>) {
  const std::int64_t biggest = static_cast<std::int64_t>(b.bytes / sizeof(T));
  fill_kernel<<<4096, 256, 0, s>>>(reinterpret_cast<T*>(b.in), biggest, 99);
  ok(cudaGetLastError(), "fill");
  for (int lg : {20, 21, 22, 23, 24, 26, 28, 30}) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > biggest) continue;
    const std::size_t stride = round_up(static_cast<std::size_t>(n) * sizeof(T));
    const int sets = sets_for(sizeof(T), n, b.bytes);
    const double est = 2.0 * n * sizeof(T) / 2.5e3 + 5.0;
    const double copy = median_us(s, sets, est, [&](int set) {
      ok(cudaMemcpyAsync(b.out + set * stride, b.in + set * stride, n * sizeof(T),
                         cudaMemcpyDeviceToDevice, s),
         "copy");
    });
    ensure_cub_temp<T>(b, n, s);
    auto cub_run = [&](int set, T* out) {
      ok(cub::DeviceScan::InclusiveSum(b.temp, b.temp_bytes,
                                       reinterpret_cast<const T*>(b.in + set * stride), out, n, s),
         "cub");
    };
    const double cub = median_us(
        s, sets, est, [&](int set) { cub_run(set, reinterpret_cast<T*>(b.out + set * stride)); });
    cub_run(0, reinterpret_cast<T*>(b.ref));
    bool good[sizeof...(Strategies)] = {};
    std::size_t next = 0;
    const double t[] = {time_single_pass<T, Strategies>(b, n, s, good[next++])...};
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
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    if (md) std::fprintf(md, "%s\n", line.c_str());
  }
}

// The register kernel: threads x bytes of output per thread / blocks per multiprocessor asked of
// the compiler (each with the tuned look-back delay, never staged).
template <int Threads, int Bytes, int IntBlocks = 1, int FloatBlocks = IntBlocks>
using register_shape = variant<
    scan::gpu::tuned_strategy_of<scan::gpu::ptx_warp_scan, Threads, Bytes, IntBlocks, FloatBlocks,
                                 scan::gpu::tuned_lookback_delay, scan::gpu::never_staged>,
    never_staged_tuning>;
using swept_shapes =
    shapes<register_shape<256, 128>, register_shape<256, 128, 3>, register_shape<256, 128, 4>,
           register_shape<128, 128, 8>, register_shape<256, 96, 4>, register_shape<256, 64, 6>,
           register_shape<512, 64, 2>>;
const char* const shapes_head =
    "| type | n | copy us | CUB us (/copy) | 256x128B/1 | 256x128B/3 | 256x128B/4 | 128x128B/8 | "
    "256x96B/4 | 256x64B/6 | 512x64B/2 | check "
    "|\n|---|---|---|---|---|---|---|---|---|---|---|---|";

// The staged single pass (from the tuned tile count; the register kernel below) with blocks per
// multiprocessor for 4-byte / 8-byte results, beside the tuned register kernel never staged.
template <int Blocks, int WideBlocks>
using staged_shape =
    variant<scan::gpu::tuned_strategy_of<scan::gpu::ptx_warp_scan, 256, 128, 4, 3,
                                         scan::gpu::tuned_lookback_delay,
                                         scan::gpu::staged_single_pass<Blocks, WideBlocks>>>;
using swept_staging = shapes<register_shape<256, 128, 4, 3>, staged_shape<4, 4>, staged_shape<5, 5>,
                             staged_shape<6, 5>, staged_shape<6, 6>>;
const char* const staging_head = "| type | n | copy us | CUB us (/copy) | registers 4/3 | staged "
                                 "4/4 | staged 5/5 | staged 6/5 | "
                                 "staged 6/6 | check |\n|---|---|---|---|---|---|---|---|---|---|";

// The tuned strategy with the tuning changed.
template <class Tuning> using tuned_with = variant<scan::cuda::cuda_vendor::tuned_strategy, Tuning>;

// The staged single pass from fewer or more tiles on, beside the register kernel.
using swept_from = shapes<tuned_with<never_staged_tuning>, tuned_with<staged_from_tiles<256>>,
                          tuned_with<staged_from_tiles<512>>, tuned_with<staged_from_tiles<1024>>,
                          tuned_with<staged_from_tiles<2048>>, tuned_with<staged_from_tiles<4096>>>;
const char* const from_head =
    "| type | n | copy us | CUB us (/copy) | registers 4/3 | staged from 256 tiles | from 512 | "
    "from 1024 | from 2048 | from 4096 | check |\n|---|---|---|---|---|---|---|---|---|---|---|";

// The sleep before a tile's first look-back poll (ns), the same at every tile count, or tuned.
using swept_delays =
    shapes<tuned_with<fixed_delay<0>>, tuned_with<fixed_delay<600>>, tuned_with<fixed_delay<1200>>,
           tuned_with<fixed_delay<1800>>, tuned_with<fixed_delay<3000>>, tuned_with<as_tuned>>;
const char* const delays_head =
    "| type | n | copy us | CUB us (/copy) | no delay | 600 ns | 1200 ns | 1800 ns | 3000 ns | "
    "tuned | check |\n|---|---|---|---|---|---|---|---|---|---|---|";

template <class Swept> void sweep(const std::string& heading, const char* head, FILE* md) {
  std::printf("%s\nsingle pass alone, median us (of copy, vs CUB)\n%s\n", heading.c_str(), head);
  if (md) std::fprintf(md, "\n%s\n\n%s\n", heading.c_str(), head);

  cudaStream_t s;
  ok(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  buffers b;
  b.bytes = std::size_t{4} << 30;
  ok(cudaMalloc(&b.in, b.bytes), "cudaMalloc in");
  ok(cudaMalloc(&b.out, b.bytes), "cudaMalloc out");
  ok(cudaMalloc(&b.ref, b.bytes), "cudaMalloc ref");
  ok(cudaMalloc(&b.bad, 8), "cudaMalloc");
  sweep_type<std::int32_t>("int32", b, s, md, Swept{});
  sweep_type<float>("float", b, s, md, Swept{});
  sweep_type<std::int64_t>("int64", b, s, md, Swept{});
  sweep_type<double>("double", b, s, md, Swept{});
}

} // namespace

int main(int argc, char** argv) {
  const char* md_path = nullptr;
  bool delays = false, staging = false, from = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--markdown" && i + 1 < argc) {
      md_path = argv[++i];
    } else if (a == "--delays") {
      delays = true;
    } else if (a == "--staging") {
      staging = true;
    } else if (a == "--from") {
      from = true;
    } else {
      std::fprintf(stderr, "usage: %s [--delays | --staging | --from] [--markdown file]\n",
                   argv[0]);
      return 2;
    }
  }
  const std::string heading = gpu_heading();
  if (heading.empty()) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }
  FILE* md = md_path ? std::fopen(md_path, "a") : nullptr;
  if (delays)
    sweep<swept_delays>(heading, delays_head, md);
  else if (staging)
    sweep<swept_staging>(heading, staging_head, md);
  else if (from)
    sweep<swept_from>(heading, from_head, md);
  else
    sweep<swept_shapes>(heading, shapes_head, md);
  if (md) std::fclose(md);
  return 0;
}
