// What each classic unit (classic_<name>.cu) compiles for its strategy: full and blockwise scans
// of the compiled set on the cuda backend.
#pragma once

#include <scan/detail/backends/cuda/cuda_vendor.cuh>
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/scan_on.hpp>

#include "perf/classic/classic_entry.hpp"
#include "src/compiled_set.hpp"

namespace scan::classic {

template <class Strategy> using classic_backend = gpu::gpu_backend_of<cuda::cuda_vendor, Strategy>;

template <class Strategy> void run_full(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::scan_on(classic_backend<Strategy>{}, detail::typed_args<In, Out>(r), op);
  });
}

// Blockwise scans tile with Blockwise; a few long segments are full scans with Strategy.
template <class Strategy, class Blockwise> void run_blockwise(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    classic_backend<Blockwise>::blockwise(detail::typed_args<In, Out>(r), r.segment, op,
                                          [&](const detail::scan_args<In, Out>& part) {
                                            detail::scan_on(classic_backend<Strategy>{}, part, op);
                                          });
  });
}

template <class Strategy, class Blockwise = Strategy> const classic_entry& entry_of() {
  static const classic_entry e{run_full<Strategy>, run_blockwise<Strategy, Blockwise>};
  return e;
}

} // namespace scan::classic
