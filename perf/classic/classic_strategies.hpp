// The classic block strategies (every options::block value but automatic: Kogge-Stone in global
// or shared memory, double-buffered, Brent-Kung, Blelloch, warp shuffles, thread coarsening) as
// an opt-in part of the cuda backend's compiled set, for the performance
// matrix: built with -DSCAN_CLASSIC_STRATEGIES=ON, for the built-in types and operators only.
// backends/gpu/gpu_backend.cpp routes options::block values with is_classic() here.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/detail/call/request.hpp>
#include <scan/detail/compiled_entries.hpp>
#include <scan/options.hpp>

namespace scan::classic {

void run_compiled(const detail::request& r);
void run_blockwise_compiled(const detail::request& r);
std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt);

// What one unit (classic_<name>.cu) compiles for its strategy; it defines entry<B>().
struct classic_entry {
  void (*run_compiled)(const detail::request& r);
  void (*run_blockwise_compiled)(const detail::request& r);
  std::size_t (*workspace_bytes)(std::int64_t n, std::size_t in_size, std::size_t out_size,
                                 const options& opt);
};
template <block_strategy B> const classic_entry& entry();

} // namespace scan::classic
