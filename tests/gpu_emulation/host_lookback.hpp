// Look-back state in host memory (vocabulary/lookback_state.hpp) for tests that launch the
// single-pass kernels by hand: zeroed flags and high words, one state across calls, as the
// library's workspace cache keeps it.
#pragma once

#include <cstdint>
#include <vector>

#include <scan/detail/vocabulary/lookback_state.hpp>

template <class T> struct host_lookback {
  std::vector<unsigned long long> header, flags, high;
  std::vector<T> aggregates, prefixes;
  scan::detail::lookback_state<T> state;
  explicit host_lookback(std::int64_t tiles)
      : header(2, 0), flags(2 * static_cast<std::size_t>(tiles), 0), high(flags.size(), 0),
        aggregates(static_cast<std::size_t>(tiles)),
        prefixes(aggregates.size()), state{header.data(),     flags.data(),    high.data(),
                                           aggregates.data(), prefixes.data(), tiles} {}
};
