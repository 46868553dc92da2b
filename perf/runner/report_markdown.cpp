#include "perf/runner/report_markdown.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <set>

namespace scan::perf {
namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

struct table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::size_t left = 2; // leading columns aligned left (labels); the rest are numbers

  std::string markdown() const {
    std::string s = "|";
    for (const auto& h : header)
      s += " " + h + " |";
    s += "\n|";
    for (std::size_t i = 0; i < header.size(); ++i)
      s += i < left ? "---|" : "--:|";
    s += "\n";
    for (const auto& r : rows) {
      s += "|";
      for (const auto& c : r)
        s += " " + c + " |";
      s += "\n";
    }
    return s;
  }

  // Columns padded to a common width, for a terminal.
  std::string aligned() const {
    std::vector<std::size_t> w(header.size());
    for (std::size_t i = 0; i < header.size(); ++i) {
      w[i] = header[i].size();
      for (const auto& r : rows)
        w[i] = std::max(w[i], r[i].size());
    }
    auto line = [&](const std::vector<std::string>& r) {
      std::string s;
      for (std::size_t i = 0; i < r.size(); ++i) {
        std::string c = r[i];
        const std::string pad(w[i] - c.size(), ' ');
        s += (i < left ? c + pad : pad + c) + (i + 1 < r.size() ? "  " : "\n");
      }
      return s;
    };
    std::string s = line(header);
    for (const auto& r : rows)
      s += line(r);
    return s;
  }
};

using predicate = std::function<bool(const measurement&)>;

const measurement* find(const std::vector<measurement>& rows, const predicate& p) {
  for (const auto& m : rows)
    if (p(m)) return &m;
  return nullptr;
}

bool is_default_libscan(const measurement& m) {
  return m.v.is_libscan() && m.v.op == operation::scan &&
         m.v.algorithm == scan::algorithm::automatic &&
         m.v.block == scan::block_strategy::automatic;
}

// Three significant digits at least, no exponent: 0.512, 45.3, 2468.
std::string rate(double gbps) {
  return fixed(gbps, gbps >= 100 ? 0 : gbps >= 10 ? 1 : gbps >= 1 ? 2 : 3);
}

std::string gbps_and_fraction(const measurement* m) {
  if (!m) return "-";
  return rate(m->gbps()) + " (" + fixed(m->fraction_of_copy(), 2) + ")";
}

// The slices present in the results, in the order they were measured.
template <class K, class F> std::vector<K> distinct(const std::vector<measurement>& rows, F key) {
  std::vector<K> out;
  for (const auto& m : rows)
    if (std::find(out.begin(), out.end(), key(m)) == out.end()) out.push_back(key(m));
  return out;
}

std::vector<std::string> baselines_of(const std::vector<measurement>& rows, scan::backend b) {
  std::vector<std::string> out;
  for (const auto& m : rows)
    if (m.backend == b && !m.v.is_libscan() && m.v.implementation != copy_name &&
        std::find(out.begin(), out.end(), m.v.implementation) == out.end())
      out.push_back(m.v.implementation);
  return out;
}

// libscan's default and the baselines at every size, for one backend.
table summary_table(const std::vector<measurement>& rows, scan::backend b, bool inclusive,
                    const std::vector<std::int64_t>& only_sizes) {
  const std::vector<std::string> baselines = baselines_of(rows, b);
  table t;
  t.header = {"type", "n", "copy GB/s"};
  for (const auto& name : baselines)
    t.header.push_back(name + " GB/s (x copy)");
  t.header.push_back("libscan GB/s (x copy)");
  t.header.push_back("best libscan (x copy)");
  for (scan::element_type type : distinct<scan::element_type>(rows, [](auto& m) { return m.type; }))
    for (std::int64_t n : distinct<std::int64_t>(rows, [](auto& m) { return m.n; })) {
      if (!only_sizes.empty() &&
          std::find(only_sizes.begin(), only_sizes.end(), n) == only_sizes.end())
        continue;
      auto at = [&](const predicate& p) {
        return find(rows, [&](const measurement& m) {
          return m.backend == b && m.type == type && m.n == n && p(m);
        });
      };
      const measurement* copy = at([](auto& m) { return m.v.implementation == copy_name; });
      if (!copy) continue;
      std::vector<std::string> r{std::string(to_string(type)), size_name(n), rate(copy->gbps())};
      for (const auto& name : baselines)
        r.push_back(gbps_and_fraction(
            at([&](auto& m) { return m.v.implementation == name && m.inclusive == inclusive; })));
      r.push_back(gbps_and_fraction(
          at([&](auto& m) { return is_default_libscan(m) && m.inclusive == inclusive; })));
      const measurement* best = nullptr;
      for (const auto& m : rows)
        if (m.backend == b && m.type == type && m.n == n && m.inclusive == inclusive &&
            m.v.is_libscan() && m.v.op == operation::scan &&
            (!best || m.median_us < best->median_us))
          best = &m;
      r.push_back(best ? fixed(best->fraction_of_copy(), 2) + " " +
                             std::string(to_string(best->v.algorithm)) + "/" +
                             std::string(to_string(best->v.block))
                       : "-");
      t.rows.push_back(r);
    }
  return t;
}

} // namespace

std::string markdown_report(const std::vector<measurement>& rows, const run_context& context,
                            const run_plan& plan) {
  std::string s = "# libscan performance matrix\n\n";
  for (scan::backend b : distinct<scan::backend>(rows, [](auto& m) { return m.backend; })) {
    const measurement* any = find(rows, [&](auto& m) { return m.backend == b; });
    s += "- " + std::string(to_string(b)) + ": " + any->device.name + " (" + any->device.driver +
         ")\n";
  }
  s += "- date " + context.date + ", commit " + context.commit + "\n";
  if (plan.report_from.empty())
    s += "- command: `scan_perf " + plan.command_line + "`\n";
  else
    s += "- tables rendered again from the run's results.csv (`scan_perf --report`)\n";
  s += "- GB/s counts n reads + n writes of the element type; (x copy) is the copy's time over the "
       "row's time at the same size (1.00 = as fast as a device-to-device copy of the input). "
       "Median of timed calls after warm-up; every configuration was checked against the host "
       "reference first.\n";

  for (scan::backend b : distinct<scan::backend>(rows, [](auto& m) { return m.backend; })) {
    const std::string name(to_string(b));
    std::vector<measurement> mine;
    std::copy_if(rows.begin(), rows.end(), std::back_inserter(mine),
                 [&](auto& m) { return m.backend == b; });
    for (bool inclusive : plan.inclusive) {
      const std::string kind = inclusive ? "inclusive" : "exclusive";
      s += "\n## " + name + ": " + kind + " sum, libscan's default against the baselines\n\n";
      s += summary_table(mine, b, inclusive, {}).markdown();
    }

    // Block strategy x algorithm at the largest size of each type.
    const auto algorithms = distinct<scan::algorithm>(mine, [](auto& m) { return m.v.algorithm; });
    const auto blocks = distinct<scan::block_strategy>(mine, [](auto& m) { return m.v.block; });
    for (scan::element_type type :
         distinct<scan::element_type>(mine, [](auto& m) { return m.type; })) {
      std::int64_t n_max = 0;
      for (const auto& m : mine)
        if (m.type == type && m.v.is_libscan() && m.v.op == operation::scan)
          n_max = std::max(n_max, m.n);
      if (n_max == 0 || blocks.size() < 2) continue;
      table t;
      t.left = 1;
      t.header = {"block strategy"};
      for (auto a : algorithms)
        t.header.push_back(std::string(to_string(a)));
      for (auto blk : blocks) {
        std::vector<std::string> r{std::string(to_string(blk))};
        for (auto a : algorithms)
          r.push_back(gbps_and_fraction(find(mine, [&](const measurement& m) {
            return m.type == type && m.n == n_max && m.inclusive == plan.inclusive.front() &&
                   m.v.is_libscan() && m.v.op == operation::scan && m.v.algorithm == a &&
                   m.v.block == blk;
          })));
        t.rows.push_back(r);
      }
      s += "\n### " + name + ", " + std::string(to_string(type)) + ", n = " + size_name(n_max) +
           ": GB/s (x copy) by block strategy and algorithm\n\n" + t.markdown();
    }

    // The blockwise scan.
    table bw;
    bw.left = 3;
    bw.header = {"type", "n", "segment"};
    for (auto blk : blocks)
      bw.header.push_back(std::string(to_string(blk)));
    for (const auto& m : mine) {
      if (!m.v.is_libscan() || m.v.op != operation::blockwise || m.v.block != blocks.front() ||
          m.inclusive != plan.inclusive.front())
        continue;
      std::vector<std::string> r{std::string(to_string(m.type)), size_name(m.n),
                                 std::to_string(m.v.segment)};
      for (auto blk : blocks)
        r.push_back(gbps_and_fraction(find(mine, [&](const measurement& x) {
          return x.type == m.type && x.n == m.n && x.inclusive == m.inclusive &&
                 x.v.op == operation::blockwise && x.v.segment == m.v.segment && x.v.block == blk;
        })));
      bw.rows.push_back(r);
    }
    if (!bw.rows.empty())
      s += "\n## " + name + ": blockwise scan, GB/s (x copy) by block strategy\n\n" + bw.markdown();
  }
  return s;
}

std::string console_summary(const std::vector<measurement>& rows) {
  std::string s;
  for (scan::backend b : distinct<scan::backend>(rows, [](auto& m) { return m.backend; })) {
    std::vector<std::int64_t> largest;
    for (const auto& m : rows)
      if (m.backend == b) largest.push_back(m.n);
    std::sort(largest.begin(), largest.end());
    largest.erase(std::unique(largest.begin(), largest.end()), largest.end());
    // The two largest sizes keep the summary short whatever the matrix.
    if (largest.size() > 2) largest.erase(largest.begin(), largest.end() - 2);
    s += std::string(to_string(b)) + " (" +
         find(rows, [&](auto& m) { return m.backend == b; })->device.name + "), inclusive sum:\n" +
         summary_table(rows, b, true, largest).aligned();
  }
  return s;
}

} // namespace scan::perf
