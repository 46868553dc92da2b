// The HIP backend's entry in the registry: which options it runs, how it tells device memory from
// host memory, its per-device workspace caches, and the dispatch into the compiled set.
#include <array>
#include <memory>
#include <mutex>
#include <string>

#include <hip/hip_runtime.h>

#include "backends/hip/hip_compiled.hpp"
#include "backends/hip/hip_error.hpp"
#include "src/backend_registry.hpp"

namespace scan::hip {

detail::workspace_cache<hip_memory>& workspace_cache() {
  static std::mutex mutex;
  static std::array<std::unique_ptr<detail::workspace_cache<hip_memory>>, 64> caches;
  int device = 0;
  check(hipGetDevice(&device), "hipGetDevice");
  if (device < 0 || static_cast<std::size_t>(device) >= caches.size())
    throw error("hip: device " + std::to_string(device) + " is beyond the 64 libscan supports");
  std::lock_guard<std::mutex> lock(mutex);
  auto& cache = caches[static_cast<std::size_t>(device)];
  if (!cache) cache = std::make_unique<detail::workspace_cache<hip_memory>>();
  return *cache;
}

namespace {

std::string unsupported(const options& opt) {
  return unsupported_block(opt.block);
}

// Device, managed and pinned host memory are known to the runtime; a plain host pointer is not.
void check_pointer(const char* argument, const void* p) {
  hipPointerAttribute_t attributes{};
  const hipError_t status = hipPointerGetAttributes(&attributes, p);
  if (status == hipSuccess) return;
  (void)hipGetLastError();
  if (status == hipErrorInvalidValue)
    throw error(std::string(argument) +
                ": the HIP runtime does not know this pointer (plain host memory?); the hip "
                "backend needs device memory (hipMalloc), managed or pinned host memory");
  check(status, "hipPointerGetAttributes");
}

void check_memory(const detail::request& r) {
  check_pointer("in", r.in);
  check_pointer("out", r.out);
}

void run_compiled(const detail::request& r) {
  switch (r.op) {
  case operator_kind::sum:
    return run_compiled_sum(r);
  case operator_kind::product:
    return run_compiled_product(r);
  case operator_kind::min:
    return run_compiled_min(r);
  case operator_kind::max:
    return run_compiled_max(r);
  case operator_kind::bit_and:
    return run_compiled_bit_and(r);
  case operator_kind::bit_or:
    return run_compiled_bit_or(r);
  case operator_kind::bit_xor:
    return run_compiled_bit_xor(r);
  case operator_kind::other:
    break;
  }
  throw error("op: not in the compiled set (internal error)");
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  return visit_strategy(opt.block, [&](auto strategy) {
    return detail::orchestration_bytes(gpu::gpu_parts<decltype(strategy), hip_launch>{}, opt, n,
                                       in_size, out_size);
  });
}

} // namespace
} // namespace scan::hip

namespace scan::detail {

const backend_entry& hip_backend_entry() {
  static const backend_entry entry{backend::hip,         hip::unsupported,
                                   hip::check_memory,    hip::run_compiled,
                                   hip::workspace_bytes, hip::run_blockwise_compiled};
  return entry;
}

} // namespace scan::detail
