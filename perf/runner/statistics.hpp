// Summaries of repeated timings.
#pragma once

#include <algorithm>
#include <vector>

namespace scan::perf {

struct timing_summary {
  double median = 0, min = 0, max = 0;
};

inline timing_summary summarize(std::vector<double> samples) {
  timing_summary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  const std::size_t m = samples.size() / 2;
  s.median = samples.size() % 2 ? samples[m] : 0.5 * (samples[m - 1] + samples[m]);
  s.min = samples.front();
  s.max = samples.back();
  return s;
}

// Timed calls for a variant whose calls take about `estimate_us`: enough to fill target_ms, within
// [min_reps, max_reps].
inline int reps_for(double estimate_us, double target_ms, int min_reps, int max_reps) {
  if (estimate_us <= 0) return max_reps;
  const double want = target_ms * 1e3 / estimate_us;
  return std::clamp(static_cast<int>(want), min_reps, max_reps);
}

} // namespace scan::perf
