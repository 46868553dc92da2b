// What each classic unit (classic_<name>.cu) compiles for its strategy: full and blockwise scans
// of a checked request from the compiled set, on the cuda backend. classic_dispatch.cpp routes a
// strategy to its unit.
#pragma once

#include <scan/detail/call/request.hpp>

#include "perf/classic/classic_strategy.hpp"

namespace scan::classic {

struct classic_entry {
  void (*run_full)(const detail::request& r);
  void (*run_blockwise)(const detail::request& r); // r.segment >= 1
};

// Defined by the unit of strategy S.
template <strategy S> const classic_entry& entry();

} // namespace scan::classic
