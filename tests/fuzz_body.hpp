// The randomized differential test, one body for every backend. Each case draws a type pair and
// an operator, inclusive / exclusive / inclusive with init, n, the algorithm, in place or not,
// pointer offsets, a stream and a workspace, and (one case in four, where the fixture scans through
// the public API) segments described by offsets, flags or keys, or (one in five of the others) a
// batched shape: matrix rows or columns with padded leading dimensions, or a strided sequence; and,
// one case in four that can have them, totals (scan/totals.hpp). It scans fresh random input
// through the public API and compares the output (and the totals) with the host reference
// (tests/reference_scan.hpp), segment by segment. The output is poisoned and framed by guard bytes
// first: the guards, and the input, must come back unchanged; floating-point results must repeat
// bit for bit on a second run (where the fixture promises it). Cases run from several host threads
// at once. A backend's fuzz program includes its fixture (`struct test_backend`,
// tests/test_backend.hpp) and then this file, which holds main().
//
// Environment:
//   SCAN_FUZZ_SEED=<n>          the master seed (printed at start; random when unset). A case's
//                               draws depend only on it and the case's index.
//   SCAN_FUZZ_CASES=<n>         runs cases 0 .. n-1 (default 3000)
//   SCAN_FUZZ_CASE=<i>          runs case i alone, on one thread (a failure prints this replay)
//   SCAN_FUZZ_THREADS=<n>       host threads running cases (default 4; 1 where the fixture says
//                               scans must not be called concurrently)
//   SCAN_FUZZ_MAX_FAILURES=<n>  stops drawing cases after this many failures (default 20)
//   SCAN_TEST_MAX_N=<n>         caps n, as for the other tests
//
// Exit status: 0 when every case passed, 1 when one failed, 77 (skipped) when the fixture's
// skip_reason() is not empty.
#pragma once

#include "tests/test_backend.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iterator>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "tests/reference_scan.hpp"
#include "tests/test_operators.hpp"
#include <scan/batched.hpp>
#include <scan/error.hpp>
#include <scan/scan.hpp>
#include <scan/segmented.hpp>
#include <scan/totals.hpp>

namespace scan_fuzz {

using scan_test::type_name;

// ---------------------------------------------------------------------------------------------
// Settings and randomness

inline std::uint64_t env_u64(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 0) : fallback;
}

inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// splitmix64: one stream per case, seeded from the master seed and the case's index.
class rng {
public:
  explicit rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    const std::uint64_t s = state_;
    state_ += 0x9e3779b97f4a7c15ull;
    return mix(s);
  }
  // Uniform in [0, count); the modulo bias is irrelevant for a test.
  std::uint64_t below(std::uint64_t count) { return next() % count; }
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  std::uint64_t state_;
};

inline std::uint64_t case_seed(std::uint64_t master, std::int64_t index) {
  return mix(master ^ mix(static_cast<std::uint64_t>(index)));
}

// ---------------------------------------------------------------------------------------------
// Optional fixture members (tests/test_backend.hpp)

template <class B, class = void> struct has_streams : std::false_type {};
template <class B>
struct has_streams<B, std::void_t<decltype(B::create_stream())>> : std::true_type {};

template <class B, class = void> struct concurrent_callers : std::true_type {};
template <class B>
struct concurrent_callers<B, std::void_t<decltype(B::concurrent_callers)>>
    : std::bool_constant<B::concurrent_callers> {};

using scan_tests::floats_repeat;

// A fixture's own entry point instead of the public API (the GPU emulation's, which no libscan
// build holds): scan<In, Out, Op>(...) and workspace_bytes<In, Out>(n, opt).
template <class B, class = void> struct has_entry : std::false_type {};
template <class B>
struct has_entry<B, std::void_t<decltype(&B::template scan<int, int, scan::sum>)>>
    : std::true_type {};

template <class B, class = void> struct max_n_of {
  static constexpr std::int64_t value = std::numeric_limits<std::int64_t>::max();
};
template <class B> struct max_n_of<B, std::void_t<decltype(B::fuzz_max_n)>> {
  static constexpr std::int64_t value = B::fuzz_max_n;
};

template <class B, class = void> struct name_of {
  static std::string get() { return std::string(scan::to_string(B::id)); }
};
template <class B> struct name_of<B, std::void_t<decltype(B::name)>> {
  static std::string get() { return B::name; }
};

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

// ---------------------------------------------------------------------------------------------
// What a case draws

enum class mode { inclusive, inclusive_init, exclusive };
inline constexpr const char* mode_names[] = {"inclusive", "inclusive+init", "exclusive+init"};

enum class stream_kind { own, shared, legacy_default, per_thread_default };
inline constexpr const char* stream_names[] = {"own", "shared", "legacy_default",
                                               "per_thread_default"};
constexpr int stream_kinds = 4;

// library_cache: options.workspace left empty. caller_exact: scan::workspace_bytes() bytes of the
// thread's buffer. caller_whole: the same buffer, all of it.
enum class workspace_use { library_cache, caller_exact, caller_whole };
inline constexpr const char* workspace_names[] = {"library_cache", "caller_exact", "caller_whole"};

// Input distributions. Integers: the whole range, small values (ties for min and max), few or
// most bits set (for bit_and and bit_or). Floating point: small multiples of 1/8, whose every
// partial sum is exact; reals in [-1, 3); reals of magnitudes 2^-20 .. 2^20 and both signs.
enum class values { full, small, sparse_bits, dense_bits, eighths, reals, wide };
inline constexpr const char* values_names[] = {"full",    "small", "sparse_bits", "dense_bits",
                                               "eighths", "reals", "wide"};

// Segmented cases: how the segments are described (scan/segments.hpp); none for a flat scan.
enum class segmented { none, offsets32, offsets64, flags, keys };
inline constexpr const char* segmented_names[] = {"none", "offsets32", "offsets64", "flags",
                                                  "keys"};

// Batched cases: none for a flat (or segmented) scan; else the lanes a batched scan runs along.
enum class batched { none, rows, columns, strided };
inline constexpr const char* batched_names[] = {"none", "rows", "columns", "strided"};

// A batched case's lanes (vocabulary/lanes.hpp): item j of lane l at l * lane + j * item, in the
// input and the output each with their own strides.
struct lanes_shape {
  std::int64_t lanes = 0, length = 0;
  std::int64_t in_lane = 0, in_item = 0, out_lane = 0, out_item = 0;

  static std::int64_t extent_of(std::int64_t lanes, std::int64_t length, std::int64_t lane,
                                std::int64_t item) {
    return lanes == 0 || length == 0 ? 0 : (lanes - 1) * lane + (length - 1) * item + 1;
  }
  std::int64_t in_extent() const { return extent_of(lanes, length, in_lane, in_item); }
  std::int64_t out_extent() const { return extent_of(lanes, length, out_lane, out_item); }
};

template <class E, std::size_t N> const char* name_in(const char* const (&names)[N], E value) {
  return names[static_cast<std::size_t>(value)];
}

struct worker;
enum class verdict { passed, failed };
struct outcome {
  verdict result = verdict::passed;
  std::string why;
};

struct case_plan;

// A type pair and operator, and the instantiation that runs it.
struct combo {
  std::string pair; // "int32", or "uint8->int64" for a widening pair
  std::string op;
  bool same_type = true;
  bool segmentable = false; // segmented cases draw it (segmentable below)
  std::size_t largest = 0;  // bytes of the larger element type
  std::vector<values> profiles;
  outcome (*run)(const case_plan&, worker&) = nullptr;
};

struct case_plan {
  std::int64_t index = 0;
  std::uint64_t seed = 0;
  const combo* what = nullptr;
  mode m = mode::inclusive;
  std::int64_t n = 0;
  scan::algorithm algorithm = scan::algorithm::automatic;
  bool in_place = false;
  int in_offset = 0, out_offset = 0; // elements after the start of the (aligned) allocation
  stream_kind stream = stream_kind::legacy_default;
  workspace_use workspace = workspace_use::library_cache;
  values profile = values::full;
  std::uint64_t data_seed = 0;
  segmented segments = segmented::none;
  batched shape = batched::none;
  lanes_shape lanes;
  bool totals = false;

  std::string describe() const {
    char seed_text[32];
    std::snprintf(seed_text, sizeof seed_text, "0x%016llx", static_cast<unsigned long long>(seed));
    std::string s =
        "case=" + std::to_string(index) + " seed=" + seed_text + " " + what->pair + " " + what->op +
        " " + name_in(mode_names, m) + " n=" + std::to_string(n) +
        " algorithm=" + std::string(scan::to_string(algorithm)) +
        (in_place ? " in_place" : " out_of_place") + " in_offset=" + std::to_string(in_offset) +
        " out_offset=" + std::to_string(out_offset) + " stream=" + name_in(stream_names, stream) +
        " workspace=" + name_in(workspace_names, workspace) +
        " values=" + name_in(values_names, profile) +
        " segments=" + name_in(segmented_names, segments) +
        " batched=" + name_in(batched_names, shape);
    if (shape != batched::none)
      s += " lanes=" + std::to_string(lanes.lanes) + "x" + std::to_string(lanes.length) +
           " strides=" + std::to_string(lanes.in_lane) + "/" + std::to_string(lanes.in_item) +
           "->" + std::to_string(lanes.out_lane) + "/" + std::to_string(lanes.out_item);
    if (totals) s += " totals";
    return s;
  }
};

// ---------------------------------------------------------------------------------------------
// Values

template <class Op> std::string op_name() {
  if constexpr (std::is_same_v<Op, scan_test::user_plus>)
    return "user_plus";
  else if constexpr (std::is_same_v<Op, scan_test::then>)
    return "then";
  else
    return std::string(scan::to_string(scan::operator_kind_of<Op>()));
}

using scan_test::show;

template <class T> constexpr bool is_sum_like() {
  return std::is_same_v<T, scan::sum> || std::is_same_v<T, scan_test::user_plus>;
}

template <class T, class Op> T draw(rng& r, values profile, std::int64_t n) {
  if constexpr (std::is_integral_v<T>) {
    std::uint64_t bits = r.next();
    if (profile == values::small)
      return static_cast<T>(static_cast<std::int64_t>(r.below(17)) - (std::is_signed_v<T> ? 8 : 0));
    if (profile == values::sparse_bits) bits &= r.next() & r.next();
    if (profile == values::dense_bits) bits |= r.next() | r.next();
    // Odd factors: a product of the whole range would collapse to 0 within a few dozen items.
    if (std::is_same_v<Op, scan::product>) bits |= 1;
    return static_cast<T>(bits);
  } else if constexpr (scan_test::is_real_v<T>) {
    if constexpr (std::is_same_v<Op, scan::product>) {
      // Factors +-1, and about 48 per scan of +-2 or +-0.5: every product is exact in any order
      // and stays far from overflow.
      const double sign = r.below(2) ? -1.0 : 1.0;
      if (r.below(static_cast<std::uint64_t>(n) + 1) >= 48) return static_cast<T>(sign);
      return static_cast<T>(sign * (r.below(2) ? 2.0 : 0.5));
    } else {
      switch (profile) {
      case values::eighths: {
        // |partial sums| <= (n + 1) * limit / 8 stays where float holds every eighth exactly
        // (zero-mean draws keep it far below that even where the limit is 1).
        const std::int64_t cap = std::is_same_v<scan::accumulator_t<T>, float>
                                     ? (std::int64_t{1} << 21) / (n + 1)
                                     : 1000;
        const std::int64_t limit = std::clamp<std::int64_t>(cap, 1, 1000);
        const auto k =
            static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(2 * limit + 1)));
        return static_cast<T>(static_cast<double>(k - limit) / 8.0);
      }
      case values::wide: { // half's range ends at 65504
        const int exponent = scan_test::is_half_precision_v<T> ? static_cast<int>(r.below(29)) - 14
                                                               : static_cast<int>(r.below(41)) - 20;
        return static_cast<T>((2.0 * r.unit() - 1.0) * std::ldexp(1.0, exponent));
      }
      default: // zero mean for a 16-bit output: its partial sums stay inside half's range
        return static_cast<T>(scan_test::is_half_precision_v<T> ? -1.0 + 2.0 * r.unit()
                                                                : -1.0 + 4.0 * r.unit());
      }
    }
  } else {
    return T::draw(r);
  }
}

// ---------------------------------------------------------------------------------------------
// Memory: regions of the backend's memory framed by guard bytes

constexpr std::size_t guard_bytes = 64;

// Varies with the position, so that a shifted copy of the guard is not mistaken for it.
inline unsigned char guard_byte(std::size_t i) {
  return static_cast<unsigned char>(0xa5u ^ (i * 29u));
}

// Large buffers go back after their case, so that rare large cases do not pin memory per thread.
constexpr std::size_t keep_bytes = std::size_t{64} << 20;

// A region's bytes as the host writes or reads them: guard bytes up to the data (guard_bytes plus
// the drawn offset), the data, and guard_bytes more. A worker keeps its images between cases.
struct image {
  std::vector<unsigned char> bytes;
  std::size_t lead = 0, data = 0;

  // Guards around room for n elements of T.
  template <class T> void frame(std::int64_t n, int offset) {
    lead = guard_bytes + static_cast<std::size_t>(offset) * sizeof(T);
    data = static_cast<std::size_t>(n) * sizeof(T);
    bytes.resize(lead + data + guard_bytes);
    for (std::size_t i = 0; i < bytes.size(); i = i + 1 == lead ? lead + data : i + 1)
      bytes[i] = guard_byte(i);
  }
  // Room for what a region framed like `sent` holds now.
  void frame_like(const image& sent) {
    lead = sent.lead;
    data = sent.data;
    bytes.resize(sent.bytes.size());
  }
  unsigned char* at() { return bytes.data() + lead; }
  const unsigned char* at() const { return bytes.data() + lead; }
  template <class T> T element(std::int64_t k) const {
    T v;
    std::memcpy(&v, at() + static_cast<std::size_t>(k) * sizeof(T), sizeof(T));
    return v;
  }
  void shrink() {
    if (bytes.capacity() > keep_bytes) std::vector<unsigned char>().swap(bytes);
  }

  // Empty when `now`'s guards equal this image's; else where they were overwritten.
  std::string guard_damage(const image& now, const char* name) const {
    std::int64_t count = 0, first = 0;
    for (std::size_t i = 0; i < bytes.size(); i = i + 1 == lead ? lead + data : i + 1) {
      if (bytes[i] == now.bytes[i]) continue;
      if (count++ == 0)
        first =
            static_cast<std::int64_t>(i) - static_cast<std::int64_t>(i < lead ? lead : lead + data);
    }
    if (count == 0) return {};
    return std::string(name) + ": " + std::to_string(count) +
           " guard bytes overwritten, the first " +
           (first < 0 ? std::to_string(-first) + " bytes before the data"
                      : std::to_string(first) + " bytes after its end");
  }
};

// The first mismatches of a comparison, described ("out[k] = got, expected want"), and their count.
// A result matches bit for bit, or, where `tolerant`, within its tolerance.
template <class Out> struct mismatches {
  const char* name;
  std::int64_t bad = 0;
  std::string report;

  explicit mismatches(const char* what) : name(what) {}

  void check(std::int64_t k, const Out& got, const Out& want, bool tolerant, double tolerance) {
    if constexpr (scan_test::is_real_v<Out>) {
      const double error = std::fabs(static_cast<double>(got) - static_cast<double>(want));
      if (tolerant ? error <= tolerance : std::memcmp(&got, &want, sizeof(Out)) == 0) return;
    } else {
      if (got == want) return;
    }
    if (++bad <= 3)
      report += "\n    " + std::string(name) + "[" + std::to_string(k) + "] = " + show(got) +
                ", expected " + show(want) +
                (tolerant ? " (tolerance " + show(tolerance) + ")" : "");
  }
  std::string result(const char* what) const {
    if (!bad) return {};
    return std::string(what) + ":" + report +
           (bad > 3 ? "\n    ... " + std::to_string(bad) + " wrong in all" : std::string());
  }
};

// How far a floating-point sum may be from the serial reference: it rounds in another order.
// After `chain` items of a serial chain and a tree of tiles `tree` deep, over partial sums of at
// most `magnitude`:
//   4 * (sqrt(chain) + tree) * eps * magnitude,
// the growth of rounding errors (unbiased, so like a random walk); a bound linear in the chain
// would let a dropped or doubled element pass once chain * eps nears 1 (float at n ~ 2^20). A
// 16-bit output adds the rounding of the result, which another float may round across.
template <class Out> double sum_tolerance(double chain, double tree, double magnitude, Out want) {
  return 4.0 * (std::sqrt(chain) + tree) * scan_test::epsilon_of<scan::accumulator_t<Out>>() *
             magnitude +
         (scan_test::is_half_precision_v<Out> ? scan_test::epsilon_of<Out>() : 0.0) *
             std::fabs(static_cast<double>(want));
}

// Compares the output with the reference. Integers, custom types, min, max, products and sums of
// eighths compare exactly; other floating-point sums within sum_tolerance, the chain of out[k]
// being k + 1 items and the tree log2(n + 1) + 2, over |init| + |in[0]| + ... + |in[k]|.
template <class In, class Out, class Op>
std::string compare(const std::vector<In>& in, mode m, const Out& init, const image& got,
                    const std::vector<Out>& want, values profile) {
  constexpr bool floating = scan_test::is_real_v<Out>;
  const bool tolerant = floating && is_sum_like<Op>() && profile != values::eighths;
  if (!tolerant && got.data == 0) return {};
  if (!tolerant && std::memcmp(got.at(), want.data(), got.data) == 0) return {};
  const auto n = static_cast<std::int64_t>(want.size());
  const double tree = std::log2(static_cast<double>(n) + 1.0) + 2.0;
  double magnitude = 0;
  if constexpr (floating)
    if (m != mode::inclusive) magnitude = std::fabs(static_cast<double>(init));
  mismatches<Out> wrong{"out"};
  for (std::int64_t k = 0; k < n; ++k) {
    double tolerance = 0;
    if constexpr (floating) {
      const double x = std::fabs(static_cast<double>(static_cast<Out>(in[k])));
      if (m != mode::exclusive) magnitude += x;
      if (tolerant)
        tolerance = sum_tolerance<Out>(static_cast<double>(k + 1), tree, magnitude, want[k]);
      if (m == mode::exclusive) magnitude += x;
    }
    wrong.check(k, got.element<Out>(k), want[k], tolerant, tolerance);
  }
  return wrong.result("wrong output");
}

// The fixture's streams and the copies ordered on them, where it has them; else nullptr and
// plain copies. (A template, so that `if constexpr` drops the calls a fixture cannot make.)
template <class B> struct streams_of {
  static constexpr bool present = has_streams<B>::value;

  static void* create() {
    if constexpr (present)
      return B::create_stream();
    else
      return nullptr;
  }
  static void destroy(void* stream) {
    if constexpr (present) B::destroy_stream(stream);
  }
  static void* per_thread() {
    if constexpr (present)
      return B::per_thread_stream();
    else
      return nullptr;
  }
  static void upload(unsigned char* dst, const unsigned char* src, std::size_t bytes,
                     void* stream) {
    if (bytes == 0) return;
    const auto n = static_cast<std::int64_t>(bytes);
    if constexpr (present)
      B::upload(dst, src, n, stream);
    else
      B::upload(dst, src, n);
  }
  static void download(unsigned char* dst, const unsigned char* src, std::size_t bytes,
                       void* stream) {
    if (bytes == 0) return;
    const auto n = static_cast<std::int64_t>(bytes);
    if constexpr (present) {
      B::download(dst, src, n, stream);
    } else {
      B::synchronize();
      B::download(dst, src, n);
    }
  }
};
using streams = streams_of<test_backend>;

// A growable allocation of the backend's memory, kept by one thread between cases.
struct region {
  unsigned char* p = nullptr;
  std::size_t bytes = 0;

  // At least `need` bytes; the old contents are lost. Grows by half at least, so that a run of
  // slowly growing cases does not allocate at every case.
  void reserve(std::size_t need) {
    if (need <= bytes) return;
    const std::size_t grown = std::max(need, bytes + bytes / 2);
    release();
    p = test_backend::template allocate<unsigned char>(static_cast<std::int64_t>(grown));
    bytes = grown;
  }
  void release() {
    if (p) test_backend::release(p);
    p = nullptr;
    bytes = 0;
  }
};

// ---------------------------------------------------------------------------------------------
// Bookkeeping

struct stats {
  std::int64_t cases = 0, checked = 0, failed = 0, elements = 0;
  std::map<std::string, std::map<std::string, std::int64_t>> by; // axis -> value -> cases

  void count(const case_plan& c, verdict v) {
    ++cases;
    if (v == verdict::passed) ++checked;
    if (v == verdict::failed) ++failed;
    elements += c.n;
    ++by["algorithm"][std::string(scan::to_string(c.algorithm))];
    ++by["type"][c.what->pair];
    ++by["operator"][c.what->op];
    ++by["mode"][name_in(mode_names, c.m)];
    ++by["stream"][name_in(stream_names, c.stream)];
    ++by["workspace"][name_in(workspace_names, c.workspace)];
    ++by["n"][c.n <= 5001 ? "<=5001" : c.n <= (1 << 20) + 1 ? "<=2^20+1" : ">2^20+1"];
    ++by["placement"][c.in_place ? "in_place" : "out_of_place"];
    ++by["segments"][name_in(segmented_names, c.segments)];
    ++by["batched"][name_in(batched_names, c.shape)];
    ++by["totals"][c.totals ? "with totals" : "none"];
  }

  void merge(const stats& o) {
    cases += o.cases;
    checked += o.checked;
    failed += o.failed;
    elements += o.elements;
    for (const auto& [axis, counts] : o.by)
      for (const auto& [value, count] : counts)
        by[axis][value] += count;
  }
};

// Per host thread: its stream, its memory and its counts.
struct worker {
  void* own_stream = nullptr;
  void* shared_stream = nullptr;
  region in, out, segments, totals;
  region workspaces[stream_kinds]; // one per stream kind: never used by two calls at once
  image in_sent, out_sent, out_back, spare_back, totals_sent, totals_back, packed_back;
  stats counts;

  void* stream_of(stream_kind k) const {
    switch (k) {
    case stream_kind::own:
      return own_stream;
    case stream_kind::shared:
      return shared_stream;
    case stream_kind::per_thread_default:
      return streams::per_thread();
    case stream_kind::legacy_default:
      return nullptr;
    }
    return nullptr;
  }

  // The caller's workspace for this stream kind, 256-byte aligned: zero-filled once when it is
  // (re)allocated, as options.hpp asks, then left to libscan from call to call.
  scan::workspace workspace_for(stream_kind k, std::size_t need, workspace_use use, void* stream) {
    region& r = workspaces[static_cast<int>(k)];
    const std::size_t want = need + 256;
    if (r.bytes < want) {
      r.reserve(std::max(want, 2 * r.bytes));
      const std::vector<unsigned char> zeros(r.bytes, 0);
      streams::upload(r.p, zeros.data(), zeros.size(), stream);
    }
    const auto at = reinterpret_cast<std::uintptr_t>(r.p);
    const std::size_t skip = (256 - at % 256) % 256;
    return {r.p + skip, use == workspace_use::caller_exact ? need : r.bytes - skip};
  }

  void release_large() {
    if (in.bytes > keep_bytes) in.release();
    if (out.bytes > keep_bytes) out.release();
    if (segments.bytes > keep_bytes) segments.release();
    if (totals.bytes > keep_bytes) totals.release();
    for (image* im :
         {&in_sent, &out_sent, &out_back, &spare_back, &totals_sent, &totals_back, &packed_back})
      im->shrink();
  }
  void release_all() {
    in.release();
    out.release();
    segments.release();
    totals.release();
    for (auto& w : workspaces)
      w.release();
  }
};

// ---------------------------------------------------------------------------------------------
// One case

// A full scan through the public API; `out` a pointer, or one wrapped with totals.
template <class In, class Out, class Op, class Output>
void full_scan(mode m, const In* in, Output out, std::int64_t n, const Out& init,
               const scan::options& opt) {
  switch (m) {
  case mode::inclusive:
    scan::inclusive_scan(in, out, n, Op{}, opt);
    return;
  case mode::inclusive_init:
    scan::inclusive_scan(in, out, n, init, Op{}, opt);
    return;
  case mode::exclusive:
    scan::exclusive_scan(in, out, n, init, Op{}, opt);
    return;
  }
}

// The scan under test: the fixture's own entry point where it has one, else the public API.
// (A template on the fixture, like streams_of.)
template <class B> struct entry_of {
  template <class In, class Out, class Op>
  static void scan(mode m, const In* in, Out* out, std::int64_t n, const Out& init,
                   const scan::options& opt) {
    if constexpr (has_entry<B>::value) {
      B::template scan<In, Out, Op>(in, out, n, m != mode::exclusive,
                                    m == mode::inclusive ? nullptr : &init, Op{}, opt);
    } else {
      full_scan<In, Out, Op>(m, in, out, n, init, opt);
    }
  }

  template <class In, class Out>
  static std::size_t workspace_bytes(std::int64_t n, const scan::options& opt) {
    if constexpr (has_entry<B>::value)
      return B::template workspace_bytes<In, Out>(n, opt);
    else
      return scan::workspace_bytes<In, Out>(n, opt);
  }
};
using entry = entry_of<test_backend>;

template <class In, class Out, class Op>
void reference_scan(mode m, const std::vector<In>& in, std::vector<Out>& out, const Out& init) {
  const auto n = static_cast<std::int64_t>(in.size());
  switch (m) {
  case mode::inclusive:
    scan::reference::inclusive_scan(in.data(), out.data(), n, Op{});
    return;
  case mode::inclusive_init:
    scan::reference::inclusive_scan(in.data(), out.data(), n, init, Op{});
    return;
  case mode::exclusive:
    scan::reference::exclusive_scan(in.data(), out.data(), n, init, Op{});
    return;
  }
}

// Segmented cases run the compiled set (calls into the library: nothing more to compile per
// combo) and one custom operator, an int32 user_plus, which takes the header path.
template <class In, class Out, class Op>
constexpr bool segmentable = scan::is_compiled<In, Out, Op>() ||
                             (std::is_same_v<In, std::int32_t> &&
                              std::is_same_v<Out, std::int32_t> &&
                              std::is_same_v<Op, scan_test::user_plus>);

// num_segments + 1 offsets over n items: lengths uniform in [0, 2 * mean], the mean 1, 3, 40,
// 1000, 70000 or n; now and then a trailing empty segment.
inline std::vector<std::int64_t> draw_offsets(rng& r, std::int64_t n) {
  static constexpr std::int64_t means[] = {1, 3, 40, 1000, 70000};
  const std::int64_t mean = r.below(6) == 0 ? std::max<std::int64_t>(n, 1) : means[r.below(5)];
  std::vector<std::int64_t> offsets{0};
  while (offsets.back() < n) {
    const auto length =
        static_cast<std::int64_t>(r.below(static_cast<std::uint64_t>(2 * mean + 1)));
    offsets.push_back(std::min(offsets.back() + length, n));
  }
  if (offsets.size() == 1 || r.below(4) == 0) offsets.push_back(n);
  return offsets;
}

// The reference scan of each segment on its own.
template <class In, class Out, class Op>
void reference_segmented(mode m, const std::vector<In>& in, std::vector<Out>& out, const Out& init,
                         const std::vector<std::int64_t>& offsets) {
  for (std::size_t s = 0; s + 1 < offsets.size(); ++s) {
    const std::int64_t b = offsets[s], length = offsets[s + 1] - b;
    if (length == 0) continue;
    switch (m) {
    case mode::inclusive:
      scan::reference::inclusive_scan(in.data() + b, out.data() + b, length, Op{});
      break;
    case mode::inclusive_init:
      scan::reference::inclusive_scan(in.data() + b, out.data() + b, length, init, Op{});
      break;
    case mode::exclusive:
      scan::reference::exclusive_scan(in.data() + b, out.data() + b, length, init, Op{});
      break;
    }
  }
}

// A case's segment description in the worker's `segments` region (uploaded on `stream`), given
// to call(description): offsets of 32 or 64 bits, a flag (any non-zero byte) at each non-empty
// segment's start, or keys that change from one non-empty segment to the next.
template <class F>
void with_segments(segmented by, const std::vector<std::int64_t>& offsets, std::int64_t n,
                   worker& w, void* stream, F&& call) {
  const auto num_segments = static_cast<std::int64_t>(offsets.size()) - 1;
  const auto upload = [&](const auto& values) {
    using T = typename std::decay_t<decltype(values)>::value_type;
    w.segments.reserve(std::max<std::size_t>(values.size() * sizeof(T), 1));
    if (!values.empty())
      streams::upload(w.segments.p, reinterpret_cast<const unsigned char*>(values.data()),
                      values.size() * sizeof(T), stream);
    return reinterpret_cast<const T*>(w.segments.p);
  };
  if (by == segmented::offsets32)
    return call(scan::offsets(upload(std::vector<std::int32_t>(offsets.begin(), offsets.end())),
                              num_segments));
  if (by == segmented::offsets64) return call(scan::offsets(upload(offsets), num_segments));
  std::vector<std::uint8_t> flags(static_cast<std::size_t>(n), 0);
  std::vector<std::int32_t> keys(static_cast<std::size_t>(n));
  std::int32_t run = 0;
  for (std::int64_t s = 0; s < num_segments; ++s) {
    if (offsets[s] == offsets[s + 1]) continue;
    flags[static_cast<std::size_t>(offsets[s])] = static_cast<std::uint8_t>(1 + run % 255);
    std::fill(keys.begin() + offsets[s], keys.begin() + offsets[s + 1], run % 3);
    ++run;
  }
  if (by == segmented::flags) return call(scan::head_flags(upload(flags)));
  call(scan::keys(upload(keys)));
}

// The segmented and batched calls a case makes. `out` is the output (a pointer, or a matrix for
// rows and columns), or it wrapped with the case's totals (scan/totals.hpp).
template <class In, class Out, class Op, class Output, class Segments>
void segmented_scan(mode m, const In* in, Output out, std::int64_t n, const Segments& segments,
                    const Out& init, const scan::options& opt) {
  switch (m) {
  case mode::inclusive:
    scan::segmented_inclusive_scan(in, out, n, segments, Op{}, opt);
    return;
  case mode::inclusive_init:
    scan::segmented_inclusive_scan(in, out, n, segments, init, Op{}, opt);
    return;
  case mode::exclusive:
    scan::segmented_exclusive_scan(in, out, n, segments, init, Op{}, opt);
    return;
  }
}

template <class In, class Out, class Op, class Output>
void matrix_scan(mode m, const scan::matrix<const In>& in, const Output& out, scan::along axis,
                 const Out& init, const scan::options& opt) {
  switch (m) {
  case mode::inclusive:
    scan::batched_inclusive_scan(in, out, axis, Op{}, opt);
    return;
  case mode::inclusive_init:
    scan::batched_inclusive_scan(in, out, axis, init, Op{}, opt);
    return;
  case mode::exclusive:
    scan::batched_exclusive_scan(in, out, axis, init, Op{}, opt);
    return;
  }
}

template <class In, class Out, class Op, class Output>
void strided_scan(mode m, const In* in, std::int64_t in_stride, Output out, std::int64_t out_stride,
                  std::int64_t n, const Out& init, const scan::options& opt) {
  switch (m) {
  case mode::inclusive:
    scan::strided_inclusive_scan(in, in_stride, out, out_stride, n, Op{}, opt);
    return;
  case mode::inclusive_init:
    scan::strided_inclusive_scan(in, in_stride, out, out_stride, n, init, Op{}, opt);
    return;
  case mode::exclusive:
    scan::strided_exclusive_scan(in, in_stride, out, out_stride, n, init, Op{}, opt);
    return;
  }
}

// A batched case's call: rows or columns of a matrix, or a strided sequence; with its totals
// when it asks for them.
template <class In, class Out, class Op>
void batched_scan(const case_plan& c, const In* in, Out* out, Out* totals, const Out& init,
                  const scan::options& opt) {
  const lanes_shape& s = c.lanes;
  if (c.shape == batched::strided) {
    if (c.totals)
      strided_scan<In, Out, Op>(c.m, in, s.in_item, scan::with_totals(out, totals), s.out_item,
                                s.length, init, opt);
    else
      strided_scan<In, Out, Op>(c.m, in, s.in_item, out, s.out_item, s.length, init, opt);
    return;
  }
  const bool rows = c.shape == batched::rows;
  const std::int64_t height = rows ? s.lanes : s.length, width = rows ? s.length : s.lanes;
  const scan::matrix<const In> in_m(in, height, width, rows ? s.in_lane : s.in_item);
  const scan::matrix<Out> out_m(out, height, width, rows ? s.out_lane : s.out_item);
  const scan::along axis = rows ? scan::along::rows : scan::along::columns;
  if (c.totals)
    matrix_scan<In, Out, Op>(c.m, in_m, scan::with_totals(out_m, totals), axis, init, opt);
  else
    matrix_scan<In, Out, Op>(c.m, in_m, out_m, axis, init, opt);
}

// The totals against the reference's, as compare() judges outputs: a total within sum_tolerance
// of its segment's length and magnitude. An exclusive total of 16-bit floats rounds twice
// (scan/totals.hpp), even over exact sums: the second time its last result, at most the
// segment's magnitude.
template <class In, class Out, class Op>
std::string compare_totals(const std::vector<In>& items, const std::vector<std::int64_t>& offsets,
                           mode m, const Out& init, const image& got, const std::vector<Out>& want,
                           values profile) {
  constexpr bool floating = scan_test::is_real_v<Out>;
  const bool rounds_twice = scan_test::is_half_precision_v<Out> && m == mode::exclusive;
  const bool tolerant =
      floating && is_sum_like<Op>() && (profile != values::eighths || rounds_twice);
  const double tree = std::log2(static_cast<double>(items.size()) + 1.0) + 2.0;
  mismatches<Out> wrong{"totals"};
  for (std::size_t s = 0; s < want.size(); ++s) {
    double tolerance = 0;
    if constexpr (floating) {
      double magnitude = m == mode::inclusive ? 0.0 : std::fabs(static_cast<double>(init));
      for (std::int64_t k = offsets[s]; k < offsets[s + 1]; ++k)
        magnitude += std::fabs(static_cast<double>(static_cast<Out>(items[k])));
      const auto length = static_cast<double>(offsets[s + 1] - offsets[s]);
      if (tolerant)
        tolerance = sum_tolerance<Out>(length + 1.0, tree, magnitude, want[s]) +
                    (rounds_twice ? scan_test::epsilon_of<Out>() * magnitude : 0.0);
    }
    wrong.check(static_cast<std::int64_t>(s), got.element<Out>(static_cast<std::int64_t>(s)),
                want[s], tolerant, tolerance);
  }
  return wrong.result("wrong totals");
}

inline outcome fail(std::string why) {
  return {verdict::failed, std::move(why)};
}

template <class In, class Out, class Op> outcome run_case(const case_plan& c, worker& w) {
  rng data(c.data_seed);
  // A batched case's input and output span their layouts; its items, lane after lane, are the
  // segments the reference scans.
  const bool lanes = c.shape != batched::none;
  const std::int64_t in_count = lanes ? c.lanes.in_extent() : c.n;
  const std::int64_t out_count = lanes ? c.lanes.out_extent() : c.n;
  const lanes_shape& at = c.lanes;
  std::vector<In> in(static_cast<std::size_t>(in_count));
  for (auto& x : in)
    x = draw<In, Op>(data, c.profile, c.n);
  const Out init = draw<Out, Op>(data, c.profile, c.n);
  std::vector<In> packed;
  if (lanes) {
    packed.reserve(static_cast<std::size_t>(c.n));
    for (std::int64_t l = 0; l < at.lanes; ++l)
      for (std::int64_t j = 0; j < at.length; ++j)
        packed.push_back(in[static_cast<std::size_t>(l * at.in_lane + j * at.in_item)]);
  }
  const std::vector<In>& items = lanes ? packed : in;
  std::vector<Out> want(items.size());
  std::vector<std::int64_t> offsets; // where each segment starts, and n
  if (c.segments != segmented::none) {
    offsets = draw_offsets(data, c.n);
    reference_segmented<In, Out, Op>(c.m, items, want, init, offsets);
  } else if (lanes) {
    for (std::int64_t l = 0; l <= at.lanes; ++l)
      offsets.push_back(l * at.length);
    reference_segmented<In, Out, Op>(c.m, items, want, init, offsets);
  } else {
    offsets = {0, c.n};
    reference_scan<In, Out, Op>(c.m, items, want, init);
  }
  // Each segment's total: its last inclusive result from init (when the mode has one). Flags and
  // keys give no empty segments: their totals are those of the others.
  std::vector<std::int64_t> totalled = offsets;
  if (c.segments == segmented::flags || c.segments == segmented::keys)
    totalled.erase(std::unique(totalled.begin(), totalled.end()), totalled.end());
  std::vector<Out> want_totals;
  if (c.totals) {
    std::vector<Out> from_init;
    if (c.m == mode::exclusive) {
      from_init.resize(items.size());
      reference_segmented<In, Out, Op>(mode::inclusive_init, items, from_init, init, offsets);
    }
    const std::vector<Out>& inclusive = c.m == mode::exclusive ? from_init : want;
    for (std::size_t s = 0; s + 1 < totalled.size(); ++s)
      want_totals.push_back(totalled[s + 1] > totalled[s] ? inclusive[totalled[s + 1] - 1]
                            : c.m == mode::inclusive      ? Out{}
                                                          : init);
  }

  scan::options opt = test_backend::options();
  opt.algorithm = c.algorithm;
  opt.stream = w.stream_of(c.stream);
  void* const stream = opt.stream;

  // The output region starts as the reference's complement (or, in place, the input); a batched
  // output's elements outside its lanes hold a pattern that must come back unchanged.
  image& out_sent = w.out_sent;
  image& in_sent = w.in_sent;
  out_sent.frame<Out>(out_count, c.out_offset);
  std::vector<char> in_lane;
  if (lanes) {
    in_lane.assign(static_cast<std::size_t>(out_count), 0);
    for (std::int64_t l = 0; l < at.lanes; ++l)
      for (std::int64_t j = 0; j < at.length; ++j)
        in_lane[static_cast<std::size_t>(l * at.out_lane + j * at.out_item)] = 1;
  }
  if (out_sent.data) {
    if (c.in_place) {
      std::memcpy(out_sent.at(), in.data(), out_sent.data);
    } else if (lanes) {
      for (std::size_t i = 0; i < out_sent.data; ++i)
        out_sent.at()[i] = static_cast<unsigned char>(0x3cu ^ (i * 7u));
      std::int64_t k = 0;
      for (std::int64_t l = 0; l < at.lanes; ++l)
        for (std::int64_t j = 0; j < at.length; ++j, ++k)
          for (std::size_t b = 0; b < sizeof(Out); ++b)
            out_sent
                .at()[static_cast<std::size_t>(l * at.out_lane + j * at.out_item) * sizeof(Out) +
                      b] =
                static_cast<unsigned char>(
                    ~reinterpret_cast<const unsigned char*>(&want[static_cast<std::size_t>(k)])[b]);
    } else {
      std::memcpy(out_sent.at(), want.data(), out_sent.data);
      for (std::size_t i = 0; i < out_sent.data; ++i)
        out_sent.at()[i] = static_cast<unsigned char>(~out_sent.at()[i]);
    }
  }
  w.out.reserve(out_sent.bytes.size());
  Out* const d_out = reinterpret_cast<Out*>(w.out.p + out_sent.lead);
  const In* d_in = reinterpret_cast<const In*>(d_out);
  if (!c.in_place) {
    in_sent.frame<In>(in_count, c.in_offset);
    if (in_sent.data) std::memcpy(in_sent.at(), in.data(), in_sent.data);
    w.in.reserve(in_sent.bytes.size());
    d_in = reinterpret_cast<const In*>(w.in.p + in_sent.lead);
  }
  // The totals region starts as the reference totals' complement.
  image& totals_sent = w.totals_sent;
  Out* d_totals = nullptr;
  if (c.totals) {
    totals_sent.frame<Out>(static_cast<std::int64_t>(want_totals.size()), 0);
    if (totals_sent.data) std::memcpy(totals_sent.at(), want_totals.data(), totals_sent.data);
    for (std::size_t i = 0; i < totals_sent.data; ++i)
      totals_sent.at()[i] = static_cast<unsigned char>(~totals_sent.at()[i]);
    w.totals.reserve(totals_sent.bytes.size());
    d_totals = reinterpret_cast<Out*>(w.totals.p + totals_sent.lead);
  }
  auto send = [&] {
    streams::upload(w.out.p, out_sent.bytes.data(), out_sent.bytes.size(), stream);
    if (!c.in_place) streams::upload(w.in.p, in_sent.bytes.data(), in_sent.bytes.size(), stream);
    if (c.totals)
      streams::upload(w.totals.p, totals_sent.bytes.data(), totals_sent.bytes.size(), stream);
  };
  auto fetch = [&](const image& sent, const region& r, image& into) {
    into.frame_like(sent);
    streams::download(into.bytes.data(), r.p, into.bytes.size(), stream);
  };

  // The scan itself; what it threw, if anything. Anything but scan::error is a failure.
  auto scan_once = [&]() -> std::string {
    try {
      scan::options call = opt;
      if (c.workspace != workspace_use::library_cache)
        call.workspace = w.workspace_for(c.stream, entry::workspace_bytes<In, Out>(c.n, opt),
                                         c.workspace, stream);
      if constexpr (segmentable<In, Out, Op>) {
        if (lanes) {
          batched_scan<In, Out, Op>(c, d_in, d_out, d_totals, init, call);
        } else if (c.segments != segmented::none) {
          with_segments(c.segments, offsets, c.n, w, stream, [&](const auto& segments) {
            if (c.totals)
              return segmented_scan<In, Out, Op>(c.m, d_in, scan::with_totals(d_out, d_totals), c.n,
                                                 segments, init, call);
            segmented_scan<In, Out, Op>(c.m, d_in, d_out, c.n, segments, init, call);
          });
        } else if (c.totals) {
          full_scan<In, Out, Op>(c.m, d_in, scan::with_totals(d_out, d_totals), c.n, init, call);
        }
      }
      if (!lanes && c.segments == segmented::none && !c.totals)
        entry::scan<In, Out, Op>(c.m, d_in, d_out, c.n, init, call);
      return {};
    } catch (const scan::error& e) {
      return std::string("scan::error: ") + (*e.what() ? e.what() : "(empty message)");
    } catch (const std::exception& e) {
      return std::string("an exception other than scan::error: ") + e.what();
    } catch (...) {
      return "something other than an exception";
    }
  };

  send();
  const std::string thrown = scan_once();

  if (!thrown.empty()) return fail("threw " + thrown);

  const image& got = w.out_back;
  fetch(out_sent, w.out, w.out_back);
  std::string problems = out_sent.guard_damage(got, "out");
  const auto add = [&](const std::string& problem) {
    if (!problem.empty()) problems += (problems.empty() ? "" : "; ") + problem;
  };
  if (lanes) {
    // The lanes' results, lane after lane, beside the reference; the rest as it was sent.
    image& results = w.packed_back;
    results.frame<Out>(c.n, 0);
    std::int64_t k = 0;
    for (std::int64_t l = 0; l < at.lanes; ++l)
      for (std::int64_t j = 0; j < at.length; ++j, ++k)
        std::memcpy(results.at() + static_cast<std::size_t>(k) * sizeof(Out),
                    got.at() +
                        static_cast<std::size_t>(l * at.out_lane + j * at.out_item) * sizeof(Out),
                    sizeof(Out));
    add(compare<In, Out, Op>(items, c.m, init, results, want, c.profile));
    std::int64_t changed = 0;
    for (std::int64_t i = 0; i < out_count; ++i)
      changed += !in_lane[static_cast<std::size_t>(i)] &&
                 std::memcmp(got.at() + i * sizeof(Out), out_sent.at() + i * sizeof(Out),
                             sizeof(Out)) != 0;
    if (changed) add(std::to_string(changed) + " elements between the lanes were written");
  } else {
    add(compare<In, Out, Op>(items, c.m, init, got, want, c.profile));
  }
  if (c.totals) {
    fetch(totals_sent, w.totals, w.totals_back);
    add(totals_sent.guard_damage(w.totals_back, "totals"));
    add(compare_totals<In, Out, Op>(items, totalled, c.m, init, w.totals_back, want_totals,
                                    c.profile));
  }
  if (!c.in_place) {
    fetch(in_sent, w.in, w.spare_back);
    if (w.spare_back.bytes != in_sent.bytes) add("the input region was modified");
  }
  if (!problems.empty()) return fail(problems);

  // The same call on the same input rounds the same way (README, "Guarantees").
  if constexpr (scan_test::is_real_v<Out>) {
    if (floats_repeat<test_backend>::value) {
      send();
      const std::string again = scan_once();
      if (!again.empty()) return fail("the repeated call threw " + again);
      const image& second = w.spare_back;
      fetch(out_sent, w.out, w.spare_back);
      if (second.bytes != got.bytes) {
        for (std::int64_t k = 0; k < out_count; ++k)
          if (std::memcmp(second.at() + k * sizeof(Out), got.at() + k * sizeof(Out), sizeof(Out)) !=
              0)
            return fail("not reproducible: out[" + std::to_string(k) +
                        "] = " + show(got.element<Out>(k)) + ", then " +
                        show(second.element<Out>(k)) + " on the same input");
        return fail("not reproducible: " + out_sent.guard_damage(second, "out"));
      }
    }
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// The type pairs and operators

template <class In, class Out, class Op> combo make_combo() {
  combo k;
  k.pair = std::is_same_v<In, Out> ? type_name<In>() : type_name<In>() + "->" + type_name<Out>();
  k.op = op_name<Op>();
  k.same_type = std::is_same_v<In, Out>;
  k.segmentable = segmentable<In, Out, Op>;
  k.largest = std::max(sizeof(In), sizeof(Out));
  if constexpr (scan_test::is_half_precision_v<Out>) // wide values would overflow half's sums
    k.profiles = {values::eighths, values::reals};
  else if constexpr (scan_test::is_real_v<Out>)
    k.profiles = {values::eighths, values::reals, values::wide};
  else if constexpr (std::is_integral_v<In>)
    k.profiles = {values::full, values::small, values::sparse_bits, values::dense_bits};
  else
    k.profiles = {values::full};
  k.run = &run_case<In, Out, Op>;
  return k;
}

struct combo_table {
  std::vector<std::vector<combo>> same_type; // per built-in type: every built-in operator on it
                                             // (scan::is_compiled) and user_plus
  std::vector<combo> widening;               // the compiled widening sums, and a user_plus one
  std::vector<combo> custom;                 // 16-byte affine maps (not commutative)

  const combo& draw(rng& r) const {
    const std::uint64_t u = r.below(100);
    if (u < 60) {
      const auto& ops = same_type[r.below(same_type.size())];
      return ops[r.below(ops.size())];
    }
    if (u < 85) return widening[r.below(widening.size())];
    return custom[r.below(custom.size())];
  }
};

inline combo_table make_table() {
  combo_table t;
  scan::for_each_entry(scan::element_types, [&](const auto& in_entry) {
    using T = typename std::decay_t<decltype(in_entry)>::type;
    std::vector<combo> ops;
    scan::for_each_entry(scan::operator_kinds, [&](const auto& op_entry) {
      using Op = typename std::decay_t<decltype(op_entry)>::type;
      if constexpr (scan::is_compiled<T, T, Op>()) ops.push_back(make_combo<T, T, Op>());
    });
    ops.push_back(make_combo<T, T, scan_test::user_plus>());
    t.same_type.push_back(std::move(ops));
    scan::for_each_entry(scan::element_types, [&](const auto& out_entry) {
      using Out = typename std::decay_t<decltype(out_entry)>::type;
      if constexpr (!std::is_same_v<T, Out> && scan::is_compiled<T, Out, scan::sum>())
        t.widening.push_back(make_combo<T, Out, scan::sum>());
    });
  });
  t.widening.push_back(make_combo<std::uint8_t, std::int64_t, scan_test::user_plus>());
  t.custom.push_back(make_combo<scan_test::affine64, scan_test::affine64, scan_test::then>());
  return t;
}

// ---------------------------------------------------------------------------------------------
// Drawing a case

// 80% up to 5001, mostly odd (ragged warps and tiles); 19% up to 2^20; 1% up to 2^25 (these take
// most of a run's time). A third of the larger ones at a power of two or one off it.
inline std::int64_t draw_size(rng& r) {
  const std::uint64_t kind = r.below(100);
  if (kind < 80) {
    auto n = static_cast<std::int64_t>(r.below(8) == 0 ? r.below(65) : r.below(5001));
    if (r.below(4) != 0) n |= 1;
    return n;
  }
  const int low = kind < 99 ? 12 : 20, high = kind < 99 ? 20 : 25;
  if (r.below(3) == 0) {
    const int k = low + static_cast<int>(r.below(static_cast<std::uint64_t>(high - low + 1)));
    return (std::int64_t{1} << k) + static_cast<std::int64_t>(r.below(3)) - 1;
  }
  return static_cast<std::int64_t>(std::exp2(low + (high - low) * r.unit()));
}

struct limits {
  std::int64_t max_n = std::numeric_limits<std::int64_t>::max();
  std::size_t max_array_bytes = std::size_t{128} << 20;
};

// A batched shape over about c.n items: matrix rows or columns of 1 .. 48 or 1 .. 3000 lanes (or
// a power of two up to 64), leading dimensions padded by 0 .. 8 elements, or a stride of 1 .. 3
// each side (in place: the input's). Batched scans take their scratch from the library and the
// tuned kernels only.
inline void draw_lanes(case_plan& c, rng& r, const limits& lim) {
  lanes_shape s;
  const auto shape = static_cast<batched>(1 + r.below(3));
  const auto pad = [&] { return r.below(3) == 0 ? std::int64_t{0} : std::int64_t(r.below(9)); };
  if (shape == batched::strided) {
    s.lanes = 1;
    s.in_item = 1 + static_cast<std::int64_t>(r.below(3));
    s.out_item = c.in_place ? s.in_item : 1 + static_cast<std::int64_t>(r.below(3));
    s.length = c.n / std::max(s.in_item, s.out_item);
  } else {
    const std::uint64_t most =
        std::min<std::uint64_t>(std::max<std::int64_t>(c.n, 1), r.below(2) == 0 ? 48 : 3000);
    // A quarter of them 1, 2, 4 .. 64 lanes: the few-column shapes the GPU kernels route apart.
    const auto width =
        r.below(4) == 0 ? std::min(std::int64_t{1} << r.below(7), static_cast<std::int64_t>(most))
                        : 1 + static_cast<std::int64_t>(r.below(most));
    const std::int64_t height = c.n / width;
    const std::int64_t ld_in = width + pad(), ld_out = c.in_place ? ld_in : width + pad();
    if (shape == batched::rows)
      s = {height, width, ld_in, 1, ld_out, 1};
    else
      s = {width, height, 1, ld_in, 1, ld_out};
  }
  const auto largest = static_cast<std::int64_t>(c.what->largest);
  if (std::max(s.in_extent(), s.out_extent()) * largest >
      static_cast<std::int64_t>(lim.max_array_bytes))
    return;
  c.shape = shape;
  c.lanes = s;
  c.n = s.lanes * s.length;
  c.workspace = workspace_use::library_cache;
}

inline case_plan draw_case(std::int64_t index, std::uint64_t master, const combo_table& table,
                           const limits& lim) {
  case_plan c;
  c.index = index;
  c.seed = case_seed(master, index);
  rng r(c.seed);
  c.what = &table.draw(r);
  c.m = static_cast<mode>(r.below(3));
  c.n = std::min(
      {draw_size(r), lim.max_n, static_cast<std::int64_t>(lim.max_array_bytes / c.what->largest)});
  constexpr auto algorithms = std::size(scan::algorithm_names);
  c.algorithm = scan::algorithm_names[r.below(algorithms)].value;
  c.in_place = c.what->same_type && r.below(4) == 0;
  c.in_offset = static_cast<int>(r.below(4));
  c.out_offset = static_cast<int>(r.below(4));
  const auto kind = static_cast<stream_kind>(r.below(stream_kinds));
  c.stream = streams::present ? kind : stream_kind::legacy_default;
  const std::uint64_t ws = r.below(5);
  c.workspace = ws < 2   ? workspace_use::library_cache
                : ws < 4 ? workspace_use::caller_exact
                         : workspace_use::caller_whole;
  c.profile = c.what->profiles[r.below(c.what->profiles.size())];
  c.data_seed = r.next();
  // Drawn last, so that the other draws of a case stay those of earlier versions of this file.
  // Segmented scans take their scratch memory from the library.
  if (!has_entry<test_backend>::value && c.what->segmentable && r.below(4) == 0) {
    c.segments = static_cast<segmented>(1 + r.below(4));
    c.workspace = workspace_use::library_cache;
  }
  if (!has_entry<test_backend>::value && c.what->segmentable) {
    if (c.segments == segmented::none && r.below(5) == 0) draw_lanes(c, r, lim);
    c.totals = r.below(4) == 0;
  }
  return c;
}

// ---------------------------------------------------------------------------------------------
// main

struct settings {
  std::uint64_t seed = 0;
  std::int64_t first = 0, end = 0; // cases [first, end)
  int threads = 1;
  std::int64_t max_failures = 20;
  limits lim;
  bool single = false;
};

inline settings read_settings() {
  settings s;
  const std::uint64_t random_seed =
      (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  s.seed = env_u64("SCAN_FUZZ_SEED", random_seed);
  const char* only = std::getenv("SCAN_FUZZ_CASE");
  s.single = only && *only;
  s.first = s.single ? static_cast<std::int64_t>(std::strtoll(only, nullptr, 0)) : 0;
  s.end = s.single ? s.first + 1 : static_cast<std::int64_t>(env_u64("SCAN_FUZZ_CASES", 3000));
  s.threads = static_cast<int>(std::clamp<std::uint64_t>(env_u64("SCAN_FUZZ_THREADS", 4), 1, 256));
  if (s.single || !concurrent_callers<test_backend>::value) s.threads = 1;
  s.max_failures = static_cast<std::int64_t>(env_u64("SCAN_FUZZ_MAX_FAILURES", 20));
  s.lim.max_n = static_cast<std::int64_t>(
      std::min<std::uint64_t>(env_u64("SCAN_TEST_MAX_N", std::numeric_limits<std::int64_t>::max()),
                              max_n_of<test_backend>::value));
  // A sixteenth of what the fixture says this machine holds, per array, leaves room for every
  // thread's input and output; independent of the thread count, so a case repeats alone.
  const std::int64_t items = test_backend::max_test_items();
  s.lim.max_array_bytes = std::min(
      s.lim.max_array_bytes, static_cast<std::size_t>(std::max<std::int64_t>(items / 16, 1024)));
  return s;
}

inline void print_counts(const stats& total) {
  for (const auto& [axis, counts] : total.by) {
    std::string line = "  by " + axis + ":";
    for (const auto& [value, count] : counts)
      line += " " + value + " " + std::to_string(count) + ",";
    line.pop_back();
    std::printf("%s\n", line.c_str());
  }
}

inline int run(int argc, char** argv) {
  const std::string why = test_backend::skip_reason();
  if (!why.empty()) {
    std::printf("SKIPPED: %s\n", why.c_str());
    return 77;
  }
  using session = typename session_of<test_backend>::type;
  [[maybe_unused]] const session guard = make_session<session>(argc, argv);

  const settings s = read_settings();
  const auto seed = static_cast<unsigned long long>(s.seed);
  std::printf("libscan fuzz, %s backend: seed %llu (SCAN_FUZZ_SEED), cases %lld..%lld, %d "
              "thread%s%s\n",
              name_of<test_backend>::get().c_str(), seed, static_cast<long long>(s.first),
              static_cast<long long>(s.end - 1), s.threads, s.threads == 1 ? "" : "s",
              concurrent_callers<test_backend>::value ? "" : " (the fixture allows one caller)");
  std::fflush(stdout);

  const combo_table table = make_table();
  void* const shared_stream = streams::create();

  std::atomic<std::int64_t> next{s.first}, failures{0};
  std::mutex print_mutex;
  std::vector<stats> counts(static_cast<std::size_t>(s.threads));
  const auto started = std::chrono::steady_clock::now();

  auto report = [&](const std::string& line) {
    const std::lock_guard<std::mutex> lock(print_mutex);
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
  };
  auto work = [&](int thread) {
    worker w;
    w.shared_stream = shared_stream;
    try {
      w.own_stream = streams::create();
    } catch (const std::exception& e) {
      ++failures;
      report(std::string("FAILED: thread ") + std::to_string(thread) +
             " could not create its stream: " + e.what());
      return;
    }
    for (;;) {
      const std::int64_t index = next++;
      if (index >= s.end || failures.load() >= s.max_failures) break;
      const case_plan c = draw_case(index, s.seed, table, s.lim);
      outcome result;
      try {
        result = c.what->run(c, w);
      } catch (const std::exception& e) { // the fixture's copies and allocations
        result = fail(std::string("the test's own memory operations failed: ") + e.what());
      }
      w.release_large();
      w.counts.count(c, result.result);
      if (result.result != verdict::failed) continue;
      ++failures;
      report("FAILED " + c.describe() + ": " + result.why + "\n  replay: SCAN_FUZZ_SEED=" +
             std::to_string(seed) + " SCAN_FUZZ_CASE=" + std::to_string(index) + " " + argv[0]);
    }
    w.release_all();
    streams::destroy(w.own_stream);
    counts[static_cast<std::size_t>(thread)] = std::move(w.counts);
  };
  if (s.threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < s.threads; ++t)
      pool.emplace_back(work, t);
    for (auto& t : pool)
      t.join();
  }
  streams::destroy(shared_stream);

  stats total;
  for (const auto& c : counts)
    total.merge(c);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("fuzz summary: %lld cases in %.1f s (%lld elements): %lld checked, %lld failed; "
              "seed %llu\n",
              static_cast<long long>(total.cases), seconds, static_cast<long long>(total.elements),
              static_cast<long long>(total.checked), static_cast<long long>(total.failed), seed);
  print_counts(total);
  if (total.failed || failures.load()) {
    std::printf("FAILED: %lld of %lld cases (SCAN_FUZZ_SEED=%llu SCAN_FUZZ_CASES=%lld repeats "
                "the run)\n",
                static_cast<long long>(total.failed), static_cast<long long>(total.cases), seed,
                static_cast<long long>(s.end));
    return 1;
  }
  if (total.checked == 0) {
    std::printf("SKIPPED: no case was checked\n");
    return 77;
  }
  return 0;
}

} // namespace scan_fuzz

int main(int argc, char** argv) {
  return scan_fuzz::run(argc, argv);
}
