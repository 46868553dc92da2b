// The kokkos backend's compiled set of blockwise scans, on Kokkos::DefaultExecutionSpace. Apart
// from kokkos_backend.cpp so that the two sets build in parallel.
#include <scan/detail/kokkos_blockwise.hpp>
#include "src/compiled_set.hpp"

namespace scan::kokkos {

void run_blockwise_compiled(const scan::detail::request& r) {
  scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    blockwise(scan::detail::typed_args<In, Out>(r), r.segment, op);
  });
}

} // namespace scan::kokkos
