// The host backend's entry: a small input is scanned serially by the calling thread (see
// host_parts::serial), a larger one by the shared orchestration over host_parts, with workspace
// from a per-thread cache in host memory. Its pointers are ordinary host pointers.
#pragma once

#include <cstdlib>
#include <cstring>

#include "backends/host/host_parts.hpp"
#include "backends/host/serial_scan.hpp"
#include "scan/detail/request.hpp"
#include "scan/error.hpp"
#include "src/orchestrate.hpp"
#include "src/workspace.hpp"

namespace scan::host {

struct host_memory {
  void* allocate(std::size_t bytes, void*) const {
    void* p = std::aligned_alloc(detail::arena_alignment, detail::align_up(bytes));
    if (!p) throw error("workspace: host allocation of " + std::to_string(bytes) + " bytes failed");
    return p;
  }
  void release(void* p, void*) const { std::free(p); }
  void zero(void* p, std::size_t bytes, void*) const { std::memset(p, 0, bytes); }
};

// One cache per process, defined in the library; keyed per calling thread.
detail::workspace_cache<host_memory>& workspace_cache();

// The host has no streams: the cache is keyed by the calling thread, one key for all types and
// operators (a function-local thread_local in scan<> would be one per instantiation).
inline void* thread_key() {
  static thread_local char key;
  return &key;
}

template <class In, class Out, class Op> void scan(const detail::scan_args<In, Out>& a, Op op) {
  if (host_parts::serial(a.n)) { // small input: one thread, no pool, no workspace
    serial_scan(a.in, a.out, a.n, a.inclusive, a.init, op);
    return;
  }
  options opt = a.opt;
  if (!opt.workspace.data) opt.stream = thread_key();
  host_parts parts;
  detail::workspace_source<host_memory> ws(workspace_cache(), host_memory{}, opt);
  detail::orchestrate(parts, a, op, ws);
}

} // namespace scan::host
