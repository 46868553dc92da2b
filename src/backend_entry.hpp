// What the backend-neutral code knows of each backend: a table of entry points. Each backend
// defines its entry in its own folder; backend_registry.hpp finds those this build holds. The
// same text in every build (no SCAN_WITH_*), so that a backend's unit compiled in several
// configurations is compiled alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <scan/communicator.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/options.hpp>

namespace scan::detail {

struct backend_entry {
  backend id;
  // Empty when the backend runs with these options, else why not, naming the option first
  // ("options.stream: ..."); null when it runs with any.
  std::string (*unsupported)(const options& opt);
  // Throws scan::error when the runtime can tell a pointer is not usable by the backend.
  void (*check_memory)(const request& r);
  // Runs a checked call from the compiled set of type and operator combinations.
  void (*run_compiled)(const request& r);
  std::size_t (*workspace_bytes)(std::int64_t n, std::size_t in_size, std::size_t out_size,
                                 const options& opt);
  // Runs a checked blockwise scan (r.segment >= 1) from the compiled set; null when the backend
  // has no blockwise scan.
  void (*run_blockwise_compiled)(const request& r) = nullptr;
  // Whether p is memory of this backend's device that the host cannot read; null for backends
  // on host memory. The host backend's check asks every other backend built.
  bool (*device_only)(const void* p) = nullptr;
  // Runs a checked segmented scan (r.segments) from the compiled set; null when the backend has
  // no segmented scan.
  void (*run_segmented_compiled)(const request& r) = nullptr;
  // Runs this rank's part of a checked distributed scan (scan/distributed.hpp, n >= 0) from the
  // compiled set; null when the backend has none.
  void (*run_distributed_compiled)(const request& r, const communicator& comm) = nullptr;
  // Runs one step of a checked call's totals (r.has_totals: scan/totals.hpp) from the compiled
  // set, whatever scan the call is.
  void (*run_totals_compiled)(const request& r, totals_step step) = nullptr;
};

// Defined by each backend.
const backend_entry& host_backend_entry();
const backend_entry& gpu_backend_entry(); // cuda or hip: backends/gpu/

const backend_entry& kokkos_backend_entry();

// One of backend_entry's optional scans (run_blockwise_compiled, run_segmented_compiled).
using optional_scan = void (*backend_entry::*)(const request&);

// Backend b's entry, which must offer `scan`; else scan::error naming the backend and `what`
// ("blockwise"). b is a built backend (check() said so).
const backend_entry& entry_offering(backend b, optional_scan scan, const char* what);
// Backend b's entry, which must write totals.
const backend_entry& entry_offering_totals(backend b);

// Runs scan() (one of the entry's compiled scans of r) between the steps that write r's totals,
// when it asks for them; totals from marks are the segmented scan's own.
template <class Scan> void with_compiled_totals(backend b, const request& r, Scan&& scan) {
  if (!r.has_totals || totals_from_marks(r)) return scan();
  const backend_entry& entry = entry_offering_totals(b);
  if (r.n > 0) entry.run_totals_compiled(r, totals_step::save_tails);
  scan();
  entry.run_totals_compiled(r, totals_step::finish);
}

} // namespace scan::detail
