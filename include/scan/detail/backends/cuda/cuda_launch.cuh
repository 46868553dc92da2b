// How the GPU backend launches its kernels on CUDA: the launch trait of gpu/gpu_parts.cuh and
// gpu/gpu_blockwise.cuh (stream type, launch check, look-back policy, tuning, tile copy).
#pragma once

#include <atomic>

#include <cuda_runtime.h>

#include <scan/detail/backends/cuda/cuda_memory.hpp>
#include <scan/detail/backends/cuda/cuda_tuning.hpp>
#include <scan/detail/backends/gpu/gpu_tuning.hpp>
#include <scan/detail/kernels/bulk_tile_copy.cuh>
#include <scan/detail/vocabulary/lookback_state.hpp>

namespace scan::cuda {

// What the launches need to know of a device, asked once per device.
struct device_profile {
  int arch = 0; // 10 * major + minor
  gpu::device_tuning tuning;
};

inline const device_profile& current_profile() {
  constexpr int devices = 64;
  static std::atomic<const device_profile*> known[devices] = {};
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  if (device < 0 || device >= devices) throw error("cuda: device ordinal beyond the 64 supported");
  const device_profile* p = known[device].load(std::memory_order_acquire);
  if (p) return *p;
  // Once per device: its name picks the tuning entry, and the same query gives the rest.
  cudaDeviceProp properties{};
  check_cuda(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
  auto* made = new device_profile; // one per device, kept for the process
  made->arch = 10 * properties.major + properties.minor;
  made->tuning = gpu::device_tuning_of<cuda_tuning>(made->arch, properties.name,
                                                    properties.multiProcessorCount);
  const device_profile* expected = nullptr;
  if (!known[device].compare_exchange_strong(expected, made)) {
    delete made; // another thread was first
    return *expected;
  }
  return *made;
}

struct cuda_launch {
  using stream_type = cudaStream_t;

  // After a launch: a bad configuration shows here (errors inside kernels surface later, on the
  // stream, as for any CUDA call).
  static void check_launch(const char* kernel) {
    check_cuda(cudaGetLastError(), "launching ", kernel);
  }

  // NVIDIA GPUs keep every started block running, so the single pass's look-back waits on its
  // predecessors for as long as they take (gpu::spin_wait).
  static constexpr bool lookback_fallback = false;
  static int lookback_patience() { return cuda_tuning::lookback_patience; }

  // They also start a grid's blocks in index order, so a tile is its block's (detail::tile_order).
  // Values wider than 8 bytes keep tickets: 16-byte affine maps ran at 0.81 of a copy by ticket
  // and 0.77 by block index at 2^26 items on the H100, though faster by block index at 2^25 and
  // 2^27 (perf/tile_sweep.cu --order --wide; perf/CUDA_RESULTS.md).
  template <class Out>
  static constexpr detail::tile_order tile_order_of = sizeof(Out) > 8
                                                          ? detail::tile_order::by_ticket
                                                          : detail::tile_order::by_block_index;

  static const gpu::device_tuning& tuning() { return current_profile().tuning; }
  // The compile-time knobs (gpu_tuning.hpp) of the kernels these launches choose.
  using knobs = cuda_tuning;

  // The staged single pass copies tiles with the copy engine of sm_90 and later; earlier GPUs
  // keep the register kernel.
  using tile_copy = gpu::bulk_tile_copy;
  static bool tile_copy_ready() { return current_profile().arch >= 90; }
};

} // namespace scan::cuda
