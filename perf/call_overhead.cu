// What one call costs the host before the device runs anything: the time to issue it on an idle
// stream (perf/kit/enqueue_clock.cuh; median of 500 calls), for libscan's inclusive sum of float
// and its steps, beside a cudaMemcpyAsync of the same bytes and CUB's InclusiveSum. From an idle
// stream this time is part of what cub_comparison measures, so at sizes whose kernels take a few
// microseconds it is a visible share of the "fraction of a copy" (perf/CUDA_RESULTS.md).
//
//   call_overhead [--min 10] [--max 24] [--markdown FILE]   (2^min, 2^(min + 2), ... up to 2^max)
//
// Columns: copy (cudaMemcpyAsync), CUB, libscan (scan::inclusive_scan), and three of its steps,
// each issued alone: the argument check (scan::detail::check, with the pointer queries of the
// cuda backend), the workspace (the stream's look-back state from the library's cache) and the
// single pass's launch (gpu_parts, with a look-back state of its own). Sizes from one tile up run
// the single pass; below, one tile's kernel.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include <scan/detail/backends/cuda/cuda_launch.cuh>
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/backends/gpu/gpu_parts.cuh>
#include <scan/detail/orchestration/multi_part.hpp>
#include <scan/detail/runtime/workspace.hpp>
#include <scan/scan.hpp>

#include "perf/kit/cub_scan.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/device_lookback.cuh"
#include "perf/kit/enqueue_clock.cuh"
#include "perf/kit/gpu_program.hpp"
#include "perf/kit/markdown_table.hpp"
#include "perf/kit/measure.hpp"
#include "perf/kit/table_options.hpp"

namespace {

using scan::perf::kit::cuda_check;
using scan::perf::kit::device_array;
using vendor = scan::cuda::cuda_vendor;
using strategy = vendor::tuned_strategy;

class stream_owner {
public:
  stream_owner() { cuda_check(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking), "stream"); }
  ~stream_owner() { cudaStreamDestroy(s_); }
  stream_owner(const stream_owner&) = delete;
  stream_owner& operator=(const stream_owner&) = delete;
  cudaStream_t get() const { return s_; }

private:
  cudaStream_t s_{};
};

void row(const scan::perf::kit::markdown_table& table, std::int64_t n, int lg,
         cudaStream_t stream) {
  device_array<float> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  cuda_check(cudaMemsetAsync(in.get(), 0, static_cast<std::size_t>(n) * sizeof(float), stream),
             "cudaMemsetAsync");
  scan::options opt;
  opt.stream = stream;
  const std::int64_t tiles = scan::detail::ceil_div(n, scan::gpu::tile_items_of<strategy>(4, 4));
  const scan::perf::kit::device_lookback<float> lookback(tiles, stream);
  scan::gpu::gpu_parts<strategy, scan::cuda::cuda_launch> parts{stream};
  scan::perf::kit::cub_scan cub;
  cub.reserve<float>(n, true, stream);
  const auto request = scan::detail::make_request<float, float, scan::sum>(in.get(), out.get(), n,
                                                                           true, nullptr, opt);

  scan::perf::kit::enqueue_clock clock(stream);
  const scan::perf::kit::sampling s{20, 500, 500, 0, 0};
  const auto median = [&](auto&& call) { return scan::perf::kit::measure(clock, s, call).median; };
  const double copy = median([&] {
    cuda_check(cudaMemcpyAsync(out.get(), in.get(), static_cast<std::size_t>(n) * sizeof(float),
                               cudaMemcpyDeviceToDevice, stream),
               "copy");
  });
  const double cub_us = median([&] { cub.run(in.get(), out.get(), n, true, stream); });
  const double lib =
      median([&] { scan::inclusive_scan(in.get(), out.get(), n, scan::sum{}, opt); });
  const double check = median([&] { (void)scan::detail::check(request); });
  const double workspace = median([&] {
    scan::detail::workspace_source<vendor::memory> source(scan::gpu::workspace_cache_of<vendor>(),
                                                          vendor::memory{}, opt);
    (void)source.template lookback<float>(tiles);
  });
  const double launch = median([&] {
    parts.single_pass(in.get(), out.get(), n, true, scan::detail::maybe<float>{}, lookback.state(),
                      scan::sum{});
  });
  char line[256];
  std::snprintf(line, sizeof line, "| float | 2^%d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |", lg,
                copy, cub_us, lib, check, workspace, launch);
  table.row(line);
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("The host's time to issue one call on an idle stream: libscan's inclusive sum and "
               "its steps beside cudaMemcpyAsync and CUB (median us of 500 calls).",
               "call_overhead");
  scan::perf::kit::table_options table_opt;
  table_opt.min_log = 10;
  table_opt.max_log = 24;
  scan::perf::kit::add_table_options(app, table_opt, 30);
  std::string heading;
  if (const int code = scan::perf::kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0)
    return code;
  try {
    const stream_owner stream;
    const scan::perf::kit::markdown_table table(
        heading,
        "| type | n | copy us | CUB us | libscan us | check us | workspace us | single pass "
        "launch us |\n|---|---|---|---|---|---|---|---|",
        table_opt.markdown);
    for (int lg = table_opt.min_log; lg <= table_opt.max_log; lg += 2)
      row(table, std::int64_t{1} << lg, lg, stream.get());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "call_overhead: %s\n", e.what());
    return 1;
  }
  return 0;
}
