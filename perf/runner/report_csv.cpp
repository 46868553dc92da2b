#include "perf/runner/report_csv.hpp"

#include <cstdio>
#include <map>
#include <stdexcept>

namespace scan::perf {
namespace {

std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s)
    q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string number(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// Splits one CSV line into fields, undoing field()'s quoting.
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

} // namespace

std::vector<measurement> read_results_csv(const std::string& path, run_context& context) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::string line;
  std::getline(file, line);
  std::map<std::string, std::size_t> column;
  const std::vector<std::string> header = fields(line);
  for (std::size_t i = 0; i < header.size(); ++i)
    column[header[i]] = i;
  std::vector<measurement> rows;
  for (int number = 2; std::getline(file, line); ++number) {
    if (line.empty()) continue;
    const std::vector<std::string> f = fields(line);
    auto get = [&](const char* name) -> const std::string& {
      const auto it = column.find(name);
      if (it == column.end() || it->second >= f.size())
        throw std::runtime_error(path + ":" + std::to_string(number) + ": no column " + name);
      return f[it->second];
    };
    measurement m;
    bool ok = from_name(get("backend"), all_backends, m.backend) &&
              from_name(get("type"), all_types, m.type) &&
              from_name(get("operation"), all_operations, m.v.op);
    m.v.implementation = get("implementation");
    if (m.v.is_libscan()) {
      ok = ok && from_name(get("block"), all_blocks, m.v.block);
      if (m.v.op == operation::scan)
        ok = ok && from_name(get("algorithm"), all_algorithms, m.v.algorithm);
      else
        m.v.segment = std::stoll(get("segment"));
    }
    if (!ok) throw std::runtime_error(path + ":" + std::to_string(number) + ": unknown value");
    m.device = {get("device"), get("driver")};
    m.inclusive = get("scan") == "inclusive";
    m.n = std::stoll(get("n"));
    m.bytes = std::stoll(get("bytes"));
    m.reps = std::stoi(get("reps"));
    m.median_us = std::stod(get("median_us"));
    m.min_us = std::stod(get("min_us"));
    m.max_us = std::stod(get("max_us"));
    m.copy_us = std::stod(get("copy_us"));
    m.cache = get("cache");
    if (rows.empty()) context = {get("date"), get("commit")};
    rows.push_back(m);
  }
  return rows;
}

csv_report::csv_report(const std::string& path, run_context context)
    : file_(path), context_(std::move(context)) {
  if (!file_) throw std::runtime_error("cannot write " + path);
  file_ << "date,commit,backend,device,driver,implementation,operation,algorithm,block,segment,"
           "type,scan,n,bytes,reps,median_us,min_us,max_us,gbps,copy_us,fraction_of_copy,cache\n";
}

void csv_report::add(const measurement& m) {
  const bool lib = m.v.is_libscan();
  const bool blockwise = m.v.op == operation::blockwise;
  file_ << field(context_.date) << ',' << field(context_.commit) << ',' << to_string(m.backend)
        << ',' << field(m.device.name) << ',' << field(m.device.driver) << ','
        << field(m.v.implementation) << ',' << to_string(m.v.op) << ','
        << (lib && !blockwise ? to_string(m.v.algorithm) : "-") << ','
        << (lib ? to_string(m.v.block) : "-") << ','
        << (blockwise ? std::to_string(m.v.segment) : "-") << ',' << to_string(m.type) << ','
        << (m.inclusive ? "inclusive" : "exclusive") << ',' << m.n << ',' << m.bytes << ','
        << m.reps << ',' << number(m.median_us, 3) << ',' << number(m.min_us, 3) << ','
        << number(m.max_us, 3) << ',' << number(m.gbps(), 2) << ',' << number(m.copy_us, 3) << ','
        << number(m.fraction_of_copy(), 4) << ',' << field(m.cache) << '\n';
  file_.flush();
}

} // namespace scan::perf
