// The HIP compiled set: sums, the widening ones included.
#include "backends/hip/hip_compiled.hpp"

namespace scan::hip {

void run_compiled_sum(const detail::request& r) {
  run_compiled_for<sum>(r);
}

} // namespace scan::hip
