// The CUDA backend's randomized differential test: tests/fuzz_body.hpp over device memory, with
// cases on each thread's own stream, a stream shared by all threads, the legacy default stream and
// the per-thread default stream. Exits 77 (skipped) where no CUDA device can be used.
#include "tests/cuda/cuda_fixture.hpp"

#include "tests/fuzz_body.hpp"
