// The matrix loop every bench shares, over one backend's memory (a `Device` policy, below): per
// type, make the input and its host reference once at the largest size; per size, time the copy
// first, then check and time each variant. Checking (perf/kit/check.hpp): the output is poisoned,
// one call is made, and every item plus a guard zone past the end is compared with the reference
// on the backend (the doctest suites are the thorough check; this one guards each timed
// configuration). Timing: the kit's measurement (perf/kit/measure.hpp) on the backend's clock;
// inputs that fit in the cache rotate through buffer sets cycled over three times the cache
// (perf/kit/rotation.hpp), so the data comes from memory as it would in a real pipeline.
//
// A Device provides:
//   static constexpr scan::backend id;  bool is_gpu() const;  std::size_t cache_bytes() const;
//   void* stream() const;
//   template <class T> T* allocate(std::int64_t n);  void release(void* p);
//   template <class T> void upload(T* dst, const T* src, std::int64_t n);
//   void fill_bytes(void* p, unsigned char byte, std::size_t bytes);
//   template <class T> std::int64_t first_mismatch(const T* out, const T* ref, std::int64_t n,
//       std::int64_t segment, bool inclusive, std::int64_t guard, unsigned char poison);
//       // as perf/kit/check.hpp's, on the backend's memory
//   void copy(void* dst, const void* src, std::size_t bytes);
//   template <class T> void baseline(const std::string& name, const T* in, T* out,
//                                    std::int64_t n, bool inclusive);
//   clock(): a clock of the kit (perf/kit/host_clock.hpp, perf/kit/cuda_clock.cuh)
// and, where it runs the classic strategies (perf/classic/, the scan_classic library):
//   static constexpr bool classic_strategies = true;
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "perf/classic/classic_scan.hpp"
#include "perf/kit/measure.hpp"
#include "perf/kit/rotation.hpp"
#include "perf/runner/bench.hpp"
#include "perf/runner/reference.hpp"
#include <scan/blockwise.hpp>
#include <scan/scan.hpp>
#include "src/compiled_set.hpp"

namespace scan::perf {

template <class Device, class = void> struct runs_classic : std::false_type {};
template <class Device>
struct runs_classic<Device, std::void_t<decltype(Device::classic_strategies)>>
    : std::bool_constant<Device::classic_strategies> {};

template <class Device> class matrix_driver {
public:
  matrix_driver(Device& dev, const device_info& info, const run_plan& plan,
                const std::vector<variant>& variants, recorder& rec)
      : dev_(dev), info_(info), plan_(plan),
        rec_(rec), sampling_{plan.warmup, plan.min_reps, plan.max_reps, plan.target_ms} {
    for (const variant& v : variants) {
      const std::int64_t segment = v.op == operation::blockwise ? v.segment : 0;
      auto g = std::find_if(groups_.begin(), groups_.end(),
                            [&](const group& x) { return x.segment == segment; });
      if (g == groups_.end()) g = groups_.insert(groups_.end(), group{segment, {}});
      g->members.push_back(v);
    }
  }

  void run() {
    for (scan::element_type t : plan_.types)
      detail::with_element_type(t, [&](auto tag) { run_type<typename decltype(tag)::type>(); });
  }

private:
  // Variants checked against one reference: the full scan (segment 0) or one blockwise size.
  struct group {
    std::int64_t segment;
    std::vector<variant> members;
  };

  template <class T> struct buffer {
    Device& dev;
    T* p;
    buffer(Device& d, std::int64_t n) : dev(d), p(d.template allocate<T>(n)) {}
    ~buffer() { dev.release(p); }
    buffer(const buffer&) = delete;
    buffer& operator=(const buffer&) = delete;
  };

  static constexpr std::int64_t guard = 64; // items past n that must stay untouched

  std::vector<std::int64_t> sizes() const {
    return plan_.sizes.empty() ? default_sizes(dev_.is_gpu()) : plan_.sizes;
  }

  kit::rotation rotation_for(std::int64_t n, std::size_t size) const {
    const std::size_t cache = dev_.cache_bytes();
    return kit::rotation(static_cast<std::size_t>(n) * size, plan_.rotate ? 3 * cache : 0,
                         2 * cache);
  }

  template <class T> void run_type() {
    const std::vector<std::int64_t> ns = sizes();
    const std::int64_t max_n = *std::max_element(ns.begin(), ns.end());
    std::int64_t capacity = max_n;
    // Per size: the cycle continues across variants, so none reuses a warm buffer.
    std::map<std::int64_t, kit::rotation> rotations;
    for (std::int64_t n : ns) {
      const kit::rotation r = rotation_for(n, sizeof(T));
      capacity = std::max(capacity, static_cast<std::int64_t>(r.bytes() / sizeof(T)));
      rotations.emplace(n, r);
    }
    buffer<T> in(dev_, capacity), out(dev_, capacity + guard), ref(dev_, max_n);
    // Touch the output once: first-touch page faults (host memory) stay out of the timings.
    dev_.fill_bytes(out.p, 0, static_cast<std::size_t>(capacity + guard) * sizeof(T));
    kit::host_array<T> h_in = kit::make_input<T>(capacity);
    dev_.upload(in.p, h_in.get(), capacity);

    std::map<std::int64_t, double> copy_us;
    for (const group& g : groups_) {
      {
        kit::host_array<T> h_ref = make_reference(h_in.get(), max_n, g.segment);
        dev_.upload(ref.p, h_ref.get(), max_n);
      }
      for (std::int64_t n : ns) {
        kit::rotation& rot = rotations.at(n);
        if (!copy_us.count(n)) {
          variant copy;
          copy.implementation = std::string(copy_name);
          copy_us[n] = measure(copy, n, true, g.segment, in.p, out.p, ref.p, 0, rot);
        }
        for (const variant& v : g.members)
          for (bool inclusive : plan_.inclusive)
            measure(v, n, inclusive, g.segment, in.p, out.p, ref.p, copy_us[n], rot);
      }
    }
  }

  template <class T>
  void invoke(const variant& v, const T* in, T* out, std::int64_t n, bool inclusive) {
    if (v.implementation == copy_name) {
      dev_.copy(out, in, static_cast<std::size_t>(n) * sizeof(T));
      return;
    }
    if (!v.is_libscan()) {
      dev_.baseline(v.implementation, in, out, n, inclusive);
      return;
    }
    scan::options o;
    o.backend = Device::id;
    o.algorithm = v.algorithm;
    o.stream = dev_.stream();
    if (v.block) {
      invoke_classic(*v.block, v, in, out, n, inclusive, o);
      return;
    }
    if (v.op == operation::scan) {
      if (inclusive)
        scan::inclusive_scan(in, out, n, scan::sum{}, o);
      else
        scan::exclusive_scan(in, out, n, T(0), scan::sum{}, o);
      return;
    }
    if (inclusive)
      scan::blockwise_inclusive_scan(in, out, n, v.segment, scan::sum{}, o);
    else
      scan::blockwise_exclusive_scan(in, out, n, v.segment, T(0), scan::sum{}, o);
  }

  // A classic strategy's scan, where unsupported<T>(v) is empty.
  template <class T>
  void invoke_classic(classic::strategy s, const variant& v, const T* in, T* out, std::int64_t n,
                      bool inclusive, const scan::options& o) {
    if constexpr (runs_classic<Device>::value) {
      if (v.op == operation::scan) {
        if (inclusive)
          classic::inclusive_scan(s, in, out, n, scan::sum{}, o);
        else
          classic::exclusive_scan(s, in, out, n, T(0), scan::sum{}, o);
        return;
      }
      if constexpr (!scan::accumulates_apart<T>) {
        if (inclusive)
          classic::blockwise_inclusive_scan(s, in, out, n, v.segment, scan::sum{}, o);
        else
          classic::blockwise_exclusive_scan(s, in, out, n, v.segment, T(0), scan::sum{}, o);
      }
    }
  }

  // Empty when this Device runs variant v on T, else why not (a skip, not a failure).
  template <class T> static std::string unsupported(const variant& v) {
    if (!v.block) return {};
    if (!runs_classic<Device>::value)
      return "the classic block strategies run on the cuda backend of a build with scan_classic";
    if (v.op == operation::blockwise && scan::accumulates_apart<T>)
      return "the classic blockwise scans take no 16-bit floats (they accumulate in float)";
    return {};
  }

  std::string describe(const variant& v, scan::element_type type, bool inclusive,
                       std::int64_t n) const {
    return std::string(to_string(Device::id)) + " " + std::string(to_string(type)) + " " +
           (inclusive ? "inclusive" : "exclusive") + " n=" + size_name(n) + " " + v.label();
  }

  // Checks (unless it is the copy) and times one variant; returns its median in microseconds.
  template <class T>
  double measure(const variant& v, std::int64_t n, bool inclusive, std::int64_t segment,
                 const T* in, T* out, const T* ref, double copy_us, kit::rotation& rot) {
    const scan::element_type type = scan::element_type_of<T>();
    const std::string what = describe(v, type, inclusive, n);
    if (const std::string why = unsupported<T>(v); !why.empty()) {
      rec_.skip(what, why);
      rec_.advance(what);
      return 0;
    }
    auto call = [&] {
      const std::int64_t set = rot.next();
      invoke(v, rot.at(in, set), rot.at(out, set), n, inclusive);
    };
    try {
      if (v.implementation != copy_name) {
        constexpr unsigned char poison = 0xA5;
        dev_.fill_bytes(out, poison, static_cast<std::size_t>(n + guard) * sizeof(T));
        invoke(v, in, out, n, inclusive);
        const std::int64_t bad =
            dev_.first_mismatch(out, ref, n, segment, inclusive, guard, poison);
        if (bad >= 0) {
          rec_.fail(what + ": " +
                    (bad < n ? "wrong result at index " + std::to_string(bad)
                             : "wrote past the end, at index " + std::to_string(bad)));
          rec_.advance(what);
          return 0;
        }
      }
      auto&& clock = dev_.clock();
      const kit::summary t = kit::measure(clock, sampling_, call);

      measurement m;
      m.backend = Device::id;
      m.device = info_;
      m.v = v;
      m.type = type;
      m.inclusive = inclusive;
      m.n = n;
      m.bytes = 2 * n * static_cast<std::int64_t>(sizeof(T));
      m.reps = t.count;
      m.median_us = t.median;
      m.min_us = t.min;
      m.max_us = t.max;
      m.copy_us = v.implementation == copy_name ? t.median : copy_us;
      m.cache = rot.label();
      rec_.record(m);
      rec_.advance(what);
      return t.median;
    } catch (const scan::error& e) {
      const std::string msg = e.what();
      if (msg.rfind("options", 0) == 0)
        rec_.skip(what, msg);
      else
        rec_.fail(what + ": " + msg);
    } catch (const std::exception& e) {
      rec_.fail(what + ": " + e.what());
    }
    rec_.advance(what);
    return 0;
  }

  Device& dev_;
  device_info info_;
  const run_plan& plan_;
  recorder& rec_;
  kit::sampling sampling_;
  std::vector<group> groups_;
};

} // namespace scan::perf
