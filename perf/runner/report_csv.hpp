// The CSV report, results.csv: one row per measurement, written as it is made, so an interrupted
// run keeps what it measured. perf/report.py makes the Markdown tables of it, perf/plot.py the
// plots.
#pragma once

#include <fstream>
#include <string>

#include "perf/runner/measurement.hpp"
#include "perf/runner/run_context.hpp"

namespace scan::perf {

class csv_report {
public:
  csv_report(const std::string& path, run_context context);
  void add(const measurement& m);

private:
  std::ofstream file_;
  run_context context_;
};

} // namespace scan::perf
