// The timing kit of perf/. Every benchmark here (scan_perf's cuda, host and kokkos benches,
// cub_comparison, tile_sweep and call_overhead) times its calls through it, so a figure means the
// same thing in perf/RESULTS.md and perf/CUDA_RESULTS.md. One measurement (measure(), below):
//
//   1. warm-up: `warmup` calls, timed together; their mean estimates one call, unless the caller
//      gives an estimate of its own (cub_comparison and tile_sweep: the bytes moved at 2.5 TB/s);
//   2. repetitions: as many calls as fill about `target_ms` at that estimate, within
//      [min_reps, max_reps];
//   3. each repetition timed on its own; the result is their median, min and max (summary.hpp).
//
// scan_perf: 2 warm-up calls, 5 to 50 timed calls for about 30 ms (--quick: 5 to 30 for 20 ms;
// flags change each). cub_comparison and tile_sweep: 3 warm-up calls, 15 to 200 timed calls for
// 60 ms (perf/cuda_table.cuh).
//
// The kit's other files, one concept each:
//   host_clock.hpp   the steady clock (with an optional fence, e.g. a Kokkos execution space's)
//   cuda_clock.cuh   CUDA events on a stream; calls queued back to back or each from an idle stream
//   enqueue_clock.cuh  the host's time to issue a call on an idle CUDA stream (call_overhead)
//   rotation.hpp     buffer sets cycled so that inputs smaller than the cache come from memory
//   input.hpp        the input values (item i depends on i alone), filled on the host
//   check.hpp        what a checked output must hold, and the host's check of it
//   cuda_device.cuh  CUDA errors as exceptions, the GPU's name, SMs and L2, a table's heading
//   table_options.hpp  the comparison programs' --min, --max and --markdown
//   cuda_data.cuh    input fill and output check on the GPU (input.hpp's values, check.hpp's rule)
//   cub_scan.cuh     cub::DeviceScan with its temporary storage kept between calls
//   device_lookback.cuh  a single pass's look-back state in device memory of its own
//   affine64.hpp     the 16-byte custom type and its non-commutative operator (cub_comparison)
//
// A clock provides total_us(call, count) (count calls timed as one) and each_us(call, count)
// (count calls, each timed), in microseconds; a call is any callable without arguments.
#pragma once

#include <algorithm>

#include "perf/kit/summary.hpp"

namespace scan::perf::kit {

struct sampling {
  int warmup = 2;
  int min_reps = 5;
  int max_reps = 50;
  double target_ms = 30;  // timed calls aim at about this much time in all
  double estimate_us = 0; // > 0: one call's expected time, used instead of the warm-up's
};

// The timed calls for calls of about `estimate_us`: enough to fill target_ms, within
// [min_reps, max_reps].
inline int reps_for(double estimate_us, double target_ms, int min_reps, int max_reps) {
  if (estimate_us <= 0) return max_reps;
  const double want = target_ms * 1e3 / estimate_us;
  return std::clamp(static_cast<int>(want), min_reps, max_reps);
}

template <class Clock, class Call> summary measure(Clock& clock, const sampling& s, Call&& call) {
  const int warmup = std::max(1, s.warmup);
  const double warm_us = clock.total_us(call, warmup) / warmup;
  const double estimate = s.estimate_us > 0 ? s.estimate_us : warm_us;
  return summarize(clock.each_us(call, reps_for(estimate, s.target_ms, s.min_reps, s.max_reps)));
}

} // namespace scan::perf::kit
