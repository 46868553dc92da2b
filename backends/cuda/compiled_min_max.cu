// The compiled set for scan::min and scan::max on the CUDA backend.
#include "backends/cuda/compiled_entry.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "src/compiled_set.hpp"

namespace scan::cuda {

void run_compiled_min_max(const detail::request& r) {
  const auto run = [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan_tuned(detail::typed_args<In, Out>(r), op);
  };
  if (r.op == operator_kind::min)
    detail::visit_compiled_for<scan::min>(r, run);
  else
    detail::visit_compiled_for<scan::max>(r, run);
}

} // namespace scan::cuda
