// The vendor this build's GPU backend runs on: HIP for SCAN_BACKEND=hip, CUDA for cuda.
#pragma once

#if defined(SCAN_WITH_HIP)
#include <scan/detail/backends/hip/hip_vendor.hpp>
namespace scan::gpu {
using configured_vendor = hip::hip_vendor;
}
#else
#include <scan/detail/backends/cuda/cuda_vendor.cuh>
namespace scan::gpu {
using configured_vendor = cuda::cuda_vendor;
}
#endif
