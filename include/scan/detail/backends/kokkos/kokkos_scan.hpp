// The kokkos backend: kokkos_parts on an execution space instance. The pointer API
// (scan::inclusive_scan / exclusive_scan with backend::kokkos) runs on
// Kokkos::DefaultExecutionSpace; the View entry points (scan/kokkos.hpp) on the caller's instance.
// Kokkos must be initialized by the application.
#pragma once

#include <string>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_parts.hpp>
#include <scan/detail/backends/kokkos/kokkos_workspace.hpp>
#include <scan/detail/core/request.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace scan::kokkos {

// Empty when the kokkos backend runs with these options, else why not.
inline std::string unsupported(const options& opt) {
  if (opt.block != block_strategy::automatic)
    return "options.block: block_strategy " + std::string(to_string(opt.block)) +
           " selects a cuda or hip kernel; the kokkos backend scans with its team kernels";
  if (opt.stream)
    return "options.stream: the kokkos backend runs on a Kokkos execution space instance, not a "
           "stream; "
           "the pointer API uses Kokkos::DefaultExecutionSpace, and scan::kokkos::inclusive_scan "
           "/ exclusive_scan (scan/kokkos.hpp) take an instance";
  return {};
}

inline void require_initialized() {
  if (!Kokkos::is_initialized())
    throw error("backend kokkos: Kokkos is not initialized; call Kokkos::initialize (or hold a "
                "Kokkos::ScopeGuard) before scanning with the kokkos backend");
}

// The kokkos backend on one execution space instance: every call, pointer or View, runs the
// shared orchestration over kokkos_parts on it (the portable team kernels), with workspace from
// the instance's memory space.
template <class Exec> struct kokkos_backend {
  kokkos_parts<Exec> parts; // the execution space instance (and, for tests, a fixed part size)

  // Calls f(parts, workspace): what the orchestration runs on.
  template <class F> void with_parts(const options& call, F&& f) const {
    options opt = call;
    if (!opt.workspace.data) opt.stream = instance_key(parts.exec);
    kokkos_parts<Exec> p = parts;
    scan::detail::workspace_source<kokkos_memory<Exec>> ws(workspace_cache<Exec>(),
                                                           kokkos_memory<Exec>{parts.exec}, opt);
    f(p, ws);
  }
};

// The pointer API runs on Kokkos::DefaultExecutionSpace.
inline kokkos_backend<Kokkos::DefaultExecutionSpace> default_backend() {
  return {Kokkos::DefaultExecutionSpace{}};
}

} // namespace scan::kokkos
