// Host-backend cases the shared body cannot express: no allocation once warm (counted by the
// replaced global operator new in count_allocations.cpp), scans from several threads at once, both
// sides of the host's serial thresholds, and the reference against the standard library.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <thread>
#include <vector>

#include "tests/reference_scan.hpp"
#include <scan/detail/backends/host/host_tuning.hpp>
#include <scan/scan.hpp>

long allocation_count(); // count_allocations.cpp: calls of operator new so far

namespace {

// "Then": a non-commutative custom operator (through the header path).
struct pair_then {
  std::uint32_t a = 1, b = 0;
};
struct compose {
  pair_then operator()(const pair_then& f, const pair_then& g) const {
    return {g.a * f.a, g.a * f.b + g.b};
  }
};

constexpr scan::algorithm algorithms[] = {scan::algorithm::automatic, scan::algorithm::single_pass,
                                          scan::algorithm::reduce_then_scan,
                                          scan::algorithm::scan_then_fan};

// Allocations made by `call` once it has run once.
template <class F> long warm_allocations(F&& call) {
  call();
  const long before = allocation_count();
  for (int i = 0; i < 5; ++i)
    call();
  return allocation_count() - before;
}

} // namespace

TEST_CASE("no allocation per call once warm") {
  const std::int64_t n = (std::int64_t{1} << 21) + 5; // several parts on 3 or more threads
  std::vector<std::int32_t> in(n, 3), out(n);
  std::vector<std::uint8_t> bytes(n, 200);
  std::vector<std::int64_t> wide(n);
  std::vector<pair_then> maps(n, pair_then{3, 1}), composed(n);
  for (scan::algorithm algo : algorithms) {
    scan::options opt;
    opt.backend = scan::backend::host;
    opt.algorithm = algo;
    INFO("algorithm " << scan::to_string(algo));
    CHECK(warm_allocations(
              [&] { scan::inclusive_scan(in.data(), out.data(), n, scan::sum{}, opt); }) == 0);
    CHECK(warm_allocations([&] {
            scan::exclusive_scan(bytes.data(), wide.data(), n, std::int64_t{0}, scan::sum{}, opt);
          }) == 0);
    CHECK(warm_allocations(
              [&] { scan::inclusive_scan(maps.data(), composed.data(), n, compose{}, opt); }) == 0);
    CHECK(warm_allocations(
              [&] { scan::inclusive_scan(in.data(), in.data(), n, scan::max{}, opt); }) == 0);

    // A caller workspace: no allocation even on the first call. A pool of two threads scans
    // these sizes serially and needs none (the four-thread run of this program covers it).
    const std::size_t need = scan::workspace_bytes<std::int32_t>(n, opt);
    if (need == 0) continue;
    void* ws = std::aligned_alloc(256, (need + 255) / 256 * 256);
    std::memset(ws, 0, need);
    opt.workspace = {ws, need};
    const long before = allocation_count();
    scan::inclusive_scan(in.data(), out.data(), n, scan::sum{}, opt);
    CHECK(allocation_count() - before == 0);
    std::vector<std::int32_t> want(n);
    scan::reference::inclusive_scan(in.data(), want.data(), n);
    CHECK(out == want);
    std::free(ws);
  }
}

TEST_CASE("scans from several threads at once") {
  const std::int64_t n = (std::int64_t{1} << 20) + 3;
  std::vector<std::int64_t> in(n);
  for (std::int64_t i = 0; i < n; ++i)
    in[i] = (i * 7919) % 1000 - 500;
  std::vector<std::int64_t> want(n);
  scan::reference::exclusive_scan(in.data(), want.data(), n, 11);
  constexpr int threads = 4;
  std::vector<std::vector<std::int64_t>> outs(threads, std::vector<std::int64_t>(n));
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      scan::options opt;
      opt.backend = scan::backend::host;
      opt.algorithm = algorithms[t % 4];
      for (int rep = 0; rep < 10; ++rep)
        scan::exclusive_scan(in.data(), outs[t].data(), n, std::int64_t{11}, scan::sum{}, opt);
    });
  for (auto& th : pool)
    th.join();
  for (int t = 0; t < threads; ++t)
    CHECK(outs[t] == want);
}

namespace {

// Deterministic input in [lo, lo + span).
template <class T> std::vector<T> pseudo_random(std::int64_t n, int lo, int span) {
  std::vector<T> v(n);
  std::uint64_t x = 0x9e3779b97f4a7c15ull;
  for (std::int64_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    v[i] = static_cast<T>(lo + static_cast<int>((x >> 33) % static_cast<std::uint64_t>(span)));
  }
  return v;
}

} // namespace

// The host scans an input serially up to a threshold by item size (host_tuning.hpp) and, on a
// pool of three or more threads, in parallel above it (ctest runs this program on four threads
// too); a pool of two, from its own threshold where its second thread pays: both sides of the 1-
// and 8-byte thresholds and of the 8-byte one of two threads, for every algorithm, on operators
// and types beyond the sums of the shared sweeps.
TEST_CASE("both sides of the serial thresholds, every algorithm") {
  const scan::host::host_tuning& tuning = scan::host::default_host_tuning;
  std::vector<std::int64_t> sizes;
  for (std::int64_t t : {tuning.serial_items[0], tuning.serial_items[3]})
    for (std::int64_t n : {t - 1, t, t + 1, 3 * t + 7})
      sizes.push_back(n);
  for (std::int64_t n : {tuning.two_thread_items[3] - 1, tuning.two_thread_items[3] + 1})
    sizes.push_back(n);
  for (std::int64_t n : sizes) {
    const auto ints = pseudo_random<std::int64_t>(n, -1000, 2000);
    const auto bytes = pseudo_random<std::uint8_t>(n, 0, 256);
    std::vector<pair_then> maps(n);
    for (std::int64_t i = 0; i < n; ++i)
      maps[i] = {static_cast<std::uint32_t>(2 * (i % 5) + 1), static_cast<std::uint32_t>(i % 7)};
    std::vector<std::int64_t> want64(n), got64(n);
    std::vector<std::uint8_t> want8(n), got8(n);
    std::vector<pair_then> want_maps(n), got_maps(n);
    for (scan::algorithm algo : algorithms) {
      scan::options opt;
      opt.backend = scan::backend::host;
      opt.algorithm = algo;
      INFO("n " << n << ", algorithm " << scan::to_string(algo));

      scan::reference::inclusive_scan(ints.data(), want64.data(), n, scan::max{});
      scan::inclusive_scan(ints.data(), got64.data(), n, scan::max{}, opt);
      CHECK(got64 == want64);

      scan::reference::exclusive_scan(bytes.data(), want64.data(), n, std::int64_t{-7});
      scan::exclusive_scan(bytes.data(), got64.data(), n, std::int64_t{-7}, scan::sum{}, opt);
      CHECK(got64 == want64);

      scan::reference::inclusive_scan(bytes.data(), want8.data(), n, scan::bit_xor{});
      scan::inclusive_scan(bytes.data(), got8.data(), n, scan::bit_xor{}, opt);
      CHECK(got8 == want8);

      scan::reference::exclusive_scan(maps.data(), want_maps.data(), n, pair_then{3, 1}, compose{});
      scan::exclusive_scan(maps.data(), got_maps.data(), n, pair_then{3, 1}, compose{}, opt);
      bool same = true;
      for (std::int64_t i = 0; i < n && same; ++i)
        same = got_maps[i].a == want_maps[i].a && got_maps[i].b == want_maps[i].b;
      CHECK(same);
    }
  }
}

// Small inputs are scanned by the same serial loop the reference uses: the reference itself is
// checked here against the standard library.
TEST_CASE("the reference agrees with std::inclusive_scan and std::exclusive_scan") {
  for (std::int64_t n : {1, 2, 3, 1000, 65537}) {
    INFO("n " << n);
    const auto in = pseudo_random<std::int32_t>(n, -1000, 2000);
    const auto bytes = pseudo_random<std::uint8_t>(n, 0, 256);
    std::vector<std::int32_t> want(n), got(n);
    std::inclusive_scan(in.begin(), in.end(), want.begin());
    scan::reference::inclusive_scan(in.data(), got.data(), n);
    CHECK(got == want);
    std::inclusive_scan(in.begin(), in.end(), want.begin(), std::plus<>{}, 5);
    scan::reference::inclusive_scan(in.data(), got.data(), n, 5);
    CHECK(got == want);
    std::exclusive_scan(in.begin(), in.end(), want.begin(), -5);
    scan::reference::exclusive_scan(in.data(), got.data(), n, -5);
    CHECK(got == want);
    got = in; // in place
    scan::reference::exclusive_scan(got.data(), got.data(), n, -5);
    CHECK(got == want);
    std::vector<std::int64_t> want64(n), got64(n);
    std::exclusive_scan(bytes.begin(), bytes.end(), want64.begin(), std::int64_t{0});
    scan::reference::exclusive_scan(bytes.data(), got64.data(), n, std::int64_t{0});
    CHECK(got64 == want64);
  }
}
