// The 16-bit floats' scans into float (scan::half -> float, scan::bfloat16 -> float) beside CUB
// (cub::DeviceScan::InclusiveScan reading the input as float) and a device copy that moves the
// same bytes (the scan reads 2 and writes 4 per item: a copy of 3 bytes per item), in one process.
//
//   half_comparison [--min 20] [--max 28] [--markdown FILE]
//
// Timing as cub_comparison's (perf/cuda_table.cuh): each call from an idle stream, 3 warm-up
// calls, the median; the rotation sized by the output's bytes. Every libscan result is compared
// with CUB's bit for bit (the kit's inputs, small integers, sum exactly in float in any order).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <thrust/iterator/transform_iterator.h>

#include "perf/kit/cub_scan.cuh"
#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_data.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/markdown_table.hpp"
#include "perf/kit/measure.hpp"
#include "perf/kit/rotation.hpp"
#include "perf/kit/table_options.hpp"
#include "perf/kit/gpu_program.hpp"
#include <scan/scan.hpp>

namespace {

namespace kit = scan::perf::kit;

template <class In>
void compare(const char* name, std::int64_t capacity, int min_log, int max_log, cudaStream_t stream,
             const kit::markdown_table& table) {
  const auto items = static_cast<std::size_t>(capacity);
  kit::device_array<In> in(items);
  kit::device_array<float> out(items), ref(items);
  // The copy's own buffers.
  const std::size_t copy_room = items * 2 * (sizeof(In) + sizeof(float));
  kit::device_array<unsigned char> copy_src(copy_room), copy_dst(copy_room);
  kit::fill_input(in.get(), capacity, stream);
  kit::cuda_clock clock{stream, kit::cadence::from_idle};
  kit::gpu_check check;
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  const auto cub_scan = [&](const In* i, float* o, std::int64_t n) {
    std::size_t bytes = temp_bytes;
    kit::cuda_check(cub::DeviceScan::InclusiveScan(temp, bytes, kit::accumulating(i), o,
                                                   ::cuda::std::plus<float>{}, n, stream),
                    "cub");
    return bytes;
  };
  for (int lg = min_log; lg <= max_log; ++lg) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > capacity) break;
    const std::size_t need = [&] {
      std::size_t bytes = 0;
      kit::cuda_check(cub::DeviceScan::InclusiveScan(nullptr, bytes, kit::accumulating(in.get()),
                                                     out.get(), ::cuda::std::plus<float>{}, n,
                                                     stream),
                      "cub");
      return bytes;
    }();
    if (need > temp_bytes) {
      cudaFree(temp);
      kit::cuda_check(cudaMalloc(&temp, need), "cudaMalloc");
      temp_bytes = need;
    }
    // Sets lie the output's bytes apart, in both buffers: the input's, half as long, fit too.
    kit::rotation rot(static_cast<std::size_t>(n) * sizeof(float), std::size_t{256} << 20, 0,
                      static_cast<std::size_t>(capacity) * sizeof(In));
    const kit::sampling s{3, 15, 200, 60, 6.0 * static_cast<double>(n) / 2.5e3 + 5.0};
    const auto timed = [&](auto call) {
      return kit::measure(clock, s,
                          [&] {
                            const std::int64_t set = rot.next();
                            call(rot.at(in.get(), set), rot.at(out.get(), set));
                          })
          .median;
    };
    // A copy of half the scan's bytes moves as many as the scan does: 3 read, 3 written per item.
    const std::size_t copy_bytes = static_cast<std::size_t>(n) * (sizeof(In) + sizeof(float)) / 2;
    const double copy = timed([&](const In* i, float*) { // at this call's set
      const auto at = static_cast<std::size_t>(reinterpret_cast<const unsigned char*>(i) -
                                               reinterpret_cast<const unsigned char*>(in.get()));
      kit::cuda_check(cudaMemcpyAsync(copy_dst.get() + at, copy_src.get() + at, copy_bytes,
                                      cudaMemcpyDeviceToDevice, stream),
                      "copy");
    });
    const double cub = timed([&](const In* i, float* o) { cub_scan(i, o, n); });
    scan::options opt;
    opt.stream = stream;
    const double lib =
        timed([&](const In* i, float* o) { scan::inclusive_scan(i, o, n, scan::sum{}, opt); });
    cub_scan(in.get(), ref.get(), n);
    kit::cuda_check(cudaMemsetAsync(out.get(), 0xff, static_cast<std::size_t>(n) * 4, stream),
                    "poison");
    scan::inclusive_scan(static_cast<const In*>(in.get()), out.get(), n, scan::sum{}, opt);
    const bool good =
        check.first_mismatch(static_cast<const float*>(out.get()),
                             static_cast<const float*>(ref.get()), n, 0, true, 0, 0, stream) < 0;
    char line[256];
    std::snprintf(line, sizeof line,
                  "| %s -> float | 2^%d | %.1f | %.1f | %.1f | %.2fx | %.2f | %.2f | %s |", name,
                  lg, copy, cub, lib, cub / lib, copy / lib, copy / cub, good ? "ok" : "MISMATCH");
    table.row(line);
  }
  cudaFree(temp);
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("The 16-bit floats' sums into float beside CUB and a device copy of the same bytes.",
               "half_comparison");
  kit::table_options table_opt;
  table_opt.min_log = 20;
  table_opt.max_log = 28;
  kit::add_table_options(app, table_opt, 30);
  std::string heading;
  if (const int code = kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0) return code;
  const int min_log = table_opt.min_log, max_log = table_opt.max_log; // as parsed
  const std::string& markdown = table_opt.markdown;
  const kit::markdown_table table(
      heading,
      "| pair | n | copy us | CUB us | libscan us | vs CUB | libscan / "
      "copy | CUB / copy | check |\n|---|---|---|---|---|---|---|---|---|",
      markdown);
  try {
    cudaStream_t stream;
    kit::cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
    // Room for the rotation: 256 MB of outputs, or one set at the largest size.
    const std::int64_t capacity =
        std::max<std::int64_t>(std::int64_t{1} << max_log, std::int64_t{64} << 20);
    compare<scan::half>("float16", capacity, min_log, max_log, stream, table);
    compare<scan::bfloat16>("bfloat16", capacity, min_log, max_log, stream, table);
    cudaStreamDestroy(stream);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "half_comparison: %s\n", e.what());
    return 1;
  }
  return 0;
}
