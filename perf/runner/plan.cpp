#include "perf/runner/plan.hpp"

namespace scan::perf {

std::string variant::label() const {
  if (!is_libscan()) return implementation;
  std::string s = implementation + " ";
  if (op == operation::blockwise)
    s += "blockwise(" + std::to_string(segment) + ")";
  else
    s += std::string(to_string(algorithm));
  return s + "/" + std::string(to_string(block));
}

std::string size_name(std::int64_t n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int e = 0;
    while ((std::int64_t{1} << e) < n)
      ++e;
    return "2^" + std::to_string(e);
  }
  return std::to_string(n);
}

std::vector<std::int64_t> default_sizes(bool gpu) {
  std::vector<std::int64_t> sizes;
  for (int e = 10; e <= (gpu ? 30 : 24); e += 2)
    sizes.push_back(std::int64_t{1} << e);
  return sizes;
}

} // namespace scan::perf
