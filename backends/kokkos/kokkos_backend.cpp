// The kokkos backend's entry in the registry and its compiled set of types and operators (full
// scans here, blockwise scans in kokkos_blockwise_compiled.cpp), run on
// Kokkos::DefaultExecutionSpace with pointers into its memory space.
#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#include <scan/detail/scan_on.hpp>

#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::kokkos {

// The compiled set of blockwise scans (kokkos_blockwise_compiled.cpp).
void run_blockwise_compiled(const scan::detail::request& r);

namespace {

// Kokkos cannot tell where a raw pointer points; what it can tell is whether it runs at all.
void check_ready(const scan::detail::request&) {
  require_initialized();
}

void run_compiled(const scan::detail::request& r) {
  scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan::detail::scan_on(default_backend(), scan::detail::typed_args<In, Out>(r), op);
  });
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  require_initialized();
  return scan::detail::workspace_bytes_on(default_backend(), n, in_size, out_size, opt);
}

} // namespace
} // namespace scan::kokkos

namespace scan::detail {

const backend_entry& kokkos_backend_entry() {
  static const backend_entry entry{backend::kokkos,         kokkos::unsupported,
                                   kokkos::check_ready,     kokkos::run_compiled,
                                   kokkos::workspace_bytes, kokkos::run_blockwise_compiled};
  return entry;
}

} // namespace scan::detail
