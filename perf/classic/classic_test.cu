// The classic strategies' test (CTest perf.classic): every strategy through its entry point
// (classic_scan.hpp) against the host reference, with every algorithm, at sizes on the edges of
// their tiles and over several levels of recursion, for sums, widening sums, max, xor and doubles,
// in place too; blockwise scans over short and long segments; and calls refused before anything
// is written. Exits 77 (skipped) without a CUDA device.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "perf/classic/classic_scan.hpp"
#include "tests/cuda/cuda_test_support.hpp"
#include "tests/reference_scan.hpp"

using namespace cuda_test;
using scan::classic::strategy;

namespace {

constexpr scan::algorithm every_algorithm[] = {
    scan::algorithm::automatic, scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
    scan::algorithm::scan_then_fan};

// Small values, so that sums neither overflow nor round (doubles add exactly).
template <class T> std::vector<T> small_values(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  std::vector<T> v(n);
  for (auto& x : v)
    x = static_cast<T>(static_cast<int>(g() % 101) - (std::is_signed_v<T> ? 50 : 0));
  return v;
}

template <class T> std::vector<T> upload(const std::vector<T>& h, T* d) {
  ok(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice), "upload");
  return h;
}

// The reference of a blockwise scan: each segment scanned by itself.
template <class In, class Out, class Op>
std::vector<Out> blockwise_reference(const std::vector<In>& in, std::int64_t segment,
                                     bool inclusive, Out init, Op op) {
  std::vector<Out> want(in.size());
  const auto n = static_cast<std::int64_t>(in.size());
  for (std::int64_t b = 0; b < n; b += segment) {
    const std::int64_t len = n - b < segment ? n - b : segment;
    if (inclusive)
      scan::reference::inclusive_scan(in.data() + b, want.data() + b, len, op);
    else
      scan::reference::exclusive_scan(in.data() + b, want.data() + b, len, init, op);
  }
  return want;
}

// One full scan with strategy s, inclusive or exclusive (from init), against the reference.
template <class In, class Out, class Op>
void check_full(strategy s, std::int64_t n, bool inclusive, const scan::options& opt,
                bool in_place = false) {
  INFO(scan::classic::to_string(s)
       << " " << scan::to_string(opt.algorithm) << " n=" << n
       << (inclusive ? " inclusive" : " exclusive") << (in_place ? " in place" : "") << " "
       << sizeof(In) << "->" << sizeof(Out) << " bytes");
  const auto count = static_cast<std::size_t>(n);
  device_buffer<In> d_in(count);
  device_buffer<Out> d_out(count);
  const std::vector<In> in = upload(small_values<In>(count, static_cast<std::uint64_t>(n)), d_in.p);
  Out* out = d_out.p;
  if constexpr (std::is_same_v<In, Out>)
    if (in_place) out = d_in.p;
  if (!in_place) ok(cudaMemset(out, 0xA5, count * sizeof(Out)), "poison");
  const Out init = Out(3);
  std::vector<Out> want(count);
  if (inclusive) {
    scan::reference::inclusive_scan(in.data(), want.data(), n, Op{});
    scan::classic::inclusive_scan(s, static_cast<const In*>(d_in.p), out, n, Op{}, opt);
  } else {
    scan::reference::exclusive_scan(in.data(), want.data(), n, init, Op{});
    scan::classic::exclusive_scan(s, static_cast<const In*>(d_in.p), out, n, init, Op{}, opt);
  }
  CHECK(download(out, count) == want);
}

template <class T, class Op>
void check_blockwise(strategy s, std::int64_t n, std::int64_t segment, bool inclusive) {
  INFO(scan::classic::to_string(s)
       << " blockwise n=" << n << " segment=" << segment
       << (inclusive ? " inclusive" : " exclusive") << " " << sizeof(T) << " bytes");
  const auto count = static_cast<std::size_t>(n);
  device_buffer<T> d_in(count), d_out(count);
  const std::vector<T> in =
      upload(small_values<T>(count, static_cast<std::uint64_t>(segment)), d_in.p);
  ok(cudaMemset(d_out.p, 0xA5, count * sizeof(T)), "poison");
  const T init = T(3);
  if (inclusive)
    scan::classic::blockwise_inclusive_scan(s, static_cast<const T*>(d_in.p), d_out.p, n, segment,
                                            Op{}, on(nullptr));
  else
    scan::classic::blockwise_exclusive_scan(s, static_cast<const T*>(d_in.p), d_out.p, n, segment,
                                            init, Op{}, on(nullptr));
  CHECK(download(d_out.p, count) == blockwise_reference(in, segment, inclusive, init, Op{}));
}

} // namespace

TEST_CASE("every classic strategy with every algorithm") {
  for (const auto& entry : scan::classic::strategy_names)
    for (scan::algorithm algo : every_algorithm) {
      const strategy s = entry.value;
      const scan::options opt = on(nullptr, algo);
      for (std::int64_t n : {1, 2, 255, 256, 257, 1023, 1025, 4096, 65537, 300007, (1 << 20) + 3})
        for (bool inclusive : {true, false})
          check_full<std::int32_t, std::int32_t, scan::sum>(s, n, inclusive, opt);
      for (std::int64_t n : {65537, 300007}) {
        check_full<double, double, scan::sum>(s, n, false, opt);
        check_full<std::int64_t, std::int64_t, scan::max>(s, n, true, opt);
        check_full<std::uint8_t, std::int32_t, scan::sum>(s, n, true, opt);
        check_full<std::uint16_t, std::uint16_t, scan::bit_xor>(s, n, false, opt);
      }
      check_full<std::uint32_t, std::uint32_t, scan::sum>(s, 300007, true, opt, true);
    }
}

TEST_CASE("every classic strategy's blockwise scans") {
  for (const auto& entry : scan::classic::strategy_names) {
    for (std::int64_t segment : {1, 7, 256, 1000, 1024, 5000, 70000})
      for (bool inclusive : {true, false})
        check_blockwise<std::int32_t, scan::sum>(entry.value, 300007, segment, inclusive);
    check_blockwise<std::int64_t, scan::max>(entry.value, 100003, 1024, true);
    check_blockwise<double, scan::sum>(entry.value, 100003, 333, false);
  }
}

TEST_CASE("calls the classic strategies refuse, before writing") {
  const std::int64_t n = 1000;
  device_buffer<std::int32_t> in(n), out(n);
  ok(cudaMemset(in.p, 0, n * sizeof(std::int32_t)), "zero");
  ok(cudaMemset(out.p, 0xA5, n * sizeof(std::int32_t)), "poison");
  const std::vector<std::int32_t> poison = download(out.p, n);
  const auto* cin = static_cast<const std::int32_t*>(in.p);
  const auto refused = [&](auto call, const char* starts) {
    INFO("expected an error starting with " << starts);
    std::string what;
    try {
      call();
    } catch (const scan::error& e) {
      what = e.what();
    }
    CHECK(what.rfind(starts, 0) == 0);
    CHECK(download(out.p, n) == poison);
  };
  refused([&] { scan::classic::inclusive_scan(static_cast<strategy>(42), cin, out.p, n); },
          "strategy: unknown value 42");
  refused([&] { scan::classic::inclusive_scan(strategy::brent_kung, cin, out.p, -1); }, "n:");
  refused([&] { scan::classic::blockwise_inclusive_scan(strategy::blelloch, cin, out.p, n, 0); },
          "segment:");
  const auto* overlapping = static_cast<const std::int32_t*>(out.p);
  refused([&] { scan::classic::inclusive_scan(strategy::blelloch, overlapping, out.p + 1, n - 1); },
          "out:");
  // Host memory on the host backend: checked as libscan checks it, then refused.
  scan::options host = on(nullptr);
  host.backend = scan::backend::host;
  std::vector<std::int32_t> host_in(n, 1), host_out(n, 7);
  refused(
      [&] {
        scan::classic::inclusive_scan(strategy::blelloch,
                                      static_cast<const std::int32_t*>(host_in.data()),
                                      host_out.data(), n, scan::sum{}, host);
      },
      "options.backend:");
  CHECK(host_out == std::vector<std::int32_t>(n, 7));
}

int main(int argc, char** argv) {
  return cuda_test::run_or_skip(argc, argv);
}
