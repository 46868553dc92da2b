// Where the staged single pass spends its time, tile by tile. Each block stamps the GPU's global
// timer as its tile enters, lands in shared memory, has its aggregate, is resolved by the look-back
// and is stored (the phases of kernels/phase_probe.cuh, through a launch trait with a probe of its
// own), and this program sums up the stamps of many calls, beside a copy (the output of one call
// is checked against CUB's):
//
//   single_pass_timeline [--types int32,float] [--min 22] [--max 24] [--calls 30] [--markdown FILE]
//
// Two tables. The first, a row per type and size: the call's median time from an idle stream as
// cub_comparison times it (stamps included; they cost one store per block and phase), the median
// over calls of the span from the first block's start to the last block's last store, of when the
// last tile landed and the last aggregate was out, and of the tail after that; then the median of
// each phase's length over every tile of every call. The second: the mean time, from the first
// block's start, at which the tiles of each eighth of the grid (by block index) reached each phase.
// Times in microseconds; %globaltimer's ticks are tens of nanoseconds apart.
//
// Only the staged kernel marks its phases: sizes below its threshold (the tuning table's) print
// "register kernel". Stamps are kept for up to 2^16 tiles.
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_parts.cuh>
#include <scan/detail/kernels/phase_probe.cuh>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/types.hpp>

#include "perf/cuda_table.cuh"
#include "perf/kit/device_lookback.cuh"
#include "perf/kit/gpu_program.hpp"
#include "perf/kit/summary.hpp"
#include "perf/kit/table_options.hpp"

namespace {

using scan::gpu::tile_phase;
using scan::gpu::tile_phases;
using scan::perf::cuda_table;
using scan::perf::kit::cuda_check;

constexpr int max_tiles = 1 << 16;
__device__ unsigned long long phase_stamps[max_tiles * tile_phases];

struct stamp_probe {
  __device__ static void mark(tile_phase phase) {
    if (threadIdx.x != 0 || blockIdx.x >= max_tiles) return; // grids beyond: left unstamped
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    phase_stamps[blockIdx.x * tile_phases + static_cast<int>(phase)] = now;
  }
};

struct timeline_launch : scan::cuda::cuda_launch {
  using phase_probe = stamp_probe;
};

using strategy = scan::cuda::cuda_vendor::tuned_strategy;

double median(std::vector<double> v) {
  return scan::perf::kit::summarize(std::move(v)).median;
}

// One call's stamps, in microseconds after its first block started; empty where no block of the
// staged kernel ran.
struct call_stamps {
  int tiles = 0;
  std::vector<double> at; // tile * tile_phases + phase

  double of(int tile, tile_phase p) const {
    return at[static_cast<std::size_t>(tile * tile_phases + static_cast<int>(p))];
  }
  double last(tile_phase p) const {
    double t = 0;
    for (int b = 0; b < tiles; ++b)
      t = std::max(t, of(b, p));
    return t;
  }
};

// The stamps of the first `limit` tiles (the grid's tile count once known, to read no more).
call_stamps read_stamps(cudaStream_t stream, int limit = max_tiles) {
  std::vector<unsigned long long> raw(static_cast<std::size_t>(limit) * tile_phases);
  cuda_check(cudaMemcpyFromSymbolAsync(raw.data(), phase_stamps, raw.size() * sizeof raw[0], 0,
                                       cudaMemcpyDeviceToHost, stream),
             "stamps");
  cuda_check(cudaStreamSynchronize(stream), "stamps");
  call_stamps c;
  while (c.tiles < limit && raw[static_cast<std::size_t>(c.tiles) * tile_phases] != 0)
    ++c.tiles;
  unsigned long long first = ~0ull;
  for (int b = 0; b < c.tiles; ++b)
    first = std::min(first, raw[static_cast<std::size_t>(b) * tile_phases]);
  c.at.resize(static_cast<std::size_t>(c.tiles) * tile_phases);
  for (std::size_t i = 0; i < c.at.size(); ++i)
    c.at[i] = static_cast<double>(raw[i] - first) / 1e3;
  return c;
}

void clear_stamps(cudaStream_t stream, int limit = max_tiles) {
  void* p = nullptr;
  cuda_check(cudaGetSymbolAddress(&p, phase_stamps), "stamps");
  cuda_check(
      cudaMemsetAsync(
          p, 0, static_cast<std::size_t>(limit) * tile_phases * sizeof(unsigned long long), stream),
      "stamps");
}

template <class T>
void timeline_of(const char* type, int lg, int calls, cuda_table& table,
                 std::vector<std::string>& eighths) {
  const std::int64_t n = std::int64_t{1} << lg;
  cudaStream_t stream = table.stream();
  const std::int64_t tiles =
      scan::detail::ceil_div(n, scan::gpu::tile_items_of<strategy>(sizeof(T), sizeof(T)));
  const scan::perf::kit::device_lookback<T> lookback(tiles, stream);
  scan::gpu::gpu_parts<strategy, timeline_launch> parts{stream};
  const auto scan_call = [&](const T* in, T* out) {
    parts.single_pass(in, out, n, true, scan::detail::maybe<T>{}, lookback.state(), scan::sum{});
  };
  const double copy = table.copy_and_cub<T>(n).first; // CUB's output: the check's reference
  clear_stamps(stream);
  const bool good = table.matches<T>(n, scan_call);
  const int staged = read_stamps(stream).tiles;
  char line[512];
  if (staged == 0 || staged >= max_tiles) {
    std::snprintf(line, sizeof line, "| %s | 2^%d | %s |", type, lg,
                  staged == 0 ? "register kernel" : "more tiles than the stamps hold");
    table.row(line);
    return;
  }
  const double call_us = table.time<T>(n, scan_call);

  // Stamped calls, each from an idle stream on the rotated buffers, as timed.
  std::vector<double> span, landed, reduced, tail, phase_len[tile_phases - 1];
  std::vector<double> eighth_sum(8 * (tile_phases - 1), 0);
  std::vector<int> eighth_count(8, 0);
  clear_stamps(stream, staged);
  table.each<T>(n, calls, scan_call, [&](int) {
    const call_stamps s = read_stamps(stream, staged);
    clear_stamps(stream, staged);
    span.push_back(s.last(tile_phase::stored));
    landed.push_back(s.last(tile_phase::landed));
    reduced.push_back(s.last(tile_phase::reduced));
    tail.push_back(span.back() - reduced.back());
    for (int b = 0; b < s.tiles; ++b) {
      const int e = static_cast<int>(8LL * b / s.tiles);
      ++eighth_count[static_cast<std::size_t>(e)];
      for (int p = 1; p < tile_phases; ++p) {
        const double t = s.of(b, static_cast<tile_phase>(p));
        phase_len[p - 1].push_back(t - s.of(b, static_cast<tile_phase>(p - 1)));
        eighth_sum[static_cast<std::size_t>(e * (tile_phases - 1) + p - 1)] += t;
      }
    }
  });
  std::snprintf(line, sizeof line,
                "| %s | 2^%d | %d | %.1f | %.1f (%.2f) | %.1f | %.1f | %.1f | %.1f | %.2f | %.2f | "
                "%.2f | %.2f | %s |",
                type, lg, staged, copy, call_us, copy / call_us, median(span), median(landed),
                median(reduced), median(tail), median(phase_len[0]), median(phase_len[1]),
                median(phase_len[2]), median(phase_len[3]), good ? "ok" : "MISMATCH");
  table.row(line);
  for (int e = 0; e < 8; ++e) {
    const double k = std::max(1, eighth_count[static_cast<std::size_t>(e)]);
    const double* m = &eighth_sum[static_cast<std::size_t>(e * (tile_phases - 1))];
    std::snprintf(line, sizeof line, "| %s | 2^%d | %d | %.2f | %.2f | %.2f | %.2f |", type, lg,
                  e + 1, m[0] / k, m[1] / k, m[2] / k, m[3] / k);
    eighths.emplace_back(line);
  }
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("The staged single pass's phases, tile by tile: when its tiles land, are reduced, "
               "resolved and stored (sums of built-in types).",
               "single_pass_timeline");
  scan::perf::kit::table_options table_opt;
  table_opt.min_log = 22;
  table_opt.max_log = 24;
  std::vector<std::string> types{"int32", "float"};
  std::vector<std::string> known;
  scan::for_each_entry(scan::element_types, [&](const auto& entry) {
    if (!scan::is_half_precision(entry.kind)) known.emplace_back(entry.name);
  });
  int calls = 30;
  app.add_option("--types", types, "element types (default int32,float)")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(CLI::IsMember(known));
  app.add_option("--calls", calls, "stamped calls per row (default 30)")
      ->check(CLI::Range(1, 1000));
  scan::perf::kit::add_table_options(app, table_opt, 30);
  std::string heading;
  if (const int code = scan::perf::kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0)
    return code;
  try {
    cuda_table table(std::size_t{8} << table_opt.max_log, heading, table_opt.markdown);
    table.row("| type | n | tiles | copy us | call us (/copy) | span us | last landed | "
              "last reduced | tail after it | load | reduce | look-back | scan and store | check "
              "|\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    std::vector<std::string> eighths;
    scan::for_each_entry(scan::element_types, [&](const auto& entry) {
      using T = typename std::decay_t<decltype(entry)>::type;
      if (scan::is_half_precision(entry.kind) ||
          std::find(types.begin(), types.end(), std::string(entry.name)) == types.end())
        return;
      table.fill<T>();
      for (int lg = table_opt.min_log; lg <= table_opt.max_log; ++lg)
        timeline_of<T>(std::string(entry.name).c_str(), lg, calls, table, eighths);
    });
    table.row("\n| type | n | eighth | landed | reduced | resolved | stored |\n"
              "|---|---|---|---|---|---|---|");
    for (const std::string& e : eighths)
      table.row(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "single_pass_timeline: %s\n", e.what());
    return 1;
  }
  return 0;
}
