// libscan's CUDA backend beside cub::DeviceScan::InclusiveSum and a device-to-device
// cudaMemcpyAsync of the same bytes, in one process on the same buffers.
//
//   cub_comparison [--types int32,float,int64,double,affine64] [--min 10] [--max 30]
//                  [--markdown FILE]
//
// --types takes any of the library's element types but the 16-bit floats, which
// half_comparison times (CUB would sum them in 16 bits), and affine64: a 16-byte custom type, the
// affine map x -> a*x + b on 64-bit words (perf/kit/affine64.hpp), scanned by composition, which
// is not commutative, beside cub::DeviceScan::InclusiveScan with the same operator.
//
// Each figure is the median of many calls timed one by one with CUDA events, each from an idle
// stream, after 3 warm-up calls, on inputs rotated through 256 MB of buffers (perf/cuda_table.cuh
// and perf/kit/ say how). GB/s counts n reads + n writes. Every libscan result is compared with
// CUB's, bit for bit. perf/tile_sweep.cu times the single pass alone over tile shapes (tuning).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "perf/cuda_table.cuh"
#include "perf/kit/affine64.hpp"
#include "perf/kit/table_options.hpp"
#include "perf/kit/gpu_program.hpp"
#include <scan/scan.hpp>

namespace {

using scan::perf::cuda_table;

template <class T, class Op>
void compare_type(std::string_view type, Op op, cuda_table& table, int min_log, int max_log) {
  table.fill<T>();
  const scan::algorithm algos[] = {scan::algorithm::automatic, scan::algorithm::single_pass,
                                   scan::algorithm::reduce_then_scan,
                                   scan::algorithm::scan_then_fan};
  for (int lg = min_log; lg <= max_log; ++lg) {
    const std::int64_t n = std::int64_t{1} << lg;
    if (n > table.capacity<T>()) break;
    const auto [copy, cub] = table.copy_and_cub<T>(n, op);
    double lib[4];
    bool good = true;
    for (int a = 0; a < 4; ++a) {
      scan::options opt;
      opt.stream = table.stream();
      opt.algorithm = algos[a];
      auto run = [&](const T* in, T* out) { scan::inclusive_scan(in, out, n, op, opt); };
      lib[a] = table.time<T>(n, run);
      good = table.matches<T>(n, run) && good;
    }
    const double gbs = 2.0 * n * sizeof(T) / 1e3;
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | 2^%d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2fx | %.2f | %.0f | "
                  "%.2f | %.2f | %s |",
                  std::string(type).c_str(), lg, copy, cub, lib[0], lib[1], lib[2], lib[3],
                  cub / lib[0], copy / lib[0], gbs / lib[0], copy / lib[2], copy / lib[3],
                  good ? "ok" : "MISMATCH");
    table.row(line);
  }
}

// A type timed here: its name in --types and the table, and the operator of its scans.
template <class T, class Op> struct timed_type {
  using type = T;
  std::string_view name;
  Op op;
};

// The types timed here: every one of scan::element_types but the 16-bit floats, summed; then
// scan_perf::affine64 under composition.
template <class F> void for_each_timed_type(F&& f) {
  scan::for_each_entry(scan::element_types, [&](const auto& entry) {
    using T = typename std::decay_t<decltype(entry)>::type;
    if (!scan::is_half_precision(entry.kind)) f(timed_type<T, scan::sum>{entry.name, {}});
  });
  using scan_perf::affine64;
  f(timed_type<affine64, affine64::then>{affine64::name, {}});
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("libscan's CUDA backend beside CUB and a device copy: one Markdown table row per "
               "type and size.",
               "cub_comparison");
  scan::perf::kit::table_options table_opt;
  std::vector<std::string> types{"int32", "float", "int64", "double"};
  std::vector<std::string> known;
  for_each_timed_type([&](const auto& timed) { known.emplace_back(timed.name); });
  app.add_option("--types", types, "element types, or affine64 (default int32,float,int64,double)")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(CLI::IsMember(known));
  scan::perf::kit::add_table_options(app, table_opt);
  std::string heading;
  if (const int code = scan::perf::kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0)
    return code;
  auto wanted = [&](std::string_view t) {
    return std::count(types.begin(), types.end(), std::string(t)) > 0;
  };
  // Buffers of 2^max items of the widest type wanted, and never narrower than 8 bytes an item, so
  // that the built-in types rotate through the same buffers whichever of them are wanted.
  std::size_t item_bytes = 8;
  for_each_timed_type([&](const auto& timed) {
    using T = typename std::decay_t<decltype(timed)>::type;
    if (wanted(timed.name)) item_bytes = std::max(item_bytes, sizeof(T));
  });
  try {
    cuda_table table(item_bytes << std::min(table_opt.max_log, 30), heading, table_opt.markdown);
    table.row("| type | n | copy us | CUB us | libscan auto us | single_pass us | "
              "reduce_then_scan us | scan_then_fan us | auto vs CUB | auto / copy | auto GB/s | "
              "RtS / copy | StF / copy | check |\n|---|---|---|---|---|---|---|---|---|---|---|---|"
              "---|---|");
    for_each_timed_type([&](const auto& timed) {
      using T = typename std::decay_t<decltype(timed)>::type;
      if (wanted(timed.name))
        compare_type<T>(timed.name, timed.op, table, table_opt.min_log, table_opt.max_log);
    });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cub_comparison: %s\n", e.what());
    return 1;
  }
  return 0;
}
