// The compiled full scans of one block strategy: every type and operator of the compiled set
// (src/compiled_set.hpp).
#pragma once

#include "backends/cuda/compiled_ladder.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "src/compiled_set.hpp"

namespace scan::cuda {

template <class Strategy> void run_compiled_with(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan_with<Strategy>(detail::typed_args<In, Out>(r), op);
  });
}

} // namespace scan::cuda
