// A single pass's look-back state in device memory of its own, zeroed once and kept across calls
// as the library's workspace cache keeps it (vocabulary/lookback_state.hpp: later calls tell their
// flags apart by the epoch): for the programs that launch the single pass without the library's
// workspace (tile_sweep, call_overhead).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/runtime/lookback_workspace.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

template <class T> class device_lookback {
public:
  // The state of `tiles` tiles, zeroed on `stream`.
  device_lookback(std::int64_t tiles, cudaStream_t stream)
      : bytes_(scan::detail::lookback_bytes(tiles, sizeof(T))), memory_(bytes_) {
    cuda_check(cudaMemsetAsync(memory_.get(), 0, bytes_, stream), "memset look-back state");
    scan::detail::arena ws(memory_.get(), bytes_);
    state_ = scan::detail::carve_lookback<T>(ws, tiles);
  }

  const scan::detail::lookback_state<T>& state() const { return state_; }

private:
  std::size_t bytes_;
  device_array<unsigned char> memory_;
  scan::detail::lookback_state<T> state_;
};

} // namespace scan::perf::kit
