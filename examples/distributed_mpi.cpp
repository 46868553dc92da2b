// The README's distributed scan with MPI and NCCL, whole: each MPI rank owns a GPU (rank modulo
// the GPUs it sees) and a part of an array of counts, parts of different sizes, some empty; the
// exclusive scan of the whole array gives each rank its part of the offsets. Each rank checks its
// part against a serial loop (a count is a function of its index in the whole array). Exits 0
// when every rank's part is right, 1 otherwise, 77 when a rank finds no GPU.
//
//   mpiexec -n <ranks> ./scan_distributed_mpi
#include <cstdint>
#include <cstdio>
#include <vector>

#include <cuda_runtime.h>
#include <mpi.h>
#include <nccl.h>

#include <scan/distributed.hpp>
#include <scan/nccl.hpp>

namespace {

std::int64_t count_at(std::int64_t i) {
  return (i * 7 + 3) % 11;
}

// Rank r's number of counts: every third rank from the second holds none.
std::int64_t part_size(int r) {
  return r % 3 == 1 ? 0 : 1000 + 37 * std::int64_t{r};
}

// Rank 0 prints why the program stops; every rank exits with `code`.
int stop(int rank, const char* why, int code) {
  if (rank == 0 && why) std::printf("%s\n", why);
  MPI_Finalize();
  return code;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int gpus = 0;
  int has_gpu = cudaGetDeviceCount(&gpus) == cudaSuccess && gpus > 0 ? 1 : 0, all_have = 0;
  MPI_Allreduce(&has_gpu, &all_have, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all_have) return stop(rank, "SKIPPED: a rank sees no CUDA device", 77);
  cudaSetDevice(rank % gpus);

  // The README's set-up: rank 0's NCCL id to every rank, one NCCL rank per MPI rank.
  ncclUniqueId id;
  if (rank == 0) ncclGetUniqueId(&id);
  MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  ncclComm_t nccl;
  if (ncclCommInitRank(&nccl, ranks, id, rank) != ncclSuccess)
    return stop(rank, "ncclCommInitRank failed", 1);
  cudaStream_t stream;
  cudaStreamCreate(&stream);

  std::int64_t first = 0; // this part's index in the whole array
  for (int r = 0; r < rank; ++r)
    first += part_size(r);
  const std::int64_t n = part_size(rank);
  std::vector<std::int64_t> counts(static_cast<std::size_t>(n)), offsets(counts.size());
  for (std::int64_t i = 0; i < n; ++i)
    counts[i] = count_at(first + i);
  std::int64_t *d_counts = nullptr, *d_offsets = nullptr;
  const std::size_t bytes = counts.size() * sizeof(std::int64_t);
  cudaMalloc(&d_counts, bytes + 1);
  cudaMalloc(&d_offsets, bytes + 1);
  cudaMemcpy(d_counts, counts.data(), bytes, cudaMemcpyHostToDevice);

  int bad = 0;
  try {
    const scan::communicator comm = scan::nccl_communicator(nccl); // nccl outlives it
    scan::options opt;
    opt.stream = stream;
    scan::exclusive_scan(comm, d_counts, d_offsets, n, std::int64_t{0}, scan::sum{}, opt);
    cudaMemcpyAsync(offsets.data(), d_offsets, bytes, cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    std::int64_t want = 0;
    for (std::int64_t i = 0; i < first; ++i)
      want += count_at(i);
    for (std::int64_t i = 0; i < n; ++i) {
      bad += offsets[i] != want;
      want += counts[i];
    }
  } catch (const scan::error& e) {
    std::printf("rank %d: %s\n", rank, e.what());
    bad = 1;
  }
  int any_bad = 0;
  MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  cudaFree(d_counts);
  cudaFree(d_offsets);
  cudaStreamDestroy(stream);
  ncclCommDestroy(nccl);
  if (rank == 0)
    std::printf("%d ranks, exclusive scan of the counts: %s\n", ranks, any_bad ? "MISMATCH" : "ok");
  return stop(rank, nullptr, any_bad ? 1 : 0);
}
