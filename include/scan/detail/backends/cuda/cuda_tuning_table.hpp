// The CUDA single pass's tuning per GPU (scan/detail/backends/gpu/gpu_tuning.hpp): when the
// staged kernel takes over, how long tiles sleep before their first look-back poll and below which
// tile count staged tiles load evict-first, in tiles per multiprocessor. Written by perf/tune.sh
// (perf/tune.py) from perf/tile_sweep.cu's --from, --delays and --hints sweeps on one GPU; rerun
// it there to add or renew that GPU's entry. A GPU without an entry takes the first of its
// architecture; an architecture without one, cuda_tuning_fallback.
//
// sm_90: NVIDIA H100 80GB HBM3 (132 multiprocessors), tile_sweep on 2026-11-27 (perf/tune.sh):
// staged from 256 tiles; sleeps of 1200 ns from 256 tiles and 3000 ns from 16384 tiles (register
// kernel, non-integer results: 1200 ns); staged tiles load evict-first below 16384 tiles.
#pragma once

#include <scan/detail/backends/gpu/gpu_tuning.hpp>

namespace scan::cuda {

// {arch, gpu, stage_from_waves, delay_from_waves, long_delay_from_waves, delay_ns,
//  long_delay_ns, float_delay_ns, evict_first_below_waves}
inline constexpr gpu::tuning_entry cuda_tuning_table[] = {
    {90, "NVIDIA H100 80GB HBM3", 1.9394, 1.9394, 124.1212, 1200, 3000, 1200, 124.1212},
};

// Elsewhere: sm_90's entry where there is one (the staged kernel runs only where the copy engine
// exists, sm_90 and later, whatever the entry says).
inline constexpr const gpu::tuning_entry& cuda_tuning_fallback = cuda_tuning_table[0];

} // namespace scan::cuda
