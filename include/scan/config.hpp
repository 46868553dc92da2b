// Compiler portability for code that runs on both the host and a device.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define SCAN_HOST_DEVICE __host__ __device__
#else
#define SCAN_HOST_DEVICE
#endif
