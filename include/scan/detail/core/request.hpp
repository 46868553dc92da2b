// How a call travels from the front end to a backend: a type-erased `request` for the checks and
// the compiled library, and the typed `scan_args` a backend's templates receive.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/config.hpp>
#include <scan/detail/core/communicator.hpp>
#include <scan/detail/core/lanes.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

namespace scan::detail {

// An optional value that device code can copy (std::optional is host-only). `at`, when set, says
// the value is the one at that address, in the backend's memory, read where the work runs: an
// init a kernel computed (the distributed scan's prefix), honoured by scan_parts
// (orchestration/part_primitives.hpp).
template <class T> struct maybe {
  T value{};
  bool present = false;
  const maybe* at = nullptr;

  SCAN_HOST_DEVICE maybe resolved() const { return at ? *at : *this; }
};

// How a segmented scan's segments are given (scan/segments.hpp), type-erased.
enum class segments_kind { none, offsets, head_flags, keys };
struct segments_request {
  segments_kind kind = segments_kind::none;
  const void* data = nullptr;
  element_type type = element_type::other; // of offsets and keys (flags: any 1-byte type)
  std::size_t size = 0;                    // bytes per offset, flag or key
  std::int64_t num_segments = 0;           // offsets only
  bool checked = false;                    // offsets only: check them before scanning
};

struct request {
  const void* in = nullptr;
  void* out = nullptr;
  std::int64_t n = 0;
  std::size_t in_size = 0; // bytes per element
  std::size_t out_size = 0;
  element_type in_type = element_type::other;
  element_type out_type = element_type::other;
  operator_kind op = operator_kind::other;
  bool inclusive = true;
  bool has_init = false;
  const void* init = nullptr; // points at an output-typed value when has_init
  options opt{};
  std::int64_t segment = 0;    // blockwise scans (scan/blockwise.hpp): items per segment; 0: none
  segments_request segments{}; // segmented scans (scan/segmented.hpp)
  // Batched scans (scan/batched.hpp): run as blockwise requests (segment 0) over this layout;
  // n is its item count, in and out its bases.
  bool batched = false;
  lanes_layout lanes{};
  // The total of each segment, row or column (scan/totals.hpp), into output-typed elements.
  bool has_totals = false;
  void* totals = nullptr;
};

// Blockwise call r as a full scan of one segment (in, out, n): r's types, operator and options.
inline request segment_request(const request& r, const void* in, void* out, std::int64_t n) {
  request one = r;
  one.in = in;
  one.out = out;
  one.n = n;
  one.segment = 0;
  one.has_totals = false;
  return one;
}

template <class In, class Out> struct scan_args {
  const In* in;
  Out* out;
  std::int64_t n;
  bool inclusive;
  maybe<Out> init;
  options opt; // opt.backend is resolved (never automatic) by the time a backend sees it
};

// The two steps that write a call's totals (orchestration/totals.hpp), around its scan.
enum class totals_step { save_tails, finish };

// Both defined in the library. check() throws scan::error on bad input and returns the backend
// that runs the call; run_compiled() checks and runs a call on the compiled set of combinations.
backend check(const request& r);
void run_compiled(const request& r);
std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, element_type out_type,
                            std::size_t out_size, const options& opt);
// The same for blockwise scans (r.segment >= 1 is checked too) and batched scans (r.lanes), in
// src/blockwise_entry.cpp.
backend check_blockwise(const request& r);
void run_compiled_blockwise(const request& r);
// The same for segmented scans (r.segments is checked too), in src/segmented_entry.cpp.
backend check_segmented(const request& r);
void run_compiled_segmented(const request& r);
// The same for this rank's part of a distributed scan (comm is checked too; n == 0 runs as well:
// the rank takes part in the exchange), in src/distributed_entry.cpp.
backend check_distributed(const request& r, const communicator& comm);
void run_compiled_distributed(const request& r, const communicator& comm);

} // namespace scan::detail
