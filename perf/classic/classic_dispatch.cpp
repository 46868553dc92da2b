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

// Checks r as libscan checks a full or blockwise scan (`check`), then runs it with the unit's
// `scan`; the library's workspace serves every call.
template <class Check>
void checked_run(const detail::request& r, Check check,
                 void (*classic_entry::*scan)(const detail::request&), const classic_entry& unit) {
  detail::request call = r;
  call.opt.workspace = {};
  const backend b = check(call);
  if (b != backend::cuda)
    throw error("options.backend: the classic strategies run on the cuda backend, not " +
                std::string(to_string(b)));
  if (call.n > 0) (unit.*scan)(call);
}

} // namespace

void run(strategy s, const detail::request& r) {
  checked_run(r, detail::check, &classic_entry::run_full, entry_for(s));
}

void run_blockwise(strategy s, const detail::request& r) {
  checked_run(r, detail::check_blockwise, &classic_entry::run_blockwise, entry_for(s));
}

} // namespace scan::classic
