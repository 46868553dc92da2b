// The CUDA backend driven the ways applications drive it: host threads sharing the legacy default
// stream, the per-thread default stream and one stream of their own; graphs captured on new and
// used streams in every capture mode; device memory handed to the host backend; a workspace that
// cannot be allocated. Built twice: as is, and with --default-stream per-thread, where a null
// stream means the calling thread's stream. Exits 77 (skipped) without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "tests/cuda/cuda_test_support.hpp"
#include "tests/reference_scan.hpp"
#include <scan/scan.hpp>

using namespace cuda_test;

namespace {

constexpr scan::algorithm every_algorithm[] = {
    scan::algorithm::automatic, scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
    scan::algorithm::scan_then_fan};

struct stream_guard {
  cudaStream_t s = nullptr;
  stream_guard() { ok(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreate"); }
  ~stream_guard() { cudaStreamDestroy(s); }
  stream_guard(const stream_guard&) = delete;
  stream_guard& operator=(const stream_guard&) = delete;
};

template <class T> void upload(T* d, const std::vector<T>& h, cudaStream_t s) {
  ok(cudaMemcpyAsync(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice, s), "upload");
}

// One thread's share of the shared-stream case: several scans queued back to back on one stream
// before anything waits, so other threads' launches on that stream fall between them.
struct queued_scan {
  std::size_t n;
  scan::algorithm algorithm;
  std::vector<std::uint8_t> bytes; // exclusive uint8 -> int64 sum with an initial value
  std::vector<float> floats;       // inclusive float max
  device_buffer<std::uint8_t> d_bytes;
  device_buffer<std::int64_t> d_counts;
  device_buffer<float> d_floats;
  device_buffer<float> d_max;
  queued_scan(std::size_t size, scan::algorithm a, std::uint64_t seed)
      : n(size), algorithm(a), bytes(random_values<std::uint8_t>(size, seed)),
        floats(random_values<float>(size, seed + 1)), d_bytes(size), d_counts(size), d_floats(size),
        d_max(size) {}
};

std::string check_thread(int t, int rounds, cudaStream_t shared) {
  const cudaStream_t choices[] = {nullptr, cudaStreamPerThread, shared};
  for (int round = 0; round < rounds; ++round) {
    const cudaStream_t s = choices[(round + t) % 3];
    std::vector<std::unique_ptr<queued_scan>> queue;
    for (int k = 0; k < 6; ++k) {
      const std::size_t n = (std::size_t{1} << (13 + (round + k + t) % 8)) + 7 * t + k;
      queue.push_back(std::make_unique<queued_scan>(n, every_algorithm[(round + k) % 4],
                                                    1000 * t + 10 * round + k));
    }
    for (auto& q : queue) {
      upload(q->d_bytes.p, q->bytes, s);
      upload(q->d_floats.p, q->floats, s);
      const auto count = static_cast<std::int64_t>(q->n);
      scan::exclusive_scan(static_cast<const std::uint8_t*>(q->d_bytes.p), q->d_counts.p, count,
                           std::int64_t{t + 1}, scan::sum{}, on(s, q->algorithm));
      scan::inclusive_scan(static_cast<const float*>(q->d_floats.p), q->d_max.p, count, scan::max{},
                           on(s, q->algorithm));
    }
    for (auto& q : queue) {
      const auto count = static_cast<std::int64_t>(q->n);
      std::vector<std::int64_t> counts(q->n);
      std::vector<float> maxima(q->n);
      scan::reference::exclusive_scan(q->bytes.data(), counts.data(), count, std::int64_t{t + 1});
      scan::reference::inclusive_scan(q->floats.data(), maxima.data(), count, scan::max{});
      const std::string where = "thread " + std::to_string(t) + " round " + std::to_string(round) +
                                " n=" + std::to_string(q->n) + " " +
                                std::string(scan::to_string(q->algorithm));
      if (download(q->d_counts.p, q->n, s) != counts) return where + ": wrong uint8 -> int64 sum";
      if (download(q->d_max.p, q->n, s) != maxima) return where + ": wrong float max";
    }
  }
  return {};
}

} // namespace

TEST_CASE("twelve host threads share the legacy default, per-thread and one common stream") {
  constexpr int threads = 12;
  stream_guard shared;
  check_on_threads(threads, [&shared](int t) { return check_thread(t, 8, shared.s); });
}

namespace {

// A scan captured into a graph once, replayed with fresh inputs on its stream and another, then
// called directly on the stream again.
void check_graph(cudaStreamCaptureMode mode, bool fresh_stream, bool caller_workspace,
                 scan::algorithm algorithm, std::size_t n) {
  INFO("mode " << int(mode) << (fresh_stream ? " new" : " used") << " stream, "
               << (caller_workspace ? "caller" : "library") << " workspace, "
               << scan::to_string(algorithm) << ", n=" << n);
  stream_guard s, other;
  device_buffer<std::int32_t> d_in(n), d_out(n);
  const auto count = static_cast<std::int64_t>(n);
  scan::options opt = on(s.s, algorithm);
  device_buffer<unsigned char> ws(scan::workspace_bytes<std::int32_t>(count, opt) + 256);
  if (caller_workspace) {
    ok(cudaMemset(ws.p, 0, ws.n), "cudaMemset of the workspace");
    opt.workspace = {ws.p, ws.n};
  }
  const auto run = [&] {
    scan::exclusive_scan(static_cast<const std::int32_t*>(d_in.p), d_out.p, count, std::int32_t{7},
                         scan::sum{}, opt);
  };
  const auto expect = [&](const std::vector<std::int32_t>& in, cudaStream_t where) {
    std::vector<std::int32_t> want(n);
    scan::reference::exclusive_scan(in.data(), want.data(), count, std::int32_t{7});
    return download(d_out.p, n, where) == want;
  };
  if (!fresh_stream) {
    upload(d_in.p, random_values<std::int32_t>(n, 1), s.s);
    run();
    ok(cudaStreamSynchronize(s.s), "sync");
  }
  cudaGraph_t graph = nullptr;
  ok(cudaStreamBeginCapture(s.s, mode), "cudaStreamBeginCapture");
  run();
  ok(cudaStreamEndCapture(s.s, &graph), "cudaStreamEndCapture");
  cudaGraphExec_t exec = nullptr;
  ok(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
  for (int replay = 0; replay < 6; ++replay) {
    const cudaStream_t where = replay < 4 ? s.s : other.s;
    const auto in = random_values<std::int32_t>(n, 100 + replay);
    upload(d_in.p, in, where);
    ok(cudaMemsetAsync(d_out.p, 0xa5, n * 4, where), "poison");
    ok(cudaGraphLaunch(exec, where), "cudaGraphLaunch");
    CHECK_MESSAGE(expect(in, where), "replay " << replay);
  }
  for (int call = 0; call < 2; ++call) {
    const auto in = random_values<std::int32_t>(n, 200 + call);
    upload(d_in.p, in, s.s);
    run();
    CHECK_MESSAGE(expect(in, s.s), "direct call " << call << " after the replays");
  }
  ok(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  ok(cudaGraphDestroy(graph), "cudaGraphDestroy");
}

} // namespace

TEST_CASE("graphs captured on new and used streams replay correctly") {
  for (cudaStreamCaptureMode mode : {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
                                     cudaStreamCaptureModeRelaxed})
    for (bool fresh : {true, false})
      for (bool caller_workspace : {false, true})
        for (scan::algorithm algorithm : every_algorithm)
          for (std::size_t n : {std::size_t{1000}, (std::size_t{1} << 20) + 3})
            check_graph(mode, fresh, caller_workspace, algorithm, n);
  for (scan::algorithm algorithm : every_algorithm)
    check_graph(cudaStreamCaptureModeGlobal, true, false, algorithm, (std::size_t{1} << 26) + 5);
}

TEST_CASE("the host backend refuses device memory and names the backend that takes it") {
  const std::size_t n = 1000;
  device_buffer<std::int32_t> d(n);
  std::vector<std::int32_t> h(n, 1), out(n, -1);
  scan::options opt;
  opt.backend = scan::backend::host;
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(static_cast<const std::int32_t*>(d.p), out.data(),
                                            static_cast<std::int64_t>(n), scan::sum{}, opt),
                       doctest::Contains("in: cuda device memory"), scan::error);
  CHECK_THROWS_WITH_AS(
      scan::inclusive_scan(h.data(), d.p, static_cast<std::int64_t>(n), scan::sum{}, opt),
      doctest::Contains("scan::backend::cuda"), scan::error);
  CHECK(out == std::vector<std::int32_t>(n, -1));
  // Managed memory the host reads: the host backend scans it.
  std::int32_t* managed = nullptr;
  ok(cudaMallocManaged(&managed, n * 4), "cudaMallocManaged");
  std::fill(managed, managed + n, 2);
  scan::inclusive_scan(managed, managed, static_cast<std::int64_t>(n), scan::sum{}, opt);
  CHECK(managed[n - 1] == static_cast<std::int32_t>(2 * n));
  ok(cudaFree(managed), "cudaFree");
}

TEST_CASE("a workspace the device cannot hold is an error; the next call works") {
  const std::size_t n = (std::size_t{1} << 26) + 3;
  device_buffer<std::int32_t> d_in(n), d_out(n);
  const auto in = random_values<std::int32_t>(n, 5);
  upload(d_in.p, in, nullptr);
  ok(cudaMemset(d_out.p, 0x5a, n * 4), "poison");
  ok(cudaDeviceSynchronize(), "sync");
  stream_guard s; // a stream the library has no workspace for yet, created while memory is free
  // Fill the device. The workspace comes from the device's current memory pool: a new one holds
  // no memory in reserve that could still serve the call.
  int device = 0;
  ok(cudaGetDevice(&device), "cudaGetDevice");
  cudaMemPool_t default_pool = nullptr, empty_pool = nullptr;
  ok(cudaDeviceGetMemPool(&default_pool, device), "cudaDeviceGetMemPool");
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = device;
  ok(cudaMemPoolCreate(&empty_pool, &props), "cudaMemPoolCreate");
  ok(cudaDeviceSetMemPool(device, empty_pool), "cudaDeviceSetMemPool");
  std::vector<void*> filler;
  for (std::size_t chunk = std::size_t{1} << 30; chunk >= (std::size_t{1} << 12); chunk /= 2) {
    void* p = nullptr;
    while (cudaMalloc(&p, chunk) == cudaSuccess)
      filler.push_back(p);
    (void)cudaGetLastError();
  }
  const auto opt = on(s.s, scan::algorithm::single_pass);
  bool failed = false;
  try {
    scan::inclusive_scan(static_cast<const std::int32_t*>(d_in.p), d_out.p,
                         static_cast<std::int64_t>(n), scan::sum{}, opt);
    ok(cudaStreamSynchronize(s.s), "sync");
  } catch (const scan::error& e) {
    failed = true;
    MESSAGE(e.what());
    CHECK(std::string(e.what()).find("options.workspace") != std::string::npos);
  }
  for (void* p : filler)
    ok(cudaFree(p), "cudaFree");
  REQUIRE_MESSAGE(failed, "the device kept enough memory for the workspace");
  const auto untouched = download(d_out.p, n);
  CHECK(std::all_of(untouched.begin(), untouched.end(),
                    [](std::int32_t x) { return x == 0x5a5a5a5a; }));
  scan::inclusive_scan(static_cast<const std::int32_t*>(d_in.p), d_out.p,
                       static_cast<std::int64_t>(n), scan::sum{}, opt);
  std::vector<std::int32_t> want(n);
  scan::reference::inclusive_scan(in.data(), want.data(), static_cast<std::int64_t>(n));
  CHECK(download(d_out.p, n, s.s) == want);
  // The stream's workspace stays in the new pool (never destroyed): freeing it needs no pool.
  ok(cudaDeviceSetMemPool(device, default_pool), "cudaDeviceSetMemPool");
}

int main(int argc, char** argv) {
  return run_or_skip(argc, argv);
}
