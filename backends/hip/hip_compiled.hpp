// The HIP compiled set (src/compiled_set.hpp), one operator per call so that its device code
// spreads over several translation units (hip_compiled_<op>.cpp) that build in parallel.
#pragma once

#include "backends/hip/hip_scan.hpp"
#include "scan/detail/request.hpp"
#include "src/compiled_set.hpp"

namespace scan::hip {

template <class Op> void run_compiled_for(const detail::request& r) {
  detail::visit_compiled_for<Op>(r, [&](auto in, auto out, Op op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan(detail::typed_args<In, Out>(r), op);
  });
}

void run_compiled_sum(const detail::request& r);
void run_compiled_product(const detail::request& r);
void run_compiled_min(const detail::request& r);
void run_compiled_max(const detail::request& r);
void run_compiled_bit_and(const detail::request& r);
void run_compiled_bit_or(const detail::request& r);
void run_compiled_bit_xor(const detail::request& r);
void run_blockwise_compiled(const detail::request& r);

} // namespace scan::hip
