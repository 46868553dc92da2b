// The HIP compiled set of blockwise scans: every type and operator of src/compiled_set.hpp. A few
// long segments run as full scans through the compiled full scans (the registry entry), so no
// full-scan kernel is compiled twice.
#include "backends/hip/hip_blockwise.hpp"
#include "backends/hip/hip_compiled.hpp"
#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::hip {

void run_blockwise_compiled(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    const auto scan_one = [&](const detail::scan_args<In, Out>& part) {
      detail::hip_backend_entry().run_compiled(
          detail::segment_request(r, part.in, part.out, part.n));
    };
    gpu::blockwise_with<blockwise_strategy, hip_launch>(detail::typed_args<In, Out>(r), r.segment,
                                                        op, scan_one);
  });
}

} // namespace scan::hip
