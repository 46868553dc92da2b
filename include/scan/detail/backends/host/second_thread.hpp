// Whether a second thread adds memory bandwidth on this machine. Two cores may share one core's
// bandwidth (a 2-core EPYC: two threads lost to one at every size) or bring their own (a 2-core
// Xeon: two threads 1.3-1.45x faster from 1-2 MB of items; perf/results/host_2core_xeon.md),
// so a pool of two threads asks the machine instead of a table.
#pragma once

namespace scan::host {

// Streams 32 MB into 32 MB more on one thread and on two of the pool, once per process, the first
// time a scan could take two threads (about 60 ms on the 2-core Xeon; it allocates the 64 MB and
// frees them): true where two threads took at most 0.8 of one's time.
bool second_thread_pays();

} // namespace scan::host
