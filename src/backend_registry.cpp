#include "src/backend_registry.hpp"

#include <scan/error.hpp>

namespace scan::detail {

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
