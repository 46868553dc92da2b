// The host backend: the part primitives of host_parts.hpp over the thread pool, with workspace
// from a per-thread cache in host memory. Its pointers are ordinary host pointers.
#pragma once

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <scan/detail/backends/host/host_parts.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/runtime/workspace.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace scan::host {

struct host_memory {
  void* allocate(std::size_t bytes, void*) const {
    void* p = std::aligned_alloc(detail::arena_alignment, detail::align_up(bytes));
    if (!p) throw error("workspace: host allocation of " + std::to_string(bytes) + " bytes failed");
    return p;
  }
  void release(void* p, void*) const { std::free(p); }
  void zero(void* p, std::size_t bytes, void*) const { std::memset(p, 0, bytes); }
  void copy_to_host(void* host, const void* p, std::size_t bytes, void*) const {
    std::memcpy(host, p, bytes);
  }
  detail::stream_key identify(void* key) const {
    return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key)), {}};
  }
  bool capturing(void*) const { return false; }
  void release_unordered(const std::vector<void*>& buffers) const {
    for (void* p : buffers)
      std::free(p);
  }
};

// One cache per process, defined in the library; keyed per calling thread.
detail::workspace_cache<host_memory>& workspace_cache();

// The host has no streams: the cache is keyed by the calling thread, one key for all types and
// operators (a function-local thread_local in scan<> would be one per instantiation).
inline void* thread_key() {
  static thread_local char key;
  return &key;
}

// The host backend: part primitives over the thread pool, workspace in host memory.
struct host_backend {
  // Calls f(parts, workspace): what the orchestration runs on.
  template <class F> void with_parts(const options& call, F&& f) const {
    options opt = call;
    if (!opt.workspace.data) opt.stream = thread_key();
    host_parts parts;
    detail::workspace_source<host_memory> ws(workspace_cache(), host_memory{}, opt);
    f(parts, ws);
  }
};

} // namespace scan::host
