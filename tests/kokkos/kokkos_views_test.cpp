// The kokkos backend's own cases, beside the shared body (which kokkos_views_shared_test runs
// through contiguous Views): what only Views have (layouts, strided subviews, const Views, totals
// Views of any layout and extent, memory spaces, options) and the team kernels under the shared
// orchestration with many parts and with several threads per team, which Kokkos::Serial alone never
// reaches. Every result is checked against the host reference.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cmath>
#include <condition_variable>
#include <memory>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <Kokkos_Core.hpp>

#include "tests/reference_scan.hpp"
#include <scan/blockwise.hpp>
#include <scan/distributed.hpp>
#include <scan/kokkos.hpp>

namespace {

using exec_space = Kokkos::DefaultExecutionSpace;
// Where the kernel bodies run on std::threads (teams of several threads, below).
using host_exec = Kokkos::DefaultHostExecutionSpace;

// A non-commutative associative operator on a custom type: composition of affine maps x -> a x + b
// (wrapping arithmetic), applied left first.
struct affine {
  std::uint32_t a = 1, b = 0;
  friend bool operator==(const affine& x, const affine& y) { return x.a == y.a && x.b == y.b; }
};
// max as a user would write it: not scan::max, so it takes the header path.
struct custom_max {
  KOKKOS_INLINE_FUNCTION int operator()(int a, int b) const { return a < b ? b : a; }
};

struct compose {
  KOKKOS_INLINE_FUNCTION affine operator()(const affine& p, const affine& q) const {
    return {p.a * q.a, p.b * q.a + q.b};
  }
};

std::mt19937_64& rng() {
  static std::mt19937_64 g(20240607);
  return g;
}

template <class T> std::vector<T> random_values(std::int64_t n) {
  std::vector<T> v(static_cast<std::size_t>(n));
  std::uniform_int_distribution<int> d(-40, 40);
  for (auto& x : v) {
    if constexpr (std::is_same<T, affine>::value)
      x = {static_cast<std::uint32_t>(2 * d(rng()) + 1), static_cast<std::uint32_t>(d(rng()))};
    else if constexpr (std::is_unsigned<T>::value)
      x = static_cast<T>(d(rng()) + 40);
    else
      x = static_cast<T>(d(rng()));
  }
  return v;
}

// dst(i) = src(i) on exec_space: moves items between a View of any layout and a contiguous one,
// which is all Kokkos::deep_copy does between memory spaces.
template <class Dst, class Src> struct copy_items {
  Dst dst;
  Src src;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const { dst(i) = src(i); }
};
template <class Dst, class Src> void copy_on_device(const Dst& dst, const Src& src) {
  Kokkos::parallel_for("test:copy",
                       Kokkos::RangePolicy<exec_space, Kokkos::IndexType<std::int64_t>>(
                           0, static_cast<std::int64_t>(src.extent(0))),
                       copy_items<Dst, Src>{dst, src});
  exec_space().fence();
}

// Writes data into v (through a writable alias when v's elements are const).
template <class View>
void fill(const View& v, const std::vector<typename View::non_const_value_type>& data) {
  using T = typename View::non_const_value_type;
  using memory = typename View::memory_space;
  Kokkos::View<T*, Kokkos::LayoutStride, memory, Kokkos::MemoryUnmanaged> w(
      const_cast<T*>(v.data()), Kokkos::LayoutStride(v.extent(0), v.stride(0)));
  Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> from(data.data(), data.size());
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory>::accessible) {
    Kokkos::deep_copy(w, from);
  } else {
    Kokkos::View<T*, memory> staging("test:staging", data.size());
    Kokkos::deep_copy(staging, from);
    copy_on_device(w, staging);
  }
}

template <class View> std::vector<typename View::non_const_value_type> read(const View& v) {
  using T = typename View::non_const_value_type;
  using memory = typename View::memory_space;
  std::vector<T> out(v.extent(0));
  Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> to(out.data(), out.size());
  if constexpr (Kokkos::SpaceAccessibility<Kokkos::HostSpace, memory>::accessible) {
    Kokkos::deep_copy(to, v);
  } else {
    Kokkos::View<T*, memory> staging("test:staging", out.size());
    copy_on_device(staging, v);
    Kokkos::deep_copy(to, staging);
  }
  return out;
}

template <class T> std::int64_t first_mismatch(const std::vector<T>& a, const std::vector<T>& b) {
  if (a.size() != b.size()) return -2;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return static_cast<std::int64_t>(i);
  return -1;
}

// The expected scan of `in` and its total (init combined with every input).
template <class In, class Out, class Op>
std::vector<Out> expected(const std::vector<In>& in, bool inclusive, scan::detail::maybe<Out> init,
                          Op op, Out* total = nullptr) {
  std::vector<Out> out(in.size());
  const auto n = static_cast<std::int64_t>(in.size());
  scan::host::serial_scan(in.data(), out.data(), n, inclusive, init, op);
  if (total) {
    std::vector<Out> all(in.size());
    scan::host::serial_scan(in.data(), all.data(), n, true, init, op);
    *total = n > 0 ? all.back() : (init.present ? init.value : Out{});
  }
  return out;
}

// Scans `in` into `out` with the View entry point the arguments select; checks the result and
// the total against the reference.
template <class InView, class OutView, class Op>
void check_scan(const InView& in, const OutView& out, bool inclusive,
                scan::detail::maybe<typename OutView::non_const_value_type> init, Op op) {
  using In = typename InView::non_const_value_type;
  using Out = typename OutView::non_const_value_type;
  const auto n = static_cast<std::int64_t>(in.extent(0));
  const std::vector<In> data = random_values<In>(n);
  Out want_total{};
  const std::vector<Out> want = expected<In, Out>(data, inclusive, init, op, &want_total);
  exec_space exec;
  for (int form = 0; form < 2; ++form) { // queued, and with its total into a View
    CAPTURE(form);
    fill(in, data);
    Kokkos::View<Out*, typename OutView::memory_space> total_view("total", 1);
    const auto call = [&](const auto& to) {
      if (!inclusive)
        scan::kokkos::exclusive_scan(exec, in, to, init.value, op);
      else if (init.present)
        scan::kokkos::inclusive_scan(exec, in, to, init.value, op);
      else
        scan::kokkos::inclusive_scan(exec, in, to, op);
    };
    if (form == 0)
      call(out);
    else
      call(scan::kokkos::with_totals(out, total_view));
    exec.fence();
    CHECK(first_mismatch(read(out), want) == -1);
    if (form > 0) CHECK(read(total_view)[0] == want_total);
  }
}

const std::int64_t sizes[] = {0, 1, 2, 5, 1000, 100003};

} // namespace

TEST_CASE("views: LayoutLeft, LayoutRight and LayoutStride") {
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    Kokkos::View<double*, Kokkos::LayoutLeft> left("left", n);
    Kokkos::View<double*, Kokkos::LayoutRight> right("right", n);
    check_scan(left, right, true, {}, scan::sum{});
    check_scan(right, left, false, {2.0, true}, scan::sum{});
    Kokkos::View<long*, Kokkos::LayoutStride> strided(
        "strided", Kokkos::LayoutStride(static_cast<std::size_t>(n), 5));
    Kokkos::View<long*> plain("plain", n);
    check_scan(plain, strided, true, {-1L, true}, scan::sum{});
    check_scan(strided, plain, false, {4L, true}, scan::min{});
  }
}

TEST_CASE("views: strided subviews of matrices") {
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    // Columns of a LayoutRight matrix are interleaved: column 0 into column 2 shares no element.
    Kokkos::View<int**, Kokkos::LayoutRight> a("a", n, 3);
    auto c0 = Kokkos::subview(a, Kokkos::ALL, 0);
    auto c2 = Kokkos::subview(a, Kokkos::ALL, 2);
    check_scan(c0, c2, true, {}, scan::sum{});
    check_scan(c0, c2, false, {1, true}, scan::sum{});
    // Rows of a LayoutLeft matrix, into a contiguous offset subview of a longer View.
    Kokkos::View<std::int64_t**, Kokkos::LayoutLeft> b("b", 4, n);
    auto row = Kokkos::subview(b, 1, Kokkos::ALL);
    Kokkos::View<std::int64_t*> longer("longer", n + 20);
    auto middle = Kokkos::subview(longer, Kokkos::make_pair(std::int64_t{10}, n + 10));
    check_scan(row, middle, true, {std::int64_t{100}, true}, scan::sum{});
    check_scan(middle, row, false, {std::int64_t{0}, true}, scan::max{});
    // The other columns are untouched by scans of column 0 into column 2.
    Kokkos::deep_copy(a, 9);
    scan::kokkos::inclusive_scan(exec_space{}, c0, c2);
    auto c1 = read(Kokkos::subview(a, Kokkos::ALL, 1));
    CHECK(first_mismatch(c1, std::vector<int>(static_cast<std::size_t>(n), 9)) == -1);
  }
}

TEST_CASE("views: in place") {
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    Kokkos::View<int*> v("v", n);
    // A const View of the same elements as input.
    Kokkos::View<const int*> cv = v;
    check_scan(cv, v, false, {3, true}, scan::sum{});
    // A strided column scanned in place.
    Kokkos::View<int**, Kokkos::LayoutRight> m("m", n, 2);
    auto col = Kokkos::subview(m, Kokkos::ALL, 1);
    check_scan(col, col, true, {}, scan::sum{});
    check_scan(col, col, false, {-2, true}, scan::sum{});
  }
}

TEST_CASE("views: widening counts into offsets") {
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    Kokkos::View<std::uint8_t*> counts("counts", n);
    Kokkos::View<std::int64_t*> offsets("offsets", n);
    check_scan(counts, offsets, false, {std::int64_t{0}, true}, scan::sum{});
    Kokkos::View<std::int16_t*, Kokkos::LayoutStride> small(
        "small", Kokkos::LayoutStride(static_cast<std::size_t>(n), 2));
    Kokkos::View<double*> wide("wide", n);
    check_scan(small, wide, true, {0.5, true}, scan::sum{});
  }
}

// The 16-bit floats (scan/half.hpp) through Views, into float and into themselves: sums run in
// float and each output (and the total) is rounded once, as the reference does here. Small
// integer inputs keep every float sum exact, whatever order a backend adds them in.
template <class T> void check_half_views(std::int64_t n) {
  CAPTURE(n);
  std::vector<T> data(static_cast<std::size_t>(n));
  std::uniform_int_distribution<int> d(-3, 3);
  for (auto& x : data)
    x = T(static_cast<float>(d(rng())));
  std::vector<float> want_wide(data.size());
  std::vector<T> want_narrow(data.size()), want_max(data.size());
  float sum = 0.0f, before = 0.5f, top = 0.0f;
  for (std::size_t i = 0; i < data.size(); ++i) {
    want_narrow[i] = T(before);
    before += static_cast<float>(data[i]);
    sum += static_cast<float>(data[i]);
    want_wide[i] = sum;
    top = i == 0 || static_cast<float>(data[i]) > top ? static_cast<float>(data[i]) : top;
    want_max[i] = T(top);
  }
  Kokkos::View<T*> in("in", n), narrow("narrow", n);
  Kokkos::View<float*> wide("wide", n);
  fill(in, data);
  exec_space exec;
  scan::kokkos::inclusive_scan(exec, in, wide);
  Kokkos::View<T*> totals("total", 1);
  scan::kokkos::exclusive_scan(exec, in, scan::kokkos::with_totals(narrow, totals), T(0.5f));
  exec.fence();
  const T total = read(totals)[0];
  CHECK(first_mismatch(read(wide), want_wide) == -1);
  CHECK(first_mismatch(read(narrow), want_narrow) == -1);
  CHECK(static_cast<float>(total) == static_cast<float>(T(before)));
  scan::kokkos::inclusive_scan(exec, in, in, scan::max{}); // in place
  exec.fence();
  CHECK(first_mismatch(read(in), want_max) == -1);
}

TEST_CASE_TEMPLATE("views: the 16-bit floats, into float and into themselves", T, scan::half,
                   scan::bfloat16) {
  for (std::int64_t n : sizes)
    check_half_views<T>(n);
}

// A distributed scan (scan/distributed.hpp) of one rank on the default execution space: the
// shared orchestration over the Kokkos parts, built-in and custom operators, and an empty part.
// The gather of one rank is a copy in the space's memory.
TEST_CASE("distributed: one rank on the default execution space") {
  scan::communicator comm;
  comm.rank = 0;
  comm.ranks = 1;
  comm.all_gather = [](void*, const void* send, void* recv, std::size_t bytes, void*) {
    using bytes_view = Kokkos::View<char*, exec_space::memory_space, Kokkos::MemoryUnmanaged>;
    Kokkos::deep_copy(bytes_view(static_cast<char*>(recv), bytes),
                      bytes_view(static_cast<char*>(const_cast<void*>(send)), bytes));
  };
  scan::options opt;
  opt.backend = scan::backend::kokkos;
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    const std::vector<int> data = random_values<int>(n);
    Kokkos::View<int*> in("in", n), out("out", n);
    fill(in, data);
    scan::inclusive_scan(comm, in.data(), out.data(), n, 5, scan::sum{}, opt);
    exec_space().fence();
    CHECK(first_mismatch(read(out), expected<int, int>(data, true, {5, true}, scan::sum{})) == -1);
    scan::exclusive_scan(comm, in.data(), out.data(), n, -100, custom_max{}, opt);
    exec_space().fence();
    CHECK(first_mismatch(read(out), expected<int, int>(data, false, {-100, true}, custom_max{})) ==
          -1);
  }
}

TEST_CASE("views: totals of empty scans") {
  exec_space exec;
  Kokkos::View<int*> e("e", 0), t("t", 1);
  const auto total_of = [&](const auto& call) {
    Kokkos::deep_copy(t, -1);
    call(scan::kokkos::with_totals(e, t));
    exec.fence();
    return read(t)[0];
  };
  CHECK(total_of([&](const auto& to) { scan::kokkos::exclusive_scan(exec, e, to, 42); }) == 42);
  CHECK(total_of([&](const auto& to) { scan::kokkos::inclusive_scan(exec, e, to, 5); }) == 5);
  CHECK(total_of([&](const auto& to) { scan::kokkos::inclusive_scan(exec, e, to); }) == 0);
}

namespace {

template <class F>
void check_rejected(F&& call, const std::string& part1, const std::string& part2) {
  try {
    call();
    FAIL("the call was accepted");
  } catch (const scan::error& e) {
    const std::string what = e.what();
    CAPTURE(what);
    CHECK(what.find(part1) != std::string::npos);
    CHECK(what.find(part2) != std::string::npos);
  }
}

} // namespace

TEST_CASE("views: bad input is rejected and nothing is written") {
  exec_space exec;
  const std::int64_t n = 1000;
  Kokkos::View<int*> in("in", n), out("out", n), shorter("shorter", n - 1);
  Kokkos::deep_copy(in, 1);
  Kokkos::deep_copy(out, -5);
  const std::vector<int> untouched(static_cast<std::size_t>(n), -5);

  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, shorter); }, "out:", "extent");
  check_rejected([&] { scan::kokkos::exclusive_scan(exec, shorter, out, 0); }, "out:", "extent");
  // Partial overlap: the same View shifted by one element.
  Kokkos::View<int*> big("big", n + 1);
  auto head = Kokkos::subview(big, Kokkos::make_pair(std::int64_t{0}, n));
  auto tail = Kokkos::subview(big, Kokkos::make_pair(std::int64_t{1}, n + 1));
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, head, tail); }, "out:", "overlaps");
  // The same first element with another stride.
  Kokkos::View<int**, Kokkos::LayoutRight> m("m", n, 2);
  auto col = Kokkos::subview(m, Kokkos::ALL, 0);
  auto flat = Kokkos::View<int*, Kokkos::MemoryUnmanaged>(m.data(), n);
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, col, flat); }, "out:", "in-place");
  // Options the backend does not run.
  scan::options o;
  int some_stream = 0;
  o.stream = &some_stream;
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, out, scan::sum{}, o); }, "stream",
                 "execution space");
  o = {};
  o.backend = scan::backend::host;
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, out, scan::sum{}, o); },
                 "options.backend", "host");
  o = {};
  alignas(256) static unsigned char buffer[512];
  o.workspace = {buffer + 8, 256};
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, out, scan::sum{}, o); },
                 "options.workspace", "aligned");
  exec.fence();
  CHECK(first_mismatch(read(out), untouched) == -1);
}

namespace {

// Segment lengths summing to n: empty segments, ones, and a log-uniform mix up to n.
std::vector<std::int64_t> random_lengths(std::int64_t n) {
  std::vector<std::int64_t> lengths;
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double top = std::log2(static_cast<double>(n) + 1.0);
  for (std::int64_t left = n; left > 0;) {
    const double u = unit(rng());
    const auto len = u < 0.1 ? 0 : u < 0.3 ? 1 : static_cast<std::int64_t>(std::exp2(u * top));
    lengths.push_back(std::min(len, left));
    left -= lengths.back();
  }
  lengths.push_back(0);
  return lengths;
}

// The scan of each segment on its own (exclusive ones from init), on the host.
template <class Out, class Op>
std::vector<Out> expected_segments(const std::vector<Out>& in,
                                   const std::vector<std::int64_t>& offsets, bool inclusive,
                                   scan::detail::maybe<Out> init, Op op) {
  std::vector<Out> out(in.size());
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s)
    scan::host::serial_scan(in.data() + offsets[s], out.data() + offsets[s],
                            offsets[s + 1] - offsets[s], inclusive, init, op);
  return out;
}

template <class Offset> Kokkos::View<Offset*> offsets_of(const std::vector<std::int64_t>& o) {
  Kokkos::View<Offset*> v("offsets", o.size());
  fill(v, std::vector<Offset>(o.begin(), o.end()));
  return v;
}

// Scans in into out, segmented as `offsets` says, described by 32- and 64-bit offsets, flags and
// keys in turn, in each mode; each result against the reference.
template <class InView, class OutView, class Op>
void check_segmented_views(const InView& in, const OutView& out, Op op,
                           typename OutView::non_const_value_type init) {
  using T = typename OutView::non_const_value_type;
  const auto n = static_cast<std::int64_t>(in.extent(0));
  const std::vector<std::int64_t> lengths = random_lengths(n);
  std::vector<std::int64_t> offsets{0};
  for (std::int64_t len : lengths)
    offsets.push_back(offsets.back() + len);
  std::vector<std::uint8_t> flags(static_cast<std::size_t>(n), 0);
  std::vector<int> keys(static_cast<std::size_t>(n));
  for (std::size_t s = 0, run = 0; s + 1 < offsets.size(); ++s) {
    if (offsets[s] == offsets[s + 1]) continue;
    flags[static_cast<std::size_t>(offsets[s])] = static_cast<std::uint8_t>(1 + s % 200);
    for (std::int64_t i = offsets[s]; i < offsets[s + 1]; ++i)
      keys[static_cast<std::size_t>(i)] = static_cast<int>(run % 3); // runs, not groups
    ++run;
  }
  Kokkos::View<std::uint8_t*> flags_view("flags", n);
  Kokkos::View<int*> keys_view("keys", n);
  fill(flags_view, flags);
  fill(keys_view, keys);
  const auto offsets32 = offsets_of<int>(offsets);
  const auto offsets64 = offsets_of<std::int64_t>(offsets);
  exec_space exec;
  for (int by = 0; by < 4; ++by) {
    for (int m = 0; m < 3; ++m) {
      CAPTURE(by);
      CAPTURE(m);
      const std::vector<T> data = random_values<T>(n);
      fill(out, std::vector<T>(static_cast<std::size_t>(n), T{})); // no-op for in place
      fill(in, data);
      const auto call = [&](const auto& segments) {
        if (m == 0)
          scan::kokkos::segmented_inclusive_scan(exec, in, out, segments, op);
        else if (m == 1)
          scan::kokkos::segmented_inclusive_scan(exec, in, out, segments, init, op);
        else
          scan::kokkos::segmented_exclusive_scan(exec, in, out, segments, init, op);
      };
      if (by == 0) call(scan::kokkos::offsets(offsets32));
      if (by == 1) call(scan::kokkos::offsets(offsets64, false));
      if (by == 2) call(scan::kokkos::head_flags(flags_view));
      if (by == 3) call(scan::kokkos::keys(keys_view));
      exec.fence();
      const scan::detail::maybe<T> start =
          m == 0 ? scan::detail::maybe<T>{} : scan::detail::maybe<T>{init, true};
      CHECK(first_mismatch(read(out), expected_segments(data, offsets, m != 2, start, op)) == -1);
    }
  }
}

} // namespace

TEST_CASE("views: segmented scans of strided columns by offsets, flags and keys") {
  for (std::int64_t n : sizes) {
    CAPTURE(n);
    // Strided columns of a matrix, in place and into another column.
    Kokkos::View<long**, Kokkos::LayoutRight> m("m", n, 3);
    auto c0 = Kokkos::subview(m, Kokkos::ALL, 0);
    auto c2 = Kokkos::subview(m, Kokkos::ALL, 2);
    check_segmented_views(c0, c2, scan::sum{}, -1L);
    check_segmented_views(c2, c2, scan::min{}, 50L);
  }
}

TEST_CASE("views: bad segments are rejected and nothing is written") {
  exec_space exec;
  const std::int64_t n = 1000;
  Kokkos::View<int*> in("in", n), out("out", n);
  Kokkos::deep_copy(in, 1);
  Kokkos::deep_copy(out, -5);
  const std::vector<int> untouched(static_cast<std::size_t>(n), -5);
  Kokkos::View<int*> empty("empty", 0), one("one", 1);
  check_rejected(
      [&] { scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::offsets(empty)); },
      "offsets:", "empty");
  check_rejected(
      [&] { scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::offsets(one)); },
      "offsets:", "0 segments");
  // Offsets that decrease, and offsets that end short of n.
  Kokkos::View<int*> bad("bad", 4);
  fill(bad, std::vector<int>{0, 600, 500, 1000});
  check_rejected(
      [&] { scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::offsets(bad)); },
      "offsets:", "never decrease");
  fill(bad, std::vector<int>{0, 100, 200, 999});
  check_rejected(
      [&] { scan::kokkos::segmented_exclusive_scan(exec, in, out, scan::kokkos::offsets(bad), 0); },
      "offsets:", "end at n = 1000");
  Kokkos::View<std::uint8_t*> short_flags("short_flags", n - 1);
  check_rejected(
      [&] {
        scan::kokkos::segmented_inclusive_scan(exec, in, out,
                                               scan::kokkos::head_flags(short_flags));
      },
      "flags:", "extent");
  Kokkos::View<int**, Kokkos::LayoutRight> key_matrix("key_matrix", n, 2);
  auto key_column = Kokkos::subview(key_matrix, Kokkos::ALL, 1);
  check_rejected(
      [&] {
        scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::keys(key_column));
      },
      "keys:", "contiguous");
  // Keys that are the output itself.
  check_rejected(
      [&] { scan::kokkos::segmented_inclusive_scan(exec, in, out, scan::kokkos::keys(out)); },
      "keys:", "overlaps");
  exec.fence();
  CHECK(first_mismatch(read(out), untouched) == -1);
}

namespace {

// A rows x cols matrix View over a padded rank-1 buffer (row- or column-major, leading dimension 3
// more than needed, a LayoutStride View): random input, the output (the input itself in place)
// poisoned with other random values; `want` starts as what the output holds, padding included.
template <class T> struct padded_matrix {
  using matrix =
      Kokkos::View<T**, Kokkos::LayoutStride, exec_space::memory_space, Kokkos::MemoryUnmanaged>;
  std::int64_t rows, cols;
  bool column_major, in_place;
  std::int64_t ld = (column_major ? rows : cols) + 3;
  std::int64_t span = ld * (column_major ? cols : rows);
  Kokkos::View<T*> in_buf{"in_buf", static_cast<std::size_t>(span)};
  Kokkos::View<T*> out_buf{"out_buf", static_cast<std::size_t>(span)};
  matrix in, out;
  std::vector<T> data, want;

  padded_matrix(std::int64_t r, std::int64_t c, bool col_major, bool in_place_)
      : rows(r), cols(c), column_major(col_major), in_place(in_place_) {
    const Kokkos::LayoutStride layout = column_major ? Kokkos::LayoutStride(rows, 1, cols, ld)
                                                     : Kokkos::LayoutStride(rows, ld, cols, 1);
    in = matrix(in_buf.data(), layout);
    out = matrix(target().data(), layout);
    data = random_values<T>(span);
    fill(in_buf, data);
    want = data;
    if (!in_place) {
      want = random_values<T>(span);
      fill(out_buf, want);
    }
  }
  const Kokkos::View<T*>& target() const { return in_place ? in_buf : out_buf; }

  // Lane l along `axis` (a row along rows, a column along columns): its buffer index j.
  std::size_t at(scan::along axis, std::int64_t l, std::int64_t j) const {
    const std::int64_t r = axis == scan::along::rows ? l : j, c = axis == scan::along::rows ? j : l;
    return static_cast<std::size_t>(column_major ? r + c * ld : r * ld + c);
  }
  std::int64_t lanes(scan::along axis) const { return axis == scan::along::rows ? rows : cols; }
  std::int64_t length(scan::along axis) const { return axis == scan::along::rows ? cols : rows; }
  std::vector<T> input_lane(scan::along axis, std::int64_t l) const {
    std::vector<T> lane;
    for (std::int64_t j = 0; j < length(axis); ++j)
      lane.push_back(data[at(axis, l, j)]);
    return lane;
  }
  void expect_lane(scan::along axis, std::int64_t l, const std::vector<T>& scanned) {
    for (std::int64_t j = 0; j < length(axis); ++j)
      want[at(axis, l, j)] = scanned[static_cast<std::size_t>(j)];
  }
};

// A batched scan of a padded_matrix in mode m (0 inclusive, 1 inclusive from init, 2 exclusive),
// against each row's or column's host scan; the padding keeps its poison.
template <class T, class Op>
void check_batched_views(std::int64_t rows, std::int64_t cols, bool column_major, scan::along axis,
                         int m, T init, Op op, bool in_place = false) {
  CAPTURE(rows);
  CAPTURE(cols);
  CAPTURE(column_major);
  CAPTURE(m);
  CAPTURE(in_place);
  padded_matrix<T> x(rows, cols, column_major, in_place);
  const exec_space exec;
  if (m == 0)
    scan::kokkos::batched_inclusive_scan(exec, x.in, x.out, axis, op);
  else if (m == 1)
    scan::kokkos::batched_inclusive_scan(exec, x.in, x.out, axis, init, op);
  else
    scan::kokkos::batched_exclusive_scan(exec, x.in, x.out, axis, init, op);
  exec.fence();
  const scan::detail::maybe<T> start =
      m == 0 ? scan::detail::maybe<T>{} : scan::detail::maybe<T>{init, true};
  for (std::int64_t l = 0; l < x.lanes(axis); ++l)
    x.expect_lane(axis, l, expected<T, T>(x.input_lane(axis, l), m != 2, start, op));
  CHECK(first_mismatch(read(x.target()), x.want) == -1);
}

} // namespace

TEST_CASE("views: batched scans of matrix rows and columns") {
  const std::int64_t shapes[][2] = {{1, 1}, {7, 33}, {33, 7}, {100, 1000}, {1000, 40}, {3, 5000}};
  for (const auto& shape : shapes)
    for (bool column_major : {false, true})
      for (scan::along axis : {scan::along::rows, scan::along::columns}) {
        for (int m = 0; m < 3; ++m)
          check_batched_views<int>(shape[0], shape[1], column_major, axis, m, 7, scan::sum{});
        check_batched_views<int>(shape[0], shape[1], column_major, axis, 2, -100, custom_max{});
        check_batched_views<affine>(shape[0], shape[1], column_major, axis, 1, affine{3, 1},
                                    compose{});
        check_batched_views<int>(shape[0], shape[1], column_major, axis, 0, 0, scan::sum{}, true);
      }
}

TEST_CASE("views: bad batched scans are rejected and nothing is written") {
  const exec_space exec;
  Kokkos::View<int**, Kokkos::LayoutRight> in("in", 10, 20), out("out", 10, 20),
      narrow("narrow", 10, 19);
  Kokkos::deep_copy(in, 1);
  Kokkos::deep_copy(out, -5);
  check_rejected([&] { scan::kokkos::batched_inclusive_scan(exec, in, narrow, scan::along::rows); },
                 "out:", "differ");
  auto left = Kokkos::subview(out, Kokkos::make_pair(0, 5), Kokkos::ALL);
  auto right = Kokkos::subview(out, Kokkos::make_pair(2, 7), Kokkos::ALL);
  check_rejected(
      [&] { scan::kokkos::batched_inclusive_scan(exec, left, right, scan::along::columns); },
      "out:", "overlaps");
  check_rejected(
      [&] {
        Kokkos::View<int**, Kokkos::LayoutStride> a(out.data(),
                                                    Kokkos::LayoutStride(10, 20, 20, 1));
        Kokkos::View<int**, Kokkos::LayoutStride> b(out.data(),
                                                    Kokkos::LayoutStride(10, 1, 20, 10));
        scan::kokkos::batched_inclusive_scan(exec, a, b, scan::along::rows);
      },
      "out:", "layout");
  exec.fence();
  Kokkos::View<int*, Kokkos::MemoryUnmanaged> flat(out.data(), 200);
  CHECK(first_mismatch(read(flat), std::vector<int>(200, -5)) == -1);
}

TEST_CASE("pointer API on the default execution space") {
  const std::int64_t n = 5000;
  const std::vector<int> data = random_values<int>(n);
  Kokkos::View<int*> in("in", n), out("out", n);
  fill(in, data);
  scan::options o;
  o.backend = scan::backend::kokkos;
  // The compiled set (a built-in operator and type) and the header path (a custom operator).
  scan::exclusive_scan(in.data(), out.data(), n, 3, scan::sum{}, o);
  CHECK(first_mismatch(read(out), expected<int, int>(data, false, {3, true}, scan::sum{})) == -1);
  scan::inclusive_scan(in.data(), out.data(), n, custom_max{}, o);
  CHECK(first_mismatch(read(out), expected<int, int>(data, true, {}, scan::max{})) == -1);
  // Blockwise scans, both paths.
  std::vector<int> want(data.size());
  for (std::int64_t base = 0; base < n; base += 300)
    scan::host::serial_scan(data.data() + base, want.data() + base,
                            std::min<std::int64_t>(300, n - base), true, scan::detail::maybe<int>{},
                            scan::max{});
  scan::blockwise_inclusive_scan(in.data(), out.data(), n, 300, scan::max{}, o);
  CHECK(first_mismatch(read(out), want) == -1);
  Kokkos::deep_copy(out, 0);
  scan::blockwise_inclusive_scan(in.data(), out.data(), n, 300, custom_max{}, o);
  CHECK(first_mismatch(read(out), want) == -1);
  CHECK(scan::workspace_bytes<int>(n, o) == scan::kokkos::workspace_bytes<int>(exec_space{}, n));
  int some_stream = 0;
  o.stream = &some_stream;
  check_rejected([&] { scan::inclusive_scan(in.data(), out.data(), n, scan::sum{}, o); }, "stream",
                 "DefaultExecutionSpace");
}

// Operators written as KOKKOS_LAMBDA, in functions of external linkage (as nvcc's extended
// lambdas need): a View scan and a pointer scan.
void scan_with_lambdas(const Kokkos::View<const int*>& in, const Kokkos::View<int*>& out,
                       const Kokkos::View<int*>& out2) {
  scan::kokkos::exclusive_scan(
      exec_space{}, in, out, -7, KOKKOS_LAMBDA(int a, int b) { return a < b ? b : a; });
  scan::options o;
  o.backend = scan::backend::kokkos;
  scan::inclusive_scan(
      in.data(), out2.data(), static_cast<std::int64_t>(in.extent(0)),
      KOKKOS_LAMBDA(int a, int b) { return a < b ? a : b; }, o);
}

TEST_CASE("views: KOKKOS_LAMBDA operators") {
  for (std::int64_t n : {std::int64_t{1}, std::int64_t{4099}, std::int64_t{300007}}) {
    CAPTURE(n);
    const std::vector<int> data = random_values<int>(n);
    Kokkos::View<int*> in("in", n), out("out", n), out2("out2", n);
    fill(in, data);
    scan_with_lambdas(in, out, out2);
    exec_space().fence();
    CHECK(first_mismatch(read(out), expected<int, int>(data, false, {-7, true}, scan::max{})) ==
          -1);
    CHECK(first_mismatch(read(out2), expected<int, int>(data, true, {}, scan::min{})) == -1);
  }
}

// --- Teams of several threads -----------------------------------------------------------------
// Kokkos::Serial, the only execution space on some machines, runs teams of one thread. These
// parts run the same kernel bodies (run_part) for the default host execution space, on teams of
// std::threads sharing scratch memory and a barrier, as a multi-threaded or GPU space would.

namespace {

class thread_barrier {
public:
  explicit thread_barrier(int count) : count_(count) {}
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::uint64_t generation = generation_;
    if (++arrived_ == count_) {
      arrived_ = 0;
      ++generation_;
      cv_.notify_all();
    } else {
      cv_.wait(lock, [&] { return generation_ != generation; });
    }
  }

private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int count_, arrived_ = 0;
  std::uint64_t generation_ = 0;
};

using scratch_space = host_exec::scratch_memory_space;

// What the kernels use of a Kokkos team member.
struct thread_team_member {
  int rank, size;
  int league;
  thread_barrier* barrier;
  scratch_space scratch;

  // __host__ __device__ like every Kokkos team member, as the team kernels that call them are;
  // the barrier is host threads' only.
  KOKKOS_INLINE_FUNCTION int team_rank() const { return rank; }
  KOKKOS_INLINE_FUNCTION int team_size() const { return size; }
  KOKKOS_INLINE_FUNCTION int league_rank() const { return league; }
  KOKKOS_INLINE_FUNCTION void team_barrier() const {
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
    barrier->wait();
#endif
  }
  KOKKOS_INLINE_FUNCTION const scratch_space& team_scratch(int) const {
    return scratch;
  }
};

// `slots` teams of `size` threads run at once, each running the parts of its share of the league
// one after another; a kernel that draws its tile from a ticket sees them in any order.
template <class Kernel>
void run_threaded(const Kernel& kernel, std::int64_t league, int size, int slots = 1) {
  std::vector<std::thread> threads;
  std::vector<std::unique_ptr<thread_barrier>> barriers;
  std::vector<std::vector<unsigned char>> scratch;
  for (int w = 0; w < slots; ++w) {
    barriers.push_back(std::make_unique<thread_barrier>(size));
    scratch.emplace_back(Kernel::scratch_bytes(size) + 64);
  }
  for (int w = 0; w < slots; ++w)
    for (int t = 0; t < size; ++t)
      threads.emplace_back([&, w, t] {
        for (std::int64_t p = w; p < league; p += slots) {
          // Each thread holds its own view of the team's scratch, as on a device.
          const thread_team_member member{t, size, static_cast<int>(p), barriers[w].get(),
                                          scratch_space(scratch[w].data(), scratch[w].size())};
          kernel.run_part(member);
          barriers[w]->wait(); // the next part reuses the scratch
        }
      });
  for (auto& t : threads)
    t.join();
}

// kokkos_parts whose reduce and scan kernels run on teams of `team_size` threads.
struct threaded_parts : scan::kokkos::kokkos_parts<host_exec> {
  int team_size = 1;

  template <class InSeq, class Out, class Op>
  void reduce_parts(InSeq in, std::int64_t n, std::int64_t part, Out* totals, Op op) const {
    run_threaded(
        scan::kokkos::reduce_parts_kernel<host_exec, InSeq, Out, Op>{in, n, part, totals, op},
        (n + part - 1) / part, team_size);
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void scan_parts(InSeq in, OutSeq out, std::int64_t n, std::int64_t part, bool inclusive,
                  scan::detail::maybe<Out> init, const Out* seeds, Out* totals, Op op) const {
    run_threaded(
        scan::kokkos::scan_parts_kernel<host_exec, InSeq, OutSeq, Out, Op>{
            in, out, n, part, inclusive, init, seeds, totals, op},
        (n + part - 1) / part, team_size);
  }

  // Three teams at once: tiles are looked back at while their predecessors still run. A Kokkos
  // built without a parallel space (Debian's 3.4.1, Serial only) makes its atomics plain
  // operations (KOKKOS_ENABLE_SERIAL_ATOMICS), which teams racing on the tickets and flags would
  // break (tiles drawn twice, written out of bounds): there, one team at a time.
  template <class InSeq, class OutSeq, class Out, class Op>
  void single_pass(InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                   scan::detail::maybe<Out> init, scan::detail::lookback_state<Out> s,
                   Op op) const {
#if defined(KOKKOS_ENABLE_SERIAL_ATOMICS)
    constexpr int teams_at_once = 1;
#else
    constexpr int teams_at_once = 3;
#endif
    const std::int64_t part = (n + s.num_tiles - 1) / s.num_tiles;
    run_threaded(
        scan::kokkos::single_pass_kernel<host_exec, InSeq, OutSeq, Out, Op>{in, out, n, part,
                                                                            inclusive, init, s, op},
        s.num_tiles, team_size, teams_at_once);
  }
};

template <class InSeq, class OutSeq, class Out, class Op>
void run_parts(const threaded_parts& parts, InSeq in, OutSeq out, std::int64_t n, bool inclusive,
               scan::detail::maybe<Out> init, const scan::options& o, Op op) {
  scan::detail::workspace_source<scan::kokkos::kokkos_memory<host_exec>> ws(
      scan::kokkos::workspace_cache<host_exec>(), {}, o);
  threaded_parts p = parts;
  scan::detail::orchestrate(p, in, out, n, inclusive, init, o, op, ws);
}

} // namespace

// --- The team kernels under the shared orchestration --------------------------------------

namespace {

template <class InSeq, class OutSeq, class Out, class Op>
void run_parts(const scan::kokkos::kokkos_parts<exec_space>& parts, InSeq in, OutSeq out,
               std::int64_t n, bool inclusive, scan::detail::maybe<Out> init,
               const scan::options& o, Op op) {
  scan::detail::scan_on(scan::kokkos::kokkos_team_backend<exec_space>{parts}, in, out, n, inclusive,
                        init, o, op);
}

// Runs the shared orchestration over `parts` and checks the result read back by read_out().
template <class Parts, class InSeq, class OutSeq, class In, class Out, class Op, class ReadOut>
void check_orchestrated(const Parts& parts, InSeq in, OutSeq out, const std::vector<In>& data,
                        ReadOut read_out, bool inclusive, scan::detail::maybe<Out> init,
                        scan::algorithm algo, Op op) {
  const auto n = static_cast<std::int64_t>(data.size());
  scan::options o;
  o.algorithm = algo;
  run_parts(parts, in, out, n, inclusive, init, o, op);
  Kokkos::fence();
  std::vector<Out> got = read_out(), want = expected<In, Out>(data, inclusive, init, op);
  if (!inclusive && !init.present && n > 0) got[0] = want[0]; // unspecified without a seed
  CHECK(first_mismatch(got, want) == -1);
}

template <class Parts> void check_parts(const Parts& parts, std::int64_t n, scan::algorithm algo) {
  // A strided column into a contiguous wider View, and in place.
  using memory = typename Parts::execution_space::memory_space;
  const std::vector<int> data = random_values<int>(n);
  Kokkos::View<int**, Kokkos::LayoutRight, memory> m("m", n, 3);
  auto col = Kokkos::subview(m, Kokkos::ALL, 1);
  Kokkos::View<std::int64_t*, memory> wide("wide", n);
  for (bool inclusive : {true, false}) {
    CAPTURE(inclusive);
    fill(col, data);
    check_orchestrated(
        parts, col, wide, data, [&] { return read(wide); }, inclusive,
        scan::detail::maybe<std::int64_t>{5, true}, algo, scan::sum{});
    check_orchestrated(
        parts, col, col, data, [&] { return read(col); }, inclusive, scan::detail::maybe<int>{},
        algo, scan::sum{});
  }
  // A non-commutative operator over raw pointers.
  const std::vector<affine> adata = random_values<affine>(n);
  Kokkos::View<affine*, memory> ain("ain", n), aout("aout", n);
  fill(ain, adata);
  for (bool inclusive : {true, false})
    check_orchestrated(
        parts, static_cast<const affine*>(ain.data()), aout.data(), adata,
        [&] { return read(aout); }, inclusive, scan::detail::maybe<affine>{}, algo, compose{});
}

const std::int64_t part_sizes[] = {2, 3, 64, 1000};
const std::int64_t part_counts[] = {1, 2, 7, 1000, 5000, 65537};

} // namespace

TEST_CASE("parts: many parts, every algorithm, pointers and strided Views") {
  for (std::int64_t part : part_sizes)
    for (std::int64_t n : part_counts)
      for (auto algo : {scan::algorithm::reduce_then_scan, scan::algorithm::scan_then_fan,
                        scan::algorithm::single_pass}) {
        CAPTURE(part);
        CAPTURE(n);
        CAPTURE(scan::to_string(algo));
        check_parts(scan::kokkos::kokkos_parts<exec_space>{exec_space{}, part}, n, algo);
      }
}

TEST_CASE("parts: teams of several threads") {
  for (int team : {2, 3, 5, 16})
    for (std::int64_t part : {7, 64, 500})
      for (std::int64_t n : {1, 2, 7, 100, 1201})
        for (auto algo : {scan::algorithm::reduce_then_scan, scan::algorithm::scan_then_fan,
                          scan::algorithm::single_pass}) {
          CAPTURE(team);
          CAPTURE(part);
          CAPTURE(n);
          CAPTURE(scan::to_string(algo));
          threaded_parts parts;
          parts.exec = host_exec{};
          parts.fixed_part_items = part;
          parts.team_size = team;
          check_parts(parts, n, algo);
        }
}

TEST_CASE("blockwise: segments across many parts") {
  // The blockwise scan is one ReduceThenScan of headed items: parts and segments cut the input
  // independently, so segments start inside parts and span several of them.
  for (std::int64_t part : {2, 7, 64})
    for (std::int64_t segment : {1, 2, 3, 50, 64, 1000, 6000})
      for (std::int64_t n : {1, 100, 5000}) {
        const std::vector<affine> data = random_values<affine>(n);
        Kokkos::View<affine**, Kokkos::LayoutRight> m("m", n, 2);
        auto col = Kokkos::subview(m, Kokkos::ALL, 0);
        Kokkos::View<affine*> out("out", n);
        for (int kind = 0; kind < 3; ++kind) { // inclusive, inclusive + init, exclusive
          CAPTURE(part);
          CAPTURE(segment);
          CAPTURE(n);
          CAPTURE(kind);
          const bool inclusive = kind < 2;
          const scan::detail::maybe<affine> init =
              kind == 0 ? scan::detail::maybe<affine>{} : scan::detail::maybe<affine>{{3, 9}, true};
          fill(col, data);
          scan::kokkos::run_blockwise(
              scan::kokkos::kokkos_team_backend<exec_space>{{exec_space{}, part}}, col, out, n,
              segment, inclusive, init, scan::options{}, compose{});
          Kokkos::fence();
          std::vector<affine> want(data.size());
          for (std::int64_t base = 0; base < n; base += segment)
            scan::host::serial_scan(data.data() + base, want.data() + base,
                                    std::min(segment, n - base), inclusive, init, compose{});
          CHECK(first_mismatch(read(out), want) == -1);
        }
      }
}

TEST_CASE("single pass: look-back over published, stale and unpublished tiles") {
  // Tile k runs alone, its ticket preset; its predecessors' flags are set by hand: an aggregate
  // or an inclusive prefix published by this call, a flag left by an earlier call over wrong
  // values, or nothing, where the team must reduce the tile's input itself.
  enum state { none, stale, aggregate, prefix };
  const std::int64_t m = 6, part = 50, n = m * part - 17;
  const std::vector<affine> data = random_values<affine>(n);
  const affine init{3, 5}, garbage{7, 7};
  const std::uint64_t epoch = 41;
  compose op;
  std::vector<affine> through(static_cast<std::size_t>(n)); // inclusive prefixes, init included
  scan::host::serial_scan(data.data(), through.data(), n, true,
                          scan::detail::maybe<affine>{init, true}, op);
  std::mt19937_64 pick(7);
  for (std::int64_t k : {std::int64_t{1}, std::int64_t{3}, m - 1})
    for (int pattern = 0; pattern < 40; ++pattern)
      for (int team : {1, 4})
        for (bool inclusive : {true, false}) {
          std::vector<unsigned long long> header{static_cast<unsigned long long>(k), epoch - 1};
          std::vector<unsigned long long> flags(2 * m, 0);
          std::vector<affine> aggregates(m, garbage), prefixes(m, garbage);
          std::vector<state> states(static_cast<std::size_t>(k));
          for (std::int64_t j = 0; j < k; ++j) {
            const state st = pattern == 0 ? none : static_cast<state>(pick() % 4);
            states[j] = st;
            const std::int64_t begin = j * part, end = std::min(n, begin + part);
            if (st == stale)
              flags[2 * j] =
                  scan::detail::lookback_tag(epoch - 2, scan::detail::lookback_prefix_ready);
            if (st == aggregate) {
              flags[2 * j] =
                  scan::detail::lookback_tag(epoch, scan::detail::lookback_aggregate_ready);
              aggregates[j] = data[begin];
              for (std::int64_t x = begin + 1; x < end; ++x)
                aggregates[j] = op(aggregates[j], data[x]);
            }
            if (st == prefix) {
              flags[2 * j] = scan::detail::lookback_tag(epoch, scan::detail::lookback_prefix_ready);
              prefixes[j] = through[end - 1];
            }
          }
          // No high words: Kokkos keeps values apart from their tags.
          scan::detail::lookback_state<affine> ls{header.data(),     flags.data(),    nullptr,
                                                  aggregates.data(), prefixes.data(), m};
          std::vector<affine> out(static_cast<std::size_t>(n), garbage);
          run_threaded(
              scan::kokkos::single_pass_kernel<host_exec, const affine*, affine*, affine, compose>{
                  data.data(), out.data(), n, part, inclusive, {init, true}, ls, op},
              1, team);
          CAPTURE(k);
          CAPTURE(pattern);
          CAPTURE(team);
          CAPTURE(inclusive);
          const std::int64_t begin = k * part, end = std::min(n, begin + part);
          std::int64_t wrong = 0;
          for (std::int64_t x = 0; x < n; ++x) {
            const affine want = x < begin || x >= end ? garbage
                                : inclusive           ? through[x]
                                : x == 0              ? init
                                                      : through[x - 1];
            wrong += out[x] == want ? 0 : 1;
          }
          CHECK(wrong == 0);
          CHECK(flags[2 * k] ==
                scan::detail::lookback_tag(epoch, scan::detail::lookback_prefix_ready));
          CHECK(prefixes[k] == through[end - 1]);
          if (k == m - 1) { // the last ticket readies the header for the next call
            CHECK(header[0] == 0);
            CHECK(header[1] == epoch);
          } else {
            CHECK(header[0] == static_cast<unsigned long long>(k + 1));
            CHECK(header[1] == epoch - 1);
          }
        }
}

// --- Totals into Views (scan::kokkos::with_totals) ---------------------------------------------

namespace {

template <class Out> scan::detail::maybe<Out> start_of(int m, Out init) {
  return m == 0 ? scan::detail::maybe<Out>{} : scan::detail::maybe<Out>{init, true};
}

// The scan of each segment [offsets[s], offsets[s + 1]) of data on its own (exclusive ones from
// init), and into totals each segment's total: init combined with all its items (an empty
// segment's is init, or Out{} without one).
template <class In, class Out, class Op>
std::vector<Out> expected_with_totals(const std::vector<In>& data,
                                      const std::vector<std::int64_t>& offsets, bool inclusive,
                                      scan::detail::maybe<Out> init, Op op,
                                      std::vector<Out>& totals) {
  std::vector<Out> out(data.size());
  totals.clear();
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    const std::int64_t begin = offsets[s], len = offsets[s + 1] - begin;
    const auto at = static_cast<std::size_t>(begin);
    scan::host::serial_scan(data.data() + at, out.data() + at, len, inclusive, init, op);
    std::vector<Out> all(static_cast<std::size_t>(len));
    scan::host::serial_scan(data.data() + at, all.data(), len, true, init, op);
    totals.push_back(len > 0 ? all.back() : init.present ? init.value : Out{});
  }
  return out;
}

// Fills in with random items, out (unless in place) and totals with other ones, runs
// call(exec, to) with to = with_totals(out, totals) in mode m (0 inclusive, 1 inclusive from
// init, 2 exclusive from init; the call picks the entry point), and checks out and the totals
// against the reference for segments `offsets`.
template <class InView, class OutView, class TotalsView, class Op, class Call>
void check_with_totals(const InView& in, const OutView& out, const TotalsView& totals,
                       const std::vector<std::int64_t>& offsets, int m, Op op, Call&& call) {
  using In = typename InView::non_const_value_type;
  using Out = typename OutView::non_const_value_type;
  CAPTURE(m);
  const auto n = static_cast<std::int64_t>(in.extent(0));
  const std::vector<In> data = random_values<In>(n);
  fill(in, data);
  if (static_cast<const void*>(in.data()) != static_cast<const void*>(out.data()))
    fill(out, random_values<Out>(n));
  fill(totals, random_values<Out>(static_cast<std::int64_t>(totals.extent(0))));
  std::vector<Out> want_totals;
  const Out init = random_values<Out>(1)[0];
  const std::vector<Out> want =
      expected_with_totals<In, Out>(data, offsets, m != 2, start_of(m, init), op, want_totals);
  const exec_space exec;
  call(exec, scan::kokkos::with_totals(out, totals), init);
  exec.fence();
  CHECK(first_mismatch(read(out), want) == -1);
  CHECK(first_mismatch(read(totals), want_totals) == -1);
}

// A rank-1 View of n items every `stride` elements (LayoutStride), or contiguous for stride 1.
template <class T>
Kokkos::View<T*, Kokkos::LayoutStride> strided_view(const char* label, std::int64_t n,
                                                    std::int64_t stride) {
  return Kokkos::View<T*, Kokkos::LayoutStride>(
      std::string(label),
      Kokkos::LayoutStride(static_cast<std::size_t>(n), static_cast<std::size_t>(stride)));
}

// Flat scans with their total, in every mode.
template <class InView, class OutView, class TotalsView, class Op>
void check_flat_totals(const InView& in, const OutView& out, const TotalsView& totals, Op op) {
  const std::vector<std::int64_t> whole{0, static_cast<std::int64_t>(in.extent(0))};
  for (int m = 0; m < 3; ++m)
    check_with_totals(in, out, totals, whole, m, op, [&](const auto& exec, auto to, auto init) {
      if (m == 0)
        scan::kokkos::inclusive_scan(exec, in, to, op);
      else if (m == 1)
        scan::kokkos::inclusive_scan(exec, in, to, init, op);
      else
        scan::kokkos::exclusive_scan(exec, in, to, init, op);
    });
}

// Blockwise scans with a total per segment, in every mode.
template <class InView, class OutView, class TotalsView, class Op>
void check_blockwise_totals(const InView& in, const OutView& out, const TotalsView& totals,
                            std::int64_t segment, Op op) {
  CAPTURE(segment);
  const auto n = static_cast<std::int64_t>(in.extent(0));
  std::vector<std::int64_t> blocks{0};
  for (std::int64_t b = segment; b - segment < n; b += segment)
    blocks.push_back(std::min(b, n));
  for (int m = 0; m < 3; ++m)
    check_with_totals(in, out, totals, blocks, m, op, [&](const auto& exec, auto to, auto init) {
      if (m == 0)
        scan::kokkos::blockwise_inclusive_scan(exec, in, to, segment, op);
      else if (m == 1)
        scan::kokkos::blockwise_inclusive_scan(exec, in, to, segment, init, op);
      else
        scan::kokkos::blockwise_exclusive_scan(exec, in, to, segment, init, op);
    });
}

// Segmented scans with a total per segment, in every mode, for each description of the segments
// `offsets` holds (scan::kokkos::offsets, head_flags or keys Views).
template <class InView, class OutView, class TotalsView, class Op, class... Segments>
void check_totals_of_segments(const InView& in, const OutView& out, const TotalsView& totals,
                              const std::vector<std::int64_t>& offsets, Op op,
                              const Segments&... described) {
  const auto each = [&](int by, const auto& segments) {
    CAPTURE(by);
    for (int m = 0; m < 3; ++m)
      check_with_totals(in, out, totals, offsets, m, op, [&](const auto& exec, auto to, auto init) {
        if (m == 0)
          scan::kokkos::segmented_inclusive_scan(exec, in, to, segments, op);
        else if (m == 1)
          scan::kokkos::segmented_inclusive_scan(exec, in, to, segments, init, op);
        else
          scan::kokkos::segmented_exclusive_scan(exec, in, to, segments, init, op);
      });
  };
  int by = 0;
  (each(by++, described), ...);
}

// Segmented scans by offsets (32- and 64-bit, checked and not) with a total per segment.
template <class InView, class OutView, class TotalsView, class Op>
void check_segmented_totals(const InView& in, const OutView& out, const TotalsView& totals,
                            const std::vector<std::int64_t>& offsets, Op op) {
  const auto offsets32 = offsets_of<int>(offsets);
  const auto offsets64 = offsets_of<std::int64_t>(offsets);
  check_totals_of_segments(in, out, totals, offsets, op, scan::kokkos::offsets(offsets32),
                           scan::kokkos::offsets(offsets64, false));
}

// Segmented scans by head flags and by keys with a total per segment: `offsets` holds segments
// of one item or more (flags and keys cannot describe an empty one).
template <class InView, class OutView, class TotalsView, class Op>
void check_marked_totals(const InView& in, const OutView& out, const TotalsView& totals,
                         const std::vector<std::int64_t>& offsets, Op op) {
  const auto n = static_cast<std::int64_t>(in.extent(0));
  std::vector<std::uint8_t> flags(static_cast<std::size_t>(n), 0);
  std::vector<int> keys(static_cast<std::size_t>(n));
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    flags[static_cast<std::size_t>(offsets[s])] = static_cast<std::uint8_t>(1 + s % 200);
    for (std::int64_t i = offsets[s]; i < offsets[s + 1]; ++i)
      keys[static_cast<std::size_t>(i)] = static_cast<int>(s % 3); // runs, not groups
  }
  Kokkos::View<std::uint8_t*> flags_view("flags", n);
  Kokkos::View<int*> keys_view("keys", n);
  fill(flags_view, flags);
  fill(keys_view, keys);
  check_totals_of_segments(in, out, totals, offsets, op, scan::kokkos::head_flags(flags_view),
                           scan::kokkos::keys(keys_view));
}

// Sizes around powers of two and primes, beside the others.
const std::int64_t total_sizes[] = {0, 1, 2, 3, 7, 31, 32, 33, 127, 128, 129, 1024, 1031, 100003};

// Every kind of rank-1 scan with totals over in, out and totals Views of these layouts.
template <class In, class Out, class Op>
void check_rank1_totals(std::int64_t n, std::int64_t in_stride, std::int64_t out_stride,
                        std::int64_t totals_stride, bool in_place, Op op) {
  CAPTURE(n);
  CAPTURE(in_stride);
  CAPTURE(out_stride);
  CAPTURE(totals_stride);
  CAPTURE(in_place);
  const auto in = strided_view<In>("in", n, in_stride);
  const auto out = strided_view<Out>("out", n, out_stride);
  const auto pick = [&](const auto& other) {
    return in_place ? Kokkos::View<Out*, Kokkos::LayoutStride>(in) : other;
  };
  if constexpr (std::is_same<In, Out>::value) {
    check_flat_totals(in, pick(out), strided_view<Out>("total", 1, totals_stride), op);
    for (const std::int64_t segment :
         {std::int64_t{1}, std::int64_t{3}, std::int64_t{32}, std::int64_t{1000}, n + 5}) {
      const std::int64_t blocks = (n + segment - 1) / segment;
      check_blockwise_totals(in, pick(out), strided_view<Out>("totals", blocks, totals_stride),
                             segment, op);
    }
    const std::vector<std::int64_t> lengths = random_lengths(n);
    std::vector<std::int64_t> offsets{0};
    for (const std::int64_t len : lengths)
      offsets.push_back(offsets.back() + len);
    const auto count = static_cast<std::int64_t>(offsets.size()) - 1;
    check_segmented_totals(in, pick(out), strided_view<Out>("totals", count, totals_stride),
                           offsets, op);
    std::vector<std::int64_t> starts{0}; // the same segments less the empty ones
    for (const std::int64_t len : lengths)
      if (len > 0) starts.push_back(starts.back() + len);
    const auto heads = static_cast<std::int64_t>(starts.size()) - 1;
    check_marked_totals(in, pick(out), strided_view<Out>("totals", heads, totals_stride), starts,
                        op);
  } else {
    check_flat_totals(in, out, strided_view<Out>("total", 1, totals_stride), op);
  }
}

} // namespace

TEST_CASE("totals: flat, blockwise and segmented (offsets, flags, keys) scans of rank-1 Views") {
  for (const std::int64_t n : total_sizes) {
    check_rank1_totals<double, double>(n, 3, 1, 2, false, scan::sum{});
    check_rank1_totals<std::int64_t, std::int64_t>(n, 1, 4, 3, false, scan::min{});
    check_rank1_totals<std::int64_t, std::int64_t>(n, 2, 2, 5, true, scan::sum{});
    check_rank1_totals<affine, affine>(n, 2, 3, 2, false, compose{}); // order matters
    check_rank1_totals<affine, affine>(n, 1, 1, 4, true, compose{});
    check_rank1_totals<std::int16_t, double>(n, 2, 3, 2, false, scan::sum{});
  }
}

TEST_CASE("totals: CSR row pointers from counts, the total in a column of a matrix") {
  // The common use: the exclusive scan of per-row counts into row pointers, the entry count into
  // a strided subview (column 1 of a LayoutRight matrix).
  exec_space exec;
  for (const std::int64_t n : total_sizes) {
    CAPTURE(n);
    Kokkos::View<std::uint8_t*> counts("counts", n);
    Kokkos::View<std::int64_t*> row_ptr("row_ptr", n + 1);
    const std::vector<std::uint8_t> data = random_values<std::uint8_t>(n);
    fill(counts, data);
    Kokkos::View<std::int64_t**, Kokkos::LayoutRight> m("m", 3, 2);
    auto nnz = Kokkos::subview(m, Kokkos::make_pair(1, 2), 1);
    auto head = Kokkos::subview(row_ptr, Kokkos::make_pair(std::int64_t{0}, n));
    auto last = Kokkos::subview(row_ptr, Kokkos::make_pair(n, n + 1));
    scan::kokkos::exclusive_scan(exec, counts, scan::kokkos::with_totals(head, last),
                                 std::int64_t{0});
    scan::kokkos::exclusive_scan(exec, counts, scan::kokkos::with_totals(head, nnz),
                                 std::int64_t{0});
    exec.fence();
    std::vector<std::int64_t> want(static_cast<std::size_t>(n) + 1, 0);
    for (std::size_t i = 0; i < data.size(); ++i)
      want[i + 1] = want[i] + data[i];
    CHECK(first_mismatch(read(row_ptr), want) == -1);
    CHECK(read(nnz)[0] == want.back());
  }
}

namespace {

// A batched scan with totals of a padded_matrix (as check_batched_views), its totals into a
// strided View (every other element of a buffer).
template <class T, class Op>
void check_batched_totals(std::int64_t rows, std::int64_t cols, bool column_major, scan::along axis,
                          int m, Op op, bool in_place) {
  CAPTURE(rows);
  CAPTURE(cols);
  CAPTURE(column_major);
  CAPTURE(m);
  CAPTURE(in_place);
  const bool along_rows = axis == scan::along::rows;
  CAPTURE(along_rows);
  padded_matrix<T> x(rows, cols, column_major, in_place);
  const std::int64_t lanes = x.lanes(axis), length = x.length(axis);
  const auto totals = strided_view<T>("totals", lanes, 2);
  fill(totals, random_values<T>(lanes));
  const T init = random_values<T>(1)[0];
  const exec_space exec;
  const auto to = scan::kokkos::with_totals(x.out, totals);
  if (m == 0)
    scan::kokkos::batched_inclusive_scan(exec, x.in, to, axis, op);
  else if (m == 1)
    scan::kokkos::batched_inclusive_scan(exec, x.in, to, axis, init, op);
  else
    scan::kokkos::batched_exclusive_scan(exec, x.in, to, axis, init, op);
  exec.fence();
  std::vector<T> want_totals;
  for (std::int64_t l = 0; l < lanes; ++l) {
    std::vector<T> lane_total;
    x.expect_lane(axis, l,
                  expected_with_totals<T, T>(x.input_lane(axis, l), {0, length}, m != 2,
                                             start_of(m, init), op, lane_total));
    want_totals.push_back(lane_total[0]);
  }
  CHECK(first_mismatch(read(x.target()), x.want) == -1);
  CHECK(first_mismatch(read(totals), want_totals) == -1);
}

} // namespace

TEST_CASE("totals: batched scans of matrix rows and columns") {
  const std::int64_t shapes[][2] = {{0, 5},  {5, 0},  {1, 1},     {2, 1},    {1, 2},
                                    {7, 33}, {33, 7}, {100, 129}, {1000, 3}, {3, 1031}};
  for (const auto& shape : shapes)
    for (bool column_major : {false, true})
      for (scan::along axis : {scan::along::rows, scan::along::columns})
        for (int m = 0; m < 3; ++m) {
          check_batched_totals<int>(shape[0], shape[1], column_major, axis, m, scan::sum{}, false);
          check_batched_totals<int>(shape[0], shape[1], column_major, axis, m, scan::sum{}, true);
          check_batched_totals<double>(shape[0], shape[1], column_major, axis, m, scan::sum{},
                                       m == 2);
          check_batched_totals<std::int64_t>(shape[0], shape[1], column_major, axis, m, scan::max{},
                                             false);
          check_batched_totals<affine>(shape[0], shape[1], column_major, axis, m, compose{},
                                       m != 0);
        }
}

TEST_CASE("totals: head flags' totals into Views longer and shorter than the segments' count") {
  // 1000 items in 100 segments of 10: a View of 120 keeps its last 20 entries; one of 50 takes
  // the first 50 totals and nothing is written past it.
  const std::int64_t n = 1000;
  Kokkos::View<int*> in("in", n), out("out", n);
  Kokkos::View<std::uint8_t*> flags("flags", n);
  std::vector<std::uint8_t> f(static_cast<std::size_t>(n), 0);
  for (std::int64_t i = 0; i < n; i += 10)
    f[static_cast<std::size_t>(i)] = 1;
  fill(flags, f);
  fill(in, std::vector<int>(static_cast<std::size_t>(n), 1));
  for (const std::int64_t extent : {std::int64_t{120}, std::int64_t{50}}) {
    CAPTURE(extent);
    Kokkos::View<int*> room("room", extent + 10); // totals, then 10 entries beyond them
    fill(room, std::vector<int>(static_cast<std::size_t>(extent + 10), -1));
    const auto totals = Kokkos::subview(room, std::make_pair(std::int64_t{0}, extent));
    const exec_space exec;
    scan::kokkos::segmented_exclusive_scan(exec, in, scan::kokkos::with_totals(out, totals),
                                           scan::kokkos::head_flags(flags), 5);
    exec.fence();
    std::vector<int> want(static_cast<std::size_t>(extent + 10), -1);
    for (std::int64_t s = 0; s < std::min<std::int64_t>(extent, 100); ++s)
      want[static_cast<std::size_t>(s)] = 15; // init 5 and ten ones
    CHECK(first_mismatch(read(room), want) == -1);
  }
}

TEST_CASE("totals: bad totals Views are rejected and nothing is written") {
  const exec_space exec;
  const std::int64_t n = 1000;
  Kokkos::View<int*> in("in", n), out("out", n), offsets("offsets", 4);
  fill(offsets, std::vector<int>{0, 10, 10, 1000});
  Kokkos::deep_copy(in, 1);
  Kokkos::deep_copy(out, -5);
  Kokkos::View<int*> two("two", 2), one("one", 1), three("three", 3), zero("zero", 0);
  Kokkos::deep_copy(two, -7);
  Kokkos::deep_copy(one, -7);
  Kokkos::deep_copy(three, -7);
  using scan::kokkos::with_totals;
  // Extents other than the number of totals.
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, with_totals(out, two)); },
                 "totals:", "extent 2");
  check_rejected([&] { scan::kokkos::exclusive_scan(exec, in, with_totals(out, zero), 0); },
                 "totals:", "the 1 totals");
  check_rejected(
      [&] { scan::kokkos::blockwise_inclusive_scan(exec, in, with_totals(out, two), 300); },
      "totals:", "the 4 totals");
  check_rejected(
      [&] {
        scan::kokkos::segmented_exclusive_scan(exec, in, with_totals(out, two),
                                               scan::kokkos::offsets(offsets), 0);
      },
      "totals:", "the 3 totals");
  Kokkos::View<int**, Kokkos::LayoutRight> a("a", 2, 3), b("b", 2, 3);
  Kokkos::deep_copy(b, -5);
  check_rejected(
      [&] {
        scan::kokkos::batched_inclusive_scan(exec, a, with_totals(b, three), scan::along::rows);
      },
      "totals:", "the 2 totals");
  check_rejected(
      [&] {
        scan::kokkos::batched_inclusive_scan(exec, a, with_totals(b, two), scan::along::columns);
      },
      "totals:", "the 3 totals");
  // Totals sharing memory with out, with in, and with the offsets.
  auto out_tail = Kokkos::subview(out, Kokkos::make_pair(n - 1, n));
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, with_totals(out, out_tail)); },
                 "totals:", "overlaps out");
  auto in_head = Kokkos::subview(in, Kokkos::make_pair(0, 1));
  check_rejected([&] { scan::kokkos::exclusive_scan(exec, in, with_totals(out, in_head), 0); },
                 "totals:", "overlaps in");
  auto in_place_head = Kokkos::subview(out, Kokkos::make_pair(0, 1));
  check_rejected(
      [&] { scan::kokkos::exclusive_scan(exec, out, with_totals(out, in_place_head), 0); },
      "totals:", "overlaps");
  auto offsets_part = Kokkos::subview(offsets, Kokkos::make_pair(1, 4));
  check_rejected(
      [&] {
        scan::kokkos::segmented_inclusive_scan(exec, in, with_totals(out, offsets_part),
                                               scan::kokkos::offsets(offsets, false));
      },
      "totals:", "overlaps the offsets");
  Kokkos::View<int*> keys("keys", n); // totals over the keys, the flags, in and out
  auto keys_part = Kokkos::subview(keys, Kokkos::make_pair(5, 10));
  check_rejected(
      [&] {
        scan::kokkos::segmented_inclusive_scan(exec, in, with_totals(out, keys_part),
                                               scan::kokkos::keys(keys));
      },
      "totals:", "overlaps the segments");
  Kokkos::View<std::uint8_t*> flags("flags", n);
  check_rejected(
      [&] {
        scan::kokkos::segmented_exclusive_scan(exec, in, with_totals(out, in_head),
                                               scan::kokkos::head_flags(flags), 0);
      },
      "totals:", "overlaps in");
  check_rejected(
      [&] {
        scan::kokkos::segmented_inclusive_scan(exec, in, with_totals(out, out_tail),
                                               scan::kokkos::head_flags(flags));
      },
      "totals:", "overlaps out");
  auto b_column = Kokkos::subview(b, Kokkos::ALL, 2);
  check_rejected(
      [&] {
        scan::kokkos::batched_inclusive_scan(exec, a, with_totals(b, b_column), scan::along::rows);
      },
      "totals:", "overlaps out");
  // The View checks come first, as without totals.
  Kokkos::View<int*> shorter("shorter", n - 1);
  check_rejected([&] { scan::kokkos::inclusive_scan(exec, in, with_totals(shorter, one)); },
                 "out:", "extent");
  check_rejected(
      [&] { scan::kokkos::blockwise_inclusive_scan(exec, in, with_totals(out, one), 0); },
      "segment:", "at least 1");
  exec.fence();
  CHECK(first_mismatch(read(out), std::vector<int>(static_cast<std::size_t>(n), -5)) == -1);
  CHECK(first_mismatch(read(two), std::vector<int>(2, -7)) == -1);
  CHECK(first_mismatch(read(one), std::vector<int>(1, -7)) == -1);
  CHECK(first_mismatch(read(three), std::vector<int>(3, -7)) == -1);
  Kokkos::View<int*, Kokkos::MemoryUnmanaged> b_flat(b.data(), 6);
  CHECK(first_mismatch(read(b_flat), std::vector<int>(6, -5)) == -1);
}

TEST_CASE("blockwise: rank-1 Views without totals, against the pointer API's results") {
  exec_space exec;
  for (const std::int64_t n : total_sizes)
    for (const std::int64_t segment : {std::int64_t{1}, std::int64_t{5}, std::int64_t{128}}) {
      CAPTURE(n);
      CAPTURE(segment);
      const std::vector<int> data = random_values<int>(n);
      const auto in = strided_view<int>("in", n, 2);
      Kokkos::View<int*> out("out", n);
      std::vector<std::int64_t> blocks{0};
      for (std::int64_t b = segment; b - segment < n; b += segment)
        blocks.push_back(std::min(b, n));
      std::vector<int> unused;
      for (int m = 0; m < 3; ++m) {
        CAPTURE(m);
        fill(in, data);
        if (m == 0) scan::kokkos::blockwise_inclusive_scan(exec, in, out, segment);
        if (m == 1) scan::kokkos::blockwise_inclusive_scan(exec, in, out, segment, 4, custom_max{});
        if (m == 2) scan::kokkos::blockwise_exclusive_scan(exec, in, in, segment, -2); // in place
        exec.fence();
        const auto want =
            m == 0   ? expected_with_totals<int, int>(data, blocks, true, {}, scan::sum{}, unused)
            : m == 1 ? expected_with_totals<int, int>(data, blocks, true, {4, true}, custom_max{},
                                                      unused)
                     : expected_with_totals<int, int>(data, blocks, false, {-2, true}, scan::sum{},
                                                      unused);
        CHECK(first_mismatch(read(m == 2 ? Kokkos::View<int*, Kokkos::LayoutStride>(in)
                                         : Kokkos::View<int*, Kokkos::LayoutStride>(out)),
                             want) == -1);
      }
    }
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  doctest::Context context(argc, argv);
  return context.run();
}
