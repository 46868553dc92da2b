// How a call travels from the front end to a backend: a type-erased `request` for the checks, the
// compiled library (scan/detail/compiled_entries.hpp) and the backends' entries; scan_args.hpp
// holds the typed arguments a backend's templates receive.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

namespace scan::detail {

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
  request() = default;
  // A flat scan's request, every other member as its initializer says. Member by member: a
  // default-constructed request assigned afterwards is cleared whole first, which compilers do
  // with a string instruction (rep stos) that alone costs more than a short scan.
  request(const void* in_, void* out_, std::int64_t n_, std::size_t in_size_, std::size_t out_size_,
          element_type in_type_, element_type out_type_, operator_kind op_, bool inclusive_,
          const void* init_, const options& opt_)
      : in(in_), out(out_), n(n_), in_size(in_size_), out_size(out_size_), in_type(in_type_),
        out_type(out_type_), op(op_), inclusive(inclusive_), has_init(init_ != nullptr),
        init(init_), opt(opt_) {}

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

// The two steps that write a call's totals (orchestration/totals.hpp), around its scan.
enum class totals_step { save_tails, finish };

} // namespace scan::detail
