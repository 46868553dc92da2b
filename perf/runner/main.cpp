// scan_perf: runs a slice of libscan's performance matrix (backends x algorithms x block
// strategies x types x sizes) beside the copy and each backend's baselines, and writes
// results.csv; perf/report.py makes the Markdown tables of it (results.md), perf/plot.py the plots.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "perf/runner/bench.hpp"
#include "perf/runner/command_line.hpp"
#include "perf/runner/progress_bar.hpp"
#include "perf/runner/report_csv.hpp"

namespace scan::perf {
namespace {

std::vector<std::unique_ptr<bench>> make_benches() {
  std::vector<std::unique_ptr<bench>> benches;
#if defined(SCAN_PERF_WITH_CUDA)
  benches.push_back(make_cuda_bench());
#endif
#if defined(SCAN_PERF_WITH_KOKKOS)
  benches.push_back(make_kokkos_bench());
#endif
  benches.push_back(make_host_bench());
  return benches;
}

bool wanted_baseline(const run_plan& plan, const std::string& name) {
  return plan.baselines.empty() ||
         std::find(plan.baselines.begin(), plan.baselines.end(), name) != plan.baselines.end();
}

// Baselines first, then libscan's configurations: full scans by algorithm and block strategy,
// blockwise scans by segment size and block strategy.
std::vector<variant> variants_for(const bench& b, const run_plan& plan) {
  std::vector<variant> vs;
  for (const std::string& name : b.baselines())
    if (wanted_baseline(plan, name)) {
      variant v;
      v.implementation = name;
      vs.push_back(v);
    }
  for (operation op : plan.operations) {
    if (op == operation::scan)
      for (scan::algorithm a : plan.algorithms)
        for (const block_choice& blk : plan.blocks) {
          variant v;
          v.algorithm = a;
          v.block = blk;
          vs.push_back(v);
        }
    else
      for (std::int64_t seg : plan.segments)
        for (const block_choice& blk : plan.blocks) {
          variant v;
          v.op = operation::blockwise;
          v.segment = seg;
          v.block = blk;
          vs.push_back(v);
        }
  }
  return vs;
}

int run(int argc, char** argv) {
  int status = 0;
  const std::optional<run_plan> parsed = parse_command_line(argc, argv, status);
  if (!parsed) return status;
  const run_plan& plan = *parsed;

  std::vector<std::unique_ptr<bench>> benches;
  for (auto& b : make_benches()) {
    const bool asked =
        std::find(plan.backends.begin(), plan.backends.end(), b->id()) != plan.backends.end();
    if (plan.backends.empty() || asked) benches.push_back(std::move(b));
  }
  for (scan::backend want : plan.backends)
    if (std::none_of(benches.begin(), benches.end(), [&](auto& b) { return b->id() == want; })) {
      std::fprintf(stderr, "scan_perf: --backends: %s is not in this build\n",
                   std::string(to_string(want)).c_str());
      return 2;
    }

  int failures = 0;
  std::int64_t total = 0;
  std::vector<std::pair<bench*, std::vector<variant>>> work;
  for (auto& b : benches) {
    if (const std::string why = b->unavailable(); !why.empty()) {
      std::fprintf(stderr, "scan_perf: not timing %s: %s\n",
                   std::string(to_string(b->id())).c_str(), why.c_str());
      if (!plan.backends.empty()) ++failures; // asked for by name: a missing device is an error
      continue;
    }
    std::vector<variant> vs = variants_for(*b, plan);
    const auto sizes = plan.sizes.empty() ? default_sizes(b->is_gpu()) : plan.sizes;
    total += static_cast<std::int64_t>(plan.types.size() * sizes.size() *
                                       (1 + vs.size() * plan.inclusive.size()));
    work.emplace_back(b.get(), std::move(vs));
  }

  if (plan.list_only) {
    for (auto& [b, vs] : work) {
      std::printf("%s (%s):\n", std::string(to_string(b->id())).c_str(), b->device().name.c_str());
      for (const variant& v : vs)
        std::printf("  %s\n", v.label().c_str());
    }
    std::printf("%lld measurements planned (types x sizes x (copy + variants x scans))\n",
                static_cast<long long>(total));
    return failures ? 1 : 0;
  }

  std::filesystem::create_directories(plan.out_dir);
  const run_context context = current_context();
  csv_report csv(plan.out_dir + "/results.csv", context);
  std::size_t rows = 0;
  std::map<std::string, int> skipped; // reason -> count
  progress_bar progress(total, plan.progress);
  std::vector<std::string> failed;

  recorder rec;
  rec.record = [&](const measurement& m) {
    csv.add(m);
    ++rows;
  };
  rec.skip = [&](const std::string&, const std::string& reason) { ++skipped[reason]; };
  rec.fail = [&](const std::string& what) {
    failed.push_back(what);
    std::fprintf(stderr, "\nFAIL %s\n", what.c_str());
  };
  rec.advance = [&](const std::string& label) { progress.advance(label); };

  for (auto& [b, vs] : work) {
    try {
      b->run(plan, vs, rec);
    } catch (const std::exception& e) {
      rec.fail(std::string(to_string(b->id())) + ": " + e.what());
    }
  }
  progress.finish();

  for (const auto& [reason, count] : skipped)
    std::printf("skipped %d unsupported configurations: %s\n", count, reason.c_str());
  std::printf(
      "%zu measurements in %s/results.csv (tables: python3 perf/report.py %s/results.csv)\n", rows,
      plan.out_dir.c_str(), plan.out_dir.c_str());
  failures += static_cast<int>(failed.size());
  if (!failed.empty()) std::printf("%zu FAILED (see stderr)\n", failed.size());
  return failures ? 1 : 0;
}

} // namespace
} // namespace scan::perf

int main(int argc, char** argv) {
  return scan::perf::run(argc, argv);
}
