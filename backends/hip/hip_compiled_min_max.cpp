// The HIP compiled set: minimum and maximum.
#include "backends/hip/hip_compiled.hpp"

namespace scan::hip {

void run_compiled_min(const detail::request& r) {
  run_compiled_for<min>(r);
}

void run_compiled_max(const detail::request& r) {
  run_compiled_for<max>(r);
}

} // namespace scan::hip
