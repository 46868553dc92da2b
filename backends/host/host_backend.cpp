// The host backend's entry in the registry and its compiled set of types and operators.
#include <algorithm>
#include <string>
#include <tuple>
#include <type_traits>

#include <scan/detail/backends/host/host_backend.hpp>
#include <scan/detail/backends/host/host_blockwise.hpp>
#include <scan/detail/scan_on.hpp>

#include "src/backend_entry.hpp"
#include "src/compiled_set.hpp"
#include "src/hot_path.hpp"

namespace scan::host {

// Never destroyed: its buffers stay reachable until the process ends, whatever order static
// objects (and threads still scanning) go away in.
detail::workspace_cache<host_memory>& workspace_cache() {
  static auto* cache = new detail::workspace_cache<host_memory>;
  return *cache;
}

namespace {

// A compiled scan with In, Out and Op as visit_compiled runs them.
template <class In, class Out, class Op> void run_typed(const detail::request& r) {
  // One thread: the part scan the orchestration would run, without its layers (a short scan
  // of data from memory pays for every cold line they touch), straight from the request.
  if constexpr (!accumulates_apart<Out>) {
    const std::size_t item_bytes = std::max(sizeof(In), sizeof(Out));
    if (default_host_tuning.serial_on_any_pool(r.n, item_bytes) ||
        scan_threads(default_host_tuning, r.n, item_bytes) == 1) {
      detail::maybe<Out> seed;
      if (r.has_init) seed = {*static_cast<const Out*>(r.init), true};
      return part_scan(static_cast<const In*>(r.in), static_cast<Out*>(r.out), r.n, r.inclusive,
                       seed, Op{});
    }
  }
  detail::scan_on(host_backend{}, detail::typed_args<In, Out>(r), Op{});
}

using compiled_scan = void (*)(const detail::request&);
constexpr std::size_t operator_count = std::tuple_size_v<std::decay_t<decltype(operator_kinds)>>;
constexpr std::size_t type_count = std::tuple_size_v<std::decay_t<decltype(element_types)>>;

// The scans of one element type onto itself, by operator and type enumerator: the common call
// finds its scan in one load, where visit_compiled's walk through the compiled set runs through
// cold code a comparison at a time. Null where the pair is not compiled.
struct same_type_scans {
  compiled_scan at[operator_count][type_count]{};
};

constexpr same_type_scans make_same_type_scans() {
  same_type_scans scans{};
  for_each_entry(operator_kinds, [&](const auto& op_entry) {
    using Op = typename std::decay_t<decltype(op_entry)>::type;
    for_each_entry(element_types, [&](const auto& type_entry) {
      using T = typename std::decay_t<decltype(type_entry)>::type;
      if constexpr (is_compiled<T, T, Op>()) {
        using Run = detail::compiled_as<T, Op>; // as visit_compiled_pair runs it
        scans.at[static_cast<std::size_t>(op_entry.kind)]
                [static_cast<std::size_t>(type_entry.kind)] = &run_typed<Run, Run, Op>;
      }
    });
  });
  return scans;
}

constexpr same_type_scans same_type = make_same_type_scans();

// Any compiled scan, found by visit_compiled's walk.
void run_visited(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    run_typed<typename decltype(in)::type, typename decltype(out)::type, decltype(op)>(r);
  });
}

SCAN_HOT_PATH void run_compiled(const detail::request& r) {
  const auto op = static_cast<std::size_t>(r.op);
  const auto type = static_cast<std::size_t>(r.in_type);
  if (r.in_type == r.out_type && op < operator_count && type < type_count)
    if (const compiled_scan scan = same_type.at[op][type]) return scan(r);
  run_visited(r);
}

void run_blockwise_compiled(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    if (r.batched)
      return detail::lanes_on(host_backend{}, detail::typed_args<In, Out>(r), r.lanes, op);
    blockwise(
        detail::typed_args<In, Out>(r), r.segment, op,
        [&](const detail::scan_args<In, Out>& part) { detail::scan_on(host_backend{}, part, op); });
  });
}

// One marking function for every type and operator: their scans share it.
void mark_compiled(host_parts& parts, const detail::request& r, std::uint32_t* words,
                   std::uint32_t* bad) {
  detail::with_segments(r.segments, [&](const auto& segments) {
    detail::mark_heads(parts, segments, r.n, words, bad);
  });
}

void run_segmented_compiled(const detail::request& r) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    const auto a = detail::typed_args<In, Out>(r);
    const auto mark = [&](host_parts& parts, std::uint32_t* words, std::uint32_t* bad) {
      mark_compiled(parts, r, words, bad);
    };
    detail::segmented_on(host_backend{}, mark, r.segments.checked, a.in, a.out, a.n, a.inclusive,
                         a.init, a.opt, op, detail::marked_totals_of<Out>(r));
  });
}

void run_distributed_compiled(const detail::request& r, const communicator& comm) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::distributed_on(host_backend{}, comm, detail::typed_args<In, Out>(r), op);
  });
}

void run_totals_compiled(const detail::request& r, detail::totals_step step) {
  detail::visit_compiled(r, [&](auto in, auto out, auto op) {
    using In = typename decltype(in)::type;
    using Out = typename decltype(out)::type;
    detail::totals_on(host_backend{}, detail::typed_args<In, Out>(r), static_cast<Out*>(r.totals),
                      detail::tails_of(r), step, op);
  });
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  return detail::workspace_bytes_on(host_backend{}, n, in_size, out_size, opt);
}

} // namespace
} // namespace scan::host

namespace scan::detail {

SCAN_HOT_PATH const backend_entry& host_backend_entry() {
  static const backend_entry entry{backend::host,
                                   nullptr,
                                   nullptr,
                                   host::run_compiled,
                                   host::workspace_bytes,
                                   host::run_blockwise_compiled,
                                   nullptr,
                                   host::run_segmented_compiled,
                                   host::run_distributed_compiled,
                                   host::run_totals_compiled};
  return entry;
}

} // namespace scan::detail
