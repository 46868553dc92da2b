// The compiled library's entry points (src/): how the front end hands a type-erased request
// (call/request.hpp) to the checks and to the compiled set of type and operator combinations.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/communicator.hpp>
#include <scan/detail/call/request.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

namespace scan::detail {

// In src/check.cpp. check() throws scan::error on bad input and returns the backend that runs the
// call; run_compiled() checks and runs a call on the compiled set of combinations.
backend check(const request& r);
void run_compiled(const request& r);
std::size_t workspace_bytes(std::int64_t n, std::size_t in_size, element_type out_type,
                            std::size_t out_size, const options& opt);
// The same for blockwise scans (r.segment >= 1 is checked too) and batched scans (r.lanes), in
// src/blockwise_entry.cpp.
backend check_blockwise(const request& r);
void run_compiled_blockwise(const request& r);
// The same for segmented scans (r.segments is checked too), in src/segmented_entry.cpp.
backend check_segmented(const request& r);
void run_compiled_segmented(const request& r);
// The same for this rank's part of a distributed scan (comm is checked too; n == 0 runs as well:
// the rank takes part in the exchange), in src/distributed_entry.cpp.
backend check_distributed(const request& r, const communicator& comm);
void run_compiled_distributed(const request& r, const communicator& comm);

} // namespace scan::detail
