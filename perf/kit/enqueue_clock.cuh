// The enqueue clock of the timing kit (measure.hpp): the host's time to issue a call on a CUDA
// stream, not the device's to run it. The stream is drained before each timed call and after it,
// outside the timed span, so every call starts from an idle stream, as cub_comparison's
// from_idle calls do, whose times include this one.
#pragma once

#include <chrono>
#include <numeric>
#include <vector>

#include <cuda_runtime.h>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

class enqueue_clock {
public:
  explicit enqueue_clock(cudaStream_t stream) : stream_(stream) {}

  // Every call is issued from an idle stream, so calls timed together are their times summed.
  template <class F> double total_us(F&& call, int count) {
    const std::vector<double> t = each_us(call, count);
    return std::accumulate(t.begin(), t.end(), 0.0);
  }

  template <class F> std::vector<double> each_us(F&& call, int count) {
    std::vector<double> t;
    t.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      const auto start = std::chrono::steady_clock::now();
      call();
      const auto end = std::chrono::steady_clock::now();
      cuda_check(cudaStreamSynchronize(stream_), "timed call");
      t.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    return t;
  }

  cudaStream_t stream_;
};

} // namespace scan::perf::kit
