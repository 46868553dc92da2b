// The backend-neutral test body: every case of libscan's contract, checked against the host
// reference (tests/reference_scan.hpp). A backend's test program defines
// `struct test_backend` (see tests/test_backend.hpp) and then includes this file, which holds
// the test cases and main(). Only the public API and the fixture's memory functions are used.
//
// Environment: SCAN_TEST_SEED=<n> repeats a run (the seed is printed at start and with every
// failure); SCAN_TEST_MAX_N=<n> caps the element count (e.g. for sanitizer runs).
//
// A program may compile this body as several translation units, one per SCAN_TEST_PART (1 to 5,
// scan_add_shared_body_program in tests/CMakeLists.txt), so that a device compiler works on them
// side by side; part 1 holds main(). Without SCAN_TEST_PART one translation unit holds it all.
#pragma once

#ifndef SCAN_TEST_PART
#define SCAN_TEST_PART 0
#endif
#define SCAN_TEST_IN_PART(k) (SCAN_TEST_PART == 0 || SCAN_TEST_PART == (k))

#if SCAN_TEST_IN_PART(1)
#define DOCTEST_CONFIG_IMPLEMENT
#endif
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "tests/reference_scan.hpp"
#include "tests/test_backend.hpp"
#include "tests/test_operators.hpp"
#include <scan/scan.hpp>

TYPE_TO_STRING(std::int8_t);
TYPE_TO_STRING(std::uint8_t);
TYPE_TO_STRING(std::int16_t);
TYPE_TO_STRING(std::uint16_t);
TYPE_TO_STRING(std::int32_t);
TYPE_TO_STRING(std::uint32_t);
TYPE_TO_STRING(std::int64_t);
TYPE_TO_STRING(std::uint64_t);

namespace scan_test {

// ---------------------------------------------------------------------------------------------
// Settings, randomness, bookkeeping

inline std::uint64_t env_u64(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : fallback;
}

inline std::uint64_t seed() {
  static const std::uint64_t s = env_u64(
      "SCAN_TEST_SEED", (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}());
  return s;
}

inline std::int64_t max_n() {
  static const auto cap = static_cast<std::int64_t>(
      std::min<std::uint64_t>(env_u64("SCAN_TEST_MAX_N", std::numeric_limits<std::int64_t>::max()),
                              std::numeric_limits<std::int64_t>::max()));
  return cap;
}

// Cases that did real work, and why others could not run here: a program whose cases all
// skipped reports itself skipped (exit 77), never passed.
inline std::int64_t& checks_run() {
  static std::int64_t count = 0;
  return count;
}
inline std::string& skip_note() {
  static std::string note;
  return note;
}
inline void skip_case(const std::string& why) {
  MESSAGE("skipped: " << why);
  if (skip_note().empty()) skip_note() = why;
}

// splitmix64: fast, and one stream per case so a case repeats under the same seed whatever
// else runs.
class rng {
public:
  explicit rng(std::uint64_t s) : state_(s) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  std::uint64_t state_;
};

inline std::uint64_t hash(const std::string& s) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : s)
    h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// ---------------------------------------------------------------------------------------------
// Custom element types and operators: they go through the header path (affine, then and
// user_plus are in tests/test_operators.hpp).

// 2x2 matrices over the integers modulo 2^32, row major.
struct mat2 {
  std::uint32_t m[4] = {1, 0, 0, 1};
  static constexpr const char* name = "mat2";
  SCAN_HOST_DEVICE friend bool operator==(const mat2& l, const mat2& r) {
    return l.m[0] == r.m[0] && l.m[1] == r.m[1] && l.m[2] == r.m[2] && l.m[3] == r.m[3];
  }
  std::string to_string() const {
    return "[" + std::to_string(m[0]) + " " + std::to_string(m[1]) + "; " + std::to_string(m[2]) +
           " " + std::to_string(m[3]) + "]";
  }
  // Small entries keep the data varied; an odd diagonal and even corners give an odd determinant,
  // so that no product collapses to zero modulo 2^32 (which would hide a misordered scan).
  static mat2 draw(rng& r) {
    mat2 x;
    for (int i = 0; i < 4; ++i)
      x.m[i] = 2 * static_cast<std::uint32_t>(r.next() % 7) + (i == 0 || i == 3 ? 1u : 0u);
    return x;
  }
};

struct matmul {
  SCAN_HOST_DEVICE mat2 operator()(const mat2& x, const mat2& y) const {
    mat2 z;
    z.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2];
    z.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];
    z.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2];
    z.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];
    return z;
  }
};

// ---------------------------------------------------------------------------------------------
// Names, values, comparisons

template <class Op> std::string op_name() {
  if constexpr (std::is_same_v<Op, then>)
    return "then";
  else if constexpr (std::is_same_v<Op, matmul>)
    return "matmul";
  else if constexpr (std::is_same_v<Op, user_plus>)
    return "user_plus";
  else
    return std::string(scan::to_string(scan::operator_kind_of<Op>()));
}

// Input values per type and operator: integers over their whole range (sums and products wrap,
// which is exact), odd factors for products (so they never collapse to 0), floats in ranges
// whose sums grow steadily and whose products stay near 1.
template <class T, class Op> T draw(rng& r) {
  if constexpr (std::is_integral_v<T>) {
    const auto v = static_cast<T>(r.next());
    return std::is_same_v<Op, scan::product> ? static_cast<T>(v | 1) : v;
  } else if constexpr (is_half_precision_v<T> && std::is_same_v<Op, scan::sum>) {
    // A small drift: sums of 300000 items stay inside half's range (65504).
    return static_cast<T>(-1.0 + 2.25 * r.unit());
  } else if constexpr (is_real_v<T>) {
    if constexpr (std::is_same_v<Op, scan::product>)
      return static_cast<T>(1.0 + (2.0 * r.unit() - 1.0) * 0x1.0p-10);
    else if constexpr (std::is_same_v<Op, scan::sum>)
      return static_cast<T>(-1.0 + 4.0 * r.unit());
    else
      return static_cast<T>(-1000.0 + 2000.0 * r.unit());
  } else {
    return T::draw(r);
  }
}

// Every byte flipped: a value that differs from v, used to poison outputs before a scan so that
// an element the scan never writes cannot pass.
template <class T> T complement(const T& v) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  for (auto& b : bytes)
    b = static_cast<unsigned char>(~b);
  T r;
  std::memcpy(&r, bytes, sizeof(T));
  return r;
}

template <class T> bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

enum class mode { inclusive, inclusive_init, exclusive };

inline const char* mode_name(mode m) {
  switch (m) {
  case mode::inclusive:
    return "inclusive";
  case mode::inclusive_init:
    return "inclusive+init";
  case mode::exclusive:
    return "exclusive+init";
  }
  return "?";
}

inline constexpr mode all_modes[] = {mode::inclusive, mode::inclusive_init, mode::exclusive};
inline constexpr scan::algorithm all_algorithms[] = {
    scan::algorithm::automatic, scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
    scan::algorithm::scan_then_fan};

// Per-element tolerance for floating-point outputs; integers and custom types compare exactly.
// Two summation orders of the same k terms differ by rounding errors that grow like sqrt(k)
// (round to nearest is unbiased) plus log2(n) for tree combinations, times the magnitude of
// the partial results: the sum of |terms| for sums, |result| for products. min and max are exact.
// Products of factors near 1 are the exception: rounding x * y with both near 1 is biased (about
// -eps/100 per product, as the spacing of floats halves below 1.0), and a tree combines mostly
// such pairs while a serial product does not, so the two drift apart linearly in k: k * eps / 50.
// A 16-bit float output adds the rounding of each result: a float accumulated in another order
// may round to the neighbouring value.
template <class In, class Out, class Op>
void tolerances(const std::vector<In>& in, mode m, const Out& init,
                const std::vector<Out>& expected, std::vector<double>& tol) {
  tol.clear();
  if constexpr (is_real_v<Out>) {
    const auto n = static_cast<std::int64_t>(in.size());
    tol.assign(in.size(), 0.0);
    const bool is_sum = std::is_same_v<Op, scan::sum>;
    const bool is_product = std::is_same_v<Op, scan::product>;
    if (!is_sum && !is_product) return;
    const double eps = epsilon_of<scan::accumulator_t<Out>>();
    const double rounding = is_half_precision_v<Out> ? epsilon_of<Out>() : 0.0;
    const double tree = std::log2(static_cast<double>(n) + 1.0) + 2.0;
    double abs_sum = m == mode::inclusive ? 0.0 : std::fabs(static_cast<double>(init));
    for (std::int64_t k = 0; k < n; ++k) {
      const double terms = static_cast<double>(k) + 1.0;
      if (m != mode::exclusive) abs_sum += std::fabs(static_cast<double>(static_cast<Out>(in[k])));
      const double scale = is_sum ? abs_sum : std::fabs(static_cast<double>(expected[k]));
      tol[k] = (4.0 * (std::sqrt(terms) + tree) + (is_product ? terms / 50.0 : 0.0)) * eps * scale +
               rounding * std::fabs(static_cast<double>(expected[k]));
      if (m == mode::exclusive) abs_sum += std::fabs(static_cast<double>(static_cast<Out>(in[k])));
    }
  }
}

template <class In, class Out, class Op>
std::vector<double> tolerances(const std::vector<In>& in, mode m, const Out& init,
                               const std::vector<Out>& expected) {
  std::vector<double> tol;
  tolerances<In, Out, Op>(in, m, init, expected, tol);
  return tol;
}

template <class T> bool close(const T& got, const T& want, double tol) {
  if constexpr (is_real_v<T>)
    return std::fabs(static_cast<double>(got) - static_cast<double>(want)) <= tol;
  else
    return got == want;
}

// Compares the whole output; describes the first mismatches.
template <class Out>
std::string mismatches(const std::vector<Out>& got, const std::vector<Out>& want,
                       const std::vector<double>& tol) {
  if (tol.empty() && same_bytes(got, want)) return {};
  std::ostringstream s;
  std::int64_t count = 0;
  for (std::size_t k = 0; k < want.size(); ++k) {
    const double t = tol.empty() ? 0.0 : tol[k];
    if (close(got[k], want[k], t)) continue;
    if (++count <= 5)
      s << "\n  out[" << k << "] = " << show(got[k]) << ", expected " << show(want[k])
        << (tol.empty() ? "" : " (tolerance " + show(t) + ")");
  }
  if (count > 5) s << "\n  ... " << count << " mismatching elements in all";
  return s.str();
}

// Asserts that a check's results equal the reference's (within tol); the message names the check,
// the seed and the first mismatches.
template <class Out>
void check_matches(const std::string& what, const std::vector<Out>& got,
                   const std::vector<Out>& want, const std::vector<double>& tol) {
  const std::string diff = mismatches(got, want, tol);
  CHECK_MESSAGE(diff.empty(), what << " (seed " << seed() << ")" << diff);
}

// ---------------------------------------------------------------------------------------------
// Memory of the backend under test

// Backend memory is recycled between checks: a fresh allocation per check (page faults, device
// allocators) costs more than the scans themselves. Blocks stay reachable until exit.
class memory_pool {
public:
  static unsigned char* take(std::size_t bytes, std::size_t& capacity) {
    auto& blocks = free_blocks();
    const auto it = blocks.lower_bound(bytes);
    if (it != blocks.end() && it->first <= 2 * bytes + (std::size_t{1} << 20)) {
      capacity = it->first;
      unsigned char* p = it->second;
      blocks.erase(it);
      return p;
    }
    capacity = bytes;
    return test_backend::template allocate<unsigned char>(static_cast<std::int64_t>(bytes));
  }
  static void give(unsigned char* p, std::size_t capacity) {
    if (capacity > (std::size_t{1} << 29))
      test_backend::release(p);
    else
      free_blocks().emplace(capacity, p);
  }
  // Before the backend's session ends.
  static void clear() {
    for (const auto& block : free_blocks())
      test_backend::release(block.second);
    free_blocks().clear();
  }

private:
  static std::multimap<std::size_t, unsigned char*>& free_blocks() {
    static std::multimap<std::size_t, unsigned char*> blocks;
    return blocks;
  }
};

// n elements of the backend's memory.
template <class T> class buffer {
public:
  explicit buffer(std::int64_t n) : n_(n) {
    if (n > 0)
      p_ = reinterpret_cast<T*>(
          memory_pool::take(static_cast<std::size_t>(n) * sizeof(T), capacity_));
  }
  ~buffer() {
    if (p_) memory_pool::give(reinterpret_cast<unsigned char*>(p_), capacity_);
  }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;

  T* get() const { return p_; }
  void upload(const std::vector<T>& v) {
    if (n_ > 0) test_backend::upload(p_, v.data(), n_);
  }
  void download(std::vector<T>& v) const {
    v.resize(static_cast<std::size_t>(n_));
    test_backend::synchronize();
    if (n_ > 0) test_backend::download(v.data(), p_, n_);
  }
  std::vector<T> download() const {
    std::vector<T> v;
    download(v);
    return v;
  }

private:
  std::int64_t n_;
  T* p_ = nullptr;
  std::size_t capacity_ = 0;
};

// Host-side vectors reused by every check (slot tells apart vectors of one type).
template <class T, int Slot> std::vector<T>& scratch(std::int64_t n) {
  static std::vector<T> v;
  v.resize(static_cast<std::size_t>(n));
  return v;
}

inline scan::options options_for(scan::algorithm algo) {
  scan::options opt = test_backend::options();
  opt.algorithm = algo;
  return opt;
}

// The element type a scan's output argument holds: a pointer's, or with_totals' (scan/totals.hpp).
template <class Output> struct output_value;
template <class T> struct output_value<T*> { using type = T; };
template <class O, class T> struct output_value<scan::with_totals<O, T>> { using type = T; };
template <class Output> using output_value_t = typename output_value<Output>::type;

// The call_* functions take an output pointer, or one with_totals.
template <class In, class Output, class Op>
void call_scan(mode m, const In* in, Output out, std::int64_t n, const output_value_t<Output>& init,
               Op op, const scan::options& opt) {
  if (scan_tests::calls_t<test_backend>::flat(m != mode::exclusive, m != mode::inclusive, in, out,
                                              n, init, op, opt))
    return;
  switch (m) {
  case mode::inclusive:
    scan::inclusive_scan(in, out, n, op, opt);
    return;
  case mode::inclusive_init:
    scan::inclusive_scan(in, out, n, init, op, opt);
    return;
  case mode::exclusive:
    scan::exclusive_scan(in, out, n, init, op, opt);
    return;
  }
}

template <class In, class Out, class Op>
void reference_scan(mode m, const std::vector<In>& in, std::vector<Out>& out, const Out& init,
                    Op op) {
  const auto n = static_cast<std::int64_t>(in.size());
  switch (m) {
  case mode::inclusive:
    scan::reference::inclusive_scan(in.data(), out.data(), n, op);
    return;
  case mode::inclusive_init:
    scan::reference::inclusive_scan(in.data(), out.data(), n, init, op);
    return;
  case mode::exclusive:
    scan::reference::exclusive_scan(in.data(), out.data(), n, init, op);
    return;
  }
}

// Independent scans of consecutive segments of `lengths` items (blockwise and segmented scans):
// the reference output and each output's tolerance.
template <class In, class Out, class Op>
void reference_by_segments(mode m, const std::vector<In>& in,
                           const std::vector<std::int64_t>& lengths, const Out& init,
                           std::vector<Out>& want, std::vector<double>& tol) {
  want.assign(in.size(), Out{});
  tol.clear();
  std::int64_t b = 0;
  for (std::int64_t len : lengths) {
    const std::vector<In> part(in.begin() + b, in.begin() + b + len);
    std::vector<Out> part_want(part.size());
    reference_scan(m, part, part_want, init, Op{});
    std::copy(part_want.begin(), part_want.end(), want.begin() + b);
    const std::vector<double> t = tolerances<In, Out, Op>(part, m, init, part_want);
    tol.insert(tol.end(), t.begin(), t.end());
    b += len;
  }
}

// Runs scan(in, out) on the backend's memory, in place (one buffer holding the input) or into an
// output poisoned with the complement of `want`, and reads the output back into `got`.
template <class In, class Out, class Scan>
void run_on_buffers(const std::vector<In>& in, const std::vector<Out>& want, bool in_place,
                    Scan&& scan, std::vector<Out>& got) {
  const auto n = static_cast<std::int64_t>(in.size());
  if constexpr (std::is_same_v<In, Out>) {
    if (in_place) {
      buffer<Out> io(n);
      io.upload(in);
      scan(static_cast<const In*>(io.get()), io.get());
      return io.download(got);
    }
  }
  buffer<In> d_in(n);
  buffer<Out> d_out(n);
  std::vector<Out> poison(want.size());
  std::transform(want.begin(), want.end(), poison.begin(), complement<Out>);
  d_in.upload(in);
  d_out.upload(poison);
  scan(static_cast<const In*>(d_in.get()), d_out.get());
  d_out.download(got);
}

template <class In, class Out, class Op>
std::string describe(std::int64_t n, mode m, const scan::options& opt, bool in_place) {
  std::string s = type_name<In>() + "->" + type_name<Out>() + " " + op_name<Op>() + " " +
                  mode_name(m) + " n=" + std::to_string(n) +
                  " algorithm=" + std::string(scan::to_string(opt.algorithm));
  if (opt.workspace.data) s += " workspace=" + std::to_string(opt.workspace.bytes);
  if (in_place) s += " in place";
  return s;
}

// One scan on fresh random input against the reference: the output is poisoned first and
// compared whole; the input must come back unchanged.
template <class In, class Out, class Op>
void check_scan(std::int64_t n, mode m, const scan::options& opt, bool in_place = false) {
  if (n > max_n()) return;
  if constexpr (!std::is_same_v<In, Out>) REQUIRE_MESSAGE(!in_place, "in place needs In == Out");
  const std::string what = describe<In, Out, Op>(n, m, opt, in_place);
  rng r(seed() ^ hash(what));
  std::vector<In>& in = scratch<In, 0>(n);
  for (auto& x : in)
    x = draw<In, Op>(r);
  const Out init = draw<Out, Op>(r);
  std::vector<Out>& want = scratch<Out, 1>(n);
  reference_scan(m, in, want, init, Op{});
  std::vector<double>& tol = scratch<double, 2>(0);
  tolerances<In, Out, Op>(in, m, init, want, tol);

  std::vector<Out>& got = scratch<Out, 3>(n);
  bool input_kept = true;
  try {
    if constexpr (std::is_same_v<In, Out>) {
      if (in_place) {
        buffer<Out> io(n);
        io.upload(in);
        call_scan(m, static_cast<const In*>(io.get()), io.get(), n, init, Op{}, opt);
        io.download(got);
      }
    }
    if (!in_place) {
      buffer<In> d_in(n);
      buffer<Out> d_out(n);
      std::transform(want.begin(), want.end(), got.begin(), complement<Out>); // poison
      d_in.upload(in);
      d_out.upload(got);
      call_scan(m, static_cast<const In*>(d_in.get()), d_out.get(), n, init, Op{}, opt);
      d_out.download(got);
      std::vector<In>& back = scratch<In, 4>(n);
      d_in.download(back);
      input_kept = same_bytes(back, in);
    }
  } catch (const std::exception& e) {
    FAIL_CHECK(what << ": threw \"" << e.what() << "\" (seed " << seed() << ")");
    return;
  }
  ++checks_run();
  check_matches(what, got, want, tol);
  CHECK_MESSAGE(input_kept, what << ": the input was modified (seed " << seed() << ")");
}

template <class In, class Out, class Op>
void check_scan(std::int64_t n, mode m, scan::algorithm algo, bool in_place = false) {
  check_scan<In, Out, Op>(n, m, options_for(algo), in_place);
}

// ---------------------------------------------------------------------------------------------
// Sizes

inline std::vector<std::int64_t> capped(std::vector<std::int64_t> sizes) {
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  sizes.erase(
      std::remove_if(sizes.begin(), sizes.end(), [](std::int64_t n) { return n > max_n(); }),
      sizes.end());
  return sizes;
}

// Every type and operator runs on these: the edges of a warp, a block, a host part, and sizes
// of several parts.
inline std::vector<std::int64_t> matrix_sizes() {
  return capped({0, 1, 2, 3, 31, 32, 33, 1023, 1024, 1025, 4099, 65537, 300007});
}

// Powers of two and their neighbours up to 2^max_log2 + 1, and primes up to just above 2^24.
inline std::vector<std::int64_t> sweep_sizes(int max_log2 = 24) {
  std::vector<std::int64_t> s{0};
  for (int k = 0; k <= max_log2; ++k)
    for (std::int64_t d : {-1, 0, 1})
      s.push_back((std::int64_t{1} << k) + d);
  for (std::int64_t p : {3, 5, 7, 13, 61, 127, 521, 1021, 4093, 8191, 65521, 131071, 524287,
                         1000003, 4194301, 16777259})
    if (p <= (std::int64_t{1} << max_log2) + 1) s.push_back(p);
  return capped(s);
}

// Every built-in operator (scan::operator_kinds) the compiled set holds for T: the bitwise ones
// on integers; sum, min and max on the 16-bit floats.
template <class T, class F> void for_each_builtin_op(F&& f) {
  scan::for_each_entry(scan::operator_kinds, [&](const auto& entry) {
    using Op = typename std::decay_t<decltype(entry)>::type;
    if constexpr (scan::is_compiled<T, T, Op>()) f(Op{});
  });
}

// Rejections: a scan::error whose message starts with the argument's name and says what is
// wrong. The caller checks that nothing was written.
template <class F>
void expect_error(const std::string& what, F&& call, const std::string& argument,
                  const std::string& words) {
  std::string message;
  try {
    call();
  } catch (const scan::error& e) {
    message = e.what();
  } catch (const std::exception& e) {
    FAIL_CHECK(what << ": threw something other than scan::error: " << e.what());
    return;
  }
  INFO(what << ": message \"" << message << "\"");
  REQUIRE_MESSAGE(!message.empty(),
                  what << ": accepted; expected scan::error \"" << argument << " ...\"");
  CHECK(message.rfind(argument, 0) == 0);
  CHECK(message.find(words) != std::string::npos);
  ++checks_run();
}

// Optional fixture member: `static constexpr bool rejects_host_pointers = true;` when the
// backend's runtime can tell a plain host pointer from its own memory.
template <class B, class = void> struct rejects_host_pointers : std::false_type {};
template <class B>
struct rejects_host_pointers<B, std::void_t<decltype(B::rejects_host_pointers)>>
    : std::bool_constant<B::rejects_host_pointers> {};

// Optional fixture member: `using session = <RAII type>;` held around the whole run (e.g.
// Kokkos::ScopeGuard), built from (argc, argv) when it takes them.
template <class B, class = void> struct session_of {
  struct type {};
};
template <class B> struct session_of<B, std::void_t<typename B::session>> {
  using type = typename B::session;
};
template <class S> S make_session(int& argc, char** argv) {
  if constexpr (std::is_constructible_v<S, int&, char**>)
    return S(argc, argv);
  else
    return S();
}

// Every built-in element type (scan::element_types), as a tuple of types for doctest.
template <class List> struct types_of;
template <class... Entry> struct types_of<std::tuple<Entry...>> {
  using type = std::tuple<typename Entry::type...>;
};
using element_types = types_of<std::remove_cv_t<decltype(scan::element_types)>>::type;

// Whether the backend promises floating-point results that repeat bit for bit.
inline bool repeats_floats() {
  return scan_tests::floats_repeat<test_backend>::value;
}

} // namespace scan_test

// =============================================================================================
// Test cases

#if SCAN_TEST_IN_PART(1)
TEST_SUITE("operators") {
  TEST_CASE_TEMPLATE_DEFINE("every built-in operator on every type", T, every_operator) {
    using namespace scan_test;
    for_each_builtin_op<T>([](auto op) {
      using Op = decltype(op);
      for (scan::algorithm algo : all_algorithms)
        for (mode m : all_modes) {
          for (std::int64_t n : matrix_sizes())
            check_scan<T, T, Op>(n, m, algo);
          for (std::int64_t n : {std::int64_t{1025}, std::int64_t{300007}})
            check_scan<T, T, Op>(n, m, algo, true);
        }
    });
  }
  TEST_CASE_TEMPLATE_APPLY(every_operator, scan_test::element_types);

  // The guarantee of the README's "Guarantees": on the host, cuda and hip backends a scan of the
  // same input with the same options rounds floating point the same way every run, whatever order
  // its tiles finish in (the look-back folds tile totals left to right).
  TEST_CASE_TEMPLATE("floating-point results repeat bit for bit", T, float, double, scan::half,
                     scan::bfloat16) {
    using namespace scan_test;
    // Not promised on the kokkos backend's parallel spaces.
    const auto algorithms =
        test_backend::id == scan::backend::kokkos
            ? std::vector<scan::algorithm>{}
            : std::vector<scan::algorithm>(std::begin(all_algorithms), std::end(all_algorithms));
    for (scan::algorithm algo : algorithms)
      for (std::int64_t n : capped({300007, (std::int64_t{1} << 22) + 3})) {
        rng r(seed() ^ hash("repeat") ^ static_cast<std::uint64_t>(n));
        std::vector<T> in(static_cast<std::size_t>(n));
        for (auto& x : in)
          x = static_cast<T>(2.0 * r.unit() - 1.0);
        buffer<T> d_in(n), d_out(n);
        d_in.upload(in);
        const scan::options opt = options_for(algo);
        scan::inclusive_scan(static_cast<const T*>(d_in.get()), d_out.get(), n, scan::sum{}, opt);
        const std::vector<T> first = d_out.download();
        for (int run = 0; run < 3; ++run) {
          d_out.upload(std::vector<T>(static_cast<std::size_t>(n), T{7}));
          scan::inclusive_scan(static_cast<const T*>(d_in.get()), d_out.get(), n, scan::sum{}, opt);
          INFO(type_name<T>() << " n=" << n << " algorithm=" << scan::to_string(algo) << " run "
                              << run + 1);
          CHECK(same_bytes(d_out.download(), first));
        }
      }
  }
}

TEST_SUITE("sizes") {
  TEST_CASE("int32 sum over every size") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes)
        for (std::int64_t n : sweep_sizes(scan_tests::sweep_log2<test_backend>::value))
          check_scan<std::int32_t, std::int32_t, scan::sum>(n, m, algo);
  }

  TEST_CASE("in place over every size") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : {mode::inclusive, mode::exclusive})
        for (std::int64_t n : sweep_sizes(22))
          check_scan<std::uint32_t, std::uint32_t, scan::sum>(n, m, algo, true);
  }

  TEST_CASE("floating-point sums over every size") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (std::int64_t n : sweep_sizes(22)) {
        check_scan<float, float, scan::sum>(n, mode::inclusive, algo);
        check_scan<double, double, scan::sum>(n, mode::exclusive, algo);
      }
  }

  TEST_CASE("max and xor over every size") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (std::int64_t n : sweep_sizes(20)) {
        check_scan<std::int64_t, std::int64_t, scan::max>(n, mode::inclusive, algo);
        check_scan<std::uint8_t, std::uint8_t, scan::bit_xor>(n, mode::exclusive, algo);
      }
  }
}

#endif

#if SCAN_TEST_IN_PART(2)
TEST_SUITE("widening") {
  TEST_CASE("every compiled widening sum") {
    using namespace scan_test;
    auto pairs = [](auto in) {
      using In = decltype(in);
      auto one = [](auto out) {
        using Out = decltype(out);
        static_assert(scan::is_compiled<In, Out, scan::sum>());
        for (scan::algorithm algo : all_algorithms)
          for (mode m : all_modes)
            for (std::int64_t n : matrix_sizes())
              check_scan<In, Out, scan::sum>(n, m, algo);
      };
      if constexpr (sizeof(In) < 4) {
        one(std::int32_t{});
        one(std::uint32_t{});
      }
      one(std::int64_t{});
      one(std::uint64_t{});
    };
    pairs(std::int8_t{});
    pairs(std::uint8_t{});
    pairs(std::int16_t{});
    pairs(std::uint16_t{});
    pairs(std::int32_t{});
    pairs(std::uint32_t{});
  }

  TEST_CASE("widening sums over every size") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (std::int64_t n : sweep_sizes(22)) {
        check_scan<std::uint8_t, std::int32_t, scan::sum>(n, mode::inclusive, algo);
        check_scan<std::uint8_t, std::int64_t, scan::sum>(n, mode::exclusive, algo);
        check_scan<std::int32_t, std::int64_t, scan::sum>(n, mode::inclusive_init, algo);
      }
  }

  // Checked against a closed form rather than the reference: 255 * (k + 1) needs all the bits.
  TEST_CASE("uint8 counts accumulate in the output type") {
    using namespace scan_test;
    auto run = [](auto out_type, std::int64_t n) {
      using Out = decltype(out_type);
      n = std::min(n, max_n());
      const std::vector<std::uint8_t> in(static_cast<std::size_t>(n), 255);
      for (scan::algorithm algo : all_algorithms) {
        buffer<std::uint8_t> d_in(n);
        buffer<Out> d_out(n);
        d_in.upload(in);
        d_out.upload(std::vector<Out>(in.size(), Out{-1}));
        scan::inclusive_scan(d_in.get(), d_out.get(), n, scan::sum{}, options_for(algo));
        const std::vector<Out> got = d_out.download();
        std::int64_t bad = 0;
        for (std::int64_t k = 0; k < n; ++k)
          bad += got[k] != static_cast<Out>(255 * (k + 1));
        ++checks_run();
        CHECK_MESSAGE(bad == 0, "uint8->" << type_name<Out>() << " n=" << n
                                          << " algorithm=" << scan::to_string(algo) << ": " << bad
                                          << " elements differ from 255 * (k + 1)");
      }
    };
    run(std::int64_t{}, (std::int64_t{1} << 24) + 3);
    run(std::int32_t{}, std::int64_t{1} << 23); // 255 * 2^23 still fits in int32
  }

  TEST_CASE("type pairs outside the compiled set (header path)") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes)
        for (std::int64_t n : matrix_sizes()) {
          check_scan<float, double, scan::sum>(n, m, algo);
          check_scan<float, double, scan::max>(n, m, algo);
          check_scan<std::int32_t, double, scan::sum>(n, m, algo);
          check_scan<std::uint8_t, std::uint16_t, scan::sum>(n, m, algo);
          check_scan<std::int32_t, std::int16_t, scan::sum>(n, m, algo);
          check_scan<std::uint16_t, std::uint64_t, scan::bit_or>(n, m, algo);
        }
  }
}

TEST_SUITE("half_precision") {
  TEST_CASE("conversions: every half round-trips, floats round to nearest, ties to even") {
    using namespace scan_test;
    std::int64_t bad = 0;
    for (std::uint32_t bits = 0; bits < 0x10000u; ++bits) {
      scan::half h;
      h.bits = static_cast<std::uint16_t>(bits);
      const bool nan = (bits & 0x7c00u) == 0x7c00u && (bits & 0x3ffu) != 0;
      bad += !nan && scan::half(static_cast<float>(h)).bits != bits;
      scan::bfloat16 b;
      b.bits = static_cast<std::uint16_t>(bits);
      const bool bnan = (bits & 0x7f80u) == 0x7f80u && (bits & 0x7fu) != 0;
      bad += !bnan && scan::bfloat16(static_cast<float>(b)).bits != bits;
    }
    CHECK_MESSAGE(bad == 0, bad << " 16-bit values do not survive float and back");
    const auto f16 = [](float f) { return scan::half(f).bits; };
    const auto bf16 = [](float f) { return scan::bfloat16(f).bits; };
    CHECK(f16(1.0f) == 0x3c00u);
    CHECK(f16(-2.0f) == 0xc000u);
    CHECK(f16(1.0f + 0x1.0p-11f) == 0x3c00u);              // a tie: to the even neighbour, down
    CHECK(f16(1.0f + 3 * 0x1.0p-11f) == 0x3c02u);          // a tie: to the even neighbour, up
    CHECK(f16(1.0f + 0x1.0p-11f + 0x1.0p-20f) == 0x3c01u); // above the tie
    CHECK(f16(65504.0f) == 0x7bffu);
    CHECK(f16(65519.0f) == 0x7bffu);
    CHECK(f16(65520.0f) == 0x7c00u); // rounds past the largest half: infinity
    CHECK(f16(0x1.0p-24f) == 0x0001u);
    CHECK(f16(0x1.0p-25f) == 0x0000u); // a tie with zero
    CHECK(f16(0x1.8p-25f) == 0x0001u);
    CHECK(f16(0x1.0p-14f) == 0x0400u);
    CHECK(f16(0x1.ff8p-15f) == 0x03ffu); // the largest subnormal
    CHECK(f16(0x1.ffcp-15f) == 0x0400u); // a tie above it: up into the normals
    CHECK((f16(std::numeric_limits<float>::quiet_NaN()) & 0x7e00u) == 0x7e00u);
    CHECK(bf16(1.0f) == 0x3f80u);
    CHECK(bf16(1.0f + 0x1.0p-8f) == 0x3f80u);     // a tie, down to even
    CHECK(bf16(1.0f + 3 * 0x1.0p-8f) == 0x3f82u); // a tie, up to even
    CHECK(bf16(std::numeric_limits<float>::max()) == 0x7f80u);
    CHECK((bf16(std::numeric_limits<float>::quiet_NaN()) & 0x7fc0u) == 0x7fc0u);
    ++checks_run();
  }

  TEST_CASE("the vendors' 16-bit floats are the built-in ones") {
    static_assert(scan::element_type_of<__half>() == scan::element_type::f16);
    static_assert(scan::element_type_of<__nv_bfloat16>() == scan::element_type::bf16);
    static_assert(scan::element_type_of<hip_bfloat16>() == scan::element_type::bf16);
    static_assert(scan::is_compiled<__half, float, scan::sum>());
    static_assert(scan::is_compiled<__nv_bfloat16, __nv_bfloat16, scan::max>());
    static_assert(!scan::is_compiled<scan::half, scan::half, scan::product>());
    static_assert(sizeof(scan::half) == 2 && alignof(scan::half) == 2);
    static_assert(std::is_trivially_copyable_v<scan::bfloat16>);
    ++scan_test::checks_run();
  }

  TEST_CASE_TEMPLATE("sum, min and max into float and into themselves", T, scan::half,
                     scan::bfloat16) {
    using namespace scan_test;
    auto each = [](auto op) {
      using Op = decltype(op);
      for (scan::algorithm algo : all_algorithms)
        for (mode m : all_modes) {
          for (std::int64_t n : matrix_sizes()) {
            check_scan<T, float, Op>(n, m, algo);
            check_scan<T, T, Op>(n, m, algo);
          }
          for (std::int64_t n : {std::int64_t{1025}, std::int64_t{300007}})
            check_scan<T, T, Op>(n, m, algo, true);
        }
    };
    each(scan::sum{});
    each(scan::min{});
    each(scan::max{});
  }

  // Checked against a closed form: after `big`, whose neighbours are 2 apart in T, every item
  // adds 1. Accumulated in T the sums would stay at `big`; in float each is big + k, rounded once.
  TEST_CASE_TEMPLATE("sums accumulate in float and round each output once", T, scan::half,
                     scan::bfloat16) {
    using namespace scan_test;
    const float big = std::is_same_v<T, scan::half> ? 2048.0f : 256.0f;
    const std::int64_t n = std::min<std::int64_t>(30011, max_n());
    std::vector<T> in(static_cast<std::size_t>(n), T(1.0f));
    if (n > 0) in[0] = T(big);
    for (scan::algorithm algo : all_algorithms)
      for (bool exclusive : {false, true}) {
        buffer<T> d_in(n), d_out(n);
        d_in.upload(in);
        d_out.upload(std::vector<T>(in.size(), T(-7.0f)));
        const scan::options opt = options_for(algo);
        if (exclusive)
          scan::exclusive_scan(static_cast<const T*>(d_in.get()), d_out.get(), n, T(0.5f),
                               scan::sum{}, opt);
        else
          scan::inclusive_scan(static_cast<const T*>(d_in.get()), d_out.get(), n, scan::sum{}, opt);
        const std::vector<T> got = d_out.download();
        std::int64_t bad = 0;
        for (std::int64_t k = 0; k < n; ++k) {
          const float want = exclusive ? (k == 0 ? 0.5f : 0.5f + big + static_cast<float>(k - 1))
                                       : big + static_cast<float>(k);
          bad += got[k].bits != T(want).bits;
        }
        ++checks_run();
        CHECK_MESSAGE(bad == 0, type_name<T>()
                                    << (exclusive ? " exclusive" : " inclusive") << " n=" << n
                                    << " algorithm=" << scan::to_string(algo) << ": " << bad
                                    << " outputs differ from big + k rounded once");
      }
  }
}

#endif

#if SCAN_TEST_IN_PART(3)
TEST_SUITE("custom") {
  TEST_CASE("the test operators are associative and not commutative") {
    using namespace scan_test;
    rng r(seed() ^ hash("algebra"));
    for (int i = 0; i < 1000; ++i) {
      const affine f = affine::draw(r), g = affine::draw(r), h = affine::draw(r);
      CHECK(then{}(then{}(f, g), h) == then{}(f, then{}(g, h)));
      const mat2 x = mat2::draw(r), y = mat2::draw(r), z = mat2::draw(r);
      CHECK(matmul{}(matmul{}(x, y), z) == matmul{}(x, matmul{}(y, z)));
    }
    const affine f{3, 1}, g{5, 4};
    CHECK_FALSE(then{}(f, g) == then{}(g, f));
    mat2 x, y;
    x.m[1] = 1; // [1 1; 0 1]
    y.m[2] = 1; // [1 0; 1 1]
    CHECK_FALSE(matmul{}(x, y) == matmul{}(y, x));
  }

  TEST_CASE("non-commutative operator: composition of affine maps") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes) {
        for (std::int64_t n : sweep_sizes(20))
          check_scan<affine, affine, then>(n, m, algo);
        check_scan<affine, affine, then>(300007, m, algo, true);
      }
  }

  TEST_CASE("non-commutative operator: 2x2 matrix products") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes) {
        for (std::int64_t n : matrix_sizes())
          check_scan<mat2, mat2, matmul>(n, m, algo);
        check_scan<mat2, mat2, matmul>(1025, m, algo, true);
      }
  }

  TEST_CASE("a user operator on built-in types") {
    using namespace scan_test;
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes)
        for (std::int64_t n : matrix_sizes()) {
          check_scan<std::int32_t, std::int32_t, user_plus>(n, m, algo);
          check_scan<std::uint8_t, std::int64_t, user_plus>(n, m, algo);
          check_scan<std::uint64_t, std::uint64_t, user_plus>(n, m, algo, true);
        }
  }
}

TEST_SUITE("errors") {
  TEST_CASE("bad input is rejected, named, and writes nothing") {
    using namespace scan_test;
    using T = std::int32_t;
    const std::int64_t n = 1000;
    rng r(seed() ^ hash("errors"));
    std::vector<T> host_in(n), poison(n, T{0x5a5a5a5a});
    for (auto& x : host_in)
      x = draw<T, scan::sum>(r);
    buffer<T> in(n), out(n), both(n + 1);
    in.upload(host_in);
    out.upload(poison);
    std::vector<T> both_init(host_in);
    both_init.push_back(7);
    both.upload(both_init);
    const scan::options opt = options_for(scan::algorithm::automatic);
    const T* null_in = nullptr;
    T* null_out = nullptr;
    auto untouched = [&](const std::string& what) {
      CHECK_MESSAGE(same_bytes(out.download(), poison), what << ": a rejected call wrote output");
      CHECK_MESSAGE(same_bytes(in.download(), host_in), what << ": a rejected call wrote input");
      CHECK_MESSAGE(same_bytes(both.download(), both_init),
                    what << ": a rejected call wrote the shared buffer");
    };
    for (mode m : all_modes) {
      const std::string k = mode_name(m);
      expect_error(
          k + " null input", [&] { call_scan(m, null_in, out.get(), n, 0, scan::sum{}, opt); },
          "in:", "null");
      untouched(k + " null input");
      expect_error(
          k + " null output",
          [&] { call_scan(m, static_cast<const T*>(in.get()), null_out, n, 0, scan::sum{}, opt); },
          "out:", "null");
      expect_error(
          k + " negative n",
          [&] {
            call_scan(m, static_cast<const T*>(in.get()), out.get(), std::int64_t{-1}, 0,
                      scan::sum{}, opt);
          },
          "n:", "negative");
      untouched(k + " negative n");
      expect_error(
          k + " n past the address space",
          [&] {
            call_scan(m, static_cast<const T*>(in.get()), out.get(),
                      std::numeric_limits<std::int64_t>::max(), 0, scan::sum{}, opt);
          },
          "n:", "address space");
      untouched(k + " huge n");
      expect_error(
          k + " output one element after the input",
          [&] {
            call_scan(m, static_cast<const T*>(both.get()), both.get() + 1, n, 0, scan::sum{}, opt);
          },
          "out:", "overlap");
      expect_error(
          k + " output one element before the input",
          [&] {
            call_scan(m, static_cast<const T*>(both.get() + 1), both.get(), n, 0, scan::sum{}, opt);
          },
          "out:", "overlap");
      untouched(k + " partial overlap");
      // The same checks guard the header path (custom operators).
      expect_error(
          k + " custom operator, partial overlap",
          [&] {
            call_scan(m, static_cast<const T*>(both.get()), both.get() + 1, n, 0, user_plus{}, opt);
          },
          "out:", "overlap");
      expect_error(
          k + " custom operator, null input",
          [&] { call_scan(m, null_in, out.get(), n, 0, user_plus{}, opt); }, "in:", "null");
      expect_error(
          k + " custom operator, negative n",
          [&] {
            call_scan(m, static_cast<const T*>(in.get()), out.get(), std::int64_t{-5}, 0,
                      user_plus{}, opt);
          },
          "n:", "negative");
      untouched(k + " custom operator");
    }
    expect_error(
        "in place between elements of different sizes",
        [&] {
          scan::inclusive_scan(static_cast<const T*>(both.get()),
                               reinterpret_cast<std::int64_t*>(both.get()), n / 2, scan::sum{},
                               opt);
        },
        "out:", "one size");
    untouched("in place between sizes");

    scan::options bad = opt;
    bad.algorithm = static_cast<scan::algorithm>(42);
    expect_error(
        "unknown algorithm",
        [&] {
          scan::inclusive_scan(static_cast<const T*>(in.get()), out.get(), n, scan::sum{}, bad);
        },
        "options.algorithm:", "unknown");
    bad = opt;
    bad.backend = static_cast<scan::backend>(42);
    expect_error(
        "unknown backend",
        [&] {
          scan::inclusive_scan(static_cast<const T*>(in.get()), out.get(), n, scan::sum{}, bad);
        },
        "options.backend:", "not built");
    untouched("bad options");
  }

  TEST_CASE("backends this build lacks are named in the error") {
    using namespace scan_test;
    using T = std::int32_t;
    const std::int64_t n = 100;
    buffer<T> in(n), out(n);
    const std::vector<T> poison(n, T{-7});
    in.upload(std::vector<T>(n, 1));
    out.upload(poison);
    int missing = 0;
    for (scan::backend b :
         {scan::backend::host, scan::backend::cuda, scan::backend::hip, scan::backend::kokkos}) {
      scan::options opt = test_backend::options();
      opt.backend = b;
      const std::string name(scan::to_string(b));
      bool built = true;
      try {
        // n = 0 touches no memory, so probing a built backend with this backend's pointers is safe.
        scan::inclusive_scan(static_cast<const T*>(nullptr), static_cast<T*>(nullptr), 0,
                             scan::sum{}, opt);
      } catch (const scan::error& e) {
        built = false;
        const std::string message = e.what();
        INFO("backend " << name << ": \"" << message << "\"");
        CHECK(message.rfind("options.backend:", 0) == 0);
        CHECK(message.find(name) != std::string::npos);
      }
      const bool may_lack = b != test_backend::id && b != scan::backend::host;
      CHECK_MESSAGE((built || may_lack), "backend " << name << " must be built here");
      if (built) continue;
      ++missing;
      expect_error(
          "unbuilt backend " + name,
          [&] {
            scan::inclusive_scan(static_cast<const T*>(in.get()), out.get(), n, scan::sum{}, opt);
          },
          "options.backend:", name);
      expect_error(
          "unbuilt backend " + name + ", custom operator",
          [&] {
            scan::exclusive_scan(static_cast<const T*>(in.get()), out.get(), n, 0, user_plus{},
                                 opt);
          },
          "options.backend:", name);
      CHECK(same_bytes(out.download(), poison));
    }
    CHECK(missing >= 1); // one device backend per build (kokkos over CUDA holds cuda too)
  }

  TEST_CASE("host memory passed to a device backend") {
    using namespace scan_test;
    if constexpr (!rejects_host_pointers<test_backend>::value) {
      MESSAGE("not applicable: this backend scans host memory or cannot tell it apart");
    } else {
      using T = std::int32_t;
      const std::int64_t n = 4096;
      buffer<T> d(n);
      d.upload(std::vector<T>(n, 3));
      std::vector<T> host(n, 5);
      const scan::options opt = options_for(scan::algorithm::automatic);
      expect_error(
          "host input",
          [&] {
            scan::inclusive_scan(static_cast<const T*>(host.data()), d.get(), n, scan::sum{}, opt);
          },
          "in:", "host");
      CHECK(same_bytes(d.download(), std::vector<T>(n, 3)));
      expect_error(
          "host output",
          [&] {
            scan::inclusive_scan(static_cast<const T*>(d.get()), host.data(), n, scan::sum{}, opt);
          },
          "out:", "host");
      CHECK(host == std::vector<T>(n, 5));
    }
  }

  TEST_CASE("n == 0 does nothing") {
    using namespace scan_test;
    using T = std::int64_t;
    const std::vector<T> poison(16, T{-3});
    buffer<T> in(16), out(16);
    in.upload(poison);
    out.upload(poison);
    for (scan::algorithm algo : all_algorithms)
      for (mode m : all_modes) {
        const scan::options opt = options_for(algo);
        call_scan(m, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), 0, T{1}, scan::sum{},
                  opt);
        call_scan(m, static_cast<const T*>(in.get()), out.get(), 0, T{1}, scan::sum{}, opt);
        call_scan(m, static_cast<const T*>(in.get()), out.get() + 1, 0, T{1}, user_plus{}, opt);
        call_scan(m, static_cast<const scan_test::affine*>(nullptr),
                  static_cast<scan_test::affine*>(nullptr), 0, scan_test::affine{},
                  scan_test::then{}, opt);
        CHECK(same_bytes(out.download(), poison));
        ++checks_run();
      }
  }
}

TEST_SUITE("workspace") {
  TEST_CASE("a caller workspace of the exact size, reused across calls") {
    using namespace scan_test;
    const std::int64_t n = std::min<std::int64_t>((std::int64_t{1} << 20) + 3, max_n());
    std::size_t most = 0;
    for (scan::algorithm algo : all_algorithms) {
      const scan::options opt = options_for(algo);
      most = std::max({most, scan::workspace_bytes<std::int32_t>(n, opt),
                       scan::workspace_bytes<std::uint8_t, std::int64_t>(n, opt),
                       scan::workspace_bytes<affine>(n, opt)});
    }
    if (most == 0) {
      skip_case("no call of n = " + std::to_string(n) + " needs workspace on this backend");
      return;
    }
    buffer<unsigned char> raw(static_cast<std::int64_t>(most + 256));
    raw.upload(std::vector<unsigned char>(most + 256, 0));
    const auto at = reinterpret_cast<std::uintptr_t>(raw.get());
    void* aligned = raw.get() + ((256 - at % 256) % 256);
    for (int round = 0; round < 3; ++round)
      for (scan::algorithm algo : all_algorithms) {
        scan::options opt = options_for(algo);
        opt.workspace = {aligned, scan::workspace_bytes<std::int32_t>(n, opt)};
        check_scan<std::int32_t, std::int32_t, scan::sum>(n - round, mode::exclusive, opt);
        opt.workspace = {aligned, scan::workspace_bytes<std::uint8_t, std::int64_t>(n, opt)};
        check_scan<std::uint8_t, std::int64_t, scan::sum>(n, mode::inclusive, opt);
        opt.workspace = {aligned, scan::workspace_bytes<affine>(n, opt)};
        check_scan<affine, affine, then>(n, mode::inclusive_init, opt);
        opt.workspace = {aligned, most};
        check_scan<double, double, scan::sum>(n / 2, mode::inclusive, opt);
      }
  }

  TEST_CASE("workspace errors") {
    using namespace scan_test;
    using T = std::int32_t;
    const std::int64_t n = std::min<std::int64_t>((std::int64_t{1} << 20) + 3, max_n());
    CHECK(scan::workspace_bytes<T>(0, test_backend::options()) == 0);
    expect_error(
        "workspace_bytes of a negative n",
        [&] { (void)scan::workspace_bytes<T>(-1, test_backend::options()); }, "n:", "negative");
    const std::vector<T> poison(static_cast<std::size_t>(n), T{-11});
    buffer<T> in(n), out(n);
    in.upload(std::vector<T>(poison.size(), 1));
    out.upload(poison);
    for (scan::algorithm algo : all_algorithms) {
      scan::options opt = options_for(algo);
      const std::size_t need = scan::workspace_bytes<T>(n, opt);
      if (need == 0) {
        skip_case(std::string(scan::to_string(algo)) +
                  " needs no workspace at n = " + std::to_string(n));
        continue;
      }
      buffer<unsigned char> raw(static_cast<std::int64_t>(need + 512));
      raw.upload(std::vector<unsigned char>(need + 512, 0));
      const auto at = reinterpret_cast<std::uintptr_t>(raw.get());
      unsigned char* aligned = raw.get() + ((256 - at % 256) % 256);
      const std::string k(scan::to_string(algo));
      auto run = [&] {
        scan::inclusive_scan(static_cast<const T*>(in.get()), out.get(), n, scan::sum{}, opt);
      };
      opt.workspace = {aligned, need - 1};
      expect_error(k + ": workspace one byte short", run,
                   "options.workspace:", std::to_string(need));
      opt.workspace = {aligned + 1, need};
      expect_error(k + ": misaligned workspace", run, "options.workspace:", "aligned");
      opt.workspace = {aligned + 64, need + 64};
      expect_error(k + ": workspace on a 64-byte boundary", run, "options.workspace:", "aligned");
      opt.workspace = {nullptr, need};
      expect_error(k + ": null workspace", run, "options.workspace:", "null");
      CHECK_MESSAGE(same_bytes(out.download(), poison), k << ": a rejected call wrote output");
    }
  }
}

TEST_SUITE("large") {
  TEST_CASE("more than 2^31 elements: uint8 sum in place") {
    using namespace scan_test;
    using T = std::uint8_t;
    const std::int64_t n = (std::int64_t{1} << 31) + (std::int64_t{1} << 20) + 3;
    if (n > max_n()) {
      skip_case("SCAN_TEST_MAX_N=" + std::to_string(max_n()) +
                " is below n = " + std::to_string(n));
      return;
    }
    if (test_backend::max_test_items() < n) {
      skip_case("this machine holds " + std::to_string(test_backend::max_test_items()) +
                " items, n = " + std::to_string(n) + " needs more");
      return;
    }
    const std::uint64_t s = seed();
    auto value = [s](std::int64_t i) {
      return static_cast<T>((static_cast<std::uint64_t>(i) * 0x9e3779b97f4a7c15ull + s) >> 56);
    };
    const std::int64_t chunk = std::int64_t{1} << 24;
    std::vector<T> staging(static_cast<std::size_t>(chunk));
    buffer<T> io(n);
    struct pass {
      mode m;
      scan::algorithm algo;
    };
    for (pass p : {pass{mode::inclusive, scan::algorithm::automatic},
                   pass{mode::exclusive, scan::algorithm::single_pass}}) {
      for (std::int64_t at = 0; at < n; at += chunk) {
        const std::int64_t len = std::min(chunk, n - at);
        for (std::int64_t j = 0; j < len; ++j)
          staging[j] = value(at + j);
        test_backend::upload(io.get() + at, staging.data(), len);
      }
      const T init = 17;
      call_scan(p.m, static_cast<const T*>(io.get()), io.get(), n, init, scan::sum{},
                options_for(p.algo));
      test_backend::synchronize();
      // Streaming serial reference: the running sum, in the output type.
      T acc = p.m == mode::exclusive ? init : T{0};
      std::int64_t bad = 0, first_bad = -1;
      for (std::int64_t at = 0; at < n; at += chunk) {
        const std::int64_t len = std::min(chunk, n - at);
        test_backend::download(staging.data(), io.get() + at, len);
        for (std::int64_t j = 0; j < len; ++j) {
          const T x = value(at + j);
          const T want = p.m == mode::inclusive ? static_cast<T>(acc + x) : acc;
          acc = static_cast<T>(acc + x);
          if (staging[j] != want && bad++ == 0) first_bad = at + j;
        }
      }
      ++checks_run();
      CHECK_MESSAGE(bad == 0, "uint8 sum " << std::string(mode_name(p.m)) << " in place n=" << n
                                           << " algorithm=" << std::string(scan::to_string(p.algo))
                                           << ": " << bad << " wrong elements, first at "
                                           << first_bad << " (seed " << s << ")");
    }
  }
}

#endif

// Cases of the algorithms, the call forms, blockwise, segmented and batched scans, in files of
// their own.
#if SCAN_TEST_IN_PART(4)
#include "tests/algorithm_cases.hpp"
#include "tests/call_form_cases.hpp"
#endif
#if SCAN_TEST_IN_PART(5)
#include "tests/blockwise_cases.hpp"
#include "tests/segmented_cases.hpp"
#include "tests/batched_cases.hpp"
#include "tests/totals_cases.hpp"
#endif

#if SCAN_TEST_IN_PART(1)

namespace scan_test {
inline int run(int argc, char** argv) {
  const auto s = static_cast<unsigned long long>(seed());
  std::printf("libscan tests, %s backend, seed %llu\n",
              std::string(scan::to_string(test_backend::id)).c_str(), s);
  doctest::Context context(argc, argv);
  const int failed = context.run();
  if (context.shouldExit()) return failed;
  if (failed) {
    std::printf("FAILED with seed %llu: SCAN_TEST_SEED=%llu repeats this run\n", s, s);
    return failed;
  }
  if (checks_run() == 0 && !skip_note().empty()) {
    std::printf("SKIPPED: %s\n", skip_note().c_str());
    return 77;
  }
  return 0;
}
} // namespace scan_test

int main(int argc, char** argv) {
  const std::string why = test_backend::skip_reason();
  if (!why.empty()) {
    std::printf("SKIPPED: %s\n", why.c_str());
    return 77;
  }
  using session = typename scan_test::session_of<test_backend>::type;
  [[maybe_unused]] const session guard = scan_test::make_session<session>(argc, argv);
  const int result = scan_test::run(argc, argv);
  scan_test::memory_pool::clear();
  return result;
}
#endif
