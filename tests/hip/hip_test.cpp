// The HIP backend's test program: device memory from hipMalloc, the default stream, and a skip
// (exit 77) with the runtime's own reason where no HIP device can be used.
#include "tests/hip/hip_fixture.hpp"

#include "tests/scan_test_body.hpp"
