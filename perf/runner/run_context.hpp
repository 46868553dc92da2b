// When and from which source a run was made: written into every CSV row and the Markdown header.
#pragma once

#include <string>

namespace scan::perf {

struct run_context {
  std::string date;   // UTC, ISO 8601
  std::string commit; // git commit of the source (SCAN_GIT_COMMIT overrides), "unknown" if none
};

run_context current_context();

} // namespace scan::perf
