// The CUDA backend's test program: the shared body over device memory from cudaMalloc, the default
// stream, and a skip (exit 77) with the runtime's own reason where no CUDA device can be used.
#include "tests/cuda/cuda_fixture.hpp"

#include "tests/scan_test_body.hpp"
