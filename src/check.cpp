// The argument checks every call passes before anything is written.
#include <cstdint>
#include <string>
#include <utility>

#include <scan/detail/compiled_entries.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/error.hpp>
#include "src/backend_registry.hpp"
#include "src/hot_path.hpp"

namespace scan::detail {
namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

[[noreturn]] void throw_not_built(backend b) {
  throw error("options.backend: the " + str(to_string(b)) +
              " backend is not built into this libscan (built: " + built_backends() + ")");
}

inline const backend_entry& resolve(backend requested) {
  const backend b = requested == backend::automatic ? configured_backend() : requested;
  const backend_entry* entry = find_backend(b);
  if (!entry) throw_not_built(b);
  return *entry;
}

// Whether `count` elements of `size` bytes from address `begin` run past the end of the address
// space. Counts and sizes below 2^32 multiply without overflow: no division for the common call.
bool runs_past_end(std::uintptr_t begin, std::uintptr_t count, std::size_t size) {
  const std::uintptr_t room = UINTPTR_MAX - begin;
  if (static_cast<std::uint64_t>(count) >> 32 == 0 && static_cast<std::uint64_t>(size) >> 32 == 0)
    return static_cast<std::uint64_t>(count) * size > room;
  return count > room / size;
}

// Rejects byte ranges [begin, begin + count * size) that wrap around, and partial overlaps. A
// batched request's ranges reach as far as its layout does.
void check_overlap(const request& r) {
  const auto in = reinterpret_cast<std::uintptr_t>(r.in);
  const auto out = reinterpret_cast<std::uintptr_t>(r.out);
  const auto in_count = static_cast<std::uintptr_t>(r.batched ? extent(r.lanes, r.lanes.in) : r.n);
  const auto out_count =
      static_cast<std::uintptr_t>(r.batched ? extent(r.lanes, r.lanes.out) : r.n);
  if (runs_past_end(in, in_count, r.in_size) || runs_past_end(out, out_count, r.out_size))
    throw error("n: " + std::to_string(r.n) + " elements run past the end of the address space");
  if (in == out) {
    if (r.in_size != r.out_size)
      throw error("out: an in-place scan (out == in) needs input and output elements of one size, "
                  "got " +
                  std::to_string(r.in_size) + "-byte input and " + std::to_string(r.out_size) +
                  "-byte output");
    return;
  }
  const std::uintptr_t in_end = in + in_count * r.in_size;
  const std::uintptr_t out_end = out + out_count * r.out_size;
  if (in < out_end && out < in_end)
    throw error("out: the output range partially overlaps the input range; only an exact "
                "in-place scan (out == in) may share memory");
}

// The totals (scan/totals.hpp): as many as tails_of(r) counts, written after the scan. Segments
// given by head flags or keys number from 1 to n, known only once marked: the first total, which
// every such call writes, is checked; the caller keeps the others apart.
SCAN_RARE_PATH void check_totals(const request& r) {
  if (!r.has_totals) return;
  const bool marked = totals_from_marks(r);
  const std::int64_t count = marked ? (r.n > 0 ? 1 : 0) : tails_of(r).count;
  if (count == 0) return;
  if (!r.totals)
    throw error(marked ? "totals: null pointer for the totals of " + std::to_string(r.n) +
                             " items' segments"
                       : "totals: null pointer for " + std::to_string(count) + " totals");
  const auto begin = reinterpret_cast<std::uintptr_t>(r.totals);
  if (static_cast<std::uintptr_t>(count) > (UINTPTR_MAX - begin) / r.out_size)
    throw error("totals: " + std::to_string(count) +
                " elements run past the end of the address space");
  const std::uintptr_t end = begin + static_cast<std::uintptr_t>(count) * r.out_size;
  const auto overlaps = [&](const void* p, std::int64_t elements, std::size_t size) {
    const auto b = reinterpret_cast<std::uintptr_t>(p);
    return elements > 0 && b < end && begin < b + static_cast<std::uintptr_t>(elements) * size;
  };
  const std::int64_t in_count = r.batched ? extent(r.lanes, r.lanes.in) : r.n;
  const std::int64_t out_count = r.batched ? extent(r.lanes, r.lanes.out) : r.n;
  if (overlaps(r.in, in_count, r.in_size) || overlaps(r.out, out_count, r.out_size))
    throw error("totals: overlaps the input or the output; they are read after the totals are "
                "begun");
  if (r.segments.kind == segments_kind::offsets &&
      overlaps(r.segments.data, r.segments.num_segments + 1, r.segments.size))
    throw error("totals: overlaps the offsets, which are read while the totals are written");
  if (marked && overlaps(r.segments.data, r.n, r.segments.size))
    throw error(std::string("totals: overlaps the ") +
                (r.segments.kind == segments_kind::keys ? "keys" : "head flags") +
                ", which give the segments the totals are written for");
}

// The host backend reads its pointers on the host: memory only a device can read would crash it.
void check_host_readable(const request& r) {
  for (const auto& device_backend : backend_names) {
    if (device_backend.value == backend::host) continue; // a build without device backends: none
    const backend_entry* device = find_backend(device_backend.value);
    if (!device || !device->device_only) continue;
    const std::string name = str(device_backend.name);
    for (const auto& [p, arg] : {std::pair<const void*, const char*>{r.in, "in"},
                                 {r.out, "out"},
                                 {r.has_totals ? r.totals : nullptr, "totals"}})
      if (device->device_only(p))
        throw error(std::string(arg) + ": " + name +
                    " device memory, which the host backend cannot read; pass options.backend = "
                    "scan::backend::" +
                    name + " (or automatic) to scan it on the device");
  }
}

// Bytes of workspace a call needs on `entry`: the scan runs in its output's accumulator
// (scan::accumulator_t), so that is the size the backend sizes it for.
std::size_t workspace_need(const backend_entry& entry, std::int64_t n, std::size_t in_size,
                           element_type out_type, std::size_t out_size, const options& opt) {
  return entry.workspace_bytes(n, in_size, accumulator_size(out_type, out_size), opt);
}

// A value outside the enum (a cast integer) would otherwise reach a backend's switch.
void check_algorithm(const options& opt) {
  if (!is_listed(algorithm_names, opt.algorithm))
    throw error("options.algorithm: unknown value " +
                std::to_string(static_cast<int>(opt.algorithm)));
}

// The checks the common call skips (a backend's option checks, totals, caller workspace) live
// apart from check(), so that its own run stays short: a call of a few items costs about as much
// as these checks' instructions.
SCAN_RARE_PATH void check_supported(const backend_entry& entry, const options& opt) {
  if (const std::string why = entry.unsupported(opt); !why.empty()) throw error(why);
}

SCAN_RARE_PATH void check_workspace(const backend_entry& entry, const request& r) {
  const workspace& ws = r.opt.workspace;
  const std::size_t need = workspace_need(entry, r.n, r.in_size, r.out_type, r.out_size, r.opt);
  if (!ws.data && need > 0)
    throw error("options.workspace: null pointer with " + std::to_string(ws.bytes) + " bytes");
  if (reinterpret_cast<std::uintptr_t>(ws.data) % 256 != 0)
    throw error("options.workspace: pointer must be 256-byte aligned");
  if (ws.bytes < need)
    throw error("options.workspace: " + std::to_string(ws.bytes) +
                " bytes given, this call needs " + std::to_string(need) +
                " (see scan::workspace_bytes)");
}

} // namespace

SCAN_HOT_PATH backend check(const request& r) {
  const backend_entry& entry = resolve(r.opt.backend);
  if (r.n < 0) throw error("n: negative element count " + std::to_string(r.n));
  check_algorithm(r.opt);
  if (entry.unsupported) check_supported(entry, r.opt);
  if (r.n > 0) {
    if (!r.in) throw error("in: null pointer with n = " + std::to_string(r.n));
    if (!r.out) throw error("out: null pointer with n = " + std::to_string(r.n));
    check_overlap(r);
  }
  if (r.has_totals) check_totals(r);
  if (r.n == 0 && !(r.has_totals && r.totals)) return entry.id;
  if (entry.check_memory) entry.check_memory(r);
  if (entry.id == backend::host) check_host_readable(r);
  if (r.n == 0) return entry.id;

  if (r.opt.workspace.data || r.opt.workspace.bytes) check_workspace(entry, r);
  return entry.id;
}

SCAN_HOT_PATH void run_compiled(const request& r) {
  const backend b = check(r);
  with_compiled_totals(b, r, [&] {
    if (r.n > 0) find_backend(b)->run_compiled(r);
  });
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, element_type out_type,
                            std::size_t out_size, const options& opt) {
  if (n < 0) throw error("n: negative element count " + std::to_string(n));
  if (n == 0) return 0;
  return workspace_need(resolve(opt.backend), n, in_size, out_type, out_size, opt);
}

} // namespace scan::detail
