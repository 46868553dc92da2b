// The host backend's blockwise scan: many segments are shared out to the pool's threads, each
// scanned serially in the output's accumulator (vocabulary/rounded.hpp); a few long ones are each
// a full (multi-threaded) host scan.
#pragma once

#include <algorithm>
#include <cstdint>

#include <scan/detail/backends/host/blocked_scan.hpp>
#include <scan/detail/backends/host/thread_pool.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/vocabulary/rounded.hpp>

namespace scan::host {

// A checked blockwise scan (n > 0, segment >= 1); scan_one(part) scans one long segment fully.
template <class In, class Out, class Op, class ScanOne>
void blockwise(const detail::scan_args<In, Out>& a, std::int64_t segment, Op op,
               ScanOne&& scan_one) {
  thread_pool& pool = thread_pool::instance();
  const std::int64_t segments = (a.n + segment - 1) / segment;
  const std::int64_t tasks = 4 * static_cast<std::int64_t>(pool.size());
  if (segments < tasks) {
    for (std::int64_t base = 0; base < a.n; base += segment) {
      detail::scan_args<In, Out> part = a;
      part.in = a.in + base;
      part.out = a.out + base;
      part.n = std::min(segment, a.n - base);
      scan_one(part);
    }
    return;
  }
  const std::int64_t per_task = (segments + tasks - 1) / tasks;
  detail::in_accumulator(a.out, a.init, [&](auto out, auto init) {
    pool.run((segments + per_task - 1) / per_task, [&](std::int64_t t) {
      const std::int64_t last = std::min(segments, (t + 1) * per_task);
      for (std::int64_t s = t * per_task; s < last; ++s) {
        const std::int64_t base = s * segment;
        part_scan(a.in + base, out + base, std::min(segment, a.n - base), a.inclusive, init, op);
      }
    });
  });
}

} // namespace scan::host
