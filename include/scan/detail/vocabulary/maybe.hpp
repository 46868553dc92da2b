// An optional value that device code can copy (std::optional is host-only): a scan's init, in the
// typed arguments a backend receives (call/scan_args.hpp) and in the kernels' parameters.
#pragma once

#include <scan/config.hpp>

namespace scan::detail {

// `at`, when set, says the value is the one at that address, in the backend's memory, read where
// the work runs: an init a kernel computed (the distributed scan's prefix), honoured by scan_parts
// (orchestration/part_primitives.hpp).
template <class T> struct maybe {
  T value{};
  bool present = false;
  const maybe* at = nullptr;

  SCAN_HOST_DEVICE maybe resolved() const { return at ? *at : *this; }
};

} // namespace scan::detail
