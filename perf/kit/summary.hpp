// The statistic every benchmark in perf/ reports: the median of its timed calls (the mean of the
// two middle samples when their count is even), beside the fastest and the slowest call.
#pragma once

#include <algorithm>
#include <vector>

namespace scan::perf::kit {

struct summary {
  int count = 0; // timed calls
  double median = 0, min = 0, max = 0;
};

inline summary summarize(std::vector<double> samples) {
  summary s;
  s.count = static_cast<int>(samples.size());
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const std::size_t m = samples.size() / 2;
  s.median = samples.size() % 2 ? samples[m] : 0.5 * (samples[m - 1] + samples[m]);
  s.min = samples.front();
  s.max = samples.back();
  return s;
}

} // namespace scan::perf::kit
