// The GPU clock of the timing kit (measure.hpp): CUDA events recorded on a stream around the
// calls. A launch error of a timed call surfaces as an exception once its events are waited for.
#pragma once

#include <vector>

#include <cuda_runtime.h>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

// How the timed calls follow one another. back_to_back: queued without waiting, each between its
// own pair of events, as calls in a pipeline run (scan_perf). from_idle: the stream is drained
// before each call, so a small call's time includes the host's launch cost, as a caller that
// waits for each result sees it (cub_comparison, tile_sweep).
enum class cadence { back_to_back, from_idle };

class cuda_clock {
public:
  cuda_clock(cudaStream_t stream, cadence c) : stream_(stream), cadence_(c) {}
  ~cuda_clock() {
    for (cudaEvent_t e : events_)
      cudaEventDestroy(e);
  }
  cuda_clock(const cuda_clock&) = delete;
  cuda_clock& operator=(const cuda_clock&) = delete;

  template <class F> double total_us(F&& call, int count) {
    cudaEvent_t* e = events(2);
    cuda_check(cudaEventRecord(e[0], stream_), "cudaEventRecord");
    for (int i = 0; i < count; ++i)
      call();
    cuda_check(cudaEventRecord(e[1], stream_), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(e[1]), "cudaEventSynchronize");
    cuda_check(cudaGetLastError(), "timed calls");
    return elapsed_us(e[0], e[1]);
  }

  template <class F> std::vector<double> each_us(F&& call, int count) {
    cudaEvent_t* e = events(2 * static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
      if (cadence_ == cadence::from_idle)
        cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      cuda_check(cudaEventRecord(e[2 * i], stream_), "cudaEventRecord");
      call();
      cuda_check(cudaEventRecord(e[2 * i + 1], stream_), "cudaEventRecord");
      if (cadence_ == cadence::from_idle)
        cuda_check(cudaEventSynchronize(e[2 * i + 1]), "cudaEventSynchronize");
    }
    cuda_check(cudaEventSynchronize(e[2 * count - 1]), "cudaEventSynchronize");
    cuda_check(cudaGetLastError(), "timed calls");
    std::vector<double> t(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i)
      t[static_cast<std::size_t>(i)] = elapsed_us(e[2 * i], e[2 * i + 1]);
    return t;
  }

private:
  cudaEvent_t* events(std::size_t count) {
    while (events_.size() < count) {
      cudaEvent_t e;
      cuda_check(cudaEventCreate(&e), "cudaEventCreate");
      events_.push_back(e);
    }
    return events_.data();
  }

  static double elapsed_us(cudaEvent_t from, cudaEvent_t to) {
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, from, to), "cudaEventElapsedTime");
    return ms * 1e3;
  }

  cudaStream_t stream_;
  cadence cadence_;
  std::vector<cudaEvent_t> events_;
};

} // namespace scan::perf::kit
