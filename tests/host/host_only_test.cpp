// Host-backend cases the shared body cannot express: no allocation once warm (counted by the
// replaced global operator new in count_allocations.cpp), and scans from several threads at once.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "tests/reference_scan.hpp"
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
  const std::int64_t n = (std::int64_t{1} << 21) + 5; // several parts on any core count
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

    // A caller workspace: no allocation even on the first call.
    const std::size_t need = scan::workspace_bytes<std::int32_t>(n, opt);
    REQUIRE(need > 0);
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
