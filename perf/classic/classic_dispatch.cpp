// The classic strategies' entry point (classic_scan.hpp): checks a request as libscan does, then
// routes it to its strategy's unit (one per value of strategy_names).
#include <cstddef>
#include <string>
#include <utility>

#include <scan/error.hpp>

#include "perf/classic/classic_entry.hpp"
#include "perf/classic/classic_scan.hpp"

namespace scan::classic {
namespace {

template <std::size_t... I> const classic_entry& entry_for(strategy s, std::index_sequence<I...>) {
  const classic_entry* found = nullptr;
  const auto pick = [&](auto value) {
    if (s == decltype(value)::value) found = &entry<decltype(value)::value>();
  };
  (pick(std::integral_constant<strategy, strategy_names[I].value>{}), ...);
  if (!found) throw error("strategy: unknown value " + std::to_string(static_cast<int>(s)));
  return *found;
}

const classic_entry& entry_for(strategy s) {
  return entry_for(s, std::make_index_sequence<std::size(strategy_names)>{});
}

} // namespace

void run(strategy s, const detail::request& r) {
  const classic_entry& unit = entry_for(s);
  detail::request call = r;
  call.opt.workspace = {};
  const backend b = call.segment > 0 ? detail::check_blockwise(call) : detail::check(call);
  if (b != backend::cuda)
    throw error("options.backend: the classic strategies run on the cuda backend, not " +
                std::string(to_string(b)));
  if (call.n == 0) return;
  if (call.segment > 0)
    unit.run_blockwise(call);
  else
    unit.run_full(call);
}

} // namespace scan::classic
