// The compiled set for scan::bit_and, bit_or and bit_xor (integer types) on the CUDA backend.
#include "backends/cuda/compiled_entry.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "src/compiled_set.hpp"

namespace scan::cuda {

void run_compiled_bitwise(const detail::request& r) {
  const auto run = [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    scan_tuned(detail::typed_args<In, Out>(r), op);
  };
  if (r.op == operator_kind::bit_and)
    detail::visit_compiled_for<scan::bit_and>(r, run);
  else if (r.op == operator_kind::bit_or)
    detail::visit_compiled_for<scan::bit_or>(r, run);
  else
    detail::visit_compiled_for<scan::bit_xor>(r, run);
}

} // namespace scan::cuda
