// libscan's batched scans (scan/batched.hpp) of row-major matrices along rows and along columns,
// beside a device-to-device copy of the values and, for rows, cub::DeviceScan::InclusiveSumByKey
// with the row index as key (how CUB users scan rows), in one process on the same buffers.
//
//   batched_comparison [--types int32,float] [--shapes 65536x1024,1048576x64] [--markdown FILE]
//
// The default shapes are issue 18's: 65536 x 1024, 1048576 x 64, 1024 x 65536, 16384 x 16384,
// and 2^28 items in rows of 7, 33 and 1000. Values are small integers from -2 to 2 in a cycle,
// so floats hold every partial sum exactly: rows are compared with CUB bit for bit, columns with
// a host scan.
// Timing: perf/kit/ (CUDA events, each call from an idle stream, 3 warm-up calls, then 10 to 100
// calls for about 60 ms, the median). "x copy" is the copy's time over the call's.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cuda/std/functional>
#include <cuda_runtime.h>

#include "perf/kit/cuda_clock.cuh"
#include "perf/kit/cuda_device.cuh"
#include "perf/kit/markdown_table.hpp"
#include "perf/kit/measure.hpp"
#include "perf/kit/gpu_program.hpp"
#include <scan/batched.hpp>

namespace {

using namespace scan::perf;

struct shape {
  std::int64_t rows, cols;
};

// Row r's key for every item of row r.
__global__ void row_keys(std::int32_t* keys, std::int64_t n, std::int64_t cols) {
  const std::int64_t stride = std::int64_t{gridDim.x} * blockDim.x;
  for (std::int64_t i = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n; i += stride)
    keys[i] = static_cast<std::int32_t>(i / cols);
}

template <class T> std::vector<T> download(const T* d, std::int64_t n) {
  std::vector<T> h(static_cast<std::size_t>(n));
  kit::cuda_check(cudaMemcpy(h.data(), d, h.size() * sizeof(T), cudaMemcpyDeviceToHost),
                  "download");
  return h;
}

template <class T>
void compare_shape(const char* type, const shape& s, const std::vector<T>& values,
                   kit::device_array<T>& in, kit::device_array<T>& out, kit::device_array<T>& ref,
                   cudaStream_t stream, const kit::markdown_table& table) {
  const std::int64_t n = s.rows * s.cols;
  kit::cuda_clock clock(stream, kit::cadence::from_idle);
  const kit::sampling sampling{3, 10, 100, 60, 2.0 * n * sizeof(T) / 2.5e3 + 5.0};
  const auto time = [&](auto&& call) { return kit::measure(clock, sampling, call).median; };
  const T* d_in = in.get();
  T* d_out = out.get();
  scan::options opt;
  opt.stream = stream;
  const scan::matrix<const T> a(d_in, s.rows, s.cols);
  const scan::matrix<T> b(d_out, s.rows, s.cols);

  const double copy = time([&] {
    kit::cuda_check(cudaMemcpyAsync(d_out, d_in, static_cast<std::size_t>(n) * sizeof(T),
                                    cudaMemcpyDeviceToDevice, stream),
                    "copy");
  });

  // CUB by key along rows: the reference for rows.
  kit::device_array<std::int32_t> keys(static_cast<std::size_t>(n));
  row_keys<<<4096, 256, 0, stream>>>(keys.get(), n, s.cols);
  std::size_t cub_bytes = 0;
  cub::DeviceScan::InclusiveSumByKey(nullptr, cub_bytes, keys.get(), d_in, d_out, n,
                                     ::cuda::std::equal_to<>{}, stream);
  kit::device_array<unsigned char> cub_temp(cub_bytes);
  const auto cub_call = [&](T* o) {
    std::size_t bytes = cub_bytes;
    cub::DeviceScan::InclusiveSumByKey(cub_temp.get(), bytes, keys.get(), d_in, o, n,
                                       ::cuda::std::equal_to<>{}, stream);
  };
  const double cub = time([&] { cub_call(d_out); });
  cub_call(ref.get());

  const auto poisoned_run = [&](scan::along axis) {
    kit::cuda_check(cudaMemsetAsync(d_out, 0xff, static_cast<std::size_t>(n) * sizeof(T), stream),
                    "poison");
    scan::batched_inclusive_scan(a, b, axis, scan::sum{}, opt);
    kit::cuda_check(cudaStreamSynchronize(stream), "sync");
  };
  const double rows =
      time([&] { scan::batched_inclusive_scan(a, b, scan::along::rows, scan::sum{}, opt); });
  poisoned_run(scan::along::rows);
  const std::vector<T> got_rows = download(static_cast<const T*>(d_out), n);
  const std::vector<T> want_rows = download(static_cast<const T*>(ref.get()), n);
  const bool rows_ok =
      std::memcmp(got_rows.data(), want_rows.data(), got_rows.size() * sizeof(T)) == 0;

  const double columns =
      time([&] { scan::batched_inclusive_scan(a, b, scan::along::columns, scan::sum{}, opt); });
  poisoned_run(scan::along::columns);
  const std::vector<T> got_columns = download(static_cast<const T*>(d_out), n);
  std::vector<T> acc(static_cast<std::size_t>(s.cols), T{0});
  bool columns_ok = true;
  for (std::int64_t r = 0; r < s.rows && columns_ok; ++r)
    for (std::int64_t c = 0; c < s.cols; ++c) {
      const auto i = static_cast<std::size_t>(r * s.cols + c);
      acc[static_cast<std::size_t>(c)] += values[i];
      if (got_columns[i] != acc[static_cast<std::size_t>(c)]) {
        columns_ok = false;
        break;
      }
    }

  char line[512];
  std::snprintf(line, sizeof line, "| %s | %lld x %lld | %.0f | %.2f | %.2f | %.2fx | %.2f | %s |",
                type, static_cast<long long>(s.rows), static_cast<long long>(s.cols), copy,
                copy / cub, copy / rows, cub / rows, copy / columns,
                rows_ok && columns_ok ? "ok" : (rows_ok ? "COLUMNS WRONG" : "ROWS WRONG"));
  table.row(line);
}

template <class T>
void compare_type(const char* type, const std::vector<shape>& shapes,
                  const kit::markdown_table& table) {
  std::int64_t most = 0;
  for (const shape& s : shapes)
    most = std::max(most, s.rows * s.cols);
  cudaStream_t stream;
  kit::cuda_check(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "stream");
  std::vector<T> values(static_cast<std::size_t>(most));
  for (std::int64_t i = 0; i < most; ++i)
    values[static_cast<std::size_t>(i)] = static_cast<T>((i * 7) % 5 - 2);
  kit::device_array<T> in(values.size()), out(values.size()), ref(values.size());
  kit::cuda_check(
      cudaMemcpy(in.get(), values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice),
      "upload");
  for (const shape& s : shapes)
    compare_shape<T>(type, s, values, in, out, ref, stream, table);
  cudaStreamDestroy(stream);
}

shape parse_shape(const std::string& text) {
  const auto x = text.find('x');
  if (x == std::string::npos) throw CLI::ValidationError("--shapes", "ROWSxCOLS, got " + text);
  return {std::stoll(text.substr(0, x)), std::stoll(text.substr(x + 1))};
}

} // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "libscan's batched scans along rows and columns beside CUB by key and a device copy.",
      "batched_comparison");
  std::vector<std::string> types{"int32", "float"};
  const std::int64_t all = std::int64_t{1} << 28;
  std::vector<std::string> shape_texts{"65536x1024",
                                       "1048576x64",
                                       "1024x65536",
                                       "16384x16384",
                                       std::to_string(all / 7) + "x7",
                                       std::to_string(all / 33) + "x33",
                                       std::to_string(all / 1000) + "x1000"};
  std::string markdown;
  app.add_option("--types", types, "value types (default int32,float)")
      ->delimiter(',')
      ->check(CLI::IsMember({"int32", "float", "int64", "double"}));
  app.add_option("--shapes", shape_texts, "ROWSxCOLS,...")->delimiter(',');
  app.add_option("--markdown", markdown, "append the table to FILE")->type_name("FILE");
  std::string heading;
  if (const int code = kit::parse_and_find_gpu(app, argc, argv, heading); code >= 0) return code;
  const kit::markdown_table table(
      heading,
      "| type | rows x cols | copy us | CUB by key x copy | rows x copy "
      "| rows vs CUB | columns x copy | check |\n|---|---|---|---|---|---"
      "|---|---|",
      markdown);
  try {
    std::vector<shape> shapes;
    for (const std::string& t : shape_texts)
      shapes.push_back(parse_shape(t));
    for (const std::string& t : types) {
      if (t == "int32") compare_type<std::int32_t>("int32", shapes, table);
      if (t == "float") compare_type<float>("float", shapes, table);
      if (t == "int64") compare_type<std::int64_t>("int64", shapes, table);
      if (t == "double") compare_type<double>("double", shapes, table);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "batched_comparison: %s\n", e.what());
    return 1;
  }
  return 0;
}
