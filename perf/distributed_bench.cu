// libscan's distributed scan (scan/distributed.hpp) over NCCL, one rank per GPU of this machine in
// one process (ncclCommInitAll, a thread and a stream per rank). For each GPU: its part's
// distributed scan beside a device copy of the part and beside the scan each rank runs alone
// (ReduceThenScan on one device); and a call on empty parts, the exchange with its two
// one-thread kernels.
//
//   distributed_bench [--types int32,double] [--min 24] [--max 30] [--markdown FILE]
//
// Timing through perf/kit/ with CUDA events on each rank's stream, each call from an idle stream,
// 3 warm-up calls, then the median of 20 (a fixed count: every rank must make the same
// collective calls). The copy moves the part's bytes once each way (2n); the scan's bound is 3n.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include <nccl.h>

#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_data.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/measure.hpp"
#include "perf/kit/table_options.hpp"
#include <scan/distributed.hpp>
#include <scan/nccl.hpp>

namespace {

namespace kit = scan::perf::kit;

struct rank_times {
  double copy = 0, alone = 0, distributed = 0, empty = 0;
};

template <class T>
rank_times time_rank(const scan::communicator& comm, cudaStream_t stream, std::int64_t n) {
  kit::device_array<T> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  kit::fill_input(in.get(), n, stream);
  kit::cuda_clock clock(stream, kit::cadence::from_idle);
  kit::sampling s;
  s.warmup = 3;
  s.min_reps = s.max_reps = 20;
  scan::options opt;
  opt.backend = scan::backend::cuda;
  opt.stream = stream;
  rank_times t;
  t.copy = kit::measure(clock, s, [&] {
             kit::cuda_check(cudaMemcpyAsync(out.get(), in.get(), sizeof(T) * n,
                                             cudaMemcpyDeviceToDevice, stream),
                             "copy");
           }).median;
  scan::options alone = opt;
  alone.algorithm = scan::algorithm::reduce_then_scan;
  t.alone = kit::measure(clock, s, [&] {
              scan::inclusive_scan(in.get(), out.get(), n, scan::sum{}, alone);
            }).median;
  t.distributed = kit::measure(clock, s, [&] {
                    scan::inclusive_scan(comm, in.get(), out.get(), n, scan::sum{}, opt);
                  }).median;
  t.empty = kit::measure(clock, s, [&] {
              scan::inclusive_scan(comm, in.get(), out.get(), 0, scan::sum{}, opt);
            }).median;
  return t;
}

template <class T>
void time_type(const char* type, const scan::nccl_devices& gpus,
               const std::vector<cudaStream_t>& streams, int min_log, int max_log,
               std::string& table) {
  const int ranks = gpus.ranks();
  for (int lg = min_log; lg <= max_log; ++lg) {
    const std::int64_t n = std::int64_t{1} << lg;
    std::vector<rank_times> times(static_cast<std::size_t>(ranks));
    std::vector<std::string> errors(static_cast<std::size_t>(ranks));
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r)
      threads.emplace_back([&, r] {
        try {
          kit::cuda_check(cudaSetDevice(r), "cudaSetDevice");
          times[r] = time_rank<T>(scan::nccl_communicator(gpus.comm(r)), streams[r], n);
        } catch (const std::exception& e) {
          errors[r] = e.what();
        }
      });
    for (auto& t : threads)
      t.join();
    for (int r = 0; r < ranks; ++r) {
      if (!errors[r].empty())
        throw std::runtime_error("rank " + std::to_string(r) + ": " + errors[r]);
      const rank_times& t = times[r];
      char line[512];
      std::snprintf(line, sizeof line,
                    "| %s | 2^%d | %d of %d | %.1f | %.1f | %.1f | %.2f | %.1f | %.1f |\n", type,
                    lg, r, ranks, t.copy, t.alone, t.distributed, t.copy / t.distributed,
                    t.distributed - t.alone, t.empty);
      std::fputs(line, stdout);
      table += line;
    }
  }
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("libscan's distributed scan over NCCL, one rank per GPU, beside a device copy and "
               "the same scan on one device",
               "distributed_bench");
  kit::table_options table_opt;
  table_opt.min_log = 24;
  std::vector<std::string> types{"int32", "double"};
  app.add_option("--types", types, "element types (default int32,double)")
      ->delimiter(',')
      ->check(CLI::IsMember({"int32", "double"}));
  kit::add_table_options(app, table_opt, 31, "part per GPU");
  CLI11_PARSE(app, argc, argv);
  const int min_log = table_opt.min_log, max_log = table_opt.max_log;
  const std::string& markdown = table_opt.markdown;

  const std::string heading = kit::gpu_heading();
  if (heading.empty()) {
    std::printf("SKIPPED: no CUDA device\n");
    return 77;
  }
  try {
    int ranks = 0;
    kit::cuda_check(cudaGetDeviceCount(&ranks), "cudaGetDeviceCount");
    std::vector<int> devices(static_cast<std::size_t>(ranks));
    std::iota(devices.begin(), devices.end(), 0);
    const scan::nccl_devices gpus(devices);
    std::vector<cudaStream_t> streams(static_cast<std::size_t>(ranks));
    for (int r = 0; r < ranks; ++r) {
      kit::cuda_check(cudaSetDevice(r), "cudaSetDevice");
      kit::cuda_check(cudaStreamCreateWithFlags(&streams[r], cudaStreamNonBlocking),
                      "cudaStreamCreate");
    }
    std::string table = heading + " (x" + std::to_string(ranks) + ")\n\n" +
                        "| type | n per GPU | rank | copy us | alone (RtS) us | distributed us | "
                        "distributed / copy | distributed - alone us | empty parts us |\n"
                        "|---|---|---|---|---|---|---|---|---|\n";
    std::fputs(table.c_str(), stdout);
    std::string rows;
    for (const std::string& type : types) {
      if (type == "int32") time_type<std::int32_t>("int32", gpus, streams, min_log, max_log, rows);
      if (type == "double") time_type<double>("double", gpus, streams, min_log, max_log, rows);
    }
    if (!markdown.empty()) {
      if (FILE* f = std::fopen(markdown.c_str(), "a")) {
        std::fprintf(f, "\n%s%s", table.c_str(), rows.c_str());
        std::fclose(f);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "distributed_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
