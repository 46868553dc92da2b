// The ranks of an NCCL communicator that this process holds, as tests/distributed_cases.hpp wants
// a group: every rank (one process, a GPU and a host thread per rank) or one (one process per GPU,
// as MPI or torch.distributed run them). Each held rank has a stream on its device; memory moves
// on that stream, which does not wait for the legacy default stream.
#pragma once

#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "tests/cuda/cuda_test_support.hpp"
#include <scan/nccl.hpp>

namespace cuda_test {

// The devices 0 .. count-1.
inline std::vector<int> first_devices(int count) {
  std::vector<int> devices(static_cast<std::size_t>(count));
  std::iota(devices.begin(), devices.end(), 0);
  return devices;
}

class nccl_ranks {
public:
  // Every rank of `all`, in this process.
  explicit nccl_ranks(const scan::nccl_devices& all)
      : held_(static_cast<std::size_t>(all.ranks())) {
    for (int r = 0; r < all.ranks(); ++r)
      hold(r, all.comm(r));
  }
  // Only `rank` of `ranks`, through `comm` (ncclCommInitRank's).
  nccl_ranks(int ranks, int rank, ncclComm_t comm) : held_(static_cast<std::size_t>(ranks)) {
    hold(rank, comm);
  }
  ~nccl_ranks() {
    for (const rank_slot& slot : held_)
      if (slot.comm) {
        cudaSetDevice(slot.device);
        cudaStreamDestroy(slot.stream);
      }
  }
  nccl_ranks(const nccl_ranks&) = delete;
  nccl_ranks& operator=(const nccl_ranks&) = delete;

  int ranks() const { return static_cast<int>(held_.size()); }
  bool holds(int r) const { return held_[static_cast<std::size_t>(r)].comm != nullptr; }

  // NCCL needs the ranks' calls to run at once: a host thread per held rank.
  template <class F> void run(F f) {
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks(); ++r)
      if (holds(r))
        threads.emplace_back([&, r] {
          const rank_slot& slot = held_[static_cast<std::size_t>(r)];
          cudaSetDevice(slot.device);
          f(r, scan::nccl_communicator(slot.comm), on(slot.stream));
        });
    for (auto& t : threads)
      t.join();
  }

  template <class T> T* upload(int r, const T* host, std::int64_t n) {
    T* p = allocate<T>(n);
    const cudaStream_t s = stream(r);
    ok(cudaMemcpyAsync(p, host, static_cast<std::size_t>(n) * sizeof(T), cudaMemcpyHostToDevice, s),
       "upload");
    ok(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    return p;
  }
  template <class T> T* poisoned(int r, std::int64_t n) {
    T* p = allocate<T>(n);
    ok(cudaMemsetAsync(p, 0xa5, static_cast<std::size_t>(n) * sizeof(T), stream(r)), "poison");
    return p;
  }
  template <class T> std::vector<T> download(int r, const T* p, std::int64_t n) {
    return cuda_test::download(p, static_cast<std::size_t>(n), stream(r));
  }
  void release(int, void* p) { cudaFree(p); }

private:
  struct rank_slot {
    ncclComm_t comm = nullptr;
    int device = 0;
    cudaStream_t stream = nullptr;
  };

  void hold(int r, ncclComm_t comm) {
    rank_slot& slot = held_[static_cast<std::size_t>(r)];
    scan::detail::check_nccl(ncclCommCuDevice(comm, &slot.device), "ncclCommCuDevice");
    ok(cudaSetDevice(slot.device), "cudaSetDevice");
    ok(cudaStreamCreateWithFlags(&slot.stream, cudaStreamNonBlocking), "cudaStreamCreate");
    slot.comm = comm;
  }
  cudaStream_t stream(int r) const { return held_[static_cast<std::size_t>(r)].stream; }
  template <class T> static T* allocate(std::int64_t n) {
    T* p = nullptr;
    ok(cudaMalloc(&p, static_cast<std::size_t>(n) * sizeof(T) + 16), "cudaMalloc");
    return p;
  }

  std::vector<rank_slot> held_;
};

} // namespace cuda_test
