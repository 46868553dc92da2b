// The workspace layer every backend shares (scan/detail/runtime/), driven through a Memory that
// records what it is asked to do: a caller's buffer is zeroed only when an earlier call left it
// unready, the cache's buffers are held by one call at a time per stream, a capture gets buffers
// of its own, and idle slots of streams that are gone are released.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include <scan/detail/runtime/workspace.hpp>

namespace {

// Host memory whose every request is counted; `capture` says whether streams are capturing.
struct recording_memory {
  struct counts {
    std::atomic<int> allocations{0}, releases{0}, zeroes{0}, unordered{0};
    bool capture = false;
  };
  counts* c;

  void* allocate(std::size_t bytes, void*) const {
    ++c->allocations;
    return std::aligned_alloc(256, scan::detail::align_up(bytes));
  }
  void release(void* p, void*) const {
    ++c->releases;
    std::free(p);
  }
  void zero(void*, std::size_t, void*) const { ++c->zeroes; }
  scan::detail::stream_key identify(void* stream) const {
    return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(stream)), {}};
  }
  bool capturing(void*) const { return c->capture; }
  void release_unordered(const std::vector<void*>& buffers) const {
    for (void* p : buffers) {
      ++c->unordered;
      std::free(p);
    }
  }
};

using cache_type = scan::detail::workspace_cache<recording_memory>;
using source_type = scan::detail::workspace_source<recording_memory>;

scan::options on_stream(std::uintptr_t stream, scan::workspace ws = {}) {
  scan::options opt;
  opt.stream = reinterpret_cast<void*>(stream);
  opt.workspace = ws;
  return opt;
}

} // namespace

TEST_CASE("a caller's workspace is zeroed only when an earlier call left it unready") {
  recording_memory::counts counts;
  cache_type cache(recording_memory{&counts});
  alignas(256) static unsigned char buffer[1 << 16];
  const scan::options opt = on_stream(1, {buffer, sizeof buffer});
  const auto single_pass = [&](std::int64_t tiles) {
    source_type(cache, recording_memory{&counts}, opt).lookback<int>(tiles);
  };
  single_pass(100); // the contract: the buffer reads zero before its first use
  single_pass(100);
  single_pass(60);
  CHECK(counts.zeroes == 0);
  single_pass(80); // tiles 60..79 now hold the last call's values
  CHECK(counts.zeroes == 1);
  single_pass(80);
  CHECK(counts.zeroes == 1);
  source_type(cache, recording_memory{&counts}, opt).totals(1024); // a multi-part call
  single_pass(10);
  CHECK(counts.zeroes == 2);
  single_pass(10);
  CHECK(counts.zeroes == 2);
  CHECK(counts.allocations == 0);
}

TEST_CASE("the cache allocates while warming up only, and zeroes flags only when it allocates") {
  recording_memory::counts counts;
  cache_type cache(recording_memory{&counts});
  for (std::int64_t tiles : {10, 100, 100, 50, 100, 7}) {
    source_type ws(cache, recording_memory{&counts}, on_stream(1));
    ws.lookback<double>(tiles);
    ws.totals(static_cast<std::size_t>(tiles) * 64);
  }
  CHECK(counts.allocations == 4); // flags and totals, grown once each
  CHECK(counts.releases == 2);
  CHECK(counts.zeroes == 2);
}

TEST_CASE("calls on one stream take turns with its buffers; other streams do not wait") {
  recording_memory::counts counts;
  cache_type cache(recording_memory{&counts});
  std::atomic<int> inside{0}, most{0};
  const auto call = [&](std::uintptr_t stream) {
    source_type ws(cache, recording_memory{&counts}, on_stream(stream));
    ws.totals(256);
    const int now = ++inside;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    --inside;
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10; ++i)
        call(7);
    });
  for (auto& t : threads)
    t.join();
  CHECK(most == 1); // never two calls inside one stream's buffers
  CHECK(counts.allocations == 1);

  // Different streams hold their buffers at once.
  most = 0;
  threads.clear();
  for (std::uintptr_t s = 10; s < 16; ++s)
    threads.emplace_back([&, s] {
      for (int i = 0; i < 10; ++i)
        call(s);
    });
  for (auto& t : threads)
    t.join();
  CHECK(most > 1);
}

TEST_CASE("a captured call gets buffers of its own, freed at its end; the cache is untouched") {
  recording_memory::counts counts;
  cache_type cache(recording_memory{&counts});
  { source_type(cache, recording_memory{&counts}, on_stream(3)).lookback<int>(40); }
  CHECK(counts.allocations == 1);
  counts.capture = true;
  {
    source_type ws(cache, recording_memory{&counts}, on_stream(3));
    ws.lookback<int>(40); // the cached buffer would do, but a graph must own its memory
    ws.totals(128);
    CHECK(counts.allocations == 3);
    CHECK(counts.zeroes == 2);
  }
  CHECK(counts.releases == 2);
  counts.capture = false;
  { source_type(cache, recording_memory{&counts}, on_stream(3)).lookback<int>(40); }
  CHECK(counts.allocations == 3); // the cache's buffer again
}

TEST_CASE("idle slots of many streams are released, slots in use are kept") {
  recording_memory::counts counts;
  cache_type cache(recording_memory{&counts});
  source_type held(cache, recording_memory{&counts}, on_stream(1));
  held.totals(64);
  for (std::uintptr_t s = 2; s < 2 + 4 * cache_type::max_slots; ++s)
    source_type(cache, recording_memory{&counts}, on_stream(s)).totals(64);
  CHECK(counts.unordered > 0);
  CHECK(counts.allocations - counts.unordered <= static_cast<int>(cache_type::max_slots));
  held.totals(64); // still the held slot's buffer: no allocation
  CHECK(counts.allocations == 1 + 4 * static_cast<int>(cache_type::max_slots));
}
