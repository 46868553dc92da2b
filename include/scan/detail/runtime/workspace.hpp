// Where one call's scratch memory comes from (the orchestration's `workspace`):
// - the caller's buffer (options::workspace), with its look-back flags zeroed only when the
//   caller_workspace_log says an earlier call left them invalid;
// - while the stream is being captured into a graph, buffers of the call's own, allocated and
//   freed in the captured work: every replay of the graph gets fresh, zeroed state wherever and
//   however often it runs, and the library's cache never holds a graph's memory;
// - else the library's cache (workspace_cache.hpp): the stream's buffers, held for the call.
//
// A backend's Memory adds to scratch_buffers.hpp's allocate/release/zero:
//   stream_key identify(void* stream);            // the stream as the runtime knows it
//   bool capturing(void* stream);                 // whether a graph capture records the stream
//   void release_unordered(const std::vector<void*>&);  // buffers of streams that may be gone,
//                                                       // after the device's work
//   void copy_to_host(void* host, const void* p, std::size_t bytes, void* stream);
//                                                       // after the stream's work; waits
#pragma once

#include <cstdint>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/runtime/lookback_workspace.hpp>
#include <scan/detail/runtime/scratch_buffers.hpp>
#include <scan/detail/runtime/workspace_cache.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/options.hpp>

namespace scan::detail {

template <class Memory> class workspace_source {
public:
  workspace_source(workspace_cache<Memory>& cache, Memory memory, const options& opt)
      : cache_(cache), memory_(memory), stream_(opt.stream), caller_(opt.workspace) {}
  workspace_source(const workspace_source&) = delete;
  workspace_source& operator=(const workspace_source&) = delete;

  ~workspace_source() {
    // The captured free: the graph's memory is its own. Nothing useful can be done with a
    // failure here (the capture has failed already, or the stream is gone).
    if (captured_) try {
        own_.release(memory_, stream_);
      } catch (...) {
      }
  }

  arena totals(std::size_t bytes) {
    if (caller_.data) {
      cache_.caller_log().exchange_valid_tiles(caller_.data, caller_workspace_log::none_valid);
      return arena(caller_.data, caller_.bytes);
    }
    return buffers().take_totals(memory_, stream_, bytes, !captured_);
  }

  template <class T> lookback_state<T> lookback(std::int64_t tiles) {
    if (!caller_.data)
      return buffers().template take_lookback<T>(memory_, stream_, tiles, !captured_);
    arena ws(caller_.data, caller_.bytes);
    lookback_state<T> state = carve_lookback<T>(ws, tiles);
    // The values follow this call's flags: flags of more tiles would overlap them.
    if (cache_.caller_log().exchange_valid_tiles(caller_.data, tiles) < tiles)
      memory_.zero(state.header, lookback_flag_bytes(tiles), stream_);
    return state;
  }

  // Copies scratch memory to the host once the call's work queued so far is done; false, having
  // copied nothing, while the stream captures a graph (which cannot wait).
  bool read_back(void* host, const void* p, std::size_t bytes) {
    if (captured_ || memory_.capturing(stream_)) return false;
    memory_.copy_to_host(host, p, bytes, stream_);
    return true;
  }

private:
  scratch_buffers& buffers() {
    if (captured_) return own_;
    if (lease_.held()) return lease_.buffers();
    if (memory_.capturing(stream_)) {
      captured_ = true;
      return own_;
    }
    return lease_.acquire(cache_, memory_.identify(stream_));
  }

  workspace_cache<Memory>& cache_;
  Memory memory_;
  void* stream_;
  workspace caller_;
  typename workspace_cache<Memory>::lease lease_;
  // While a graph capture records the stream: the call's own buffers (own_), not the cache's.
  bool captured_ = false;
  scratch_buffers own_;
};

} // namespace scan::detail
