// The CSV report: one row per measurement, written as it is made, so an interrupted run keeps
// what it measured; and its reader, so the other reports can be made again from it.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "perf/runner/measurement.hpp"
#include "perf/runner/run_context.hpp"

namespace scan::perf {

// Reads a results.csv written by csv_report back (for --report); the context of its first row.
// Throws std::runtime_error naming the line of a row it cannot read.
std::vector<measurement> read_results_csv(const std::string& path, run_context& context);

class csv_report {
public:
  csv_report(const std::string& path, run_context context);
  void add(const measurement& m);

private:
  std::ofstream file_;
  run_context context_;
};

} // namespace scan::perf
