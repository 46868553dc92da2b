// The compiled blockwise scans of one block strategy: every type and operator of the compiled
// set (src/compiled_set.hpp). A few long segments run as full scans through the compiled full
// scans (the registry entry), so no full-scan kernel is compiled twice.
#pragma once

#include "backends/cuda/compiled_blockwise.hpp"
#include "backends/cuda/cuda_blockwise.cuh"
#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::cuda {

template <class Strategy> void run_blockwise_compiled_with(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    const auto scan_one = [&](const detail::scan_args<In, Out>& part) {
      detail::cuda_backend_entry().run_compiled(
          detail::segment_request(r, part.in, part.out, part.n));
    };
    gpu::blockwise_with<Strategy, cuda_launch>(detail::typed_args<In, Out>(r), r.segment, op,
                                               scan_one);
  });
}

} // namespace scan::cuda
