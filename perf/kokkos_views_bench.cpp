// Kokkos::View scans as Kokkos applications hold them, on Kokkos::DefaultExecutionSpace: one column
// of a rows x 4 LayoutRight int32 matrix (strided, scanned in place) and a contiguous View, each
// beside Kokkos::parallel_scan of the same View and a deep_copy of the whole matrix (the copy of
// the column test) or of the View. Timed through perf/kit/ (CUDA events on the instance's stream
// on Kokkos::Cuda, the steady clock around fences elsewhere); each result is checked.
//
//   kokkos_views_bench [rows (default 2^24)] [n of the contiguous View (default 2^28)]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>

#include <scan/kokkos.hpp>

#include "perf/kit/host_clock.hpp"
#include "perf/kit/measure.hpp"
#if defined(KOKKOS_ENABLE_CUDA)
#include "perf/kit/cuda_clock.cuh"
#endif

namespace {

using exec_space = Kokkos::DefaultExecutionSpace;

// Kokkos::parallel_scan's inclusive sum of a View, in place.
template <class View> struct inclusive_sum {
  using value_type = typename View::non_const_value_type;
  View v;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, value_type& partial,
                                         const bool final) const {
    partial += v(i);
    if (final) v(i) = partial;
  }
};

template <class View> struct set_ones {
  View v;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const { v(i) = 1; }
};

template <class View> void reset(const exec_space& exec, const View& v) {
  Kokkos::parallel_for("bench:ones",
                       Kokkos::RangePolicy<exec_space, Kokkos::IndexType<std::int64_t>>(
                           exec, 0, static_cast<std::int64_t>(v.extent(0))),
                       set_ones<View>{v});
}

template <class View> struct gather {
  Kokkos::View<int*> to;
  View from;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const { to(i) = from(i); }
};

// An inclusive sum of ones in place: item i must hold i + 1 (small enough to be exact).
template <class View> bool counts_up(const View& v) {
  Kokkos::View<int*> flat("bench:flat", v.extent(0));
  Kokkos::parallel_for("bench:gather",
                       Kokkos::RangePolicy<exec_space, Kokkos::IndexType<std::int64_t>>(
                           0, static_cast<std::int64_t>(v.extent(0))),
                       gather<View>{flat, v});
  auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace{}, flat);
  for (std::size_t i = 0; i < host.extent(0); ++i)
    if (host(i) != static_cast<int>(i + 1)) return false;
  return true;
}

struct fence_of {
  exec_space exec;
  void operator()() const { exec.fence(); }
};

template <class F> double median_us(const exec_space& exec, F&& call) {
  const scan::perf::kit::sampling s{3, 15, 100, 60, 0};
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same<exec_space, Kokkos::Cuda>::value) {
    scan::perf::kit::cuda_clock clock(exec.cuda_stream(), scan::perf::kit::cadence::back_to_back);
    return scan::perf::kit::measure(clock, s, call).median;
  }
#endif
  scan::perf::kit::host_clock<fence_of> clock(fence_of{exec});
  return scan::perf::kit::measure(clock, s, call).median;
}

void report(const char* what, std::int64_t items, double copy_us, double libscan_us,
            double kokkos_us, bool ok) {
  std::printf("| %s | %lld | %.1f | %.1f | %.1f | %.2f | %.2f | %s |\n", what,
              static_cast<long long>(items), copy_us, libscan_us, kokkos_us, libscan_us / copy_us,
              kokkos_us / libscan_us, ok ? "yes" : "NO");
}

} // namespace

int run(std::int64_t rows, std::int64_t n) {
  exec_space exec;
  std::printf("Kokkos %s, %s\n\n", exec_space::name(), exec_space::memory_space::name());
  std::printf("| View | items | copy (us) | libscan (us) | Kokkos::parallel_scan (us) | "
              "libscan / copy time | parallel_scan / libscan time | checked |\n"
              "|---|---|---|---|---|---|---|---|\n");
  bool all_ok = true;
  {
    Kokkos::View<int**, Kokkos::LayoutRight> m("bench:m", rows, 4), m2("bench:m2", rows, 4);
    auto col = Kokkos::subview(m, Kokkos::ALL, 1);
    const double copy = median_us(exec, [&] { Kokkos::deep_copy(exec, m2, m); });
    reset(exec, col);
    const double ours = median_us(exec, [&] { scan::kokkos::inclusive_scan(exec, col, col); });
    reset(exec, col);
    scan::kokkos::inclusive_scan(exec, col, col);
    exec.fence();
    const bool ok = counts_up(col);
    const double theirs = median_us(exec, [&] {
      Kokkos::parallel_scan("bench:parallel_scan", Kokkos::RangePolicy<exec_space>(exec, 0, rows),
                            inclusive_sum<decltype(col)>{col});
    });
    report("column 1 of rows x 4 LayoutRight int32 (copy: the whole matrix)", rows, copy, ours,
           theirs, ok);
    all_ok = all_ok && ok;
  }
  {
    Kokkos::View<int*> v("bench:v", n), v2("bench:v2", n);
    const double copy = median_us(exec, [&] { Kokkos::deep_copy(exec, v2, v); });
    reset(exec, v);
    scan::kokkos::inclusive_scan(exec, v, v);
    exec.fence();
    const bool ok = n < (std::int64_t{1} << 31) && counts_up(v);
    const double ours = median_us(exec, [&] { scan::kokkos::inclusive_scan(exec, v, v); });
    const double theirs = median_us(exec, [&] {
      Kokkos::parallel_scan("bench:parallel_scan", Kokkos::RangePolicy<exec_space>(exec, 0, n),
                            inclusive_sum<decltype(v)>{v});
    });
    report("contiguous int32", n, copy, ours, theirs, ok);
    all_ok = all_ok && ok;
  }
  return all_ok ? 0 : 1;
}

int main(int argc, char** argv) {
  const std::int64_t rows = argc > 1 ? std::atoll(argv[1]) : std::int64_t{1} << 24;
  const std::int64_t n = argc > 2 ? std::atoll(argv[2]) : std::int64_t{1} << 28;
  Kokkos::ScopeGuard kokkos(argc, argv);
  return run(rows, n);
}
