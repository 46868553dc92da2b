// The HIP compiled set: products.
#include "backends/hip/hip_compiled.hpp"

namespace scan::hip {

void run_compiled_product(const detail::request& r) {
  run_compiled_for<product>(r);
}

} // namespace scan::hip
