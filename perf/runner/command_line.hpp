// scan_perf's command line, read with CLI11: the flags that choose a slice of the matrix, and the
// --quick preset. --help lists every flag, and every value of each axis.
#pragma once

#include <optional>

#include "perf/runner/plan.hpp"

namespace scan::perf {

// The plan the command line asks for; none when the program is to stop at once (--help, or a bad
// flag, whose message went to stderr), with `status` the exit status (0 and 2).
std::optional<run_plan> parse_command_line(int argc, char** argv, int& status);

} // namespace scan::perf
