// The CUDA single pass's tuning per architecture (gpu_tuning.hpp), in tiles per multiprocessor.
// Written by perf/tune.sh from perf/tile_sweep.cu's sweeps; rerun it on a GPU to add or renew an
// entry (see perf/TUNING.md). An architecture without an entry takes cuda_tuning_fallback.
//
// sm_90: NVIDIA H100 80GB HBM3 (132 multiprocessors), perf/CUDA_RESULTS.md (staged single pass,
// look-back delay sweep): staging from 2048 tiles, sleeps of 1.2 us (integers and every staged
// result) and 1.5 us (other results of the register kernel) from 2048 tiles, 3 us from 8192.
#pragma once

#include <scan/detail/backends/gpu/gpu_tuning.hpp>

namespace scan::cuda {

inline constexpr gpu::tuning_entry cuda_tuning_table[] = {
    {90, 15.5152, 15.5152, 62.0606, 1200, 3000, 1500},
};

// Elsewhere (sm_80, sm_100, ...): sm_90's entry, the only architecture measured; the staged
// kernel runs only where the copy engine exists (sm_90 and later) whatever the entry says.
inline constexpr const gpu::tuning_entry& cuda_tuning_fallback = cuda_tuning_table[0];

} // namespace scan::cuda
