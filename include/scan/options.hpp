// What a caller can choose per call: backend, algorithm, block strategy, stream, workspace.
#pragma once

#include <cstddef>
#include <string_view>

namespace scan {

// Where the scan runs. `automatic` is the backend libscan was configured with (SCAN_BACKEND);
// `host` is always built, so every build can also scan host memory.
enum class backend { automatic, host, cuda, hip, kokkos };

// How a long input is split. single_pass: one launch with decoupled look-back (2n traffic).
// reduce_then_scan: reduce parts, scan part totals, rescan parts from their bases (3n).
// scan_then_fan: scan parts and keep totals, scan totals, add bases to parts (4n).
enum class algorithm { automatic, single_pass, reduce_then_scan, scan_then_fan };

// How one block (a tile of a device backend) scans its items. `automatic` is the tuned kernel;
// the others reproduce the classic designs for the performance matrix.
enum class block_strategy {
  automatic,
  kogge_stone_global,
  kogge_stone_shared,
  kogge_stone_double_buffered,
  brent_kung,
  blelloch,
  warp_shuffle,
  warp_shuffle_ptx,
  thread_coarsened,
};

// Caller-owned scratch memory (device memory for device backends). It must be zero-filled once
// before its first use (e.g. cudaMemset) and not be shared by calls that can run concurrently;
// libscan keeps it valid for later calls. scan::workspace_bytes() says how much a call needs.
struct workspace {
  void* data = nullptr;
  std::size_t bytes = 0;
};

struct options {
  scan::backend backend = backend::automatic;
  scan::algorithm algorithm = algorithm::automatic;
  scan::block_strategy block = block_strategy::automatic;
  void* stream = nullptr; // cudaStream_t / hipStream_t; nullptr is the default stream
  scan::workspace workspace{};
};

constexpr std::string_view to_string(backend b) {
  switch (b) {
  case backend::automatic:
    return "automatic";
  case backend::host:
    return "host";
  case backend::cuda:
    return "cuda";
  case backend::hip:
    return "hip";
  case backend::kokkos:
    return "kokkos";
  }
  return "?";
}

constexpr std::string_view to_string(algorithm a) {
  switch (a) {
  case algorithm::automatic:
    return "automatic";
  case algorithm::single_pass:
    return "single_pass";
  case algorithm::reduce_then_scan:
    return "reduce_then_scan";
  case algorithm::scan_then_fan:
    return "scan_then_fan";
  }
  return "?";
}

constexpr std::string_view to_string(block_strategy s) {
  switch (s) {
  case block_strategy::automatic:
    return "automatic";
  case block_strategy::kogge_stone_global:
    return "kogge_stone_global";
  case block_strategy::kogge_stone_shared:
    return "kogge_stone_shared";
  case block_strategy::kogge_stone_double_buffered:
    return "kogge_stone_double_buffered";
  case block_strategy::brent_kung:
    return "brent_kung";
  case block_strategy::blelloch:
    return "blelloch";
  case block_strategy::warp_shuffle:
    return "warp_shuffle";
  case block_strategy::warp_shuffle_ptx:
    return "warp_shuffle_ptx";
  case block_strategy::thread_coarsened:
    return "thread_coarsened";
  }
  return "?";
}

} // namespace scan
