// The HIP compiled set: bitwise and, or, xor (integer types only).
#include "backends/hip/hip_compiled.hpp"

namespace scan::hip {

void run_compiled_bit_and(const detail::request& r) {
  run_compiled_for<bit_and>(r);
}

void run_compiled_bit_or(const detail::request& r) {
  run_compiled_for<bit_or>(r);
}

void run_compiled_bit_xor(const detail::request& r) {
  run_compiled_for<bit_xor>(r);
}

} // namespace scan::hip
