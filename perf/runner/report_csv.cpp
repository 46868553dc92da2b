#include "perf/runner/report_csv.hpp"

#include <cstdio>
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

} // namespace

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
