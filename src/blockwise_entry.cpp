// The library's entry for blockwise scans (scan/blockwise.hpp): the checks of every scan, the
// segment length, and the backend's compiled blockwise scan.
#include <string>

#include <scan/error.hpp>
#include "src/backend_registry.hpp"

namespace scan::detail {

backend check_blockwise(const request& r) {
  if (r.segment < 1)
    throw error("segment: a blockwise scan needs segments of at least 1 item, got " +
                std::to_string(r.segment));
  const backend b = check(r);
  entry_offering(b, &backend_entry::run_blockwise_compiled, "blockwise");
  return b;
}

void run_compiled_blockwise(const request& r) {
  const backend b = check_blockwise(r);
  if (r.n == 0) return;
  find_backend(b)->run_blockwise_compiled(r);
}

} // namespace scan::detail
