// Routes a classic options::block value to its unit's entry.
#include <scan/error.hpp>

#include "perf/classic/classic_strategies.hpp"

namespace scan::classic {
namespace {

const classic_entry& entry_for(block_strategy b) {
  switch (b) {
  case block_strategy::kogge_stone_global:
    return entry<block_strategy::kogge_stone_global>();
  case block_strategy::kogge_stone_shared:
    return entry<block_strategy::kogge_stone_shared>();
  case block_strategy::kogge_stone_double_buffered:
    return entry<block_strategy::kogge_stone_double_buffered>();
  case block_strategy::brent_kung:
    return entry<block_strategy::brent_kung>();
  case block_strategy::blelloch:
    return entry<block_strategy::blelloch>();
  default:
    break;
  }
  throw error("options.block: not a classic strategy (internal error)");
}

} // namespace

void run_compiled(const detail::request& r) {
  entry_for(r.opt.block).run_compiled(r);
}

void run_blockwise_compiled(const detail::request& r) {
  entry_for(r.opt.block).run_blockwise_compiled(r);
}

std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, std::size_t out_size,
                            const options& opt) {
  return entry_for(opt.block).workspace_bytes(n, in_size, out_size, opt);
}

} // namespace scan::classic
