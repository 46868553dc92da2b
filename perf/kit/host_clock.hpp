// The host clock of the timing kit (measure.hpp): std::chrono::steady_clock around the calls,
// after a fence that waits for the work already queued and before one that waits for the calls'
// own (none for the host backend, whose calls return when done; an execution space's fence for
// Kokkos). Each timed call is fenced on its own, so it starts on an idle machine.
#pragma once

#include <chrono>
#include <utility>
#include <vector>

namespace scan::perf::kit {

struct no_fence {
  void operator()() const {}
};

template <class Fence = no_fence> class host_clock {
public:
  explicit host_clock(Fence fence = {}) : fence_(std::move(fence)) {}

  template <class F> double total_us(F&& call, int count) {
    fence_();
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < count; ++i)
      call();
    fence_();
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
        .count();
  }

  template <class F> std::vector<double> each_us(F&& call, int count) {
    std::vector<double> t;
    t.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
      t.push_back(total_us(call, 1));
    return t;
  }

private:
  Fence fence_;
};

} // namespace scan::perf::kit
