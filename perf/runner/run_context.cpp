#include "perf/runner/run_context.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>

namespace scan::perf {
namespace {

std::string command_output(const std::string& cmd) {
  std::string out;
  if (FILE* p = popen(cmd.c_str(), "r")) {
    char buf[256];
    while (std::fgets(buf, sizeof buf, p))
      out += buf;
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

} // namespace

run_context current_context() {
  run_context c;
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  c.date = buf;
  // A copy of the tree without .git (a remote machine) gets the commit through the environment.
  if (const char* env = std::getenv("SCAN_GIT_COMMIT"); env && *env) {
    c.commit = env;
  } else {
    const std::string dir = SCAN_PERF_SOURCE_DIR;
    c.commit = command_output("git -C '" + dir + "' rev-parse --short=12 HEAD 2>/dev/null");
    if (!c.commit.empty() &&
        !command_output("git -C '" + dir + "' status --porcelain --untracked-files=no 2>/dev/null")
             .empty())
      c.commit += "-dirty";
  }
  if (c.commit.empty()) c.commit = "unknown";
  return c;
}

} // namespace scan::perf
