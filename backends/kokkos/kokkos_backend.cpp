// The kokkos backend's entry in the registry and its compiled set of types and operators (full
// scans here, blockwise scans in kokkos_blockwise_compiled.cpp), run on
// Kokkos::DefaultExecutionSpace with pointers into its memory space. Where that space runs a GPU
// backend (Kokkos::Cuda, Kokkos::HIP: kokkos_native.hpp), the calls go to that backend's entry,
// built into this library, with the instance's stream.
#include <cstdint>

#include <scan/detail/backends/kokkos/kokkos_scan.hpp>
#include <scan/detail/scan_on.hpp>

#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::kokkos {

// The compiled set of blockwise scans (kokkos_blockwise_compiled.cpp).
void run_blockwise_compiled(const scan::detail::request& r);

namespace {

using default_exec = Kokkos::DefaultExecutionSpace;

// The request as the GPU backend of a native space takes it, and that backend's entry.
template <class Exec> scan::detail::request native_request(const scan::detail::request& r) {
  scan::detail::request g = r;
  g.opt = native_options(Exec{}, r.opt);
  return g;
}
template <class Exec> const scan::detail::backend_entry& native_entry() {
  return *scan::detail::find_backend(native_gpu<Exec>::vendor::id);
}

template <class Exec> void check_on(const scan::detail::request& r) {
  require_initialized();
  // Kokkos cannot tell where a raw pointer points; a GPU runtime can.
  if constexpr (native_gpu<Exec>::present) native_entry<Exec>().check_memory(r);
}

template <class Exec> void run_compiled_on(const scan::detail::request& r) {
  if constexpr (native_gpu<Exec>::present) {
    native_entry<Exec>().run_compiled(native_request<Exec>(r));
  } else {
    scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      scan::detail::scan_on(kokkos_backend<Exec>{Exec{}}, scan::detail::typed_args<In, Out>(r), op);
    });
  }
}

// One marking function per part primitives type: every type and operator's scan shares it.
template <class Parts>
void mark_compiled(Parts& parts, const scan::detail::request& r, std::uint32_t* words,
                   std::uint32_t* bad) {
  scan::detail::with_segments(r.segments, [&](const auto& segments) {
    scan::detail::mark_heads(parts, segments, r.n, words, bad);
  });
}

template <class Exec> void run_segmented_compiled_on(const scan::detail::request& r) {
  if constexpr (native_gpu<Exec>::present) {
    native_entry<Exec>().run_segmented_compiled(native_request<Exec>(r));
  } else {
    scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      const auto a = scan::detail::typed_args<In, Out>(r);
      const auto mark = [&](auto& parts, std::uint32_t* words, std::uint32_t* bad) {
        mark_compiled(parts, r, words, bad);
      };
      scan::detail::segmented_on(kokkos_team_backend<Exec>{{Exec{}}}, mark, r.segments.checked,
                                 a.in, a.out, a.n, a.inclusive, a.init, a.opt, op,
                                 scan::detail::marked_totals_of<Out>(r));
    });
  }
}

template <class Exec>
void run_distributed_compiled_on(const scan::detail::request& r, const communicator& comm) {
  if constexpr (native_gpu<Exec>::present) {
    native_entry<Exec>().run_distributed_compiled(native_request<Exec>(r), comm);
  } else {
    scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      scan::detail::distributed_on(kokkos_backend<Exec>{Exec{}}, comm,
                                   scan::detail::typed_args<In, Out>(r), op);
    });
  }
}

template <class Exec>
void run_totals_compiled_on(const scan::detail::request& r, scan::detail::totals_step step) {
  if constexpr (native_gpu<Exec>::present) {
    native_entry<Exec>().run_totals_compiled(native_request<Exec>(r), step);
  } else {
    scan::detail::visit_compiled(r, [&](auto in, auto out, auto op) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      scan::detail::totals_on(kokkos_backend<Exec>{Exec{}}, scan::detail::typed_args<In, Out>(r),
                              static_cast<Out*>(r.totals), scan::detail::tails_of(r), step, op);
    });
  }
}

template <class Exec>
std::size_t workspace_bytes_on(std::int64_t n, std::size_t in_size, std::size_t out_size,
                               const options& opt) {
  require_initialized();
  if constexpr (native_gpu<Exec>::present)
    return native_entry<Exec>().workspace_bytes(n, in_size, out_size, native_options(Exec{}, opt));
  else
    return scan::detail::workspace_bytes_on(kokkos_backend<Exec>{Exec{}}, n, in_size, out_size,
                                            opt);
}

} // namespace
} // namespace scan::kokkos

namespace scan::detail {

const backend_entry& kokkos_backend_entry() {
  using kokkos::default_exec;
  static const backend_entry entry{backend::kokkos,
                                   kokkos::unsupported,
                                   kokkos::check_on<default_exec>,
                                   kokkos::run_compiled_on<default_exec>,
                                   kokkos::workspace_bytes_on<default_exec>,
                                   kokkos::run_blockwise_compiled,
                                   nullptr,
                                   kokkos::run_segmented_compiled_on<default_exec>,
                                   kokkos::run_distributed_compiled_on<default_exec>,
                                   kokkos::run_totals_compiled_on<default_exec>};
  return entry;
}

} // namespace scan::detail
