#include "perf/runner/command_line.hpp"

#include <stdexcept>
#include <string_view>

namespace scan::perf {
namespace {

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> parts;
  while (!s.empty()) {
    const auto comma = s.find(',');
    parts.push_back(s.substr(0, comma));
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return parts;
}

[[noreturn]] void bad(std::string_view flag, std::string_view why) {
  throw std::invalid_argument(std::string(flag) + ": " + std::string(why));
}

// A comma-separated list of names from `all` (as to_string spells them), or "all".
template <class E, std::size_t N>
std::vector<E> parse_names(std::string_view flag, std::string_view text, const E (&all)[N]) {
  if (text == "all") return std::vector<E>(std::begin(all), std::end(all));
  std::vector<E> out;
  for (std::string_view name : split(text)) {
    bool found = false;
    for (E e : all)
      if (to_string(e) == name) {
        out.push_back(e);
        found = true;
      }
    if (!found) {
      std::string valid;
      for (E e : all)
        valid += (valid.empty() ? "" : ", ") + std::string(to_string(e));
      bad(flag, "unknown value '" + std::string(name) + "' (valid: " + valid + ", all)");
    }
  }
  return out;
}

std::int64_t parse_int(std::string_view flag, std::string_view s) {
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(std::string(s), &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != s.size() || s.empty()) bad(flag, "'" + std::string(s) + "' is not a number");
  return v;
}

// "1000", "2^20"
std::int64_t parse_size(std::string_view flag, std::string_view s) {
  if (s.rfind("2^", 0) == 0) {
    const std::int64_t e = parse_int(flag, s.substr(2));
    if (e < 0 || e > 40) bad(flag, "exponent out of range in '" + std::string(s) + "'");
    return std::int64_t{1} << e;
  }
  const std::int64_t v = parse_int(flag, s);
  if (v < 1) bad(flag, "sizes must be positive, got '" + std::string(s) + "'");
  return v;
}

// "2^10..2^30" (every power of two), "2^10..2^30:2" (every second), "1000", "2^20"
std::vector<std::int64_t> parse_sizes(std::string_view flag, std::string_view text) {
  std::vector<std::int64_t> sizes;
  for (std::string_view item : split(text)) {
    const auto dots = item.find("..");
    if (dots == std::string_view::npos) {
      sizes.push_back(parse_size(flag, item));
      continue;
    }
    std::string_view hi = item.substr(dots + 2);
    int step = 1;
    if (const auto colon = hi.find(':'); colon != std::string_view::npos) {
      step = static_cast<int>(parse_int(flag, hi.substr(colon + 1)));
      hi = hi.substr(0, colon);
    }
    const std::string_view lo = item.substr(0, dots);
    if (lo.rfind("2^", 0) != 0 || hi.rfind("2^", 0) != 0 || step < 1)
      bad(flag, "a range is written 2^a..2^b or 2^a..2^b:step");
    const std::int64_t a = parse_int(flag, lo.substr(2)), b = parse_int(flag, hi.substr(2));
    if (a < 0 || b > 40 || a > b) bad(flag, "bad range '" + std::string(item) + "'");
    for (std::int64_t e = a; e <= b; e += step)
      sizes.push_back(std::int64_t{1} << e);
  }
  return sizes;
}

void apply_quick(run_plan& p) {
  p.algorithms = std::vector<scan::algorithm>(std::begin(all_algorithms), std::end(all_algorithms));
  p.blocks = {scan::block_strategy::automatic};
  p.types = {scan::element_type::i32, scan::element_type::f64};
  p.sizes = {1 << 12, 1 << 16, 1 << 20, 1 << 24};
  p.warmup = 2;
  p.min_reps = 5;
  p.max_reps = 30;
  p.target_ms = 20;
}

} // namespace

std::string usage() {
  return R"(scan_perf: libscan's performance matrix beside copy and vendor baselines.

usage: scan_perf [--quick] [flags]
  --quick              preset: all algorithms, automatic block, int32 and double,
                       sizes 2^12,2^16,2^20,2^24, few repetitions (seconds on a host)
  --backends LIST      host,cuda,hip,kokkos (default: every backend this build holds)
  --algorithms LIST    automatic,single_pass,reduce_then_scan,scan_then_fan | all (default all)
  --blocks LIST        automatic,kogge_stone_global,kogge_stone_shared,
                       kogge_stone_double_buffered,brent_kung,blelloch,warp_shuffle,
                       warp_shuffle_ptx,thread_coarsened | all (default all)
  --types LIST         int8,uint8,int16,uint16,int32,uint32,int64,uint64,float,double | all
                       (default all)
  --sizes LIST         items, e.g. 1000,2^20,2^10..2^30,2^10..2^30:2
                       (default 2^10..2^30:2 on a GPU, 2^10..2^24:2 on the host)
  --scans LIST         inclusive,exclusive | all (default inclusive)
  --baselines LIST     cub,thrust (cuda), std (host), kokkos | all | none (default all);
                       the copy is always measured
  --ops LIST           scan,blockwise | all (default all)
  --segments LIST      blockwise segment sizes (default 1024)
  --warmup N           untimed calls before timing (default 2)
  --min-reps N         timed calls at least (default 5)
  --max-reps N         timed calls at most (default 50)
  --target-ms X        aim for about X ms of timed calls per variant (default 30)
  --no-rotate          time cache-sized inputs on one buffer set (flagged "resident")
  --no-progress        no progress bar on stderr
  --out DIR            where results.csv and results.md go (default out/perf)
  --list               print the plan and exit
  --report CSV         render results.md (into --out) from a results.csv again; no timing
)";
}

run_plan parse_command_line(int argc, char** argv, bool& help) {
  run_plan p;
  p.algorithms = std::vector<scan::algorithm>(std::begin(all_algorithms), std::end(all_algorithms));
  p.blocks = std::vector<scan::block_strategy>(std::begin(all_blocks), std::end(all_blocks));
  p.types = std::vector<scan::element_type>(std::begin(all_types), std::end(all_types));
  p.inclusive = {true};
  p.operations = std::vector<operation>(std::begin(all_operations), std::end(all_operations));
  p.segments = {1024};
  help = false;

  for (int i = 1; i < argc; ++i)
    p.command_line += (i > 1 ? " " : "") + std::string(argv[i]);
  // --quick first, so that flags given with it refine the preset.
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--quick") apply_quick(p);

  for (int i = 1; i < argc; ++i) {
    std::string_view flag = argv[i], value;
    bool has_value = false;
    if (const auto eq = flag.find('='); eq != std::string_view::npos) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
      has_value = true;
    }
    auto arg = [&]() -> std::string_view {
      if (has_value) return value;
      if (i + 1 >= argc) bad(flag, "needs a value");
      return argv[++i];
    };
    if (flag == "--help" || flag == "-h") {
      help = true;
    } else if (flag == "--quick") {
    } else if (flag == "--backends") {
      p.backends = parse_names(flag, arg(), all_backends);
    } else if (flag == "--algorithms") {
      p.algorithms = parse_names(flag, arg(), all_algorithms);
    } else if (flag == "--blocks") {
      p.blocks = parse_names(flag, arg(), all_blocks);
    } else if (flag == "--types") {
      p.types = parse_names(flag, arg(), all_types);
    } else if (flag == "--sizes") {
      p.sizes = parse_sizes(flag, arg());
    } else if (flag == "--scans") {
      p.inclusive.clear();
      const std::string_view v = arg();
      for (std::string_view s : split(v == "all" ? "inclusive,exclusive" : v)) {
        if (s != "inclusive" && s != "exclusive") bad(flag, "inclusive, exclusive or all");
        p.inclusive.push_back(s == "inclusive");
      }
    } else if (flag == "--baselines") {
      p.baselines.clear();
      const std::string_view v = arg();
      if (v == "none")
        p.baselines.push_back("none");
      else if (v != "all")
        for (std::string_view s : split(v))
          p.baselines.emplace_back(s);
    } else if (flag == "--ops") {
      p.operations = parse_names(flag, arg(), all_operations);
    } else if (flag == "--segments") {
      p.segments.clear();
      for (std::string_view s : split(arg()))
        p.segments.push_back(parse_size(flag, s));
    } else if (flag == "--warmup") {
      p.warmup = static_cast<int>(parse_int(flag, arg()));
    } else if (flag == "--min-reps") {
      p.min_reps = static_cast<int>(parse_int(flag, arg()));
    } else if (flag == "--max-reps") {
      p.max_reps = static_cast<int>(parse_int(flag, arg()));
    } else if (flag == "--target-ms") {
      p.target_ms = static_cast<double>(parse_int(flag, arg()));
    } else if (flag == "--no-rotate") {
      p.rotate = false;
    } else if (flag == "--no-progress") {
      p.progress = false;
    } else if (flag == "--out") {
      p.out_dir = std::string(arg());
    } else if (flag == "--report") {
      p.report_from = std::string(arg());
    } else if (flag == "--list") {
      p.list_only = true;
    } else {
      bad(flag, "unknown flag (see --help)");
    }
  }
  if (p.min_reps < 1 || p.max_reps < p.min_reps)
    bad("--min-reps/--max-reps", "need 1 <= min <= max");
  if (p.warmup < 1) bad("--warmup", "at least one warm-up call estimates the repetitions");
  return p;
}

} // namespace scan::perf
