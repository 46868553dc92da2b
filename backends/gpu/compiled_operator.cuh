// The definitions behind compiled_operator.hpp, for the generated per-operator units.
#pragma once

// GCC 12 (nvcc's host compiler) warns that a workspace_source's optional members may be used
// uninitialized in its destructor, once enough of the orchestration is inlined into one unit: a
// false positive (they are constructed empty), for these generated units only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/scan_on.hpp>

#include "backends/gpu/compiled_operator.hpp"
#include "backends/gpu/configured_vendor.hpp"
#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::gpu {

template <class Op> void run_compiled_for(const detail::request& r) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::scan_on(gpu_backend<configured_vendor>{}, detail::typed_args<In, Out>(r), op);
  });
}

// A few long segments run as full scans through the compiled full scans (the registry entry), so
// no full-scan kernel is compiled twice. Batched requests run their layout (lanes_on).
template <class Op> void run_blockwise_compiled_for(const detail::request& r) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    if (r.batched)
      return detail::lanes_on(gpu_backend<configured_vendor>{}, detail::typed_args<In, Out>(r),
                              r.lanes, op);
    const auto scan_one = [&](const detail::scan_args<In, Out>& part) {
      detail::find_backend(configured_vendor::id)
          ->run_compiled(detail::segment_request(r, part.in, part.out, part.n));
    };
    gpu_backend<configured_vendor>::blockwise(detail::typed_args<In, Out>(r), r.segment, op,
                                              scan_one);
  });
}

template <class Op> void run_segmented_compiled_for(const detail::request& r) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    const auto a = detail::typed_args<In, Out>(r);
    const auto mark = [&](auto&, std::uint32_t* words, std::uint32_t* bad) {
      mark_compiled_segments(r, words, bad);
    };
    detail::segmented_on(gpu_backend<configured_vendor>{}, mark, r.segments.checked, a.in, a.out,
                         a.n, a.inclusive, a.init, a.opt, op, detail::marked_totals_of<Out>(r));
  });
}

template <class Op>
void run_distributed_compiled_for(const detail::request& r, const communicator& comm) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::distributed_on(gpu_backend<configured_vendor>{}, comm, detail::typed_args<In, Out>(r),
                           op);
  });
}

template <class Op>
void run_totals_compiled_for(const detail::request& r, detail::totals_step step) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::totals_on(gpu_backend<configured_vendor>{}, detail::typed_args<In, Out>(r),
                      static_cast<Out*>(r.totals), detail::tails_of(r), step, op);
  });
}

} // namespace scan::gpu
