// What libscan knows of the caller's workspace buffers (options::workspace), so that calls on a
// buffer launch no memset once it is prepared.
//
// The contract (options.hpp): a buffer reads zero before its first use. A single-pass call keeps
// the look-back flags of its tiles valid for the next call (vocabulary/lookback_state.hpp's
// epochs), but writes values after them, and a multi-part call writes part totals over the whole
// buffer. So per buffer the log keeps how many tiles' flags are still valid; a call with more tiles
// zeroes the flags first. A buffer the log does not know reads zero (the contract).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <utility>

namespace scan::detail {

class caller_workspace_log {
public:
  static constexpr std::int64_t all_valid = std::numeric_limits<std::int64_t>::max();
  static constexpr std::int64_t none_valid = -1; // the header too was overwritten
  // Buffers remembered; a fixed table, so that a call never allocates host memory either.
  static constexpr std::size_t capacity = 128;

  // Records that `buffer` now holds valid flags for `tiles` tiles (none_valid: not even the
  // header) and returns how many it held before: tiles whose flags (and the header) a call may
  // use without zeroing them. Once the table has overflowed, a buffer it does not hold may have
  // been used: nothing is valid.
  std::int64_t exchange_valid_tiles(const void* buffer, std::int64_t tiles) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entry* e = find(buffer)) return std::exchange(e->valid_tiles, tiles);
    const std::int64_t before = overflowed_ ? none_valid : all_valid;
    if (used_ < capacity)
      entries_[used_++] = {buffer, tiles};
    else
      overflowed_ = true;
    return before;
  }

private:
  struct entry {
    const void* buffer = nullptr;
    std::int64_t valid_tiles = 0;
  };

  entry* find(const void* buffer) {
    for (std::size_t i = 0; i < used_; ++i)
      if (entries_[i].buffer == buffer) return &entries_[i];
    return nullptr;
  }

  std::mutex mutex_;
  std::array<entry, capacity> entries_{};
  std::size_t used_ = 0;
  bool overflowed_ = false;
};

} // namespace scan::detail
