// A progress bar on stderr for long runs: redrawn in place on a terminal; elsewhere (a log, a
// pipe) one line at most every 15 seconds, so short runs print nothing.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace scan::perf {

class progress_bar {
public:
  progress_bar(std::int64_t total, bool enabled);
  void advance(const std::string& label);
  void finish();

private:
  void draw(const std::string& label);

  std::int64_t total_, done_ = 0;
  bool enabled_, terminal_;
  std::chrono::steady_clock::time_point start_, last_;
};

} // namespace scan::perf
