// What one run of the perf matrix measures: the slice of backends x algorithms x block strategies
// x types x sizes chosen on the command line, and the variants (libscan configurations and
// baselines) a backend times at each type and size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <scan/options.hpp>
#include <scan/types.hpp>

namespace scan::perf {

// A full scan of n items, or independent scans of fixed-size segments (the blockwise scan).
enum class operation { scan, blockwise };

constexpr std::string_view to_string(operation op) {
  return op == operation::scan ? "scan" : "blockwise";
}

// Every value of each dimension of the matrix, in the order the reports use.
inline constexpr scan::backend all_backends[] = {scan::backend::host, scan::backend::cuda,
                                                 scan::backend::hip, scan::backend::kokkos};
inline constexpr scan::algorithm all_algorithms[] = {
    scan::algorithm::automatic, scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
    scan::algorithm::scan_then_fan};
inline constexpr scan::block_strategy all_blocks[] = {
    scan::block_strategy::automatic,          scan::block_strategy::kogge_stone_global,
    scan::block_strategy::kogge_stone_shared, scan::block_strategy::kogge_stone_double_buffered,
    scan::block_strategy::brent_kung,         scan::block_strategy::blelloch,
    scan::block_strategy::warp_shuffle,       scan::block_strategy::warp_shuffle_ptx,
    scan::block_strategy::thread_coarsened};
inline constexpr scan::element_type all_types[] = {
    scan::element_type::i8,  scan::element_type::u8,  scan::element_type::i16,
    scan::element_type::u16, scan::element_type::i32, scan::element_type::u32,
    scan::element_type::i64, scan::element_type::u64, scan::element_type::f32,
    scan::element_type::f64};
inline constexpr operation all_operations[] = {operation::scan, operation::blockwise};

// Implementation names. Every backend measures `copy` first at each type and size: it is the
// ceiling the other rows are a fraction of.
inline constexpr std::string_view libscan_name = "libscan";
inline constexpr std::string_view copy_name = "copy";

// One thing timed at a type and size: a libscan configuration or a baseline.
struct variant {
  std::string implementation{libscan_name};
  operation op = operation::scan;
  scan::algorithm algorithm = scan::algorithm::automatic;
  scan::block_strategy block = scan::block_strategy::automatic;
  std::int64_t segment = 0; // items per segment of a blockwise scan

  bool is_libscan() const { return implementation == libscan_name; }
  // "libscan single_pass/warp_shuffle", "cub", "libscan blockwise(1024)/automatic"
  std::string label() const;
};

struct run_plan {
  std::vector<scan::backend> backends; // empty: every backend this build holds
  std::vector<scan::algorithm> algorithms;
  std::vector<scan::block_strategy> blocks;
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
template <class E, std::size_t N> bool from_name(std::string_view name, const E (&all)[N], E& out) {
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
