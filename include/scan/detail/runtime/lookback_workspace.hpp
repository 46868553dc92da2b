// Where the single pass's look-back state (vocabulary/lookback_state.hpp) lies in a workspace:
// the header, then the flags and high words of every tile, then the tiles' aggregates and
// prefixes, each carve aligned as the arena aligns them.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>

namespace scan::detail {

// Bytes of the header, flags and high words for `num_tiles` tiles: what must read zero before a
// first use.
constexpr std::size_t lookback_flag_bytes(std::int64_t num_tiles) {
  return carve_bytes<unsigned long long>(2) + 2 * carve_bytes<unsigned long long>(2 * num_tiles);
}

constexpr std::size_t lookback_bytes(std::int64_t num_tiles, std::size_t value_size) {
  return lookback_flag_bytes(num_tiles) + 2 * carve_bytes(num_tiles, value_size);
}

template <class T> lookback_state<T> carve_lookback(arena& ws, std::int64_t num_tiles) {
  lookback_state<T> s;
  s.header = ws.take<unsigned long long>(2);
  s.flags = ws.take<unsigned long long>(2 * num_tiles);
  s.high = ws.take<unsigned long long>(2 * num_tiles);
  s.aggregates = ws.take<T>(num_tiles);
  s.prefixes = ws.take<T>(num_tiles);
  s.num_tiles = num_tiles;
  return s;
}

} // namespace scan::detail
