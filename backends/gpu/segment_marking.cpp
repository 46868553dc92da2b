// The GPU backend's marking of segment starts for the compiled segmented scans: kernels for every
// compiled segment description (offsets, flags, keys), built once for all operators' units.
#include <scan/detail/backends/gpu/gpu_backend.cuh>
#include <scan/detail/orchestration/segmented.hpp>

#include "backends/gpu/compiled_operator.hpp"
#include "backends/gpu/configured_vendor.hpp"
#include "src/compiled_set.hpp"

namespace scan::gpu {

void mark_compiled_segments(const detail::request& r, std::uint32_t* words, std::uint32_t* bad) {
  using launch = typename configured_vendor::launch;
  gpu_parts<strategy_of<configured_vendor>, launch> parts{
      static_cast<typename launch::stream_type>(r.opt.stream)};
  detail::with_segments(r.segments, [&](const auto& segments) {
    detail::mark_heads(parts, segments, r.n, words, bad);
  });
}

} // namespace scan::gpu
