// Tuning sweep of the CUDA single pass: the kernel alone, over tile shapes (threads x bytes of
// output per thread x blocks per multiprocessor asked of the compiler) and run-time tuning (when
// the staged kernel takes over, look-back sleeps), beside a device copy and
// cub::DeviceScan::InclusiveSum of the same bytes, in one process on the same buffers. It needs
// only headers (libscan's and CLI11's), so it builds in a minute without the library:
//
//   nvcc -std=c++17 -O3 -arch=sm_90 -I. -Iinclude perf/tile_sweep.cu -o tile_sweep
//   ./tile_sweep [--delays | --staging | --from | --hints | --order | --wide | --staged-bytes]
//                [--markdown FILE]
//                [--csv FILE]
//
// Without options: shapes of the register kernel (single_pass_kernel.cuh). --staging: blocks per
// multiprocessor of the staged kernel (staged_single_pass_kernel.cuh) beside the register kernel.
// --delays: the sleep before a tile's first look-back poll. --from: the tile count from which the
// staged kernel runs. --hints: the staged kernel at every size, its tiles loaded with and without
// the evict-first cache policy. --wide: both kernels' blocks per multiprocessor for 16-byte values
// (the affine maps of perf/kit/affine64.hpp under composition) instead of the sums of 4- and 8-byte
// ones. --staged-bytes: the staged kernel at every size with tiles of at most 8, 16 and 32 KiB,
// over sums of 1-, 2- and 4-byte values. --order: the tuned single pass with its tiles numbered by
// block index and by ticket (tile_order, vocabulary/lookback_state.hpp); with --wide, over the
// 16-byte values.
//
// perf/tune.sh runs --from, --delays and --hints and writes the run-time entry of the GPU it runs
// on (include/scan/detail/backends/cuda/cuda_tuning.hpp) from their --csv rows; shapes and blocks
// per multiprocessor are compile-time choices read off the other tables, recorded in
// perf/tuning/cuda.json, which perf/tune.py writes into the same file. Figures: median us, timed as
// cub_comparison's are (perf/cuda_table.cuh), each variant's output compared with CUB's.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_parts.cuh>
#include <scan/detail/vocabulary/lookback_state.hpp>

#include "perf/cuda_table.cuh"
#include "perf/kit/affine64.hpp"
#include "perf/kit/device_lookback.cuh"
#include "perf/kit/gpu_program.hpp"

// A 16-byte value whose combination costs two additions: beside affine64 (two 64-bit multiplies
// and an add a combination), it shows what the wide tiles' arithmetic costs.
namespace scan_perf {
struct sum64x2 {
  std::uint64_t a, b;
  struct plus {
    SCAN_PERF_HOST_DEVICE sum64x2 operator()(const sum64x2& x, const sum64x2& y) const {
      return {x.a + y.a, x.b + y.b};
    }
  };
};
} // namespace scan_perf
namespace scan::perf::kit {
template <>
SCAN_PERF_HOST_DEVICE inline scan_perf::sum64x2 input_value<scan_perf::sum64x2>(std::int64_t i) {
  const auto k = static_cast<std::uint64_t>(i);
  return {splitmix64(2 * k), splitmix64(2 * k + 1)};
}
} // namespace scan::perf::kit

namespace {

using scan::gpu::device_tuning;
using scan::perf::cuda_table;

// The CUDA launch trait with the run-time tuning a variant sets (the library's comes from the
// tuning table for the device).
struct sweep_launch : scan::cuda::cuda_launch {
  static device_tuning& current() {
    static device_tuning t;
    return t;
  }
  static const device_tuning& tuning() { return current(); }
};

// The launch trait with a tile order for every value type (the library's: block index up to 8
// bytes, tickets above).
template <scan::detail::tile_order Order> struct ordered_launch : sweep_launch {
  template <class Out> static constexpr scan::detail::tile_order tile_order_of = Order;
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
// Staged at every size, its tiles loaded evict-first below a tile count (0: never).
template <std::int64_t Tiles> struct staged_evict_first_below {
  static void apply(device_tuning& t) {
    t.stage_from_tiles = 0;
    t.evict_first_below_tiles = Tiles;
  }
};
// The same sleep at every tile count, for every type.
template <int Ns> struct fixed_delay {
  static void apply(device_tuning& t) {
    t.delay_from_tiles = t.long_delay_from_tiles = 0;
    t.delay_ns = t.long_delay_ns = t.float_delay_ns = Ns;
  }
};

// --evict-first-below: the tile count below which every variant's staged tiles load evict-first,
// in place of the table's (perf/tune.sh sweeps the rest with the one the --hints sweep chose).
std::int64_t evict_first_below_tiles = -1; // -1: the table's

// One variant: a strategy (the tile shape, compile time), its tuning (run time) and launch trait.
template <class Strategy, class Tuning = as_tuned, class Launch = sweep_launch> struct variant {
  using strategy = Strategy;
  using launch = Launch;
  static void tune() {
    device_tuning& t = sweep_launch::current();
    t = scan::cuda::current_profile().tuning;
    if (evict_first_below_tiles >= 0) t.evict_first_below_tiles = evict_first_below_tiles;
    Tuning::apply(t);
  }
};

// One variant: times its single pass on n items of T under op; `good` is false when its output
// differs.
template <class T, class Op, class Variant>
double time_single_pass(cuda_table& table, std::int64_t n, Op op, bool& good) {
  using Strategy = typename Variant::strategy;
  Variant::tune();
  const std::int64_t tile = scan::gpu::tile_items_of<Strategy>(sizeof(T), sizeof(T));
  const std::int64_t tiles = (n + tile - 1) / tile;
  const scan::perf::kit::device_lookback<T> lookback(tiles, table.stream());
  scan::gpu::gpu_parts<Strategy, typename Variant::launch> parts{table.stream()};
  auto run = [&](const T* in, T* out) {
    parts.single_pass(in, out, n, true, scan::detail::maybe<T>{}, lookback.state(), op);
  };
  const double us = table.time<T>(n, run);
  good = table.matches<T>(n, run);
  return us;
}

template <class... Variants> struct shapes {};

// A sweep: its variants, the names of their columns, and where its CSV rows go.
struct sweep_output {
  const char* mode;
  std::vector<std::string> names;
  FILE* csv;
  int multiprocessors;
  std::string types; // the types swept, comma-separated; empty: all
};

template <class T, class Op, class... Variants>
void sweep_type(const char* type, Op op, cuda_table& table, const sweep_output& out,
                shapes<Variants...>) {
  if (!out.types.empty() &&
      ("," + out.types + ",").find("," + std::string(type) + ",") == std::string::npos)
    return;
  table.fill<T>();
  const std::int64_t tile =
      scan::gpu::tile_items_of<scan::cuda::cuda_vendor::tuned_strategy>(sizeof(T), sizeof(T));
  for (int lg : {20, 21, 22, 23, 24, 25, 26, 27, 28, 30}) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > table.capacity<T>()) continue;
    const auto [copy, cub] = table.copy_and_cub<T>(n, op);
    bool good[sizeof...(Variants)] = {};
    std::size_t next = 0;
    const double t[] = {time_single_pass<T, Op, Variants>(table, n, op, good[next++])...};
    std::string line = "| " + std::string(type) + " | 2^" + std::to_string(lg);
    char cell[64];
    std::snprintf(cell, sizeof cell, " | %.1f | %.1f (%.2f)", copy, cub, copy / cub);
    line += cell;
    bool all_good = true;
    for (std::size_t i = 0; i < sizeof...(Variants); ++i) {
      std::snprintf(cell, sizeof cell, " | %.1f (%.2f, %.2fx)", t[i], copy / t[i], cub / t[i]);
      line += cell;
      all_good = all_good && good[i];
      if (out.csv)
        std::fprintf(out.csv, "%s,%s,%lld,%lld,%d,%s,%.3f,%.3f,%.3f,%d\n", out.mode, type,
                     static_cast<long long>(n), static_cast<long long>((n + tile - 1) / tile),
                     out.multiprocessors, out.names[i].c_str(), t[i], copy, cub, good[i] ? 1 : 0);
    }
    line += all_good ? " | ok |" : " | MISMATCH |";
    table.row(line);
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
const std::vector<std::string> shapes_names = {
    "256x128B/1", "256x128B/3", "256x128B/4", "128x128B/8", "256x96B/4", "256x64B/6", "512x64B/2"};

// The staged single pass (from the tuned tile count; the register kernel below) with blocks per
// multiprocessor for 4-byte / 8-byte results, beside the tuned register kernel never staged.
template <int Blocks, int WideBlocks>
using staged_shape =
    variant<scan::gpu::tuned_strategy_of<scan::gpu::ptx_warp_scan, 256, 128, 4, 3,
                                         scan::gpu::tuned_lookback_delay,
                                         scan::gpu::staged_single_pass<Blocks, WideBlocks>>>;
using swept_staging = shapes<register_shape<256, 128, 4, 3>, staged_shape<4, 4>, staged_shape<5, 5>,
                             staged_shape<6, 5>, staged_shape<6, 6>>;
const std::vector<std::string> staging_names = {"registers 4/3", "staged 4/4", "staged 5/5",
                                                "staged 6/5", "staged 6/6"};

// 16-byte values: the register kernel at 8 items a thread (the compiler is asked for one block
// per multiprocessor: custom types), the staged one at 6 down to 3 blocks per multiprocessor (5
// is the tuned choice; other look-back sleeps than the tuned one measured no faster).
template <int Blocks, class Tuning = as_tuned>
using staged_wide =
    variant<scan::gpu::tuned_strategy_of<scan::gpu::ptx_warp_scan, 256, 128, 4, 3,
                                         scan::gpu::tuned_lookback_delay,
                                         scan::gpu::staged_single_pass<Blocks, Blocks>>,
            Tuning>;
using swept_wide = shapes<register_shape<256, 128>, staged_wide<6>, staged_wide<5>, staged_wide<4>,
                          staged_wide<3>>;
const std::vector<std::string> wide_names = {"registers", "staged 6", "staged 5", "staged 4",
                                             "staged 3"};

// The staged single pass at every size with tiles of at most MaxBytes of shared memory (one-
// and two-byte inputs stage several register tiles in one: fewer, larger tiles), beside the
// tuned strategy and the register kernel never staged: whether small inputs want smaller staged
// tiles.
template <int MaxBytes>
using staged_bytes =
    variant<scan::gpu::tuned_strategy_of<scan::gpu::ptx_warp_scan, 256, 128, 4, 3,
                                         scan::gpu::tuned_lookback_delay,
                                         scan::gpu::staged_single_pass<6, 5, MaxBytes>>,
            staged_from_tiles<0>>;
using swept_staged_bytes =
    shapes<variant<scan::cuda::cuda_vendor::tuned_strategy>, register_shape<256, 128, 4, 3>,
           staged_bytes<8192>, staged_bytes<16384>, staged_bytes<32768>>;
const std::vector<std::string> staged_bytes_names = {"tuned", "registers 4/3", "staged 8 KiB",
                                                     "staged 16 KiB", "staged 32 KiB"};

// The tuned strategy with the tuning changed.
template <class Tuning> using tuned_with = variant<scan::cuda::cuda_vendor::tuned_strategy, Tuning>;

// The staged single pass from fewer or more tiles on, beside the register kernel.
using swept_from = shapes<tuned_with<never_staged_tuning>, tuned_with<staged_from_tiles<256>>,
                          tuned_with<staged_from_tiles<512>>, tuned_with<staged_from_tiles<1024>>,
                          tuned_with<staged_from_tiles<2048>>, tuned_with<staged_from_tiles<4096>>>;
const std::vector<std::string> from_names = {"registers", "from 256",  "from 512",
                                             "from 1024", "from 2048", "from 4096"};

// The sleep before a tile's first look-back poll (ns), the same at every tile count, or tuned.
using swept_delays =
    shapes<tuned_with<fixed_delay<0>>, tuned_with<fixed_delay<600>>, tuned_with<fixed_delay<1200>>,
           tuned_with<fixed_delay<1800>>, tuned_with<fixed_delay<3000>>,
           tuned_with<fixed_delay<4500>>, tuned_with<as_tuned>>;
const std::vector<std::string> delays_names = {"0 ns",    "600 ns",  "1200 ns", "1800 ns",
                                               "3000 ns", "4500 ns", "tuned"};

// The staged kernel at every size, its tiles loaded with and without the evict-first cache policy.
using swept_hints = shapes<tuned_with<staged_evict_first_below<0>>,
                           tuned_with<staged_evict_first_below<INT64_MAX>>>;
const std::vector<std::string> hints_names = {"plain loads", "evict-first loads"};

// The tuned single pass with its tiles numbered by block index and by ticket
// (vocabulary/lookback_state.hpp's tile_order).
template <scan::detail::tile_order Order>
using ordered = variant<scan::cuda::cuda_vendor::tuned_strategy, as_tuned, ordered_launch<Order>>;
using swept_order = shapes<ordered<scan::detail::tile_order::by_block_index>,
                           ordered<scan::detail::tile_order::by_ticket>>;
const std::vector<std::string> order_names = {"by block index", "by ticket"};

// Sums of 4- and 8-byte values, or (wide) affine maps under composition.
template <class Swept>
void sweep(const char* mode, const std::vector<std::string>& names, const std::string& heading,
           const std::string& markdown, FILE* csv, const std::string& types, bool wide = false,
           bool narrow = false) {
  cuda_table table(std::size_t{4} << 30, heading, markdown);
  std::printf("single pass alone, median us (of copy, vs CUB)\n");
  std::string head = "| type | n | copy us | CUB us (/copy) |";
  std::string rule = "|---|---|---|---|";
  for (const std::string& name : names) {
    head += " " + name + " |";
    rule += "---|";
  }
  table.row(head + " check |\n" + rule + "---|");
  int multiprocessors = 0;
  scan::perf::kit::cuda_check(cudaDeviceGetAttribute(&multiprocessors,
                                                     cudaDevAttrMultiProcessorCount,
                                                     scan::cuda::cuda_vendor::current_device()),
                              "cudaDeviceGetAttribute");
  const sweep_output out{mode, names, csv, multiprocessors, types};
  if (wide) {
    using scan_perf::affine64;
    sweep_type<affine64>(affine64::name, affine64::then{}, table, out, Swept{});
    sweep_type<scan_perf::sum64x2>("sum64x2", scan_perf::sum64x2::plus{}, table, out, Swept{});
    return;
  }
  if (narrow) {
    sweep_type<std::int8_t>("int8", scan::sum{}, table, out, Swept{});
    sweep_type<std::int16_t>("int16", scan::sum{}, table, out, Swept{});
  }
  sweep_type<std::int32_t>("int32", scan::sum{}, table, out, Swept{});
  sweep_type<float>("float", scan::sum{}, table, out, Swept{});
  if (narrow) return;
  sweep_type<std::int64_t>("int64", scan::sum{}, table, out, Swept{});
  sweep_type<double>("double", scan::sum{}, table, out, Swept{});
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("The CUDA single pass alone over tile shapes and tuning, beside CUB and a device "
               "copy: one Markdown table row per type and size.",
               "tile_sweep");
  std::string markdown, csv_path, types;
  bool delays = false, staging = false, from = false, wide = false, order = false, hints = false,
       staged_bytes_sweep = false;
  auto* d = app.add_flag("--delays", delays, "the sleep before a tile's first look-back poll");
  auto* s = app.add_flag("--staging", staging,
                         "blocks per multiprocessor of the staged kernel, beside the register "
                         "kernel");
  auto* f = app.add_flag("--from", from, "the tile count from which the staged kernel runs");
  auto* w = app.add_flag("--wide", wide,
                         "16-byte values (affine maps): blocks per multiprocessor of both kernels");
  auto* o = app.add_flag("--order", order,
                         "tiles numbered by block index and by ticket (with --wide: of 16-byte "
                         "values)");
  auto* h = app.add_flag("--hints", hints,
                         "the staged tiles loaded with and without the evict-first cache policy");
  auto* b = app.add_flag("--staged-bytes", staged_bytes_sweep,
                         "the staged kernel at every size with tiles of at most 8, 16 and 32 KiB, "
                         "over int8, int16, int32 and float");
  b->excludes(d)->excludes(s)->excludes(f)->excludes(w)->excludes(o)->excludes(h);
  d->excludes(s)->excludes(f)->excludes(w)->excludes(o)->excludes(h);
  s->excludes(f)->excludes(w)->excludes(o)->excludes(h);
  f->excludes(w)->excludes(o)->excludes(h);
  w->excludes(h);
  o->excludes(h);
  app.add_option("--markdown", markdown, "append the table to FILE")->type_name("FILE");
  app.add_option("--evict-first-below", evict_first_below_tiles,
                 "staged tiles load evict-first below this tile count in every variant (default: "
                 "the tuning table's; --hints sets its own)")
      ->type_name("TILES")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--types", types,
                 "only these of the mode's types, comma-separated (int32,float,int64,double; "
                 "--wide: affine64,sum64x2)");
  app.add_option("--csv", csv_path,
                 "append one row per variant, type and size to FILE (mode, type, n, tiles, "
                 "multiprocessors, variant, us, copy_us, cub_us, ok), for perf/tune.sh")
      ->type_name("FILE");
  app.footer("Without a flag: shapes of the register kernel (threads x bytes of output per thread "
             "/ blocks per multiprocessor).");
  std::string heading;
  if (const int code = scan::perf::kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0)
    return code;
  FILE* csv = csv_path.empty() ? nullptr : std::fopen(csv_path.c_str(), "a");
  try {
    if (delays)
      sweep<swept_delays>("delays", delays_names, heading, markdown, csv, types);
    else if (staging)
      sweep<swept_staging>("staging", staging_names, heading, markdown, csv, types);
    else if (from)
      sweep<swept_from>("from", from_names, heading, markdown, csv, types);
    else if (staged_bytes_sweep)
      sweep<swept_staged_bytes>("staged-bytes", staged_bytes_names, heading, markdown, csv, types,
                                false, true);
    else if (hints)
      sweep<swept_hints>("hints", hints_names, heading, markdown, csv, types);
    else if (order)
      sweep<swept_order>("order", order_names, heading, markdown, csv, types, wide);
    else if (wide)
      sweep<swept_wide>("wide", wide_names, heading, markdown, csv, types, true);
    else
      sweep<swept_shapes>("shapes", shapes_names, heading, markdown, csv, types);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tile_sweep: %s\n", e.what());
    return 1;
  }
  if (csv) std::fclose(csv);
  return 0;
}
