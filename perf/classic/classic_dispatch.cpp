// Routes a classic options::block value to its unit's entry (one unit per classic value of
// scan::block_strategy_names).
#include <cstddef>
#include <utility>

#include <scan/error.hpp>

#include "perf/classic/classic_strategies.hpp"

namespace scan::classic {
namespace {

template <std::size_t... I>
const classic_entry& entry_for(block_strategy b, std::index_sequence<I...>) {
  const classic_entry* found = nullptr;
  const auto pick = [&](auto value) {
    if constexpr (is_classic(decltype(value)::value))
      if (b == decltype(value)::value) found = &entry<decltype(value)::value>();
  };
  (pick(std::integral_constant<block_strategy, block_strategy_names[I].value>{}), ...);
  if (!found) throw error("options.block: not a classic strategy (internal error)");
  return *found;
}

const classic_entry& entry_for(block_strategy b) {
  return entry_for(b, std::make_index_sequence<std::size(block_strategy_names)>{});
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
