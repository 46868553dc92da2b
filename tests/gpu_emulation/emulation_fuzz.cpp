// The randomized test body (tests/fuzz_body.hpp) on the CPU emulation of the GPU backend
// (emulated_backend.hpp): the shared orchestration and the vendor-neutral kernels on fibers, so
// that every build runs the GPU design's random cases without a GPU.
#include "tests/gpu_emulation/emulated_backend.hpp"

#include "tests/fuzz_body.hpp"
