// The CUDA backend's entry in the registry: what it supports, how it checks pointers, its
// compiled set (split by operator, compiled_*.cu) and its workspace sizes; and the per-device
// workspace caches.
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <cuda_runtime.h>

#include "backends/cuda/compiled_blockwise.hpp"
#include "backends/cuda/compiled_entry.hpp"
#include "backends/cuda/compiled_ladder.hpp"
#include "backends/cuda/cuda_scan.cuh"
#include "src/backend_registry.hpp"

namespace scan::cuda {

detail::workspace_cache<cuda_memory>& workspace_cache() {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<detail::workspace_cache<cuda_memory>>> caches;
  std::lock_guard<std::mutex> lock(mutex);
  auto& cache = caches[device];
  if (!cache) cache = std::make_unique<detail::workspace_cache<cuda_memory>>();
  return *cache;
}

namespace {

std::string unsupported(const options& opt) {
  return unsupported_block(opt.block);
}

// Plain (pageable) host memory is not addressable by the kernels: say so, naming the argument,
// instead of failing later inside a kernel.
void check_pointer(const void* p, const char* name) {
  cudaPointerAttributes attributes{};
  const cudaError_t status = cudaPointerGetAttributes(&attributes, p);
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    throw error(std::string(name) +
                ": cudaPointerGetAttributes failed: " + cudaGetErrorString(status));
  }
  const bool addressable = attributes.type == cudaMemoryTypeDevice ||
                           attributes.type == cudaMemoryTypeManaged ||
                           (attributes.type == cudaMemoryTypeHost && attributes.devicePointer);
  if (!addressable)
    throw error(std::string(name) +
                ": a plain host pointer; the cuda backend scans device, managed or mapped "
                "host memory (cudaMalloc, cudaMallocManaged, cudaHostAlloc)");
}

void check_memory(const detail::request& r) {
  check_pointer(r.in, "in");
  if (r.out != r.in) check_pointer(r.out, "out"); // in place: one allocation
}

void run_compiled(const detail::request& r) {
  if (is_ladder_strategy(r.opt.block)) return run_compiled_ladder(r);
  switch (r.op) {
  case operator_kind::sum:
    return run_compiled_sum(r);
  case operator_kind::product:
    return run_compiled_product(r);
  case operator_kind::min:
  case operator_kind::max:
    return run_compiled_min_max(r);
  case operator_kind::bit_and:
  case operator_kind::bit_or:
  case operator_kind::bit_xor:
    return run_compiled_bitwise(r);
  case operator_kind::other:
    break;
  }
  throw error("op: not in the compiled set (internal error)");
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  std::size_t bytes = 0;
  visit_strategy(opt.block, [&](auto strategy) {
    bytes = detail::orchestration_bytes(gpu::gpu_parts<decltype(strategy), cuda_launch>{}, opt, n,
                                        in_size, out_size);
  });
  return bytes;
}

} // namespace
} // namespace scan::cuda

namespace scan::detail {

const backend_entry& cuda_backend_entry() {
  static const backend_entry entry{backend::cuda,         cuda::unsupported,
                                   cuda::check_memory,    cuda::run_compiled,
                                   cuda::workspace_bytes, cuda::run_blockwise_compiled};
  return entry;
}

} // namespace scan::detail
