// How every GPU comparison program starts (cub_comparison, tile_sweep, batched_comparison,
// segmented_comparison, half_comparison): parse the command line, then find a CUDA device.
#pragma once

#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

// -1 to go on, with `heading` the tables' heading line (gpu_heading); else the exit code: CLI11's
// for --help (0) or a bad option (2), and 77 ("SKIPPED") where no CUDA device answers.
inline int parse_and_find_gpu(CLI::App& app, int argc, char** argv, std::string& heading) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  heading = gpu_heading();
  if (!heading.empty()) return -1;
  std::printf("SKIPPED: no CUDA device\n");
  return 77;
}

} // namespace scan::perf::kit
