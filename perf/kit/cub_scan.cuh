// cub::DeviceScan, the baseline on CUDA: its sum, or InclusiveScan with a custom operator. Its
// temporary storage is allocated once and grown when a larger size needs more, so a timed call
// holds the scan alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include <type_traits>

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <cuda_runtime.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

#include <scan/half.hpp>
#include <scan/operators.hpp>

#include "perf/kit/cuda_device.cuh"

namespace scan::perf::kit {

// A scan of T as libscan runs it, for the libraries' scans to run the same way: the input read as
// scan::accumulator_t<T> and each output rounded once to T (the 16-bit floats accumulate in float;
// CUB and Thrust would otherwise sum them in 16 bits). Other types pass through as pointers.
template <class T> struct to_type {
  template <class U> __host__ __device__ T operator()(const U& v) const { return T(v); }
};
template <class T> auto accumulating(const T* in) {
  if constexpr (!scan::accumulates_apart<T>)
    return in;
  else
    return thrust::make_transform_iterator(in, to_type<scan::accumulator_t<T>>{});
}
template <class T> auto rounding(T* out) {
  if constexpr (!scan::accumulates_apart<T>)
    return out;
  else
    return thrust::make_transform_output_iterator(out, to_type<T>{});
}

// Op: scan::sum (CUB's sum, in scan::accumulator_t<T>), or a custom operator, which CUB's
// InclusiveScan takes as it is; its exclusive scan would need an identity this class is not
// given, so a custom operator scans inclusively only.
class cub_scan {
public:
  cub_scan() = default;
  ~cub_scan() { cudaFree(temp_); }
  cub_scan(const cub_scan&) = delete;
  cub_scan& operator=(const cub_scan&) = delete;

  // Grows the temporary storage to what n items of T need.
  template <class T, class Op = scan::sum>
  void reserve(std::int64_t n, bool inclusive, cudaStream_t stream, Op op = {}) {
    std::size_t need = 0;
    call(nullptr, need, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), n, inclusive,
         stream, op);
    if (need <= bytes_) return;
    cudaFree(temp_);
    temp_ = nullptr;
    cuda_check(cudaMalloc(&temp_, need), "cudaMalloc CUB temporary storage");
    bytes_ = need;
  }

  // The scan, on storage reserved before.
  template <class T, class Op = scan::sum>
  void run(const T* in, T* out, std::int64_t n, bool inclusive, cudaStream_t stream, Op op = {}) {
    std::size_t bytes = bytes_;
    call(temp_, bytes, in, out, n, inclusive, stream, op);
  }

  // Both, as a caller without storage of its own would.
  template <class T, class Op = scan::sum>
  void operator()(const T* in, T* out, std::int64_t n, bool inclusive, cudaStream_t stream,
                  Op op = {}) {
    reserve<T>(n, inclusive, stream, op);
    run(in, out, n, inclusive, stream, op);
  }

private:
  template <class T, class Op>
  static void call(void* temp, std::size_t& bytes, const T* in, T* out, std::int64_t n,
                   bool inclusive, cudaStream_t stream, Op op) {
    using Acc = scan::accumulator_t<T>;
    constexpr bool sum = std::is_same_v<Op, scan::sum>;
    if constexpr (sum && std::is_same_v<Acc, T>) {
      if (inclusive)
        cuda_check(cub::DeviceScan::InclusiveSum(temp, bytes, in, out, n, stream), "cub");
      else
        cuda_check(cub::DeviceScan::ExclusiveSum(temp, bytes, in, out, n, stream), "cub");
    } else if (inclusive) {
      cuda_check(cub::DeviceScan::InclusiveScan(temp, bytes, accumulating(in), rounding(out),
                                                cub_operator<Acc>(op), n, stream),
                 "cub");
    } else if constexpr (sum) {
      cuda_check(cub::DeviceScan::ExclusiveScan(temp, bytes, accumulating(in), rounding(out),
                                                ::cuda::std::plus<Acc>{}, Acc(0), n, stream),
                 "cub");
    } else {
      throw std::invalid_argument("cub_scan: a custom operator scans inclusively only");
    }
  }

  // CUB's form of the operator: its own plus for scan::sum, anything else as it is.
  template <class Acc, class Op> static auto cub_operator(Op op) {
    if constexpr (std::is_same_v<Op, scan::sum>)
      return ::cuda::std::plus<Acc>{};
    else
      return op;
  }

  void* temp_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace scan::perf::kit
