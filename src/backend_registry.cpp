#include "src/backend_registry.hpp"

#include <scan/error.hpp>

namespace scan::detail {

const backend_entry* find_backend(backend b) {
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

const backend_entry& entry_offering(backend b, optional_scan scan, const char* what) {
  const backend_entry* entry = find_backend(b);
  if (!entry || !(entry->*scan))
    throw error("options.backend: the " + std::string(to_string(b)) + " backend has no " + what +
                " scan");
  return *entry;
}

const backend_entry& entry_offering_totals(backend b) {
  const backend_entry* entry = find_backend(b);
  if (!entry || !entry->run_totals_compiled)
    throw error("options.backend: the " + std::string(to_string(b)) + " backend writes no totals");
  return *entry;
}

backend configured_backend() {
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

std::string built_backends() {
  std::string names;
  for (const auto& b : backend_names) {
    if (!find_backend(b.value)) continue;
    if (!names.empty()) names += ", ";
    names += b.name;
  }
  return names;
}

} // namespace scan::detail
