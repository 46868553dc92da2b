// The scratch memory of one stream's calls: part totals and look-back state, each a grow-only
// buffer. Growing releases the old buffer on the call's stream, after every earlier call's work
// queued there, so calls on one stream may reuse the buffers without waiting.
//
// A backend describes its memory with a `Memory` type (see workspace.hpp for the rest):
//   void* allocate(std::size_t bytes, void* stream);   // ordered on the stream
//   void release(void* p, void* stream);                // ordered on the stream
//   void zero(void* p, std::size_t bytes, void* stream);
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/runtime/lookback_workspace.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>

namespace scan::detail {

struct scratch_buffers {
  void* totals = nullptr;
  std::size_t totals_bytes = 0;
  void* lookback = nullptr;
  std::int64_t flag_capacity = 0;
  std::size_t value_bytes = 0;

  // `grow` doubles, for a cache that serves calls of rising sizes; else the exact size.
  template <class Memory>
  arena take_totals(Memory& memory, void* stream, std::size_t bytes, bool grow) {
    if (bytes > totals_bytes) {
      const std::size_t size = grow ? std::max(bytes, 2 * totals_bytes) : bytes;
      // Forget the old buffer first: if the allocation fails, the next call starts clean.
      void* old = std::exchange(totals, nullptr);
      totals_bytes = 0;
      if (old) memory.release(old, stream);
      totals = memory.allocate(size, stream);
      totals_bytes = size;
    }
    return arena(totals, totals_bytes);
  }

  // Flags are zeroed only when their buffer is allocated: later calls tell their own flags from
  // earlier ones by the epoch (vocabulary/lookback_state.hpp).
  template <class T, class Memory>
  lookback_state<T> take_lookback(Memory& memory, void* stream, std::int64_t tiles, bool grow) {
    const std::size_t values = 2 * carve_bytes<T>(tiles);
    if (tiles > flag_capacity || values > value_bytes) {
      const std::int64_t capacity = grow ? std::max(tiles, 2 * flag_capacity) : tiles;
      const std::size_t value_size = grow ? std::max(values, 2 * value_bytes) : values;
      void* old = std::exchange(lookback, nullptr);
      flag_capacity = 0;
      value_bytes = 0;
      if (old) memory.release(old, stream);
      lookback = memory.allocate(lookback_flag_bytes(capacity) + value_size, stream);
      memory.zero(lookback, lookback_flag_bytes(capacity), stream);
      flag_capacity = capacity;
      value_bytes = value_size;
    }
    auto* words = static_cast<unsigned long long*>(lookback);
    lookback_state<T> state;
    state.header = words;
    state.flags = words + 2;
    state.high = state.flags + 2 * flag_capacity; // within lookback_flag_bytes(flag_capacity)
    unsigned char* v = static_cast<unsigned char*>(lookback) + lookback_flag_bytes(flag_capacity);
    state.aggregates = reinterpret_cast<T*>(v);
    state.prefixes = reinterpret_cast<T*>(v + carve_bytes<T>(tiles));
    state.num_tiles = tiles;
    return state;
  }

  template <class Memory> void release(Memory& memory, void* stream) {
    if (totals) memory.release(std::exchange(totals, nullptr), stream);
    if (lookback) memory.release(std::exchange(lookback, nullptr), stream);
    totals_bytes = value_bytes = 0;
    flag_capacity = 0;
  }
};

} // namespace scan::detail
