// Distributed scans (scan/distributed.hpp) on the host backend, threads standing in for ranks: the
// cases of tests/distributed_cases.hpp over 1, 2, 3 and 5 ranks, and the communicator's errors.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "tests/distributed_cases.hpp"
#include <scan/distributed.hpp>

namespace {

// Ranks on threads of this process: all_gather writes each rank's bytes into a shared table,
// waits for every rank, reads the table back, and waits again before the table is reused.
class thread_ranks {
public:
  explicit thread_ranks(int ranks) : contexts_(static_cast<std::size_t>(ranks)) {
    for (int r = 0; r < ranks; ++r)
      contexts_[r] = {this, r};
  }
  int ranks() const { return static_cast<int>(contexts_.size()); }
  bool holds(int) const { return true; }

  scan::communicator comm(int r) {
    scan::communicator c;
    c.rank = r;
    c.ranks = ranks();
    c.context = &contexts_[r];
    c.all_gather = gather;
    return c;
  }

  template <class F> void run(F f) {
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks(); ++r)
      threads.emplace_back([&, r] {
        scan::options opt;
        opt.backend = scan::backend::host;
        f(r, comm(r), opt);
      });
    for (auto& t : threads)
      t.join();
  }

  template <class T> T* upload(int, const T* host, std::int64_t n) {
    T* p = new T[static_cast<std::size_t>(n)];
    if (n > 0) std::memcpy(p, host, static_cast<std::size_t>(n) * sizeof(T));
    return p;
  }
  template <class T> T* poisoned(int, std::int64_t n) {
    T* p = new T[static_cast<std::size_t>(n)];
    if (n > 0) std::memset(static_cast<void*>(p), 0xa5, static_cast<std::size_t>(n) * sizeof(T));
    return p;
  }
  template <class T> std::vector<T> download(int, const T* p, std::int64_t n) {
    return std::vector<T>(p, p + n);
  }
  void release(int, void* p) { delete[] static_cast<unsigned char*>(p); }

private:
  struct rank_context {
    thread_ranks* group;
    int rank;
  };

  static void gather(void* context, const void* send, void* recv, std::size_t bytes, void*) {
    const auto& me = *static_cast<rank_context*>(context);
    thread_ranks& g = *me.group;
    std::unique_lock<std::mutex> lock(g.mutex_);
    if (g.table_.size() < bytes * g.contexts_.size()) g.table_.resize(bytes * g.contexts_.size());
    std::memcpy(g.table_.data() + static_cast<std::size_t>(me.rank) * bytes, send, bytes);
    g.wait_for_all(lock);
    std::memcpy(recv, g.table_.data(), bytes * g.contexts_.size());
    g.wait_for_all(lock);
  }

  void wait_for_all(std::unique_lock<std::mutex>& lock) {
    const std::uint64_t generation = generation_;
    if (++arrived_ == contexts_.size()) {
      arrived_ = 0;
      ++generation_;
      changed_.notify_all();
    } else {
      changed_.wait(lock, [&] { return generation_ != generation; });
    }
  }

  std::vector<rank_context> contexts_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<unsigned char> table_;
  std::size_t arrived_ = 0;
  std::uint64_t generation_ = 0;
};

} // namespace

TEST_CASE("distributed scans over threads as ranks") {
  for (int ranks : {1, 2, 3, 5}) {
    CAPTURE(ranks);
    thread_ranks group(ranks);
    scan_test::distributed::check_group(group, 300007);
    scan_test::distributed::check_repeatable(group, 200003);
  }
}

TEST_CASE("distributed scans: a bad communicator is named and nothing is written") {
  int in[3] = {1, 2, 3}, out[3] = {9, 9, 9};
  thread_ranks group(2);
  scan::options opt;
  opt.backend = scan::backend::host;
  auto expect = [&](const scan::communicator& comm, const char* what) {
    CHECK_THROWS_WITH_AS(scan::inclusive_scan(comm, in, out, 3, scan::sum{}, opt),
                         doctest::Contains(what), scan::error);
    CHECK((out[0] == 9 && out[1] == 9 && out[2] == 9));
  };
  expect(scan::communicator{}, "comm: 0 ranks");
  scan::communicator c = group.comm(1);
  c.rank = 2;
  expect(c, "comm: rank 2 is not in [0, 2)");
  c = group.comm(1);
  c.all_gather = nullptr;
  expect(c, "comm: all_gather is null");
  thread_ranks alone(1); // no other rank to wait for
  c = alone.comm(0);
  scan::options with_workspace = opt;
  alignas(256) static unsigned char room[4096];
  with_workspace.workspace = {room, sizeof room};
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(c, in, out, 3, scan::sum{}, with_workspace),
                       doctest::Contains("options.workspace"), scan::error);
  CHECK_THROWS_WITH_AS(scan::inclusive_scan(c, in, out, -1, scan::sum{}, opt),
                       doctest::Contains("n: negative"), scan::error);
  scan::inclusive_scan(c, in, out, 3, scan::sum{}, opt);
  CHECK((out[0] == 1 && out[1] == 3 && out[2] == 6));
}
