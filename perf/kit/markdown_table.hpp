// A comparison program's table (batched_comparison, segmented_comparison, half_comparison):
// printed, and appended to a Markdown file when --markdown names one. The heading line (the GPU
// and the date: cuda_device.cuh's gpu_heading) and the column header come first, then a row at a
// time, each printed as it is measured.
#pragma once

#include <cstdio>
#include <string>

namespace scan::perf::kit {

class markdown_table {
public:
  markdown_table(const std::string& heading, const std::string& header, const std::string& file)
      : md_(file.empty() ? nullptr : std::fopen(file.c_str(), "a")) {
    std::printf("%s\n%s\n", heading.c_str(), header.c_str());
    if (md_) std::fprintf(md_, "\n%s\n\n%s\n", heading.c_str(), header.c_str());
  }
  markdown_table(const markdown_table&) = delete;
  markdown_table& operator=(const markdown_table&) = delete;
  ~markdown_table() {
    if (md_) std::fclose(md_);
  }

  void row(const char* line) const {
    std::printf("%s\n", line);
    std::fflush(stdout);
    if (md_) std::fprintf(md_, "%s\n", line);
  }

private:
  std::FILE* md_;
};

} // namespace scan::perf::kit
