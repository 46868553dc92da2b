// The enqueue clock of the timing kit (measure.hpp): the host's time to issue a call on a CUDA
// stream, not the device's to run it. The stream is drained before each timed call and after it,
// outside the timed span, so every call starts from an idle stream, as cub_comparison's
// from_idle calls do, whose times include this one.
#pragma once

#include <chrono>
#include <vector>

#include <cuda_runtime.h>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

class enqueue_clock {
public:
  explicit enqueue_clock(cudaStream_t stream) : stream_(stream) {}

  template <class F> double total_us(F&& call, int count) {
    double us = 0;
    for (int i = 0; i < count; ++i)
      us += one_us(call);
    return us;
  }

  template <class F> std::vector<double> each_us(F&& call, int count) {
    std::vector<double> t;
    t.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
      t.push_back(one_us(call));
    return t;
  }

private:
  template <class F> double one_us(F&& call) {
    cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
    const auto start = std::chrono::steady_clock::now();
    call();
    const auto end = std::chrono::steady_clock::now();
    cuda_check(cudaStreamSynchronize(stream_), "timed call");
    return std::chrono::duration<double, std::micro>(end - start).count();
  }

  cudaStream_t stream_;
};

} // namespace scan::perf::kit
