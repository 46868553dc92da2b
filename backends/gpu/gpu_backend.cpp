// The GPU backend's entry in the registry (backend::cuda or backend::hip, whichever vendor this
// build holds): what it supports, how it checks pointers, its compiled set (one unit per operator)
// and workspace sizes; and the per-device workspace caches.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/scan_on.hpp>

#include "backends/gpu/compiled_operator.hpp"
#include "backends/gpu/configured_vendor.hpp"
#include "src/backend_registry.hpp"
#include "src/compiled_set.hpp"

namespace scan::gpu {

using vendor = configured_vendor;

template <> detail::workspace_cache<vendor::memory>& workspace_cache_of<vendor>() {
  const int device = vendor::current_device();
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<detail::workspace_cache<vendor::memory>>> caches;
  std::lock_guard<std::mutex> lock(mutex);
  auto& cache = caches[device];
  if (!cache) cache = std::make_unique<detail::workspace_cache<vendor::memory>>();
  return *cache;
}

namespace {

void check_memory(const detail::request& r) {
  if (r.n > 0) {
    vendor::check_pointer(r.in, "in");
    if (r.out != r.in) vendor::check_pointer(r.out, "out"); // in place: one allocation
  }
  if (r.has_totals && r.totals) vendor::check_pointer(r.totals, "totals");
}

void run_compiled(const detail::request& r) {
  detail::with_operator(r.op, [&](auto op) { run_compiled_for<decltype(op)>(r); });
}

void run_blockwise_compiled(const detail::request& r) {
  detail::with_operator(r.op, [&](auto op) { run_blockwise_compiled_for<decltype(op)>(r); });
}

void run_segmented_compiled(const detail::request& r) {
  detail::with_operator(r.op, [&](auto op) { run_segmented_compiled_for<decltype(op)>(r); });
}

void run_distributed_compiled(const detail::request& r, const communicator& comm) {
  detail::with_operator(r.op,
                        [&](auto op) { run_distributed_compiled_for<decltype(op)>(r, comm); });
}

void run_totals_compiled(const detail::request& r, detail::totals_step step) {
  detail::with_operator(r.op, [&](auto op) { run_totals_compiled_for<decltype(op)>(r, step); });
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  return detail::workspace_bytes_on(gpu_backend<vendor>{}, n, in_size, out_size, opt);
}

} // namespace
} // namespace scan::gpu

namespace scan::detail {

const backend_entry& gpu_backend_entry() {
  static const backend_entry entry{gpu::vendor::id,
                                   nullptr,
                                   gpu::check_memory,
                                   gpu::run_compiled,
                                   gpu::workspace_bytes,
                                   gpu::run_blockwise_compiled,
                                   gpu::vendor::device_only,
                                   gpu::run_segmented_compiled,
                                   gpu::run_distributed_compiled,
                                   gpu::run_totals_compiled};
  return entry;
}

} // namespace scan::detail
