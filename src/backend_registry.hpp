// The backends this build holds (SCAN_WITH_*): finding one's entry, the configured one.
#pragma once

#include <string>

#include "src/backend_entry.hpp"

namespace scan::detail {

// Null when this build does not hold the backend. Inline: a call's checks ask it for backends
// the build lacks, which then cost nothing.
inline const backend_entry* find_backend(backend b) {
  switch (b) {
  case backend::host:
    return &host_backend_entry();
#if defined(SCAN_WITH_CUDA)
  case backend::cuda:
    return &gpu_backend_entry();
#endif
#if defined(SCAN_WITH_HIP)
  case backend::hip:
    return &gpu_backend_entry();
#endif
#if defined(SCAN_WITH_KOKKOS)
  case backend::kokkos:
    return &kokkos_backend_entry();
#endif
  default:
    return nullptr;
  }
}

// The backend SCAN_BACKEND configured; what backend::automatic means.
constexpr backend configured_backend() {
#if defined(SCAN_WITH_KOKKOS) // first: a Kokkos with CUDA or HIP brings that backend too
  return backend::kokkos;
#elif defined(SCAN_WITH_CUDA)
  return backend::cuda;
#elif defined(SCAN_WITH_HIP)
  return backend::hip;
#else
  return backend::host;
#endif
}

// "host, cuda": the backends this build holds, for error messages.
std::string built_backends();

} // namespace scan::detail
