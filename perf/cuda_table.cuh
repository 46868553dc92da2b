// What cub_comparison and tile_sweep share: a stream and three device buffers of a fixed size
// (the input, a timed call's output, and CUB's output as the reference), the timing of a call
// through the kit (perf/kit/measure.hpp), its check against CUB, and the table they print and
// append to a Markdown file.
//
// Timing: each call from an idle stream, so small sizes include the host's launch cost, as a
// caller sees it (kit::cadence::from_idle); 3 warm-up calls; then as many calls as fill 60 ms at
// the time the bytes would take at 2.5 TB/s (plus 5 us), 15 to 200 of them; the median. Inputs
// rotate through as many buffer sets as fill 256 MB (perf/kit/rotation.hpp), so that sizes below
// the L2 cache (50 MB on the H100) are not served from it. Checks: bit for bit (the kit's inputs
// make every order of summation exact, and affine64's wrapping composition is exact too).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#include <cuda_runtime.h>

#include <scan/operators.hpp>

#include "perf/kit/cub_scan.cuh"
#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_data.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/measure.hpp"
#include "perf/kit/rotation.hpp"

namespace scan::perf {

class cuda_table {
public:
  // Buffers of `bytes` each. The heading line goes to stdout, and with the table to `markdown`
  // (appended to), unless it is empty.
  cuda_table(std::size_t bytes, const std::string& heading, const std::string& markdown)
      : bytes_(bytes), in_(bytes), out_(bytes), ref_(bytes) {
    if (!markdown.empty() && !(md_ = std::fopen(markdown.c_str(), "a")))
      throw std::runtime_error("cannot append to " + markdown);
    std::printf("%s\n", heading.c_str());
    if (md_) std::fprintf(md_, "\n%s\n\n", heading.c_str());
  }
  ~cuda_table() {
    if (md_) std::fclose(md_);
    cudaStreamDestroy(stream_);
  }
  cuda_table(const cuda_table&) = delete;
  cuda_table& operator=(const cuda_table&) = delete;

  cudaStream_t stream() const { return stream_; }
  template <class T> std::int64_t capacity() const {
    return static_cast<std::int64_t>(bytes_ / sizeof(T));
  }

  // The whole input buffer as items of T (perf/kit/input.hpp's values).
  template <class T> void fill() { kit::fill_input(input<T>(), capacity<T>(), stream_); }

  // Times call(in, out) on n items of T; the median in microseconds.
  template <class T, class Call> double time(std::int64_t n, Call&& call) {
    const std::size_t bytes = static_cast<std::size_t>(n) * sizeof(T);
    kit::rotation rot = rotation_of<T>(n);
    const kit::sampling s{3, 15, 200, 60, 2.0 * static_cast<double>(bytes) / 2.5e3 + 5.0};
    const T* in = input<T>();
    T* out = output<T>();
    return kit::measure(clock_, s,
                        [&] {
                          const std::int64_t set = rot.next();
                          call(rot.at(in, set), rot.at(out, set));
                        })
        .median;
  }

  // call(in, out) `count` times on n items of T, each from an idle stream on the rotated buffers
  // as time() takes them, and after(i) once call i is done (its outputs read back, for example).
  template <class T, class Call, class After>
  void each(std::int64_t n, int count, Call&& call, After&& after) {
    kit::rotation rot = rotation_of<T>(n);
    for (int i = 0; i < count; ++i) {
      const std::int64_t set = rot.next();
      kit::cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      call(rot.at(static_cast<const T*>(input<T>()), set), rot.at(output<T>(), set));
      kit::cuda_check(cudaStreamSynchronize(stream_), "cudaStreamSynchronize");
      after(i);
    }
  }

  // The copy's and CUB's times on n items of T, CUB scanning with `op` (scan::sum: CUB's
  // InclusiveSum; kit::cub_scan says how); CUB's output becomes the reference.
  template <class T, class Op = scan::sum>
  std::pair<double, double> copy_and_cub(std::int64_t n, Op op = {}) {
    cub_.reserve<T>(n, true, stream_, op);
    const double copy = time<T>(n, [&](const T* in, T* out) {
      kit::cuda_check(cudaMemcpyAsync(out, in, static_cast<std::size_t>(n) * sizeof(T),
                                      cudaMemcpyDeviceToDevice, stream_),
                      "copy");
    });
    const double cub =
        time<T>(n, [&](const T* in, T* out) { cub_.run(in, out, n, true, stream_, op); });
    cub_.run(input<T>(), reference<T>(), n, true, stream_, op);
    return {copy, cub};
  }

  // Whether call(in, out) on n items of T writes the reference, into a poisoned output.
  template <class T, class Call> bool matches(std::int64_t n, Call&& call) {
    kit::cuda_check(
        cudaMemsetAsync(output<T>(), 0xff, static_cast<std::size_t>(n) * sizeof(T), stream_),
        "poison");
    call(static_cast<const T*>(input<T>()), output<T>());
    return check_.first_mismatch(output<T>(), static_cast<const T*>(reference<T>()), n, 0, true, 0,
                                 0, stream_) < 0;
  }

  // A line of the table, to stdout and the Markdown file.
  void row(const std::string& line) {
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    if (md_) std::fprintf(md_, "%s\n", line.c_str());
  }

private:
  // n items of T a call, cycled through 256 MB of the fixed buffers.
  template <class T> kit::rotation rotation_of(std::int64_t n) const {
    return kit::rotation(static_cast<std::size_t>(n) * sizeof(T), std::size_t{256} << 20, 0,
                         bytes_);
  }
  template <class T> T* input() const { return reinterpret_cast<T*>(in_.get()); }
  template <class T> T* output() const { return reinterpret_cast<T*>(out_.get()); }
  template <class T> T* reference() const { return reinterpret_cast<T*>(ref_.get()); }

  static cudaStream_t new_stream() {
    cudaStream_t s;
    kit::cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
    return s;
  }

  std::size_t bytes_;
  kit::device_array<unsigned char> in_, out_, ref_;
  cudaStream_t stream_ = new_stream();
  std::FILE* md_ = nullptr;
  kit::cuda_clock clock_{stream_, kit::cadence::from_idle};
  kit::cub_scan cub_;
  kit::gpu_check check_;
};

} // namespace scan::perf
