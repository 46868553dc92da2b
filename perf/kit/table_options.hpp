// The command-line options the comparison programs share (cub_comparison, half_comparison,
// distributed_bench): the sizes they time, 2^--min to 2^--max items, and a Markdown file to
// append their table to.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace scan::perf::kit {

struct table_options {
  int min_log = 10;
  int max_log = 30;
  std::string markdown; // empty: no file
};

// Adds --min, --max (at most max_allowed) and --markdown to `app`, with `o`'s values as defaults;
// `items` names what the sizes count ("size", "part per GPU").
inline void add_table_options(CLI::App& app, table_options& o, int max_allowed = 40,
                              const std::string& items = "size") {
  app.add_option("--min", o.min_log,
                 "log2 of the smallest " + items + " (default " + std::to_string(o.min_log) + ")")
      ->check(CLI::Range(0, max_allowed));
  app.add_option("--max", o.max_log,
                 "log2 of the largest " + items + " (default " + std::to_string(o.max_log) + ")")
      ->check(CLI::Range(0, max_allowed));
  app.add_option("--markdown", o.markdown, "append the table to FILE")->type_name("FILE");
}

} // namespace scan::perf::kit
