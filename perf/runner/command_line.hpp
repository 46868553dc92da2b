// The runner's command line: flags that choose a slice of the matrix, and the --quick preset.
#pragma once

#include <string>

#include "perf/runner/plan.hpp"

namespace scan::perf {

// Throws std::invalid_argument with a message naming the flag; `help` is set for --help.
run_plan parse_command_line(int argc, char** argv, bool& help);

std::string usage();

} // namespace scan::perf
