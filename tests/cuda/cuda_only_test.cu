// Cases only the CUDA backend has: run-to-run bitwise repeatability of float scans, several host
// threads with their own streams at once, stream ordering without device-wide synchronisation,
// no allocation per call once warm, look-back state reused across calls of different sizes, and
// managed memory. Exits 77 (skipped) without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <cuda_runtime.h>

#include "tests/cuda/cuda_test_support.hpp"
#include "tests/reference_scan.hpp"
#include "tests/test_operators.hpp"
#include <scan/detail/backends/host/serial_scan.hpp>
#include <scan/scan.hpp>

using namespace cuda_test;

namespace {

__global__ void spin_kernel(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

} // namespace

TEST_CASE("float and double sums are bitwise identical over 100 runs") {
  const std::size_t n = (std::size_t{1} << 22) + 12345;
  for (scan::algorithm algo : {scan::algorithm::automatic, scan::algorithm::reduce_then_scan,
                               scan::algorithm::scan_then_fan}) {
    const auto in_f = random_values<float>(n, 7);
    const auto in_d = random_values<double>(n, 8);
    device_buffer<float> df(n), of(n);
    device_buffer<double> dd(n), od(n);
    ok(cudaMemcpy(df.p, in_f.data(), n * sizeof(float), cudaMemcpyHostToDevice), "upload");
    ok(cudaMemcpy(dd.p, in_d.data(), n * sizeof(double), cudaMemcpyHostToDevice), "upload");
    std::vector<float> first_f;
    std::vector<double> first_d;
    int same = 0;
    for (int run = 0; run < 100; ++run) {
      ok(cudaMemset(of.p, 0xff, n * sizeof(float)), "poison");
      ok(cudaMemset(od.p, 0xff, n * sizeof(double)), "poison");
      scan::inclusive_scan(static_cast<const float*>(df.p), of.p, static_cast<std::int64_t>(n),
                           scan::sum{}, on(nullptr, algo));
      scan::exclusive_scan(static_cast<const double*>(dd.p), od.p, static_cast<std::int64_t>(n),
                           0.5, scan::sum{}, on(nullptr, algo));
      auto f = download(of.p, n);
      auto d = download(od.p, n);
      if (run == 0) {
        first_f = f;
        first_d = d;
        same += 1;
      } else {
        same += std::memcmp(f.data(), first_f.data(), n * sizeof(float)) == 0 &&
                std::memcmp(d.data(), first_d.data(), n * sizeof(double)) == 0;
      }
    }
    CHECK_MESSAGE(same == 100, "algorithm " << scan::to_string(algo) << ": " << same
                                            << " of 100 runs match the first bit for bit");
    // and they are right, to rounding
    std::vector<double> ref(n);
    std::vector<double> wide(in_f.begin(), in_f.end());
    scan::reference::inclusive_scan(wide.data(), ref.data(), static_cast<std::int64_t>(n));
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i)
      bad += std::abs(first_f[i] - ref[i]) > 1e-4 * (1.0 + std::abs(ref[i]));
    CHECK(bad == 0);
  }
}

TEST_CASE("four host threads, each with its own stream, scan at the same time") {
  constexpr int threads = 4;
  check_on_threads(threads, [](int t) {
    std::string failure;
    cudaStream_t s;
    ok(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate");
    for (int round = 0; round < 12; ++round) {
      const std::size_t n = (std::size_t{1} << (14 + (round + t) % 9)) + 7 * t + round;
      const auto in = random_values<std::int64_t>(n, 100 * t + round);
      device_buffer<std::int64_t> d_in(n), d_out(n);
      ok(cudaMemcpyAsync(d_in.p, in.data(), n * 8, cudaMemcpyHostToDevice, s), "upload");
      const auto algo = static_cast<scan::algorithm>(round % 4);
      scan::exclusive_scan(static_cast<const std::int64_t*>(d_in.p), d_out.p,
                           static_cast<std::int64_t>(n), std::int64_t{t}, scan::sum{}, on(s, algo));
      const auto got = download(d_out.p, n, s);
      std::vector<std::int64_t> want(n);
      scan::reference::exclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n),
                                      std::int64_t{t});
      if (got != want) {
        failure = "thread " + std::to_string(t) + " round " + std::to_string(round) +
                  " n=" + std::to_string(n) + " algorithm " + std::string(scan::to_string(algo)) +
                  ": wrong result";
        break;
      }
    }
    ok(cudaStreamDestroy(s), "cudaStreamDestroy");
    return failure;
  });
}

TEST_CASE("calls are ordered on the caller's stream and never synchronise the device") {
  cudaStream_t busy, mine;
  ok(cudaStreamCreateWithFlags(&busy, cudaStreamNonBlocking), "cudaStreamCreate");
  ok(cudaStreamCreateWithFlags(&mine, cudaStreamNonBlocking), "cudaStreamCreate");
  const std::size_t n = (std::size_t{1} << 20) + 3;
  const auto in = random_values<std::int32_t>(n, 3);
  device_buffer<std::int32_t> d_in(n), d_out(n);
  // Warm up every algorithm (the workspace is allocated once per stream and algorithm's size).
  for (scan::algorithm algo : {scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
                               scan::algorithm::scan_then_fan})
    scan::inclusive_scan(static_cast<const std::int32_t*>(d_in.p), d_out.p,
                         static_cast<std::int64_t>(n), scan::sum{}, on(mine, algo));
  ok(cudaStreamSynchronize(mine), "sync");
  for (scan::algorithm algo : {scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
                               scan::algorithm::scan_then_fan}) {
    spin_kernel<<<1, 1, 0, busy>>>(2'000'000'000LL); // about a second
    ok(cudaGetLastError(), "spin_kernel");
    // Upload, scan and download queued on `mine` only: the result must follow the upload.
    ok(cudaMemcpyAsync(d_in.p, in.data(), n * 4, cudaMemcpyHostToDevice, mine), "upload");
    scan::inclusive_scan(static_cast<const std::int32_t*>(d_in.p), d_out.p,
                         static_cast<std::int64_t>(n), scan::sum{}, on(mine, algo));
    const auto got = download(d_out.p, n, mine);
    // The busy stream is still running: nothing waited for the whole device.
    CHECK_MESSAGE(cudaStreamQuery(busy) == cudaErrorNotReady,
                  "algorithm " << scan::to_string(algo) << " waited for another stream");
    std::vector<std::int32_t> want(n);
    scan::reference::inclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n));
    CHECK(got == want);
    ok(cudaStreamSynchronize(busy), "sync");
    ok(cudaMemsetAsync(d_in.p, 0, n * 4, mine), "clear");
  }
  ok(cudaStreamDestroy(busy), "cudaStreamDestroy");
  ok(cudaStreamDestroy(mine), "cudaStreamDestroy");
}

TEST_CASE("no allocation per call once warm") {
  cudaMemPool_t pool;
  int device = 0;
  ok(cudaGetDevice(&device), "cudaGetDevice");
  ok(cudaDeviceGetDefaultMemPool(&pool, device), "cudaDeviceGetDefaultMemPool");
  const std::size_t n = std::size_t{1} << 24;
  device_buffer<float> d_in(n), d_out(n);
  ok(cudaMemset(d_in.p, 0, n * 4), "clear");
  for (scan::algorithm algo : {scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
                               scan::algorithm::scan_then_fan}) {
    scan::inclusive_scan(static_cast<const float*>(d_in.p), d_out.p, static_cast<std::int64_t>(n),
                         scan::sum{}, on(nullptr, algo));
    ok(cudaDeviceSynchronize(), "sync");
    std::uint64_t before = 0, after = 0;
    ok(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &before), "pool");
    for (int i = 0; i < 20; ++i)
      scan::inclusive_scan(static_cast<const float*>(d_in.p), d_out.p,
                           static_cast<std::int64_t>(n - i * 1000), scan::sum{}, on(nullptr, algo));
    ok(cudaDeviceSynchronize(), "sync");
    ok(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &after), "pool");
    CHECK_MESSAGE(before == after, "algorithm " << scan::to_string(algo) << ": pool use went from "
                                                << before << " to " << after);
  }
}

TEST_CASE("look-back state reused across calls of other sizes and types, no reset between") {
  std::mt19937_64 g(11);
  device_buffer<std::uint32_t> d_in(std::size_t{1} << 23), d_out(std::size_t{1} << 23);
  for (int call = 0; call < 60; ++call) {
    const std::size_t n = 1 + g() % (std::size_t{1} << (call % 3 == 0 ? 23 : 16));
    const auto in = random_values<std::uint32_t>(n, call);
    ok(cudaMemcpy(d_in.p, in.data(), n * 4, cudaMemcpyHostToDevice), "upload");
    std::vector<std::uint64_t> want64(n);
    if (call % 2) {
      // Reinterpret the same state with 8-byte values: uint32 -> uint64 widening.
      device_buffer<std::uint64_t> wide(n);
      scan::inclusive_scan(static_cast<const std::uint32_t*>(d_in.p), wide.p,
                           static_cast<std::int64_t>(n), scan::sum{},
                           on(nullptr, scan::algorithm::single_pass));
      scan::reference::inclusive_scan(in.data(), want64.data(), static_cast<std::int64_t>(n));
      REQUIRE_MESSAGE(download(wide.p, n) == want64, "call " << call << " n=" << n);
    } else {
      scan::inclusive_scan(static_cast<const std::uint32_t*>(d_in.p), d_out.p,
                           static_cast<std::int64_t>(n), scan::max{},
                           on(nullptr, scan::algorithm::single_pass));
      std::vector<std::uint32_t> want(n);
      scan::reference::inclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n),
                                      scan::max{});
      REQUIRE_MESSAGE(download(d_out.p, n) == want, "call " << call << " n=" << n);
    }
  }
}

TEST_CASE("managed memory and unaligned pointers") {
  const std::size_t n = 100'003;
  std::int32_t* m = nullptr;
  ok(cudaMallocManaged(&m, (n + 8) * sizeof(std::int32_t)), "cudaMallocManaged");
  const auto in = random_values<std::int32_t>(n, 5);
  for (int offset : {0, 1, 3}) {
    std::memcpy(m + offset, in.data(), n * 4);
    scan::inclusive_scan(static_cast<const std::int32_t*>(m + offset), m + offset,
                         static_cast<std::int64_t>(n), scan::sum{}, on(nullptr));
    ok(cudaDeviceSynchronize(), "sync");
    std::vector<std::int32_t> want(n);
    scan::reference::inclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n));
    CHECK_MESSAGE(std::memcmp(m + offset, want.data(), n * 4) == 0, "offset " << offset);
  }
  // Input and output misaligned differently.
  device_buffer<std::int32_t> a(n + 8), b(n + 8);
  ok(cudaMemcpy(a.p + 1, in.data(), n * 4, cudaMemcpyHostToDevice), "upload");
  scan::exclusive_scan(static_cast<const std::int32_t*>(a.p + 1), b.p + 2,
                       static_cast<std::int64_t>(n), 9, scan::sum{}, on(nullptr));
  std::vector<std::int32_t> want(n);
  scan::reference::exclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n), 9);
  CHECK(download(b.p + 2, n) == want);
  cudaFree(m);
}

int main(int argc, char** argv) {
  return cuda_test::run_or_skip(argc, argv);
}

// With 2048 tiles or more the single pass stages each tile in shared memory with the copy engine
// (kernels/staged_single_pass_kernel.cuh; the H100's tuning stages from 256), its tile copies
// marked evict-first below the tuned tile count: full and ragged tiles, an input the copy cannot
// take (not 16-byte aligned: element loads), in place, 1- to 16-byte types (16-byte ones scan
// their tile in place), exclusive (with init).
template <class T, class Op = scan::sum>
void check_staged(std::size_t n, std::size_t offset, bool in_place, bool inclusive, bool init,
                  Op op = {}) {
  init = init || !inclusive; // an exclusive scan takes one
  INFO("n=" << n << " offset=" << offset << " in place=" << in_place << " inclusive=" << inclusive
            << " init=" << init << " bytes=" << sizeof(T));
  std::vector<T> in;
  if constexpr (std::is_class_v<T>) {
    struct {
      std::mt19937_64 g;
      std::uint64_t next() { return g(); }
    } r{std::mt19937_64(n + offset)};
    for (std::size_t i = 0; i < n; ++i)
      in.push_back(T::draw(r));
  } else {
    in = random_values<T>(n, n + offset);
  }
  if constexpr (std::is_floating_point_v<T>) // 0 or 1: every partial sum is exact, in any order
    for (auto& x : in)
      x = x > T(1) ? T(1) : T(0);
  device_buffer<T> d_in(n + offset), d_out(n + offset);
  T* src = d_in.p + offset;
  T* dst = in_place ? src : d_out.p + offset;
  ok(cudaMemcpy(src, in.data(), n * sizeof(T), cudaMemcpyHostToDevice), "upload");
  if (!in_place) ok(cudaMemset(dst, 0xa5, n * sizeof(T)), "poison");
  const T start = in[n / 2];
  const scan::detail::maybe<T> first{start, init};
  std::vector<T> want(n);
  scan::host::serial_scan(in.data(), want.data(), static_cast<std::int64_t>(n), inclusive, first,
                          op);
  const auto options = on(nullptr, scan::algorithm::single_pass);
  const auto count = static_cast<std::int64_t>(n);
  if (inclusive && init)
    scan::inclusive_scan(static_cast<const T*>(src), dst, count, start, op, options);
  else if (inclusive)
    scan::inclusive_scan(static_cast<const T*>(src), dst, count, op, options);
  else
    scan::exclusive_scan(static_cast<const T*>(src), dst, count, start, op, options);
  const auto got = download(dst, n);
  std::size_t bad = 0, first_bad = n;
  for (std::size_t i = 0; i < n; ++i)
    if (!(got[i] == want[i]) && bad++ == 0) first_bad = i;
  CHECK_MESSAGE(bad == 0, bad << " wrong elements, first at " << first_bad);
}

TEST_CASE("the staged single pass: full and ragged tiles, unaligned input, in place") {
  const std::size_t tiles4 = std::size_t{2048} * 8192; // 4-byte types: 8192-item tiles
  const std::size_t tiles8 = std::size_t{2048} * 4096; // 8-byte types: 4096-item tiles
  check_staged<std::int32_t>(tiles4, 0, false, true, false);
  check_staged<std::int32_t>(tiles4 + 4099, 0, false, false, true);
  check_staged<std::int32_t>(tiles4 + 8, 2, false, true, false); // 8-byte aligned: element loads
  check_staged<std::int32_t>(tiles4 + 17, 1, false, true, true); // element loads
  check_staged<std::uint32_t>(tiles4 - 5, 0, true, false, false);
  check_staged<float>(tiles4 + 1, 0, false, true, false);
  check_staged<std::int64_t>(tiles8 + 3, 0, true, true, true);
  check_staged<double>(tiles8 * 4 + 1001, 0, false, false, true); // 8192 tiles: the longer delay
  // One- and two-byte types: 8192-item register tiles as well, four and two to a staged tile.
  check_staged<std::int8_t>(tiles4 + 12345, 0, false, true, false);
  check_staged<std::uint8_t>(tiles4 * 2 + 3, 3, false, false, true); // element loads
  check_staged<std::uint8_t>(tiles4 - 1, 0, true, true, true);
  check_staged<std::int16_t>(tiles4 + 70001, 0, false, true, true);
  check_staged<std::uint16_t>(tiles4 + 1, 2, true, false, false); // element loads
  // 16-byte values: 2048-item tiles, scanned in place in shared memory (resolves_in_tile).
  const std::size_t tiles16 = std::size_t{2048} * 2048;
  using scan_test::affine64;
  check_staged<affine64>(tiles16 + 777, 0, false, true, false, scan_test::then{});
  check_staged<affine64>(tiles16 * 2 + 1, 0, true, false, true, scan_test::then{});
  check_staged<affine64>(tiles16 + 5, 8, false, true, true, scan_test::then{}); // element loads
  check_staged<affine64>(tiles16 - 3, 0, false, false, true, scan_test::then{});
}
