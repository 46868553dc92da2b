// The library's entry for segmented scans (scan/segmented.hpp): the checks of every scan, those of
// the segment description, and the backend's compiled segmented scan.
#include <cstdint>
#include <string>

#include <scan/detail/compiled_entries.hpp>
#include <scan/error.hpp>
#include "src/backend_registry.hpp"

namespace scan::detail {
namespace {

const char* name_of(segments_kind kind) {
  switch (kind) {
  case segments_kind::offsets:
    return "offsets";
  case segments_kind::head_flags:
    return "flags";
  case segments_kind::keys:
    return "keys";
  case segments_kind::none:
    break;
  }
  return "segments";
}

void check_segments(const request& r) {
  const segments_request& s = r.segments;
  const std::string what = name_of(s.kind);
  if (s.kind == segments_kind::none) throw error("segments: none given (internal error)");
  if (s.kind == segments_kind::offsets) {
    if (s.num_segments < 0)
      throw error("offsets: negative num_segments " + std::to_string(s.num_segments));
    if (r.n > 0 && s.num_segments == 0)
      throw error("offsets: 0 segments cannot hold n = " + std::to_string(r.n) + " items");
  }
  if (r.n == 0) return;
  if (!s.data) throw error(what + ": null pointer with n = " + std::to_string(r.n));
  // The description is read while the output is written: they must not share memory.
  const std::int64_t count = s.kind == segments_kind::offsets ? s.num_segments + 1 : r.n;
  const auto begin = reinterpret_cast<std::uintptr_t>(s.data);
  const auto out = reinterpret_cast<std::uintptr_t>(r.out);
  if (static_cast<std::uintptr_t>(count) > (UINTPTR_MAX - begin) / s.size)
    throw error(what + ": " + std::to_string(count) +
                " elements run past the end of the address space");
  const std::uintptr_t end = begin + static_cast<std::uintptr_t>(count) * s.size;
  const std::uintptr_t out_end = out + static_cast<std::uintptr_t>(r.n) * r.out_size;
  if (begin < out_end && out < end)
    throw error(what + ": overlaps the output range; a segmented scan reads them while it writes");
}

} // namespace

backend check_segmented(const request& r) {
  const backend b = check(r);
  check_segments(r);
  entry_offering(b, &backend_entry::run_segmented_compiled, "segmented");
  return b;
}

void run_compiled_segmented(const request& r) {
  const backend b = check_segmented(r);
  with_compiled_totals(b, r, [&] {
    if (r.n > 0) find_backend(b)->run_segmented_compiled(r);
  });
}

} // namespace scan::detail
