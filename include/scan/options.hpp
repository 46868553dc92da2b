// What a caller can choose per call: backend, algorithm, stream, workspace.
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

// Caller-owned scratch memory (device memory for device backends), 256-byte aligned, of at least
// scan::workspace_bytes() bytes. It must read zero before its first use (e.g. one cudaMemset after
// allocating it) and must not be used by calls that can run at the same time (on other streams,
// or by a captured graph and by calls outside it). libscan then keeps it ready itself: a call
// zeroes part of it only when an earlier call on it was larger or of a multi-part algorithm, so
// repeated calls of one size launch nothing but their kernels.
struct workspace {
  void* data = nullptr;
  std::size_t bytes = 0;
};

struct options {
  scan::backend backend = backend::automatic;
  scan::algorithm algorithm = algorithm::automatic;
  // cudaStream_t / hipStream_t; nullptr is the default stream. Any stream works from any host
  // thread, shared or not, and may be capturing a graph (the graph then owns its workspace).
  void* stream = nullptr;
  scan::workspace workspace{};
};

// The names of each enum's values, each listed once (also the perf runner's axes).
template <class Enum> struct enum_name {
  Enum value;
  std::string_view name;
};

inline constexpr enum_name<backend> backend_names[] = {{backend::automatic, "automatic"},
                                                       {backend::host, "host"},
                                                       {backend::cuda, "cuda"},
                                                       {backend::hip, "hip"},
                                                       {backend::kokkos, "kokkos"}};

inline constexpr enum_name<algorithm> algorithm_names[] = {
    {algorithm::automatic, "automatic"},
    {algorithm::single_pass, "single_pass"},
    {algorithm::reduce_then_scan, "reduce_then_scan"},
    {algorithm::scan_then_fan, "scan_then_fan"}};

template <class Enum, std::size_t N>
constexpr std::string_view name_of(const enum_name<Enum> (&names)[N], Enum value) {
  for (const auto& entry : names)
    if (entry.value == value) return entry.name;
  return "?";
}

// Whether `value` is one of the listed values (a cast integer may not be).
template <class Enum, std::size_t N>
constexpr bool is_listed(const enum_name<Enum> (&names)[N], Enum value) {
  for (const auto& entry : names)
    if (entry.value == value) return true;
  return false;
}

constexpr std::string_view to_string(backend b) {
  return name_of(backend_names, b);
}
constexpr std::string_view to_string(algorithm a) {
  return name_of(algorithm_names, a);
}

} // namespace scan
