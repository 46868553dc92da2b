// Where a tile of the staged single pass is in its work, for diagnostics: the kernel marks each
// phase through a probe (perf/single_pass_timeline.cu records them); the library's probe,
// no_probe, compiles to nothing.
#pragma once

#include <scan/detail/platform/platform.cuh>

namespace scan::gpu {

enum class tile_phase : int {
  entered,  // the block started
  landed,   // its tile is in shared memory
  reduced,  // its aggregate is known (and published just after)
  resolved, // the look-back found everything before the tile
  stored    // thread 0 has issued its last store
};
inline constexpr int tile_phases = 5;

// Probe: static __device__ void mark(tile_phase), called by every thread of the block.
struct no_probe {
  __device__ __forceinline__ static void mark(tile_phase) {}
};

} // namespace scan::gpu
