// Where the orchestration's scratch memory comes from: a grow-only per-stream cache owned by the
// library (allocation only while warming up), or the caller's buffer (options::workspace).
//
// A backend describes its memory with a `Memory` type:
//   void* allocate(std::size_t bytes, void* stream);   // ordered on the stream
//   void release(void* p, void* stream);                // ordered on the stream
//   void zero(void* p, std::size_t bytes, void* stream);
//
// Look-back state lives apart from part totals: its flags are tagged with an epoch, so they are
// zeroed only when their buffer is (re)allocated; nothing else ever writes into them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>

#include <scan/error.hpp>
#include <scan/options.hpp>
#include <scan/detail/core/arena.hpp>
#include <scan/detail/core/lookback_state.hpp>

namespace scan::detail {

template <class Memory> class workspace_cache {
public:
  explicit workspace_cache(Memory memory = {}) : memory_(memory) {}
  workspace_cache(const workspace_cache&) = delete;
  workspace_cache& operator=(const workspace_cache&) = delete;
  // Buffers are released at exit without touching streams that may no longer exist.

  arena totals(void* stream, std::size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    slot& s = slots_[stream];
    if (bytes > s.totals_bytes) {
      const std::size_t grown = std::max(bytes, 2 * s.totals_bytes);
      if (s.totals) memory_.release(s.totals, stream);
      s.totals = memory_.allocate(grown, stream);
      s.totals_bytes = grown;
    }
    return arena(s.totals, s.totals_bytes);
  }

  // Releases every buffer, e.g. before the runtime that owns them shuts down; later calls
  // allocate afresh.
  void clear() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [stream, s] : slots_) {
      if (s.totals) memory_.release(s.totals, stream);
      if (s.lookback) memory_.release(s.lookback, stream);
    }
    slots_.clear();
  }

  template <class T> lookback_state<T> lookback(void* stream, std::int64_t num_tiles) {
    std::lock_guard<std::mutex> lock(mutex_);
    slot& s = slots_[stream];
    const std::size_t value_bytes = 2 * carve_bytes<T>(num_tiles);
    if (num_tiles > s.flag_capacity || value_bytes > s.value_bytes) {
      const std::int64_t capacity = std::max(num_tiles, 2 * s.flag_capacity);
      const std::size_t values = std::max(value_bytes, 2 * s.value_bytes);
      const std::size_t bytes = carve_bytes<unsigned long long>(2 + 2 * capacity) + values;
      if (s.lookback) memory_.release(s.lookback, stream);
      s.lookback = memory_.allocate(bytes, stream);
      memory_.zero(s.lookback, carve_bytes<unsigned long long>(2 + 2 * capacity), stream);
      s.flag_capacity = capacity;
      s.value_bytes = values;
    }
    auto* words = static_cast<unsigned long long*>(s.lookback);
    lookback_state<T> state;
    state.header = words;
    state.flags = words + 2;
    unsigned char* v = static_cast<unsigned char*>(s.lookback) +
                       carve_bytes<unsigned long long>(2 + 2 * s.flag_capacity);
    state.aggregates = reinterpret_cast<T*>(v);
    state.prefixes = reinterpret_cast<T*>(v + carve_bytes<T>(num_tiles));
    state.num_tiles = num_tiles;
    return state;
  }

private:
  struct slot {
    void* totals = nullptr;
    std::size_t totals_bytes = 0;
    void* lookback = nullptr;
    std::int64_t flag_capacity = 0;
    std::size_t value_bytes = 0;
  };

  Memory memory_;
  std::mutex mutex_;
  std::map<void*, slot> slots_;
};

// Binds one call to its scratch memory: the library's cache, or the caller's buffer. In the
// caller's buffer the look-back flags are zeroed on the stream at each call, since libscan cannot
// know what else the caller kept there.
template <class Memory> class workspace_source {
public:
  workspace_source(workspace_cache<Memory>& cache, Memory memory, const options& opt)
      : cache_(cache), memory_(memory), stream_(opt.stream), caller_(opt.workspace) {}

  arena totals(std::size_t bytes) {
    if (caller_.data) return arena(caller_.data, caller_.bytes);
    return cache_.totals(stream_, bytes);
  }

  template <class T> lookback_state<T> lookback(std::int64_t num_tiles) {
    if (!caller_.data) return cache_.template lookback<T>(stream_, num_tiles);
    arena ws(caller_.data, caller_.bytes);
    lookback_state<T> state = carve_lookback<T>(ws, num_tiles);
    memory_.zero(state.header,
                 carve_bytes<unsigned long long>(2) +
                     carve_bytes<unsigned long long>(2 * num_tiles),
                 stream_);
    return state;
  }

private:
  workspace_cache<Memory>& cache_;
  Memory memory_;
  void* stream_;
  workspace caller_;
};

} // namespace scan::detail
