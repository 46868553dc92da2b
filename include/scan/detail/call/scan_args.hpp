// The typed arguments a backend's templates receive for a flat scan: the type-erased request
// (request.hpp) with its pointers and init back in their types.
#pragma once

#include <cstdint>

#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/options.hpp>

namespace scan::detail {

template <class In, class Out> struct scan_args {
  const In* in;
  Out* out;
  std::int64_t n;
  bool inclusive;
  maybe<Out> init;
  options opt; // opt.backend is resolved (never automatic) by the time a backend sees it
};

} // namespace scan::detail
