// The host backend beside one thread of std::inclusive_scan, a one-thread memcpy and a memcpy
// spread over the pool's threads (the ceiling scan_perf's host rows use), on inputs from memory;
// and the one-thread part scan (blocked_scan.hpp) called without the library's entry.
// The candidates of a size take turns, one call each per round in a shuffled order, so that a
// machine whose load changes meets them all alike; each figure is the median of its calls.
//
//   host_comparison [--types int32,double] [--min 10] [--max 24] [--markdown FILE]
//   host_comparison --sweep threads   libscan's scan on 1, 2, 4, ... threads at every size
//   host_comparison --sweep tiles     libscan's single pass at several tile sizes
//
// The sweeps run the library's orchestration over the host's parts with thresholds of their own
// (host_tuning.hpp holds the chosen ones). SCAN_HOST_THREADS sets the pool's threads.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <scan/detail/backends/host/host_backend.hpp>
#include <scan/detail/scan_on.hpp>
#include <scan/scan.hpp>
#include "perf/kit/input.hpp"
#include "perf/kit/markdown_table.hpp"
#include "perf/kit/rotation.hpp"
#include "perf/kit/summary.hpp"
#include "perf/kit/table_options.hpp"
#include "perf/runner/host_machine.hpp"
#include "src/compiled_set.hpp"

namespace {

using namespace scan;

// The host backend with thresholds other than the library's.
struct tuned_host {
  host::host_tuning tuning;
  template <class F> void with_parts(const options& call, F&& f) const {
    options opt = call;
    opt.stream = host::thread_key();
    host::host_parts parts;
    parts.tuning = tuning;
    detail::workspace_source<host::host_memory> ws(host::workspace_cache(), host::host_memory{},
                                                   opt);
    f(parts, ws);
  }
};

// Thresholds that run every size on exactly `threads` threads, in tiles of `tile_bytes`.
host::host_tuning forced(std::int64_t n, unsigned threads, std::size_t tile_bytes) {
  host::host_tuning t = host::default_host_tuning;
  for (int k = 0; k < 4; ++k) {
    t.serial_items[k] = threads == 1 ? host::host_tuning::never - 1 : 0;
    t.items_per_thread[k] = std::max<std::int64_t>(1, n / threads);
    t.two_thread_items[k] = threads == 1 ? host::host_tuning::never : 0;
  }
  t.tile_bytes = tile_bytes;
  t.second_thread_measured = false;
  return t;
}

struct candidate {
  std::string name;
  std::function<void(const void*, void*, std::int64_t)> call;
  bool checked; // a scan whose output must equal std::inclusive_scan's
};

struct settings {
  std::vector<std::string> types{"int8", "int16", "int32", "int64", "float", "double"};
  perf::kit::table_options sizes;
  std::string sweep; // empty, "threads" or "tiles"
  double target_ms = 40;
  int min_reps = 15, max_reps = 400;
};

double now_us() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

template <class T> class comparison {
public:
  explicit comparison(const settings& s) : s_(s) {}

  void run(const std::vector<std::int64_t>& ns) {
    const std::size_t cache = perf::host_cache_bytes();
    std::size_t capacity = 0;
    for (std::int64_t n : ns)
      capacity = std::max(capacity, rotation_for(n, cache).bytes());
    const auto items = static_cast<std::int64_t>(capacity / sizeof(T)) + 1;
    in_ = perf::kit::make_input<T>(items);
    out_ = perf::kit::make_host_array<T>(items);
    std::memset(out_.get(), 0, static_cast<std::size_t>(items) * sizeof(T));
    const std::string type(to_string(element_type_of<T>()));
    for (std::int64_t n : ns)
      time_size(type, n, rotation_for(n, cache));
  }

private:
  // As scan_perf: sets cycled over three times the cache, one set from twice the cache. Sets lie
  // 256 bytes apart at least, so the few items of a short scan would cycle gigabytes: at most
  // eight caches' worth of sets, each call's lines still cold when its set comes round again.
  static perf::kit::rotation rotation_for(std::int64_t n, std::size_t cache) {
    return perf::kit::rotation(static_cast<std::size_t>(n) * sizeof(T), 3 * cache, 2 * cache,
                               8 * cache);
  }

  static T* typed(void* p) { return static_cast<T*>(p); }
  static const T* typed(const void* p) { return static_cast<const T*>(p); }

  std::vector<candidate> candidates(std::int64_t n) const {
    std::vector<candidate> c;
    c.push_back({"std::inclusive_scan",
                 [](const void* in, void* out, std::int64_t m) {
                   std::inclusive_scan(typed(in), typed(in) + m, typed(out));
                 },
                 false});
    if (s_.sweep.empty()) {
      c.push_back({"memcpy",
                   [](const void* in, void* out, std::int64_t m) {
                     std::memcpy(out, in, static_cast<std::size_t>(m) * sizeof(T));
                   },
                   false});
      c.push_back({"copy",
                   [](const void* in, void* out, std::int64_t m) {
                     perf::host_pool_copy(out, in, static_cast<std::size_t>(m) * sizeof(T));
                   },
                   false});
      c.push_back({"libscan",
                   [](const void* in, void* out, std::int64_t m) {
                     options o;
                     o.backend = backend::host;
                     inclusive_scan(typed(in), typed(out), m, sum{}, o);
                   },
                   true});
      // The part scan a one-thread call runs, called directly: what the call itself costs.
      c.push_back({"part scan alone",
                   [](const void* in, void* out, std::int64_t m) {
                     host::part_scan(typed(in), typed(out), m, true, detail::maybe<T>{}, sum{});
                   },
                   true});
      return c;
    }
    const unsigned pool = host::thread_pool::instance_size();
    if (s_.sweep == "threads") {
      for (unsigned t = 1; t <= pool; t = t * 2 > pool && t < pool ? pool : t * 2)
        c.push_back(tuned("T=" + std::to_string(t), forced(n, t, tile_bytes())));
    } else {
      for (std::size_t kb : {16, 32, 64, 128, 256, 512, 1024, 4096})
        c.push_back(tuned(std::to_string(kb) + "K", forced(n, pool, kb << 10)));
    }
    return c;
  }

  static std::size_t tile_bytes() { return host::default_host_tuning.tile_bytes; }

  static candidate tuned(const std::string& name, const host::host_tuning& tuning) {
    return {name,
            [tuning](const void* in, void* out, std::int64_t m) {
              options o;
              o.backend = backend::host;
              detail::scan_on(tuned_host{tuning}, typed(in), typed(out), m, true,
                              detail::maybe<T>{}, o, sum{});
            },
            true};
  }

  void time_size(const std::string& type, std::int64_t n, perf::kit::rotation rot) {
    const std::vector<candidate> c = candidates(n);
    if (!table_) {
      std::string header = "| type | n |", rule = "|---|---|";
      for (const candidate& x : c) {
        header += " " + x.name + " |";
        rule += "--:|";
      }
      if (s_.sweep.empty()) {
        header += " libscan / std | libscan / copy |";
        rule += "--:|--:|";
      }
      table_ = std::make_unique<perf::kit::markdown_table>(heading(), header + "\n" + rule,
                                                           s_.sizes.markdown);
    }
    check(c, n);
    // Each candidate once, then as many rounds as fill target_ms.
    std::vector<std::vector<double>> t(c.size());
    double round_us = 0;
    for (std::size_t k = 0; k < c.size(); ++k)
      round_us += timed(c[k], n, rot);
    const int reps = std::clamp(static_cast<int>(s_.target_ms * 1e3 / std::max(round_us, 1.0)),
                                s_.min_reps, s_.max_reps);
    // Each round in its own order: a call runs slower after some others (after a copy, by up to
    // a microsecond at 2^12 items), and a fixed order would charge that to one candidate.
    std::vector<std::size_t> order(c.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::mt19937 shuffler(static_cast<unsigned>(n));
    for (int r = 0; r < reps; ++r) {
      std::shuffle(order.begin(), order.end(), shuffler);
      for (std::size_t k : order)
        t[k].push_back(timed(c[k], n, rot));
    }
    std::string line = "| " + type + " | 2^" + std::to_string(log2_of(n)) + " |";
    std::vector<double> median;
    for (auto& x : t) {
      median.push_back(perf::kit::summarize(x).median);
      char cell[32];
      std::snprintf(cell, sizeof cell, " %.3f |", 1e3 * median.back() / static_cast<double>(n));
      line += cell;
    }
    if (s_.sweep.empty()) {
      char cell[64];
      std::snprintf(cell, sizeof cell, " %.2f | %.2f |", median[0] / median[3],
                    median[2] / median[3]);
      line += cell;
    }
    table_->row(line.c_str());
  }

  double timed(const candidate& c, std::int64_t n, perf::kit::rotation& rot) {
    const std::int64_t set = rot.next();
    const T* in = rot.at(static_cast<const T*>(in_.get()), set);
    T* out = rot.at(out_.get(), set);
    const double start = now_us();
    c.call(in, out, n);
    return now_us() - start;
  }

  // Every scan once against std::inclusive_scan's result, before any timing.
  void check(const std::vector<candidate>& c, std::int64_t n) {
    std::vector<T> want(static_cast<std::size_t>(n)), got(static_cast<std::size_t>(n));
    std::inclusive_scan(in_.get(), in_.get() + n, want.begin());
    for (const candidate& x : c) {
      if (!x.checked) continue;
      x.call(in_.get(), got.data(), n);
      if (std::memcmp(got.data(), want.data(), static_cast<std::size_t>(n) * sizeof(T)) != 0) {
        std::fprintf(stderr, "host_comparison: %s differs from std::inclusive_scan at n = %lld\n",
                     x.name.c_str(), static_cast<long long>(n));
        std::exit(1);
      }
    }
  }

  std::string heading() const {
    const char* what = s_.sweep.empty()        ? "ns per item (median)"
                       : s_.sweep == "threads" ? "libscan on T threads from every size, ns per item"
                                               : "libscan's single pass by tile bytes, ns per item";
    return "### " + perf::cpu_name() + ", " + std::to_string(host::thread_pool::instance_size()) +
           " threads: " + what;
  }

  static int log2_of(std::int64_t n) {
    int k = 0;
    while ((std::int64_t{1} << (k + 1)) <= n)
      ++k;
    return k;
  }

  const settings& s_;
  perf::kit::host_array<T> in_, out_;
  std::unique_ptr<perf::kit::markdown_table> table_;
};

} // namespace

int main(int argc, char** argv) {
  settings s;
  s.sizes.min_log = 10;
  s.sizes.max_log = 24;
  CLI::App app{"libscan's host backend beside std::inclusive_scan and memcpy"};
  app.add_option("--types", s.types, "element types (default int8,int16,int32,int64,float,double)")
      ->delimiter(',');
  perf::kit::add_table_options(app, s.sizes, 32);
  app.add_option("--sweep", s.sweep, "threads or tiles: libscan at other thresholds")
      ->check(CLI::IsMember({"threads", "tiles"}));
  app.add_option("--target-ms", s.target_ms, "timed rounds per size fill about this (default 40)");
  app.add_option("--min-reps", s.min_reps, "rounds per size at least (default 15)");
  app.add_option("--max-reps", s.max_reps, "rounds per size at most (default 400)");
  CLI11_PARSE(app, argc, argv);

  std::vector<std::int64_t> ns;
  for (int k = s.sizes.min_log; k <= s.sizes.max_log; ++k)
    ns.push_back(std::int64_t{1} << k);
  for (const std::string& name : s.types) {
    bool known = false;
    for_each_entry(element_types, [&](const auto& entry) {
      using T = typename std::decay_t<decltype(entry)>::type;
      if (entry.name != name) return;
      known = true;
      if constexpr (std::is_arithmetic_v<T>) comparison<T>(s).run(ns);
    });
    if (!known) {
      std::fprintf(stderr, "host_comparison: unknown type %s\n", name.c_str());
      return 2;
    }
  }
}
