// The kokkos backend's compiled set of blockwise and batched scans, on
// Kokkos::DefaultExecutionSpace (through the GPU backend's entry where that space runs one:
// kokkos_native.hpp). Apart from kokkos_backend.cpp so that the two sets build in parallel.
#include <scan/detail/kokkos_blockwise.hpp>
#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::kokkos {

namespace {

template <class Exec> void run_blockwise_compiled_on(const scan::detail::request& r) {
  if constexpr (native_gpu<Exec>::present) {
    scan::detail::request g = r;
    g.opt = native_options(Exec{}, r.opt);
    scan::detail::find_backend(g.opt.backend)->run_blockwise_compiled(g);
  } else {
    scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      const auto a = scan::detail::typed_args<In, Out>(r);
      if (r.batched)
        scan::detail::lanes_on(kokkos_backend<Exec>{Exec{}}, a, r.lanes, op);
      else
        blockwise(a, r.segment, op);
    });
  }
}

} // namespace

void run_blockwise_compiled(const scan::detail::request& r) {
  run_blockwise_compiled_on<Kokkos::DefaultExecutionSpace>(r);
}

} // namespace scan::kokkos
