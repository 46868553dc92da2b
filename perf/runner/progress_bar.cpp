#include "perf/runner/progress_bar.hpp"

#include <cstdio>
#include <unistd.h>

namespace scan::perf {
namespace {

std::string minutes_seconds(double s) {
  const int t = static_cast<int>(s + 0.5);
  return std::to_string(t / 60) + "m" + (t % 60 < 10 ? "0" : "") + std::to_string(t % 60) + "s";
}

} // namespace

progress_bar::progress_bar(std::int64_t total, bool enabled)
    : total_(total), enabled_(enabled && total > 0), terminal_(isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()), last_(start_) {}

void progress_bar::advance(const std::string& label) {
  ++done_;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  const double since_last = std::chrono::duration<double>(now - last_).count();
  if (terminal_ ? since_last < 0.1 && done_ < total_ : since_last < 15) return;
  last_ = now;
  draw(label);
}

void progress_bar::draw(const std::string& label) {
  const double elapsed = std::chrono::duration<double>(last_ - start_).count();
  const double fraction = static_cast<double>(done_) / static_cast<double>(total_);
  const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
  const std::string counts = std::to_string(done_) + "/" + std::to_string(total_);
  if (!terminal_) {
    std::fprintf(stderr, "progress %3d%% %s, %s elapsed, about %s left\n",
                 static_cast<int>(100 * fraction), counts.c_str(), minutes_seconds(elapsed).c_str(),
                 minutes_seconds(eta).c_str());
    return;
  }
  constexpr int width = 30;
  const int filled = static_cast<int>(width * fraction);
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.resize(width, '.');
  std::string tail = label.size() > 60 ? label.substr(0, 57) + "..." : label;
  std::fprintf(stderr, "\r[%s] %s ETA %s  %-60s", bar.c_str(), counts.c_str(),
               minutes_seconds(eta).c_str(), tail.c_str());
  std::fflush(stderr);
}

void progress_bar::finish() {
  if (enabled_ && terminal_) std::fprintf(stderr, "\r%*s\r", 120, "");
}

} // namespace scan::perf
