// The compiled set for scan::sum on the CUDA backend: every type (and widening pair) of
// src/compiled_set.hpp, every supported block strategy.
#include "backends/cuda/compiled_entry.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "src/compiled_set.hpp"

namespace scan::cuda {

void run_compiled_sum(const detail::request& r) {
  detail::visit_compiled_for<scan::sum>(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan_tuned(detail::typed_args<In, Out>(r), op);
  });
}

} // namespace scan::cuda
