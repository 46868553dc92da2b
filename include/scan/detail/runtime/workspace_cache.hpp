// The library's scratch memory: the buffers of each stream, kept across calls so that a warm call
// allocates nothing and launches nothing but its kernels.
//
// Streams are told apart as the runtime knows them (Memory::identify): one handle, such as the
// legacy default stream or cudaStreamPerThread, can name a different stream in each thread, and a
// destroyed stream's handle can come back for a new stream while its work is still queued.
// Host threads that share a stream take turns: a lease holds the stream's buffers from a call's
// first use to the call's end, so calls never interleave their launches over one buffer, and each
// call runs after the previous one in stream order, which is what lets it reuse the buffers.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <scan/detail/runtime/caller_workspace.hpp>
#include <scan/detail/runtime/scratch_buffers.hpp>

namespace scan::detail {

// A stream as the runtime knows it: an id it never reuses, and for a runtime without such ids,
// the thread for handles that name a per-thread stream.
struct stream_key {
  std::uint64_t id = 0;
  std::thread::id thread{};
  bool operator<(const stream_key& o) const { return id != o.id ? id < o.id : thread < o.thread; }
};

template <class Memory> class workspace_cache {
  struct slot {
    std::mutex in_use;         // held by the call enqueuing work with the buffers
    std::atomic<int> users{0}; // calls holding or waiting for in_use; the slot lives while > 0
    scratch_buffers buffers;
  };

public:
  // Idle slots kept before they are released (streams that are gone leave theirs behind).
  static constexpr std::size_t max_slots = 64;

  explicit workspace_cache(Memory memory = {}) : memory_(memory) {}
  workspace_cache(const workspace_cache&) = delete;
  workspace_cache& operator=(const workspace_cache&) = delete;
  // Buffers are left to the process's exit, without touching streams that may no longer exist.

  // One call's exclusive use of its stream's buffers, from acquire() to its destruction. Plain
  // members rather than a std::optional around the lease: GCC 13 warns (maybe-uninitialized)
  // about the optional's payload, and applications build their code with warnings as errors.
  class lease {
  public:
    lease() = default;
    lease(const lease&) = delete;
    lease& operator=(const lease&) = delete;
    ~lease() {
      if (!slot_) return;
      if (lock_.owns_lock()) lock_.unlock();
      slot_->users.fetch_sub(1, std::memory_order_release);
    }
    bool held() const { return slot_ != nullptr; }
    scratch_buffers& acquire(workspace_cache& cache, const stream_key& key) {
      slot_ = cache.enter(key);
      lock_ = std::unique_lock<std::mutex>(slot_->in_use);
      return slot_->buffers;
    }
    scratch_buffers& buffers() { return slot_->buffers; }

  private:
    slot* slot_ = nullptr;
    std::unique_lock<std::mutex> lock_;
  };

  caller_workspace_log& caller_log() { return caller_log_; }

  // Releases every idle buffer, e.g. before the runtime that owns them shuts down; later calls
  // allocate afresh.
  void clear() {
    std::vector<void*> buffers;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      collect_idle(buffers, 0);
    }
    if (!buffers.empty()) memory_.release_unordered(buffers);
  }

private:
  slot* enter(const stream_key& key) {
    std::vector<void*> evicted;
    slot* s = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto found = slots_.find(key);
      if (found == slots_.end()) {
        if (slots_.size() >= max_slots) collect_idle(evicted, max_slots / 2);
        found = slots_.emplace(key, std::make_unique<slot>()).first;
      }
      s = found->second.get();
      s->users.fetch_add(1, std::memory_order_relaxed);
    }
    // Released outside the lock: it waits for the device.
    if (!evicted.empty()) memory_.release_unordered(evicted);
    return s;
  }

  // Takes the buffers of idle slots out of the cache until at most `keep` slots remain (mutex_
  // held). A slot with no users has no call holding it or about to: entering needs mutex_.
  void collect_idle(std::vector<void*>& buffers, std::size_t keep) {
    for (auto it = slots_.begin(); it != slots_.end() && slots_.size() > keep;) {
      slot& s = *it->second;
      if (s.users.load(std::memory_order_acquire) != 0) {
        ++it;
        continue;
      }
      if (s.buffers.totals) buffers.push_back(s.buffers.totals);
      if (s.buffers.lookback) buffers.push_back(s.buffers.lookback);
      it = slots_.erase(it);
    }
  }

  Memory memory_;
  std::mutex mutex_;
  std::map<stream_key, std::unique_ptr<slot>> slots_;
  caller_workspace_log caller_log_;
};

} // namespace scan::detail
