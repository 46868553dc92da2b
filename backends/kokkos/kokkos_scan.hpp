// The kokkos backend's entry: the shared orchestration over kokkos_parts on an execution space
// instance. The pointer API (scan::inclusive_scan / exclusive_scan with backend::kokkos) runs on
// Kokkos::DefaultExecutionSpace; the View entry points (scan/kokkos.hpp) on the caller's instance.
// Kokkos must be initialized by the application.
#pragma once

#include <string>

#include <Kokkos_Core.hpp>

#include "backends/kokkos/kokkos_parts.hpp"
#include "backends/kokkos/kokkos_workspace.hpp"
#include "scan/detail/request.hpp"
#include "scan/error.hpp"
#include "scan/options.hpp"
#include "src/orchestrate.hpp"

namespace scan::kokkos {

// Empty when the kokkos backend runs with these options, else why not.
inline std::string unsupported(const options& opt) {
  if (opt.block != block_strategy::automatic)
    return "block_strategy " + std::string(to_string(opt.block)) +
           " selects a cuda or hip kernel; the kokkos backend scans with its team kernels";
  if (opt.stream)
    return "stream: the kokkos backend runs on a Kokkos execution space instance, not a stream; "
           "the pointer API uses Kokkos::DefaultExecutionSpace, and scan::kokkos::inclusive_scan "
           "/ exclusive_scan (scan/kokkos.hpp) take an instance";
  return {};
}

inline void require_initialized() {
  if (!Kokkos::is_initialized())
    throw error("backend kokkos: Kokkos is not initialized; call Kokkos::initialize (or hold a "
                "Kokkos::ScopeGuard) before scanning with the kokkos backend");
}

// The one dispatch point of the kokkos backend: every call, pointer or View, runs here on its
// execution space instance. Every space runs the portable team kernels today. A device space
// (Kokkos::Cuda, Kokkos::HIP) is where a call could be routed to libscan's native kernels on the
// instance's stream, with pointers or contiguous Views; that waits for a GPU-enabled Kokkos build
// to test it against.
template <class Exec, class InSeq, class OutSeq, class Out, class Op>
void run(kokkos_parts<Exec> parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
         maybe<Out> init, options opt, Op op) {
  if (!opt.workspace.data) opt.stream = instance_key(parts.exec);
  scan::detail::workspace_source<kokkos_memory<Exec>> ws(workspace_cache<Exec>(),
                                                         kokkos_memory<Exec>{parts.exec}, opt);
  scan::detail::orchestrate(parts, in, out, n, inclusive, init, opt, op, ws);
}

// Bytes of caller workspace a scan of n items needs on this instance (see scan::workspace_bytes).
template <class Exec>
std::size_t workspace_bytes_on(const Exec& exec, std::int64_t n, std::size_t in_size,
                               std::size_t out_size, const options& opt) {
  if (n <= 0) return 0;
  return scan::detail::orchestration_bytes(kokkos_parts<Exec>{exec}, opt, n, in_size, out_size);
}

// The header path (custom operators, other type pairs) of the pointer API.
template <class In, class Out, class Op>
void scan(const scan::detail::scan_args<In, Out>& a, Op op) {
  using exec = Kokkos::DefaultExecutionSpace;
  run(kokkos_parts<exec>{exec{}}, a.in, a.out, a.n, a.inclusive, a.init, a.opt, op);
}

} // namespace scan::kokkos
