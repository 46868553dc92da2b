// The kokkos fixture with the shared cases' calls made through the View entry points
// (scan/kokkos.hpp): the body's pointers become unmanaged Views (strided ones for strides and
// matrices, whose ld becomes a LayoutStride), with_totals' array a View of as many totals as the
// call writes, and the scans run on a Kokkos::DefaultExecutionSpace instance. Arguments no View can
// hold (a negative n or stride, an extent past the address space, a negative segment count) go to
// the pointer API, whose checks the body expects.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include <scan/batched.hpp>
#include <scan/kokkos.hpp>

#include "tests/kokkos/kokkos_fixture.hpp"

struct test_backend : kokkos_fixture {
  static constexpr const char* name = "kokkos views";

  struct calls {
    template <class T> using unmanaged = Kokkos::View<T*, memory, Kokkos::MemoryUnmanaged>;
    template <class T>
    using strided_view = Kokkos::View<T*, Kokkos::LayoutStride, memory, Kokkos::MemoryUnmanaged>;
    template <class T>
    using matrix_view = Kokkos::View<T**, Kokkos::LayoutStride, memory, Kokkos::MemoryUnmanaged>;

    static bool holds(std::int64_t n) {
      return n >= 0 && n <= std::numeric_limits<std::int64_t>::max() / 64;
    }
    template <class T> static auto view(T* p, std::int64_t n) {
      return unmanaged<T>(p, static_cast<std::size_t>(n));
    }
    template <class T> static auto view(T* p, std::int64_t n, std::int64_t stride) {
      return strided_view<T>(
          p, Kokkos::LayoutStride(static_cast<std::size_t>(n), static_cast<std::size_t>(stride)));
    }
    template <class T> static auto view(const ::scan::matrix<T>& m) {
      return matrix_view<T>(m.data, Kokkos::LayoutStride(static_cast<std::size_t>(m.rows),
                                                         static_cast<std::size_t>(m.ld),
                                                         static_cast<std::size_t>(m.cols), 1));
    }
    // An output pointer or matrix as a View, and with_totals' array as count() totals.
    template <class O, class Count, class Make> static auto output(const O& out, Count, Make make) {
      return make(out);
    }
    template <class O, class T, class Count, class Make>
    static auto output(const ::scan::with_totals<O, T>& out, Count count, Make make) {
      return ::scan::kokkos::with_totals(make(out.out), view(out.totals, count()));
    }
    template <class T> static const ::scan::matrix<T>& matrix_of(const ::scan::matrix<T>& m) {
      return m;
    }
    template <class T>
    static const ::scan::matrix<T>& matrix_of(const ::scan::with_totals<::scan::matrix<T>, T>& m) {
      return m.out;
    }
    template <class T> static bool valid(const ::scan::matrix<T>& m) {
      return holds(m.rows) && holds(m.cols) && (m.rows <= 1 || m.ld >= m.cols) && m.ld >= 0;
    }

    // call(init...): the inclusive form without an init, or the one of `inclusive` with it.
    template <class Init, class Inclusive, class Exclusive>
    static bool run(bool inclusive, bool with_init, const Init& init, Inclusive incl,
                    Exclusive excl) {
      if (!inclusive)
        excl(init);
      else if (with_init)
        incl(init);
      else
        incl();
      return true;
    }

    template <class In, class Output, class Init, class Op>
    static bool flat(bool inclusive, bool with_init, const In* in, const Output& out,
                     std::int64_t n, const Init& init, Op op, const ::scan::options& opt) {
      if (!holds(n)) return false;
      const auto v = view(in, n);
      const auto o = output(
          out, [] { return 1; }, [&](auto* p) { return view(p, n); });
      return run(
          inclusive, with_init, init,
          [&](auto... i) { ::scan::kokkos::inclusive_scan(exec{}, v, o, i..., op, opt); },
          [&](auto i) { ::scan::kokkos::exclusive_scan(exec{}, v, o, i, op, opt); });
    }

    template <class In, class Output, class Init, class Op>
    static bool blockwise(bool inclusive, bool with_init, const In* in, const Output& out,
                          std::int64_t n, std::int64_t segment, const Init& init, Op op,
                          const ::scan::options& opt) {
      if (!holds(n)) return false;
      const auto v = view(in, n);
      const std::int64_t count = segment > 0 ? (n + segment - 1) / segment : 0;
      const auto o = output(
          out, [&] { return count; }, [&](auto* p) { return view(p, n); });
      return run(
          inclusive, with_init, init,
          [&](auto... i) {
            ::scan::kokkos::blockwise_inclusive_scan(exec{}, v, o, segment, i..., op, opt);
          },
          [&](auto i) {
            ::scan::kokkos::blockwise_exclusive_scan(exec{}, v, o, segment, i, op, opt);
          });
    }

    template <class O> static auto segments_of(const ::scan::offsets<O>& s, std::int64_t) {
      return ::scan::kokkos::offsets(view(s.data, s.num_segments + 1), s.checked);
    }
    template <class F> static auto segments_of(const ::scan::head_flags<F>& s, std::int64_t n) {
      return ::scan::kokkos::head_flags(view(s.data, n));
    }
    template <class K, class E>
    static auto segments_of(const ::scan::keys<K, E>& s, std::int64_t n) {
      return ::scan::kokkos::keys(view(s.data, n), s.equal);
    }
    template <class O> static std::int64_t entries_of(const ::scan::offsets<O>& s) {
      return s.num_segments < 0 ? -1 : s.num_segments + 1;
    }
    template <class S> static std::int64_t entries_of(const S&) { return 0; }
    // How many totals the segments have: flags and keys are read back to count their heads.
    template <class O> static std::int64_t totals_of(const ::scan::offsets<O>& s, std::int64_t) {
      return s.num_segments;
    }
    template <class F>
    static std::int64_t totals_of(const ::scan::head_flags<F>& s, std::int64_t n) {
      return heads(s.data, n, [](const F& flag, const F&) { return !flag; });
    }
    template <class K, class E>
    static std::int64_t totals_of(const ::scan::keys<K, E>& s, std::int64_t n) {
      return heads(s.data, n, [&](const K& key, const K& before) { return s.equal(key, before); });
    }
    template <class T, class Continues>
    static std::int64_t heads(const T* data, std::int64_t n, Continues continues) {
      if (n <= 0 || !data) return n > 0 ? n : 0;
      std::vector<T> items(static_cast<std::size_t>(n));
      download(items.data(), data, n);
      std::int64_t count = 1;
      for (std::size_t i = 1; i < items.size(); ++i)
        count += continues(items[i], items[i - 1]) ? 0 : 1;
      return count;
    }

    template <class In, class Output, class Segments, class Init, class Op>
    static bool segmented(bool inclusive, bool with_init, const In* in, const Output& out,
                          std::int64_t n, const Segments& segments, const Init& init, Op op,
                          const ::scan::options& opt) {
      if (!holds(n) || !holds(entries_of(segments))) return false;
      const auto v = view(in, n);
      const auto s = segments_of(segments, n);
      const auto o = output(
          out, [&] { return totals_of(segments, n); }, [&](auto* p) { return view(p, n); });
      return run(
          inclusive, with_init, init,
          [&](auto... i) {
            ::scan::kokkos::segmented_inclusive_scan(exec{}, v, o, s, i..., op, opt);
          },
          [&](auto i) { ::scan::kokkos::segmented_exclusive_scan(exec{}, v, o, s, i, op, opt); });
    }

    template <class In, class Output, class Init, class Op>
    static bool batched(bool inclusive, bool with_init, const ::scan::matrix<const In>& in,
                        const Output& out, ::scan::along axis, const Init& init, Op op,
                        const ::scan::options& opt) {
      if (!valid(in) || !valid(matrix_of(out))) return false;
      const auto v = view(in);
      const auto o = output(
          out, [&] { return axis == ::scan::along::rows ? in.rows : in.cols; },
          [&](const auto& m) { return view(m); });
      return run(
          inclusive, with_init, init,
          [&](auto... i) {
            ::scan::kokkos::batched_inclusive_scan(exec{}, v, o, axis, i..., op, opt);
          },
          [&](auto i) { ::scan::kokkos::batched_exclusive_scan(exec{}, v, o, axis, i, op, opt); });
    }

    template <class In, class Output, class Init, class Op>
    static bool strided(bool inclusive, bool with_init, const In* in, std::int64_t in_stride,
                        const Output& out, std::int64_t out_stride, std::int64_t n,
                        const Init& init, Op op, const ::scan::options& opt) {
      if (!holds(n) || in_stride < 1 || out_stride < 1) return false;
      const auto v = view(in, n, in_stride);
      const auto o = output(
          out, [] { return 1; }, [&](auto* p) { return view(p, n, out_stride); });
      return run(
          inclusive, with_init, init,
          [&](auto... i) { ::scan::kokkos::inclusive_scan(exec{}, v, o, i..., op, opt); },
          [&](auto i) { ::scan::kokkos::exclusive_scan(exec{}, v, o, i, op, opt); });
    }
  };
};
