#include "perf/runner/command_line.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iterator>
#include <regex>

namespace scan::perf {
namespace {

// The names of an axis's values, as to_string spells them, then "all".
template <class Values> std::vector<std::string> names(const Values& all) {
  std::vector<std::string> out;
  for (auto e : all)
    out.emplace_back(to_string(e));
  out.emplace_back("all");
  return out;
}

// `what`, then the values a list may hold, wrapped to the width of a terminal.
std::string described(const std::string& what, const std::vector<std::string>& valid) {
  std::string text = what + "\nvalues: ", line;
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const std::string word = valid[i] + (i + 1 < valid.size() ? "," : "");
    if (!line.empty() && line.size() + word.size() > 62) {
      text += line + "\n        ";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return text + line;
}

// Names checked by CLI11 against names(all): every value for "all".
template <class Values, class E = typename Values::value_type>
std::vector<E> values(const std::vector<std::string>& given, const Values& all) {
  if (std::find(given.begin(), given.end(), "all") != given.end())
    return std::vector<E>(std::begin(all), std::end(all));
  std::vector<E> out;
  for (const std::string& name : given)
    if (E e; from_name(name, all, e)) out.push_back(e);
  return out;
}

// "1000", "2^20", "2^10..2^30" (every power of two), "2^10..2^30:2" (every second); none when
// `item` is none of these, or its exponents are not 0 <= a <= b <= 40.
std::vector<std::int64_t> sizes_of(const std::string& item) {
  static const std::regex number("[1-9][0-9]{0,17}"),
      powers("2\\^([0-9]{1,2})(\\.\\.2\\^([0-9]{1,2})(:([1-9][0-9]?))?)?");
  std::smatch m;
  if (std::regex_match(item, number)) return {std::stoll(item)};
  if (!std::regex_match(item, m, powers)) return {};
  const int a = std::stoi(m[1]), b = m[3].matched ? std::stoi(m[3]) : a;
  const int step = m[5].matched ? std::stoi(m[5]) : 1;
  std::vector<std::int64_t> sizes;
  for (int e = a; b <= 40 && e <= b; e += step)
    sizes.push_back(std::int64_t{1} << e);
  return sizes;
}

std::vector<std::int64_t> sizes_of(const std::vector<std::string>& items) {
  std::vector<std::int64_t> sizes;
  for (const std::string& item : items) {
    const std::vector<std::int64_t> more = sizes_of(item);
    sizes.insert(sizes.end(), more.begin(), more.end());
  }
  return sizes;
}

const CLI::Validator size_syntax(
    [](std::string& item) {
      return sizes_of(item).empty() ? "'" + item +
                                          "' is not a size: 1000, 2^20, 2^10..2^30 or "
                                          "2^10..2^30:2 (exponents up to 40)"
                                    : std::string();
    },
    "", "size");

} // namespace

std::optional<run_plan> parse_command_line(int argc, char** argv, int& status) {
  CLI::App app("scan_perf: libscan's performance matrix (backends x algorithms x block strategies "
               "x types x sizes) beside the copy and each backend's baselines; writes results.csv "
               "(python3 perf/report.py makes its tables, perf/plot.py its plots).",
               "scan_perf");
  app.get_formatter()->column_width(26);

  run_plan p;
  bool quick = false;
  std::vector<std::string> backends, algorithms, blocks, types, scans, baselines, ops;
  std::vector<std::string> sizes, segments;
  auto list = [&](const char* flag, std::vector<std::string>& into, std::vector<std::string> valid,
                  const char* what) {
    return app.add_option(flag, into, described(what, valid))
        ->delimiter(',')
        ->type_name("LIST")
        ->check(CLI::IsMember(valid).description(""));
  };
  app.add_flag("--quick", quick,
               "preset: all algorithms, automatic block, int32 and double, sizes\n"
               "2^12,2^16,2^20,2^24, few repetitions (seconds on a host);\n"
               "the flags below refine it");
  list("--backends", backends, names(all_backends),
       "backends to time (default: every backend this build holds)");
  list("--algorithms", algorithms, names(all_algorithms), "libscan's algorithms (default all)");
  list("--blocks", blocks, names(all_blocks),
       "block scans: libscan's (automatic) or a classic strategy (cuda builds; default all)");
  list("--types", types, names(all_types), "element types (default all)");
  app.add_option("--sizes", sizes,
                 "items, e.g. 1000,2^20,2^10..2^30,2^10..2^30:2 (every second)\n"
                 "(default 2^10..2^30:2 on a GPU, 2^10..2^24:2 on the host)")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(size_syntax);
  list("--scans", scans, {"inclusive", "exclusive", "all"}, "which sums (default inclusive)");
  list("--baselines", baselines, {"cub", "thrust", "std", "kokkos", "all", "none"},
       "beside the copy, which is always measured (default all):\n"
       "cub and thrust on cuda, std on the host, kokkos on kokkos");
  list("--ops", ops, names(all_operations), "full scans, blockwise scans (default all)");
  app.add_option("--segments", segments, "blockwise segment sizes (default 1024)")
      ->delimiter(',')
      ->type_name("LIST")
      ->check(size_syntax);
  app.add_option("--warmup", p.warmup, "calls before the timed ones (default 2)")
      ->check(CLI::PositiveNumber);
  app.add_option("--min-reps", p.min_reps, "timed calls at least (default 5)")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-reps", p.max_reps, "timed calls at most (default 50)")
      ->check(CLI::PositiveNumber);
  app.add_option("--target-ms", p.target_ms,
                 "aim for about X ms of timed calls per variant (default 30)")
      ->check(CLI::PositiveNumber);
  bool no_rotate = false, no_progress = false;
  app.add_flag("--no-rotate", no_rotate,
               "time cache-sized inputs on one buffer set (flagged \"resident\")");
  app.add_flag("--no-progress", no_progress, "no progress bar on stderr");
  app.add_option("--out", p.out_dir, "where results.csv goes (default out/perf)")->type_name("DIR");
  app.add_flag("--list", p.list_only, "print the plan and exit");

  try {
    app.parse(argc, argv);
    if (p.max_reps < p.min_reps)
      throw CLI::ValidationError("--min-reps/--max-reps", "need min <= max");
  } catch (const CLI::ParseError& e) {
    status = app.exit(e) == 0 ? 0 : 2;
    return std::nullopt;
  }

  // The defaults, then the --quick preset, then the flags given, which refine it.
  p.algorithms = std::vector<scan::algorithm>(std::begin(all_algorithms), std::end(all_algorithms));
  p.blocks = std::vector<block_choice>(std::begin(all_blocks), std::end(all_blocks));
  p.types = std::vector<scan::element_type>(std::begin(all_types), std::end(all_types));
  p.inclusive = {true};
  p.operations = std::vector<operation>(std::begin(all_operations), std::end(all_operations));
  p.segments = {1024};
  if (quick) {
    p.blocks = {block_choice{}};
    p.types = {scan::element_type::i32, scan::element_type::f64};
    p.sizes = {1 << 12, 1 << 16, 1 << 20, 1 << 24};
    if (!app.count("--warmup")) p.warmup = 2;
    if (!app.count("--min-reps")) p.min_reps = 5;
    if (!app.count("--max-reps")) p.max_reps = 30;
    if (!app.count("--target-ms")) p.target_ms = 20;
  }
  if (!backends.empty()) p.backends = values(backends, all_backends);
  if (!algorithms.empty()) p.algorithms = values(algorithms, all_algorithms);
  if (!blocks.empty()) p.blocks = values(blocks, all_blocks);
  if (!types.empty()) p.types = values(types, all_types);
  if (!sizes.empty()) p.sizes = sizes_of(sizes);
  if (!scans.empty()) {
    p.inclusive.clear();
    for (const std::string& s : scans)
      p.inclusive.push_back(s == "inclusive");
    if (std::find(scans.begin(), scans.end(), "all") != scans.end()) p.inclusive = {true, false};
  }
  if (!baselines.empty()) {
    const bool all = std::find(baselines.begin(), baselines.end(), "all") != baselines.end();
    p.baselines = all ? std::vector<std::string>{} : baselines;
  }
  if (!ops.empty()) p.operations = values(ops, all_operations);
  if (!segments.empty()) p.segments = sizes_of(segments);
  p.rotate = !no_rotate;
  p.progress = !no_progress;
  return p;
}

} // namespace scan::perf
