// The argument checks every call passes before anything is written.
#include <cstdint>
#include <string>
#include <utility>

#include <scan/error.hpp>
#include "src/backend_registry.hpp"

namespace scan::detail {
namespace {

std::string str(std::string_view s) {
  return std::string(s);
}

const backend_entry& resolve(backend requested) {
  const backend b = requested == backend::automatic ? configured_backend() : requested;
  const backend_entry* entry = find_backend(b);
  if (!entry)
    throw error("options.backend: the " + str(to_string(b)) +
                " backend is not built into this libscan (built: " + built_backends() + ")");
  return *entry;
}

// Rejects byte ranges [begin, begin + count * size) that wrap around, and partial overlaps. A
// batched request's ranges reach as far as its layout does.
void check_overlap(const request& r) {
  const auto in = reinterpret_cast<std::uintptr_t>(r.in);
  const auto out = reinterpret_cast<std::uintptr_t>(r.out);
  const auto in_count = static_cast<std::uintptr_t>(r.batched ? extent(r.lanes, r.lanes.in) : r.n);
  const auto out_count =
      static_cast<std::uintptr_t>(r.batched ? extent(r.lanes, r.lanes.out) : r.n);
  if (in_count > (UINTPTR_MAX - in) / r.in_size || out_count > (UINTPTR_MAX - out) / r.out_size)
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

// The host backend reads its pointers on the host: memory only a device can read would crash it.
void check_host_readable(const request& r) {
  for (const auto& device_backend : backend_names) {
    const backend_entry* device = find_backend(device_backend.value);
    if (!device || !device->device_only) continue;
    const std::string name = str(device_backend.name);
    for (const auto& [p, arg] : {std::pair<const void*, const char*>{r.in, "in"}, {r.out, "out"}})
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

// Values outside the enums (a cast integer) would otherwise reach a backend's switch.
void check_enums(const options& opt) {
  if (!is_listed(algorithm_names, opt.algorithm))
    throw error("options.algorithm: unknown value " +
                std::to_string(static_cast<int>(opt.algorithm)));
  if (!is_listed(block_strategy_names, opt.block))
    throw error("options.block: unknown value " + std::to_string(static_cast<int>(opt.block)));
}

} // namespace

backend check(const request& r) {
  const backend_entry& entry = resolve(r.opt.backend);
  if (r.n < 0) throw error("n: negative element count " + std::to_string(r.n));
  check_enums(r.opt);
  if (const std::string why = entry.unsupported(r.opt); !why.empty()) throw error(why);
  if (r.n == 0) return entry.id;
  if (!r.in) throw error("in: null pointer with n = " + std::to_string(r.n));
  if (!r.out) throw error("out: null pointer with n = " + std::to_string(r.n));
  check_overlap(r);
  if (entry.check_memory) entry.check_memory(r);
  if (entry.id == backend::host) check_host_readable(r);

  const workspace& ws = r.opt.workspace;
  if (ws.data || ws.bytes) {
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
  return entry.id;
}

void run_compiled(const request& r) {
  const backend b = check(r);
  if (r.n == 0) return;
  find_backend(b)->run_compiled(r);
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, element_type out_type,
                            std::size_t out_size, const options& opt) {
  if (n < 0) throw error("n: negative element count " + std::to_string(n));
  if (n == 0) return 0;
  return workspace_need(resolve(opt.backend), n, in_size, out_type, out_size, opt);
}

} // namespace scan::detail
