// Distributed scans (scan/distributed.hpp) over NCCL (scan/nccl.hpp): one rank per GPU of this
// machine in one process (ncclCommInitAll, a host thread and a stream per rank), and one rank
// alone, through the cases of tests/distributed_cases.hpp (distributed_processes_test.cu runs them
// with a process per GPU). Exits 77 (skipped) without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <string>
#include <vector>

#include "tests/cuda/nccl_ranks.hpp"
#include "tests/distributed_cases.hpp"
#include <scan/nccl.hpp>

namespace {

using cuda_test::first_devices;
using cuda_test::nccl_ranks;
using cuda_test::ok;

int devices() {
  int count = 0;
  ok(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
  return count;
}

} // namespace

TEST_CASE("distributed scans over NCCL: one rank alone") {
  scan::nccl_devices alone(first_devices(1));
  nccl_ranks group(alone);
  scan_test::distributed::check_group(group, 1000003);
  scan_test::distributed::check_repeatable(group, 1000003);
}

TEST_CASE("distributed scans over NCCL: one rank per GPU") {
  if (devices() < 2) {
    MESSAGE("one GPU: the one-rank case covers it");
    return;
  }
  scan::nccl_devices all(first_devices(devices()));
  nccl_ranks group(all);
  scan_test::distributed::check_group(group, 1000003);
  scan_test::distributed::check_repeatable(group, 3000017);
}

// The single-process form: a part per GPU, one call for all of them.
template <class T, class Op>
void check_device_parts(scan::nccl_devices& gpus, bool inclusive, T init, Op op) {
  const int ranks = gpus.ranks();
  scan_test::distributed::generator g{static_cast<std::uint64_t>(ranks) * 31};
  std::vector<std::int64_t> sizes(static_cast<std::size_t>(ranks));
  for (auto& s : sizes)
    s = g.below(3) == 0 ? 0 : g.below(300000);
  std::int64_t n = 0;
  for (std::int64_t s : sizes)
    n += s;
  std::vector<T> in(static_cast<std::size_t>(n)), want(in.size());
  for (auto& x : in)
    x = scan_test::distributed::draw<T>(g);
  scan::reference::serial(in.data(), want.data(), n, inclusive, scan::detail::maybe<T>{init, true},
                          op);
  std::vector<scan::device_part<T, T>> parts;
  std::vector<cudaStream_t> streams(static_cast<std::size_t>(ranks));
  std::int64_t first = 0;
  for (int r = 0; r < ranks; ++r) {
    ok(cudaSetDevice(gpus.device(r)), "cudaSetDevice");
    ok(cudaStreamCreateWithFlags(&streams[r], cudaStreamNonBlocking), "cudaStreamCreate");
    T* p = nullptr;
    ok(cudaMalloc(&p, static_cast<std::size_t>(sizes[r]) * sizeof(T) + 16), "cudaMalloc");
    ok(cudaMemcpyAsync(p, in.data() + first, static_cast<std::size_t>(sizes[r]) * sizeof(T),
                       cudaMemcpyHostToDevice, streams[r]),
       "upload");
    parts.push_back({p, p, sizes[r], streams[r]}); // in place
    first += sizes[r];
  }
  if (inclusive)
    scan::inclusive_scan(gpus, parts, init, op);
  else
    scan::exclusive_scan(gpus, parts, init, op);
  first = 0;
  for (int r = 0; r < ranks; ++r) {
    ok(cudaSetDevice(gpus.device(r)), "cudaSetDevice");
    const auto got =
        cuda_test::download(parts[r].out, static_cast<std::size_t>(sizes[r]), streams[r]);
    std::int64_t bad = -1;
    for (std::int64_t i = 0; bad < 0 && i < sizes[r]; ++i)
      if (!(got[i] == want[first + i])) bad = i;
    CHECK_MESSAGE(bad < 0, "part " << r << " of " << sizes[r] << ": first wrong item " << bad);
    first += sizes[r];
    cudaFree(parts[r].out);
    cudaStreamDestroy(streams[r]);
  }
}

TEST_CASE("distributed scans over NCCL: the single-process form, a part per GPU") {
  scan::nccl_devices gpus(first_devices(devices()));
  check_device_parts<std::int32_t>(gpus, true, 5, scan::sum{});
  check_device_parts<std::int32_t>(gpus, false, -2, scan::max{});
  check_device_parts<scan_test::affine>(gpus, false, scan_test::affine{3, 4}, scan_test::then{});
  std::vector<scan::device_part<int, int>> too_few;
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(gpus, too_few), doctest::Contains("parts: 0 given for"),
                       scan::error);
}

TEST_CASE("a null NCCL communicator is named") {
  CHECK_THROWS_WITH_AS(scan::nccl_communicator(nullptr), "comm: null ncclComm_t", scan::error);
  std::vector<ncclComm_t> none{nullptr};
  CHECK_THROWS_WITH_AS(scan::nccl_devices{none}, "comms: a null ncclComm_t", scan::error);
}

int main(int argc, char** argv) {
  return cuda_test::run_or_skip(argc, argv);
}
