// What one run of the perf matrix measures: the slice of backends x algorithms x block strategies
// x types x sizes chosen on the command line, and the variants (libscan configurations and
// baselines) a backend times at each type and size.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include <scan/options.hpp>
#include <scan/types.hpp>

#include "perf/classic/classic_strategy.hpp"

namespace scan::perf {

// A full scan of n items, or independent scans of fixed-size segments (the blockwise scan).
enum class operation { scan, blockwise };

constexpr std::string_view to_string(operation op) {
  return op == operation::scan ? "scan" : "blockwise";
}

// A value of the block axis: libscan's own block scan ("automatic", empty), or one of the classic
// strategies (perf/classic/: scan_classic, which cuda builds hold).
using block_choice = std::optional<classic::strategy>;

constexpr std::string_view to_string(const block_choice& b) {
  return b ? classic::to_string(*b) : "automatic";
}

// Every value of each dimension of the matrix, in the order the reports use: the lists of libscan
// and of the classic strategies (scan::backend_names, algorithm_names, element_types,
// classic::strategy_names), so a value added there is an axis value here. Backends without
// `automatic`, which is not a backend of its own.
template <class Enum, std::size_t N, std::size_t... I>
constexpr std::array<Enum, N> listed(const enum_name<Enum> (&names)[N], std::index_sequence<I...>) {
  return {names[I].value...};
}
template <class Enum, std::size_t N>
constexpr std::array<Enum, N> listed(const enum_name<Enum> (&names)[N]) {
  return listed(names, std::make_index_sequence<N>{});
}
inline constexpr auto all_algorithms = listed(scan::algorithm_names);
template <std::size_t... I>
constexpr std::array<block_choice, 1 + sizeof...(I)> blocks_listed(std::index_sequence<I...>) {
  return {block_choice{}, block_choice{classic::strategy_names[I].value}...};
}
inline constexpr auto all_blocks =
    blocks_listed(std::make_index_sequence<std::size(classic::strategy_names)>{});
inline constexpr std::array<scan::backend, std::size(scan::backend_names) - 1> all_backends = [] {
  std::array<scan::backend, std::size(scan::backend_names) - 1> out{};
  std::size_t i = 0;
  for (const auto& entry : scan::backend_names)
    if (entry.value != scan::backend::automatic) out[i++] = entry.value;
  return out;
}();
inline constexpr auto all_types = std::apply(
    [](const auto&... entry) {
      return std::array<scan::element_type, sizeof...(entry)>{entry.kind...};
    },
    scan::element_types);
inline constexpr std::array<operation, 2> all_operations = {operation::scan, operation::blockwise};

// Implementation names. Every backend measures `copy` first at each type and size: it is the
// ceiling the other rows are a fraction of.
inline constexpr std::string_view libscan_name = "libscan";
inline constexpr std::string_view copy_name = "copy";

// One thing timed at a type and size: a libscan configuration or a baseline.
struct variant {
  std::string implementation{libscan_name};
  operation op = operation::scan;
  scan::algorithm algorithm = scan::algorithm::automatic;
  block_choice block{};
  std::int64_t segment = 0; // items per segment of a blockwise scan

  bool is_libscan() const { return implementation == libscan_name; }
  // "libscan single_pass/warp_shuffle", "cub", "libscan blockwise(1024)/automatic"
  std::string label() const;
};

struct run_plan {
  std::vector<scan::backend> backends; // empty: every backend this build holds
  std::vector<scan::algorithm> algorithms;
  std::vector<block_choice> blocks;
  std::vector<scan::element_type> types;
  std::vector<std::int64_t> sizes;    // empty: the backend's default range
  std::vector<bool> inclusive;        // which scans: true = inclusive, false = exclusive
  std::vector<std::string> baselines; // empty: all the backend has
  std::vector<operation> operations;
  std::vector<std::int64_t> segments; // blockwise segment sizes
  int warmup = 2;
  int min_reps = 5;
  int max_reps = 50;
  double target_ms = 30; // timed calls per variant aim at about this much time
  bool rotate = true;    // rotate buffers for cache-sized inputs (else flag them resident)
  bool progress = true;
  bool list_only = false;
  std::string out_dir = "out/perf";
};

// The value whose to_string is `name`; false when there is none.
template <class Values, class E> bool from_name(std::string_view name, const Values& all, E& out) {
  for (E e : all)
    if (to_string(e) == name) {
      out = e;
      return true;
    }
  return false;
}

// "2^20" for powers of two, else the decimal number.
std::string size_name(std::int64_t n);

// Default sizes, every second power of two: 2^10..2^30 on a GPU, 2^10..2^24 on the host (a CPU
// scans 2^30 items in about a second: the full matrix would not fit its time budget).
std::vector<std::int64_t> default_sizes(bool gpu);

} // namespace scan::perf
