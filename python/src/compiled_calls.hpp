// Scans of the built-in combinations (scan::is_compiled_combination), run by the compiled library:
// the entries module.cpp calls, chosen at run time from the arrays' element types.
#pragma once

#include <cstdint>

#include <scan/communicator.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

#include "axis_layout.hpp"
#include "typed_calls.hpp"

namespace scan::python {

// Along an axis (compiled_axis.cpp). Throws scan::error for a combination outside the compiled set.
void run_compiled_axis(const axis_plan& p, const void* in, void* out, element_type in_type,
                       element_type out_type, operator_kind op, bool inclusive,
                       const init_value& init, const options& opt);

// A 1-D segmented scan of n items, with the totals when `totals` is not null
// (compiled_segmented.cpp).
void run_compiled_segmented(const void* in, void* out, std::int64_t n, element_type in_type,
                            element_type out_type, operator_kind op, const segments_ref& s,
                            bool inclusive, const init_value& init, void* totals,
                            const options& opt);

// This rank's part (n items) of a distributed scan over comm (compiled_distributed.cpp).
void run_compiled_distributed(const communicator& comm, const void* in, void* out, std::int64_t n,
                              element_type in_type, element_type out_type, operator_kind op,
                              bool inclusive, const init_value& init, const options& opt);

} // namespace scan::python
