// The kokkos backend on an execution space instance: libscan's GPU kernels on the instance's
// stream for Kokkos::Cuda and Kokkos::HIP (kokkos_native.hpp), the portable team kernels
// (kokkos_parts) on every other space. The pointer API (scan::inclusive_scan / exclusive_scan with
// backend::kokkos) runs on Kokkos::DefaultExecutionSpace; the View entry points (scan/kokkos.hpp)
// on the caller's instance. Kokkos must be initialized by the application.
#pragma once

#include <string>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_native.hpp>
#include <scan/detail/backends/kokkos/kokkos_parts.hpp>
#include <scan/detail/backends/kokkos/kokkos_workspace.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace scan::kokkos {

// Empty when the kokkos backend runs with these options, else why not.
inline std::string unsupported(const options& opt) {
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

// The portable team kernels on one execution space instance: the shared orchestration over
// kokkos_parts, with workspace from the instance's memory space. Sequences are pointers or any
// accessor indexed by s[i] (Views of every layout).
template <class Exec> struct kokkos_team_backend {
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

// The kokkos backend on one execution space instance, for every call, pointer or View: the GPU
// backend on the instance's stream where the space has one (its sequences are then pointers or
// strided sequences, see kokkos_views.hpp), else the team kernels.
template <class Exec> struct kokkos_backend {
  Exec exec;

  template <class F> void with_parts(const options& call, F&& f) const {
    if constexpr (native_gpu<Exec>::present) {
      typename native_gpu<Exec>::backend{}.with_parts(native_options(exec, call), f);
    } else {
      kokkos_team_backend<Exec>{{exec}}.with_parts(call, f);
    }
  }
};

// The pointer API runs on Kokkos::DefaultExecutionSpace.
inline kokkos_backend<Kokkos::DefaultExecutionSpace> default_backend() {
  return {Kokkos::DefaultExecutionSpace{}};
}

} // namespace scan::kokkos
