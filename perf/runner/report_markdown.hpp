// The Markdown report: per backend, libscan's default against the copy and the baselines at every
// size; the block strategy x algorithm grid and the blockwise scan at the largest size.
#pragma once

#include <string>
#include <vector>

#include "perf/runner/measurement.hpp"
#include "perf/runner/plan.hpp"
#include "perf/runner/run_context.hpp"

namespace scan::perf {

std::string markdown_report(const std::vector<measurement>& rows, const run_context& context,
                            const run_plan& plan);

// The few lines printed at the end of a run: per backend and type, the largest size.
std::string console_summary(const std::vector<measurement>& rows);

} // namespace scan::perf
