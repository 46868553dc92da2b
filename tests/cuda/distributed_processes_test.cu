// Distributed scans over NCCL with one process per GPU, as MPI and torch.distributed run them,
// without MPI: this program forks a process per rank (SCAN_TEST_RANKS, default one per GPU, rank r
// on GPU r modulo their count); rank 0 makes the NCCL id and hands it to the others through pipes;
// each joins with ncclCommInitRank and runs the cases of tests/distributed_cases.hpp for its rank
// alone, checking its part against the host reference of the whole array.
//
// The parent never touches CUDA (a CUDA context does not survive fork): a first child counts the
// GPUs. It prints each rank's report in rank order and fails when a rank fails, or when the ranks
// have not all finished within SCAN_TEST_TIMEOUT seconds (default 300): a rank that stops before
// a collective leaves the others waiting in it. Exits 77 (skipped) without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/cuda/nccl_ranks.hpp"
#include "tests/distributed_cases.hpp"

namespace {

cuda_test::nccl_ranks* this_rank = nullptr;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

// Runs `child` in a new process whose standard output and error go to `log`; its pid.
template <class F> pid_t spawn(std::FILE* log, F child) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    if (log) {
      dup2(fileno(log), 1);
      dup2(fileno(log), 2);
    }
    const int status = child();
    std::cout.flush(); // _Exit flushes nothing, and the log is a file
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return pid;
}

// The exit status of a finished child (a signal counts as 128 + its number).
int status_of(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int count_devices() {
  const pid_t probe = spawn(nullptr, [] {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess ? count : 0;
  });
  int status = 0;
  waitpid(probe, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 0;
}

bool write_all(int fd, const void* bytes, std::size_t size) {
  return write(fd, bytes, size) == static_cast<ssize_t>(size);
}
bool read_all(int fd, void* bytes, std::size_t size) {
  return read(fd, bytes, size) == static_cast<ssize_t>(size);
}

// Rank `rank` of `ranks`: the NCCL id (made here by rank 0 and written to the other ranks' pipes,
// read from its own pipe by the others), its communicator, then the doctest cases.
int run_rank(int rank, int ranks, int devices, const std::vector<int>& id_pipes, int argc,
             char** argv) {
  try {
    cuda_test::ok(cudaSetDevice(rank % devices), "cudaSetDevice");
    ncclUniqueId id;
    if (rank == 0) {
      scan::detail::check_nccl(ncclGetUniqueId(&id), "ncclGetUniqueId");
      for (int r = 1; r < ranks; ++r)
        if (!write_all(id_pipes[r], &id, sizeof id)) throw std::runtime_error("write the NCCL id");
    } else if (!read_all(id_pipes[rank], &id, sizeof id)) {
      throw std::runtime_error("read the NCCL id");
    }
    ncclComm_t comm = nullptr;
    scan::detail::check_nccl(ncclCommInitRank(&comm, ranks, id, rank), "ncclCommInitRank");
    int failed = 0;
    {
      cuda_test::nccl_ranks group(ranks, rank, comm);
      this_rank = &group;
      doctest::Context context(argc, argv);
      failed = context.run();
      this_rank = nullptr;
    }
    ncclCommDestroy(comm);
    return failed;
  } catch (const std::exception& e) {
    std::printf("rank %d: %s\n", rank, e.what());
    return 1;
  }
}

} // namespace

TEST_CASE("distributed scans over NCCL: one process per rank") {
  scan_test::distributed::check_group(*this_rank, 1000003);
  scan_test::distributed::check_repeatable(*this_rank, 3000017);
}

int main(int argc, char** argv) {
  const int devices = count_devices();
  if (devices == 0) {
    std::printf("SKIPPED: %s\n", cuda_test::skip_reason().c_str());
    return 77;
  }
  const int ranks = env_int("SCAN_TEST_RANKS", devices);
  if (ranks < 1) {
    std::printf("SCAN_TEST_RANKS: %d ranks\n", ranks);
    return 2;
  }
  std::printf("%d processes as ranks over %d GPUs\n", ranks, devices);
  // Pipe r carries the NCCL id to rank r: rank 0 holds every write end, rank r its read end.
  std::vector<int> reads(static_cast<std::size_t>(ranks), -1), writes(reads);
  for (int r = 1; r < ranks; ++r) {
    int fds[2];
    if (pipe(fds) != 0) return 2;
    reads[r] = fds[0];
    writes[r] = fds[1];
  }
  std::vector<std::FILE*> logs;
  std::vector<pid_t> pids;
  for (int r = 0; r < ranks; ++r) {
    logs.push_back(std::tmpfile());
    pids.push_back(spawn(logs.back(), [&, r] {
      return run_rank(r, ranks, devices, r == 0 ? writes : reads, argc, argv);
    }));
  }
  for (int r = 1; r < ranks; ++r) {
    close(reads[r]);
    close(writes[r]);
  }

  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(env_int("SCAN_TEST_TIMEOUT", 300));
  std::vector<int> status(static_cast<std::size_t>(ranks), -1);
  for (int left = ranks; left > 0;) {
    for (int r = 0; r < ranks; ++r) {
      int s = 0;
      if (status[r] < 0 && waitpid(pids[r], &s, WNOHANG) == pids[r]) {
        status[r] = status_of(s);
        --left;
      }
    }
    if (left > 0 && std::chrono::steady_clock::now() > deadline) {
      std::printf("timed out: killing the ranks still running\n");
      for (int r = 0; r < ranks; ++r) {
        int s = 0;
        if (status[r] >= 0) continue;
        kill(pids[r], SIGKILL);
        waitpid(pids[r], &s, 0);
        status[r] = status_of(s);
      }
      left = 0;
    }
    if (left > 0) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }

  int failed = 0;
  for (int r = 0; r < ranks; ++r) {
    std::printf("## rank %d of %d: exit %d\n", r, ranks, status[r]);
    std::rewind(logs[r]);
    for (int c; (c = std::fgetc(logs[r])) != EOF;)
      std::putchar(c);
    std::fclose(logs[r]);
    failed |= status[r] != 0;
  }
  std::printf("%s\n", failed ? "FAILED: a rank failed" : "every rank passed");
  return failed ? 1 : 0;
}
