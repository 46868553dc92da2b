// libscan's segmented scans (scan/segmented.hpp) beside cub::DeviceScan::InclusiveSumByKey,
// thrust::inclusive_scan_by_key and a device-to-device copy of the values, in one process on the
// same buffers: n items in random segments of each mean length, described by int32 offsets,
// uint8 head flags and int32 keys.
//
//   segmented_comparison [--log 28] [--types int32,float] [--means 1,4,64,1024,65536,4194304]
//                        [--markdown FILE]
//
// Segment lengths are uniform in [1, 2 * mean - 1] (mean 1: every length 1). Values are small
// integers (floats hold them exactly), so every result is compared with CUB's bit for bit.
// Timing: perf/kit/ (CUDA events, each call from an idle stream, 3 warm-up calls, then 10 to 100
// calls for about 60 ms, the median). "x copy" is the copy's time over the call's: the fraction
// of a copy's speed. Offsets are timed unchecked (asynchronous) and checked (the default: one
// 4-byte read-back and a stream synchronisation before the scan).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/markdown_table.hpp"
#include "perf/kit/measure.hpp"
#include "perf/kit/gpu_program.hpp"
#include <scan/segmented.hpp>

namespace {

using namespace scan::perf;

struct layout {
  std::vector<std::int32_t> offsets; // num_segments + 1
  std::vector<std::uint8_t> flags;
  std::vector<std::int32_t> keys;
};

layout make_layout(std::int64_t n, std::int64_t mean, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<std::int64_t> length(1, 2 * mean - 1);
  layout l;
  l.flags.assign(static_cast<std::size_t>(n), 0);
  l.keys.resize(static_cast<std::size_t>(n));
  l.offsets.push_back(0);
  std::int32_t key = 0;
  for (std::int64_t at = 0; at < n; ++key) {
    const std::int64_t end = std::min(n, at + length(rng));
    l.flags[static_cast<std::size_t>(at)] = 1;
    for (std::int64_t i = at; i < end; ++i)
      l.keys[static_cast<std::size_t>(i)] = key;
    l.offsets.push_back(static_cast<std::int32_t>(end));
    at = end;
  }
  return l;
}

template <class T> void upload(kit::device_array<T>& d, const std::vector<T>& h) {
  kit::cuda_check(cudaMemcpy(d.get(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice),
                  "upload");
}

template <class T> bool same(const T* a, const T* b, std::int64_t n) {
  std::vector<T> x(static_cast<std::size_t>(n)), y(x.size());
  kit::cuda_check(cudaMemcpy(x.data(), a, x.size() * sizeof(T), cudaMemcpyDeviceToHost), "check");
  kit::cuda_check(cudaMemcpy(y.data(), b, y.size() * sizeof(T), cudaMemcpyDeviceToHost), "check");
  return std::memcmp(x.data(), y.data(), x.size() * sizeof(T)) == 0;
}

template <class T>
void compare_type(const char* type, std::int64_t n, const std::vector<std::int64_t>& means,
                  const kit::markdown_table& table) {
  cudaStream_t stream;
  kit::cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
  kit::cuda_clock clock(stream, kit::cadence::from_idle);
  const kit::sampling sampling{3, 10, 100, 60, 2.0 * n * sizeof(T) / 2.5e3 + 5.0};
  const auto time = [&](auto&& call) { return kit::measure(clock, sampling, call).median; };

  std::vector<T> values(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    values[static_cast<std::size_t>(i)] = static_cast<T>((i * 7) % 5); // exact in floats
  kit::device_array<T> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n)),
      ref(static_cast<std::size_t>(n));
  kit::device_array<std::int32_t> keys(static_cast<std::size_t>(n));
  kit::device_array<std::uint8_t> flags(static_cast<std::size_t>(n));
  upload(in, values);
  const T* d_in = in.get();
  T* d_out = out.get();

  std::size_t cub_bytes = 0;
  cub::DeviceScan::InclusiveSumByKey(nullptr, cub_bytes, keys.get(), d_in, d_out, n,
                                     ::cuda::std::equal_to<>{}, stream);
  kit::device_array<unsigned char> cub_temp(cub_bytes);

  for (std::int64_t mean : means) {
    const layout l = make_layout(n, mean, static_cast<std::uint64_t>(mean));
    const auto segments = static_cast<std::int64_t>(l.offsets.size()) - 1;
    kit::device_array<std::int32_t> offsets(l.offsets.size());
    upload(offsets, l.offsets);
    upload(keys, l.keys);
    upload(flags, l.flags);
    scan::options opt;
    opt.stream = stream;

    const double copy = time([&] {
      kit::cuda_check(cudaMemcpyAsync(d_out, d_in, static_cast<std::size_t>(n) * sizeof(T),
                                      cudaMemcpyDeviceToDevice, stream),
                      "copy");
    });
    const auto cub_call = [&](T* o) {
      std::size_t bytes = cub_bytes;
      cub::DeviceScan::InclusiveSumByKey(cub_temp.get(), bytes, keys.get(), d_in, o, n,
                                         ::cuda::std::equal_to<>{}, stream);
    };
    const double cub = time([&] { cub_call(d_out); });
    cub_call(ref.get());
    const double thrust = time([&] {
      thrust::inclusive_scan_by_key(thrust::cuda::par_nosync.on(stream), keys.get(), keys.get() + n,
                                    d_in, d_out);
    });
    bool good = true;
    const auto lib = [&](auto&& segs) {
      const auto call = [&] {
        scan::segmented_inclusive_scan(d_in, d_out, n, segs, scan::sum{}, opt);
      };
      const double t = time(call);
      kit::cuda_check(cudaMemsetAsync(d_out, 0xff, static_cast<std::size_t>(n) * sizeof(T), stream),
                      "poison");
      call();
      kit::cuda_check(cudaStreamSynchronize(stream), "sync");
      good = same(static_cast<const T*>(d_out), static_cast<const T*>(ref.get()), n) && good;
      return t;
    };
    const double by_offsets =
        lib(scan::offsets(static_cast<const std::int32_t*>(offsets.get()), segments, false));
    const double checked =
        lib(scan::offsets(static_cast<const std::int32_t*>(offsets.get()), segments));
    const double by_flags = lib(scan::head_flags(static_cast<const std::uint8_t*>(flags.get())));
    const double by_keys = lib(scan::keys(static_cast<const std::int32_t*>(keys.get())));
    char line[512];
    std::snprintf(line, sizeof line,
                  "| %s | 2^%d | %lld | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2fx | "
                  "%s |",
                  type, static_cast<int>(std::log2(static_cast<double>(n))),
                  static_cast<long long>(mean), copy, copy / cub, copy / thrust, copy / by_offsets,
                  copy / checked, copy / by_flags, copy / by_keys, cub / by_keys,
                  good ? "ok" : "MISMATCH");
    table.row(line);
  }
  cudaStreamDestroy(stream);
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app("libscan's segmented scans beside CUB and Thrust scan by key and a device copy.",
               "segmented_comparison");
  int log_n = 28;
  std::vector<std::string> types{"int32", "float"};
  std::vector<std::int64_t> means{1, 4, 64, 1024, 65536, 4194304};
  std::string markdown;
  app.add_option("--log", log_n, "log2 of n (default 28)")->check(CLI::Range(10, 31));
  app.add_option("--types", types, "value types (default int32,float)")
      ->delimiter(',')
      ->check(CLI::IsMember({"int32", "float", "int64", "double"}));
  app.add_option("--means", means, "mean segment lengths")->delimiter(',');
  app.add_option("--markdown", markdown, "append the table to FILE")->type_name("FILE");
  std::string heading;
  if (const int code = kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0) return code;
  const kit::markdown_table table(
      heading,
      "| type | n | mean length | copy us | CUB by key x copy | Thrust by key x copy | offsets x "
      "copy | offsets checked x copy | flags x copy | keys x copy | keys vs CUB | check "
      "|\n|---|---|"
      "---|---|---|---|---|---|---|---|---|---|",
      markdown);
  const std::int64_t n = std::int64_t{1} << log_n;
  try {
    for (const std::string& t : types) {
      if (t == "int32") compare_type<std::int32_t>("int32", n, means, table);
      if (t == "float") compare_type<float>("float", n, means, table);
      if (t == "int64") compare_type<std::int64_t>("int64", n, means, table);
      if (t == "double") compare_type<double>("double", n, means, table);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "segmented_comparison: %s\n", e.what());
    return 1;
  }
  return 0;
}
