// The vendor-neutral GPU kernels (scan/detail/kernels/) run on the CPU emulation of simt.hpp
// against the host reference: every ladder block strategy, and the striped block scan, inside the
// part kernels, the single pass and the blockwise kernels, on a commutative sum and on
// non-commutative operators (8- and 16-byte values), inclusive and exclusive, ragged sizes; the
// blockwise kernels on 16-bit floats accumulating in float; and segmented scans' (value, head)
// pairs through the single pass.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <random>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <scan/detail/kernels/block_scan.cuh>
#include "perf/classic/blelloch.cuh"
#include "perf/classic/brent_kung.cuh"
#include "perf/classic/kogge_stone_double_buffered.cuh"
#include "perf/classic/kogge_stone_global.cuh"
#include "perf/classic/kogge_stone_shared.cuh"
#include <scan/detail/backends/cuda/cuda_tuning.hpp>
#include <scan/detail/backends/gpu/blockwise_plan.hpp>
#include <scan/detail/backends/gpu/gpu_tuning.hpp>
#include <scan/detail/backends/hip/hip_tuning.hpp>
#include <scan/detail/kernels/blockwise_kernels.cuh>
#include <scan/detail/kernels/cooperative_tile_copy.cuh>
#include <scan/detail/kernels/for_each_kernel.cuh>
#include <scan/detail/kernels/lanes_block_kernel.cuh>
#include <scan/detail/kernels/lanes_row_tile_kernel.cuh>
#include <scan/detail/kernels/offset_bits_kernel.cuh>
#include <scan/detail/kernels/part_kernels.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/kernels/staged_single_pass_kernel.cuh>
#include <scan/detail/kernels/warp_scan.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/rounded.hpp>
#include <scan/detail/vocabulary/sequence.hpp>
#include "tests/gpu_emulation/emulated_values.hpp"
#include "tests/gpu_emulation/host_lookback.hpp"
#include "tests/reference_scan.hpp"

namespace {

using scan::detail::maybe;

using emulation::affine;
using emulation::mat2;
using emulation::mat2_pair;
using emulation::matmul;
using emulation::matmul_pair;
using emulation::then;
using emulation::value;
// The single pass's two ways of numbering tiles, as template arguments of a generic lambda.
using by_ticket =
    std::integral_constant<scan::detail::tile_order, scan::detail::tile_order::by_ticket>;
using by_block_index =
    std::integral_constant<scan::detail::tile_order, scan::detail::tile_order::by_block_index>;
// Calls 0 and 1 of a single-pass test number tiles by ticket, later ones by block index.
template <class Run> void run_in_tile_order(int call, Run run) {
  if (call < 2)
    run(by_ticket{});
  else
    run(by_block_index{});
}

template <class T> std::vector<T> input(std::int64_t n, std::uint64_t salt) {
  std::vector<T> v(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    v[static_cast<std::size_t>(i)] = value<T>(static_cast<std::uint64_t>(i) * 977 + salt);
  return v;
}

// Reference of a blockwise scan (segment >= n: one scan of everything).
template <class T, class Op>
std::vector<T> reference(const std::vector<T>& in, std::int64_t segment, bool inclusive,
                         maybe<T> init, Op op) {
  const auto n = static_cast<std::int64_t>(in.size());
  std::vector<T> out(in.size());
  for (std::int64_t b = 0; b < n; b += segment) {
    const std::int64_t len = std::min(segment, n - b);
    scan::host::serial_scan(in.data() + b, out.data() + b, len, inclusive, init, op);
  }
  return out;
}

// First index where got differs from want, skipping indices `skip` says are unspecified.
template <class T, class Skip>
std::int64_t first_difference(const std::vector<T>& got, const std::vector<T>& want, Skip skip) {
  for (std::size_t i = 0; i < want.size(); ++i)
    if (!skip(static_cast<std::int64_t>(i)) && !(got[i] == want[i]))
      return static_cast<std::int64_t>(i);
  return -1;
}

template <class F> void launch(std::int64_t grid, int threads, F&& body) {
  simt::block_runner::launch(static_cast<unsigned>(grid), static_cast<unsigned>(threads), body);
}

// Test strategies beside the ladder's: several runs per thread (array frame and striped scan).
template <class Algorithm> struct coarse_array_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 64; }
  static constexpr int items(std::size_t, std::size_t) { return 4; }
  static constexpr int run(std::size_t, std::size_t) { return 2; }
  template <class Shape> using block_scan = scan::gpu::array_block_scan<Shape, Algorithm>;
};
struct striped_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 64; }
  static constexpr int items(std::size_t, std::size_t) { return 8; }
  static constexpr int run(std::size_t, std::size_t) { return 4; }
  template <class Shape>
  using block_scan = scan::gpu::striped_block_scan<Shape, scan::gpu::shuffle_warp_scan>;
};

// The blocked layout (one contiguous batch per thread) of the coarsened strategies.
struct blocked_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 64; }
  static constexpr int items(std::size_t, std::size_t) { return 16; }
  static constexpr int run(std::size_t, std::size_t) { return 16; }
  template <class Shape>
  using block_scan = scan::gpu::striped_block_scan<Shape, scan::gpu::shuffle_warp_scan>;
};

// A blockwise scan of n items through the kernel its plan picks, as gpu_blockwise.cuh launches
// them: In scanned in Out into `out` (a pointer, or rounded results). Short segments take vector
// accesses where `aligned`; long ones element accesses (per_segment_scans runs the full scan per
// segment on a GPU; the kernel is exact too). Returns the plan, for the messages.
template <class Strategy, class In, class OutSeq, class Out, class Op>
scan::gpu::blockwise_plan run_blockwise_kernels(const In* in, OutSeq out, std::int64_t n,
                                                std::int64_t segment, bool inclusive,
                                                maybe<Out> init, bool aligned, Op op) {
  using S = scan::gpu::shape_of<Strategy, In, Out>;
  using Wide = scan::gpu::wide_tile_shape<S, scan::cuda::cuda_tuning::wide_tile_blocks_per_sm>;
  const auto plan =
      scan::gpu::plan_blockwise(n, segment, S::tile_items, S::run, scan::gpu::prefetch_tiles<S>,
                                scan::gpu::prefetch_tiles<Wide>, scan::gpu::walks_segments<S>);
  if (plan.how == scan::gpu::blockwise_plan::method::short_segments) {
    const auto short_segments = [&](auto shape) {
      using Tile = decltype(shape);
      launch(plan.blocks, Tile::threads, [&] {
        scan::gpu::short_segments_kernel<Tile, typename Strategy::template block_scan<Tile>>(
            in, out, n, static_cast<int>(segment), plan.per_tile, inclusive, init, aligned, aligned,
            op);
      });
    };
    if (plan.wide_tiles)
      short_segments(Wide{});
    else
      short_segments(S{});
  } else {
    launch(std::min<std::int64_t>(plan.blocks, 7), S::threads, [&] {
      scan::gpu::long_segments_kernel<S, typename Strategy::template block_scan<S>>(
          in, out, n, segment, inclusive, init, false, false, op);
    });
  }
  return plan;
}

template <class Strategy, class T> struct kernels {
  using S = scan::gpu::shape_of<Strategy, T, T>;
  using B = typename Strategy::template block_scan<S>;

  // scan_parts with the reference's part prefixes as seeds: a full scan; totals per part.
  template <class Op> static void scan_parts(std::int64_t n, bool inclusive, maybe<T> init, Op op) {
    const auto in = input<T>(n, 1);
    const std::int64_t tiles = (n + S::tile_items - 1) / S::tile_items;
    const auto full = reference(in, n, true, init, op);
    std::vector<T> seeds(static_cast<std::size_t>(tiles)), totals(seeds.size());
    for (std::int64_t t = 1; t < tiles; ++t)
      seeds[static_cast<std::size_t>(t - 1)] =
          full[static_cast<std::size_t>(t * S::tile_items - 1)];
    std::vector<T> out(in.size(), value<T>(4321));
    const std::int64_t blocks = scan::gpu::part_blocks<S>(tiles);
    launch(blocks, S::threads, [&] {
      scan::gpu::scan_parts_kernel<S, B>(in.data(), out.data(), n, inclusive, init, seeds.data(),
                                         totals.data(), false, false, op);
    });
    const auto want = reference(in, n, inclusive, init, op);
    const auto unspecified = [&](std::int64_t i) { return !inclusive && i == 0 && !init.present; };
    CHECK(first_difference(out, want, unspecified) == -1);
    std::vector<T> reduced(seeds.size());
    launch(blocks, S::threads,
           [&] { scan::gpu::reduce_parts_kernel<S, B>(in.data(), n, reduced.data(), false, op); });
    for (std::int64_t t = 0; t < tiles; ++t) {
      const std::int64_t b = t * S::tile_items, len = std::min<std::int64_t>(S::tile_items, n - b);
      T r = in[static_cast<std::size_t>(b)];
      for (std::int64_t i = 1; i < len; ++i)
        r = op(r, in[static_cast<std::size_t>(b + i)]);
      CHECK(totals[static_cast<std::size_t>(t)] == r);
      CHECK(reduced[static_cast<std::size_t>(t)] == r);
    }
    // ScanThenFan's last two steps: parts scanned alone, then each part's base fanned in.
    std::vector<T> fanned(in.size(), value<T>(4321));
    launch(blocks, S::threads, [&] {
      scan::gpu::scan_parts_kernel<S, B>(in.data(), fanned.data(), n, inclusive, init,
                                         static_cast<const T*>(nullptr), static_cast<T*>(nullptr),
                                         false, false, op);
    });
    launch(scan::gpu::fan_blocks<S>(tiles), S::threads, [&] {
      scan::gpu::fan_parts_kernel<S>(fanned.data(), n, inclusive, seeds.data(), false, op);
    });
    CHECK(first_difference(fanned, want, unspecified) == -1);
  }

  template <class Op>
  static void single_pass(std::int64_t n, bool inclusive, maybe<T> init, Op op) {
    const auto in = input<T>(n, 2);
    const std::int64_t tiles = (n + S::tile_items - 1) / S::tile_items;
    host_lookback<T> lookback(tiles);
    std::vector<T> out(in.size());
    // Tiles by ticket, then by block index; later calls reuse the state (epochs).
    const auto want = reference(in, n, inclusive, init, op);
    for (int call = 0; call < 4; ++call) {
      std::fill(out.begin(), out.end(), value<T>(12345));
      const int delay_ns = call % 2 * 1000; // every other call sleeps before looking back
      run_in_tile_order(call, [&](auto order) {
        launch(tiles, S::threads, [&] {
          scan::gpu::single_pass_kernel<S, B, false, decltype(order)::value>(
              in.data(), out.data(), n, inclusive, init, lookback.header.data(),
              scan::gpu::tile_descriptors<T>(lookback.state), tiles, false, false, op, delay_ns);
        });
      });
      CHECK(first_difference(out, want, [&](std::int64_t i) {
              return !inclusive && i == 0 && !init.present;
            }) == -1);
    }
  }

  // The staged single pass (tile in shared memory, run totals scanned), from `skip` items into the
  // input: copied tiles where it is 16-byte aligned, element loads where not (and for the ragged
  // last tile). MaxBytes > 0: staged tiles of several register tiles (staged_shape_of).
  template <int MaxBytes = 0, class Op>
  static void staged_single_pass(std::int64_t n, std::int64_t skip, bool inclusive, maybe<T> init,
                                 Op op) {
    using SS = std::conditional_t<MaxBytes == 0, S, scan::gpu::staged_shape_of<S, T, MaxBytes>>;
    static_assert(MaxBytes == 0 || SS::items > S::items, "several register tiles per staged tile");
    using totals = scan::gpu::staged_totals_shape<SS, const T*, T*, T>;
    using TB = typename Strategy::template block_scan<totals>;
    const auto all = input<T>(n + skip, 3);
    const std::vector<T> in(all.begin() + skip, all.end());
    const std::int64_t tiles = (n + SS::tile_items - 1) / SS::tile_items;
    host_lookback<T> lookback(tiles);
    const T* source = all.data() + skip;
    const bool copy = reinterpret_cast<std::uintptr_t>(source) % 16 == 0;
    std::vector<T> out(in.size());
    const bool out_vector = reinterpret_cast<std::uintptr_t>(out.data()) % 16 == 0;
    INFO("n=" << n << " skip=" << skip << " copied tiles=" << copy
              << " vector stores=" << out_vector << " inclusive=" << inclusive);
    // Tiles by ticket, then by block index; later calls reuse the state (epochs).
    const auto want = reference(in, n, inclusive, init, op);
    for (int call = 0; call < 4; ++call) {
      std::fill(out.begin(), out.end(), value<T>(12345));
      run_in_tile_order(call, [&](auto order) {
        launch(tiles, SS::threads, [&] {
          scan::gpu::staged_single_pass_kernel<SS, TB, scan::gpu::cooperative_tile_copy,
                                               decltype(order)::value>(
              source, out.data(), n, inclusive, init, lookback.header.data(),
              scan::gpu::tile_descriptors<T>(lookback.state), tiles, copy, out_vector, op,
              call % 2 * 1000, call % 2 == 1);
        });
      });
      CHECK(first_difference(out, want, [&](std::int64_t i) {
              return !inclusive && i == 0 && !init.present;
            }) == -1);
    }
  }

  template <class Op>
  static void blockwise(std::int64_t n, std::int64_t segment, bool inclusive, maybe<T> init,
                        Op op) {
    const auto in = input<T>(n, static_cast<std::uint64_t>(segment));
    std::vector<T> out(in.size(), value<T>(999));
    // Vector accesses where both buffers start on a 16-byte boundary (whole runs of tiles of
    // whole segments; the kernel decides which tiles start on a word).
    const bool aligned = reinterpret_cast<std::uintptr_t>(in.data()) % 16 == 0 &&
                         reinterpret_cast<std::uintptr_t>(out.data()) % 16 == 0;
    const auto plan = run_blockwise_kernels<Strategy>(in.data(), out.data(), n, segment, inclusive,
                                                      init, aligned, op);
    INFO("n=" << n << " segment=" << segment << " tile=" << S::tile_items
              << " per tile=" << plan.per_tile << " wide=" << plan.wide_tiles
              << " inclusive=" << inclusive << " init=" << init.present << " vectors=" << aligned);
    const auto want = reference(in, segment, inclusive, init, op);
    const std::int64_t bad = first_difference(
        out, want, [&](std::int64_t i) { return !inclusive && !init.present && i % segment == 0; });
    CHECK_MESSAGE(bad == -1, "first wrong index " << bad);
  }
};

// The blockwise kernels on 16-bit floats T, accumulating in float into rounded results
// (vocabulary/rounded.hpp), as gpu_blockwise.cuh runs them. Each segment is `big`, whose
// neighbours in T are 2 apart, then ones: accumulated in T the sums would stay at `big`; in float
// item k of a segment is big + k (after init 0.5 when exclusive), rounded once.
template <class Strategy, class T>
void blockwise_rounded(std::int64_t n, std::int64_t segment, bool inclusive) {
  const float big = std::is_same_v<T, scan::half> ? 2048.0f : 256.0f;
  std::vector<T> in(static_cast<std::size_t>(n), T(1.0f));
  for (std::int64_t b = 0; b < n; b += segment)
    in[static_cast<std::size_t>(b)] = T(big);
  std::vector<T> out(in.size(), T(-7.0f));
  const bool aligned = reinterpret_cast<std::uintptr_t>(in.data()) % 16 == 0 &&
                       reinterpret_cast<std::uintptr_t>(out.data()) % 16 == 0;
  const auto plan = run_blockwise_kernels<Strategy>(
      in.data(), scan::detail::rounded_results<T*>{out.data()}, n, segment, inclusive,
      maybe<float>{0.5f, !inclusive}, aligned, scan::sum{});
  INFO("n=" << n << " segment=" << segment << " per tile=" << plan.per_tile
            << " inclusive=" << inclusive << " bytes=" << sizeof(T));
  std::int64_t bad = -1;
  for (std::int64_t i = 0; i < n && bad < 0; ++i) {
    const auto k = static_cast<float>(i % segment);
    const float want = inclusive ? big + k : k == 0 ? 0.5f : 0.5f + big + (k - 1);
    if (out[static_cast<std::size_t>(i)].bits != T(want).bits) bad = i;
  }
  CHECK_MESSAGE(bad == -1, "first wrong index " << bad);
}

// The kernels over strided sequences (vocabulary/sequence.hpp: a column of a matrix, a Kokkos
// LayoutStride View): the single pass, staged and not, and ScanThenFan's part kernels with
// reduce_parts; the items between a sequence's elements are left as they were.
template <class Strategy, class T> struct strided_kernels {
  using S = scan::gpu::shape_of<Strategy, T, T>;
  using B = typename Strategy::template block_scan<S>;

  template <class Op>
  static void check(std::int64_t n, std::int64_t in_stride, std::int64_t out_stride, bool inclusive,
                    maybe<T> init, Op op) {
    INFO("n=" << n << " strides " << in_stride << ", " << out_stride << " inclusive=" << inclusive);
    const auto in = input<T>(n, 5);
    std::vector<T> in_matrix(static_cast<std::size_t>(n * in_stride), value<T>(77));
    for (std::int64_t i = 0; i < n; ++i)
      in_matrix[static_cast<std::size_t>(i * in_stride)] = in[static_cast<std::size_t>(i)];
    const scan::detail::strided<const T> src{in_matrix.data(), in_stride};
    const T filler = value<T>(4321);
    std::vector<T> out_matrix;
    const auto fresh_output = [&] {
      out_matrix.assign(static_cast<std::size_t>(n * out_stride), filler);
      return scan::detail::strided<T>{out_matrix.data(), out_stride};
    };
    const auto want = reference(in, n, inclusive, init, op);
    const auto check_output = [&] {
      std::int64_t bad = -1;
      for (std::int64_t k = 0; k < n * out_stride && bad < 0; ++k) {
        const auto i = static_cast<std::size_t>(k / out_stride);
        const bool item = k % out_stride == 0;
        const bool unspecified = item && !inclusive && i == 0 && !init.present;
        if (!unspecified && !(out_matrix[static_cast<std::size_t>(k)] == (item ? want[i] : filler)))
          bad = k;
      }
      CHECK_MESSAGE(bad == -1, "first wrong matrix index " << bad);
    };

    const std::int64_t tiles = (n + S::tile_items - 1) / S::tile_items;
    host_lookback<T> lookback(tiles);
    const auto dst = fresh_output();
    launch(tiles, S::threads, [&] {
      scan::gpu::single_pass_kernel<S, B>(src, dst, n, inclusive, init, lookback.header.data(),
                                          scan::gpu::tile_descriptors<T>(lookback.state), tiles,
                                          false, false, op, 0);
    });
    check_output();
    // The staged single pass gathers strided tiles into shared memory, an item per thread.
    using totals_shape = scan::gpu::tile_shape<S::threads, S::runs, 1>;
    using TB = typename Strategy::template block_scan<totals_shape>;
    const auto staged = fresh_output();
    launch(tiles, S::threads, [&] {
      scan::gpu::staged_single_pass_kernel<S, TB, scan::gpu::cooperative_tile_copy>(
          src, staged, n, inclusive, init, lookback.header.data(),
          scan::gpu::tile_descriptors<T>(lookback.state), tiles, false, false, op, 0, false);
    });
    check_output();

    // ScanThenFan: parts scanned alone (totals kept), bases from the totals, bases fanned in.
    std::vector<T> totals(static_cast<std::size_t>(tiles)), reduced(totals.size());
    const std::int64_t blocks = scan::gpu::part_blocks<S>(tiles);
    const auto parts = fresh_output();
    launch(blocks, S::threads, [&] {
      scan::gpu::scan_parts_kernel<S, B>(src, parts, n, inclusive, init,
                                         static_cast<const T*>(nullptr), totals.data(), false,
                                         false, op);
    });
    launch(blocks, S::threads,
           [&] { scan::gpu::reduce_parts_kernel<S, B>(src, n, reduced.data(), false, op); });
    std::vector<T> bases(totals.size());
    for (std::int64_t t = 0; t + 1 < tiles; ++t) {
      const auto u = static_cast<std::size_t>(t);
      CHECK(reduced[u] == totals[u]);
      const T with_init = t == 0 && init.present ? op(init.value, totals[u]) : totals[u];
      bases[u] = t == 0 ? with_init : op(bases[u - 1], totals[u]);
    }
    launch(scan::gpu::fan_blocks<S>(tiles), S::threads,
           [&] { scan::gpu::fan_parts_kernel<S>(parts, n, inclusive, bases.data(), false, op); });
    check_output();
  }
};

// Segmented scans' (value, head) pairs through the single pass, a head every `spacing` items on
// average (none when 0): pairs of 4-byte values pack whole into a descriptor, pairs of 8-byte
// values as their value with the head in the tag, and a tile whose aggregate holds a head
// publishes it as its prefix at once. Values are small integers, exact as doubles in any order.
template <class Strategy, class T> void single_pass_pairs(std::int64_t n, std::int64_t spacing) {
  using P = scan::detail::headed<T>;
  using S = scan::gpu::shape_of<Strategy, P, P>;
  using B = typename Strategy::template block_scan<S>;
  const scan::detail::restart_at_heads<scan::sum> op{};
  std::vector<P> in(static_cast<std::size_t>(n)), want(in.size());
  std::uint64_t state = static_cast<std::uint64_t>(n * 131 + spacing);
  for (P& p : in) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const bool head = spacing > 0 && (state >> 33) % static_cast<std::uint64_t>(spacing) == 0;
    p = {static_cast<T>(static_cast<std::int64_t>(state >> 54) - 500), head ? 1 : 0};
  }
  for (std::size_t i = 0; i < in.size(); ++i)
    want[i] = i == 0 ? in[0] : op(want[i - 1], in[i]);
  const std::int64_t tiles = (n + S::tile_items - 1) / S::tile_items;
  host_lookback<P> lookback(tiles);
  INFO("n=" << n << " spacing=" << spacing << " value bytes=" << sizeof(T));
  for (int call = 0; call < 2; ++call) { // the second call reuses the state (epochs)
    std::vector<P> out(in.size(), P{T(12345), 7});
    launch(tiles, S::threads, [&] {
      scan::gpu::single_pass_kernel<S, B>(
          in.data(), out.data(), n, true, maybe<P>{}, lookback.header.data(),
          scan::gpu::tile_descriptors<P>(lookback.state), tiles, false, false, op, call * 1000);
    });
    std::int64_t bad = -1;
    for (std::size_t i = 0; bad < 0 && i < out.size(); ++i)
      if (!(out[i].value == want[i].value && out[i].head == want[i].head))
        bad = static_cast<std::int64_t>(i);
    CHECK(bad == -1);
  }
}

template <class Strategy> void check_strategy() {
  // 2600: parts beyond one block of each shape, with a ragged last part.
  const auto sizes = {std::int64_t{1}, std::int64_t{31}, std::int64_t{256}, std::int64_t{700},
                      std::int64_t{2600}};
  for (std::int64_t n : sizes) {
    kernels<Strategy, int>::scan_parts(n, true, {}, scan::sum{});
    kernels<Strategy, int>::scan_parts(n, false, {7, true}, scan::sum{});
    kernels<Strategy, affine>::scan_parts(n, true, {value<affine>(5), true}, then{});
    kernels<Strategy, mat2>::scan_parts(n, false, {value<mat2>(6), true}, matmul{});
  }
  kernels<Strategy, int>::single_pass(1000, true, {}, scan::sum{});
  kernels<Strategy, affine>::single_pass(900, false, {value<affine>(9), true}, then{});
  kernels<Strategy, mat2>::single_pass(600, true, {value<mat2>(6), true}, matmul{});
  for (std::int64_t segment : {1, 3, 7, 32, 33, 100, 255, 256, 257, 512, 1000, 3000}) {
    kernels<Strategy, int>::blockwise(2500, segment, true, {}, scan::max{});
    kernels<Strategy, int>::blockwise(2049, segment, false, {-3, true}, scan::sum{});
    kernels<Strategy, affine>::blockwise(1100, segment, true, {value<affine>(3), true}, then{});
    kernels<Strategy, affine>::blockwise(1100, segment, false, {value<affine>(4), true}, then{});
  }
  for (std::int64_t segment : {1, 7, 33, 1000, 3000})
    for (bool inclusive : {true, false}) {
      blockwise_rounded<Strategy, scan::half>(3100, segment, inclusive);
      blockwise_rounded<Strategy, scan::bfloat16>(3100, segment, inclusive);
    }
}

} // namespace

// The global scratch pool of kogge_stone_global (device memory a kernel module owns).
unsigned emulated_busy[scan::gpu::global_scratch_slots / 32];
uint4 emulated_slots[scan::gpu::global_scratch_slots * scan::gpu::global_scratch_slot_bytes / 16];
struct emulated_pool {
  static unsigned* busy() { return emulated_busy; }
  static uint4* slots() { return emulated_slots; }
};

// The rows from `from_row` on of each column of `in` (a `rows` x `lanes` matrix, leading
// dimension ld_in) scanned on its own, into `want` (leading dimension ld_out), whose other items
// stay as they are.
template <class T, class Op>
void scan_columns(const std::vector<T>& in, std::int64_t rows, std::int64_t lanes,
                  std::int64_t ld_in, std::int64_t ld_out, bool inclusive, maybe<T> init, Op op,
                  std::vector<T>& want, std::int64_t from_row = 0) {
  for (std::int64_t l = 0; l < lanes; ++l) {
    std::vector<T> column(static_cast<std::size_t>(rows)), scanned(column.size());
    for (std::int64_t j = 0; j < rows; ++j)
      column[static_cast<std::size_t>(j)] = in[static_cast<std::size_t>(l + j * ld_in)];
    scan::host::serial_scan(column.data(), scanned.data(), rows, inclusive, init, op);
    for (std::int64_t j = from_row; j < rows; ++j)
      want[static_cast<std::size_t>(l + j * ld_out)] = scanned[static_cast<std::size_t>(j)];
  }
}

// Columns of a `rows` x `lanes` matrix with leading dimensions on row tiles
// (lanes_row_tile_kernel.cuh), each scanned on its own against a serial scan of it, twice on one
// look-back state (the second call under the next epoch); padding between rows stays as it was.
template <class T, class Op>
void row_tile_columns(std::int64_t rows, std::int64_t lanes, std::int64_t ld_in,
                      std::int64_t ld_out, bool inclusive, maybe<T> init, Op op,
                      bool in_place = false, std::int64_t skip = 0) {
  INFO(rows << " x " << lanes << " ld " << ld_in << "/" << ld_out << " inclusive=" << inclusive
            << " init=" << init.present << " in place=" << in_place << " skip=" << skip);
  const scan::detail::lanes_layout at{lanes, rows, {1, ld_in}, {1, ld_out}};
  const auto in = input<T>((rows - 1) * ld_in + lanes, 5);
  const auto poison = value<T>(4321);
  const auto out_size = static_cast<std::size_t>((rows - 1) * ld_out + lanes);
  std::vector<T> want = in_place ? in : std::vector<T>(out_size, poison);
  scan_columns(in, rows, lanes, ld_in, ld_out, inclusive, init, op, want);
  const std::int64_t tiles = scan::gpu::row_tile_count<T>(at);
  const auto descriptors = static_cast<std::size_t>(tiles * lanes);
  host_lookback<T> lookback(static_cast<std::int64_t>(descriptors));
  // `skip` elements before each matrix: rows that start off a 16-byte boundary.
  std::vector<T> source(static_cast<std::size_t>(skip), poison);
  source.insert(source.end(), in.begin(), in.end());
  for (int call = 0; call < 2; ++call) {
    std::vector<T> out(static_cast<std::size_t>(skip), poison);
    out.insert(out.end(), want.size(), poison);
    if (in_place) std::copy(in.begin(), in.end(), out.begin() + skip);
    const T* from = in_place ? out.data() + skip : source.data() + skip;
    launch(tiles, scan::gpu::row_tile_threads, [&] {
      scan::gpu::lanes_row_tile_kernel(from, out.data() + skip, at, inclusive, init,
                                       lookback.header.data(),
                                       scan::gpu::tile_descriptors<T>(lookback.state), tiles, op);
    });
    CHECK(first_difference(std::vector<T>(out.begin() + skip, out.end()), want,
                           [](std::int64_t) { return false; }) == -1);
  }
}

TEST_CASE("columns on row tiles") {
  // Three tiles or more each: one lane (tiles of 7936 rows), a warp's slots over few lanes, a
  // slot per lane (33, 64), a thread per lane (256), and a single row.
  for (bool inclusive : {true, false}) {
    const maybe<int> seed = inclusive ? maybe<int>{} : maybe<int>{-7, true};
    row_tile_columns<int>(20000, 1, 1, 1, inclusive, seed, scan::sum{});
    row_tile_columns<int>(5000, 3, 3, 5, inclusive, seed, scan::sum{});
    row_tile_columns<int>(3000, 7, 9, 7, inclusive, seed, scan::sum{});
    row_tile_columns<int>(700, 33, 33, 40, inclusive, seed, scan::sum{});
    row_tile_columns<int>(300, 64, 64, 64, inclusive, seed, scan::sum{});
    row_tile_columns<int>(70, 256, 260, 256, inclusive, seed, scan::sum{});
    row_tile_columns<int>(1, 5, 5, 5, inclusive, seed, scan::sum{});
    row_tile_columns<long long>(1000, 100, 101, 100, inclusive, {}, scan::max{});
    row_tile_columns<affine>(900, 7, 7, 7, inclusive, {value<affine>(3), true}, then{});
    row_tile_columns<affine>(200, 64, 70, 64, inclusive, {value<affine>(8), true}, then{});
  }
  row_tile_columns<int>(3000, 7, 7, 7, false, {11, true}, scan::sum{}, true);
  row_tile_columns<int>(300, 64, 65, 65, true, {}, scan::sum{}, true);
  // Packed rows from an element past a 16-byte boundary: single elements, then words.
  row_tile_columns<int>(20000, 1, 1, 1, true, {}, scan::sum{}, false, 1);
  row_tile_columns<int>(3001, 7, 7, 7, false, {2, true}, scan::sum{}, true, 3);
  row_tile_columns<long long>(1000, 5, 5, 5, true, {}, scan::max{}, false, 1);
}

// Columns on the block kernel (lanes_block_kernel.cuh) with chunks of Run items and Polls
// predecessors a row of threads per round trip. The first `published` rows of tiles publish their
// aggregates by hand (the first row its prefixes) and never run: blocks run in ticket order here,
// so only then do look-backs walk many rounds, and floats fold forward through several. Their
// output stays poisoned; every other item equals a serial scan of its column.
template <int Run, int Polls, class T, class Op>
void lane_block_columns(std::int64_t rows, std::int64_t lanes, std::int64_t ld_in,
                        std::int64_t ld_out, bool inclusive, maybe<T> init, Op op,
                        std::int64_t published) {
  INFO(rows << " x " << lanes << " ld " << ld_in << "/" << ld_out << " inclusive=" << inclusive
            << " init=" << init.present << " run " << Run << " polls " << Polls << " published "
            << published);
  namespace gpu = scan::gpu;
  const scan::detail::lanes_layout at{lanes, rows, {1, ld_in}, {1, ld_out}};
  const auto in = input<T>((rows - 1) * ld_in + lanes, 9);
  const auto poison = value<T>(4321);
  constexpr std::int64_t tile_rows = std::int64_t{Run} * gpu::lane_block_rows;
  const std::int64_t groups = (lanes + gpu::lane_group - 1) / gpu::lane_group;
  const std::int64_t descriptors = gpu::lane_block_tiles<Run>(at);
  const std::int64_t blocks = descriptors / gpu::lane_group;
  REQUIRE(published * tile_rows < rows);
  std::vector<T> want(static_cast<std::size_t>((rows - 1) * ld_out + lanes), poison);
  scan_columns(in, rows, lanes, ld_in, ld_out, inclusive, init, op, want, published * tile_rows);
  host_lookback<T> lookback(descriptors);
  const gpu::tile_descriptors<T> d(lookback.state);
  for (int call = 0; call < 2; ++call) {
    const unsigned long long epoch = lookback.header[1] + 1;
    for (std::int64_t k = 0; k < published; ++k)
      for (std::int64_t l = 0; l < lanes; ++l) {
        const auto at_row = [&](std::int64_t j) {
          return in[static_cast<std::size_t>(l + (k * tile_rows + j) * ld_in)];
        };
        T total = at_row(0);
        for (std::int64_t j = 1; j < tile_rows; ++j)
          total = op(total, at_row(j));
        const std::int64_t tile =
            (k * groups + l / gpu::lane_group) * gpu::lane_group + l % gpu::lane_group;
        if (k == 0)
          d.publish(tile, epoch, scan::detail::lookback_prefix_ready,
                    init.present ? op(init.value, total) : total);
        else
          d.publish(tile, epoch, scan::detail::lookback_aggregate_ready, total);
      }
    lookback.header[0] = static_cast<unsigned long long>(published * groups); // the next ticket
    std::vector<T> out(want.size(), poison);
    launch(blocks - published * groups, gpu::lane_block_threads, [&] {
      gpu::lanes_block_kernel<Run, Polls>(in.data(), out.data(), at, inclusive, init,
                                          lookback.header.data(), d, blocks, op);
    });
    const auto unspecified = [&](std::int64_t i) {
      return !inclusive && !init.present && published == 0 && i < lanes;
    };
    CHECK(first_difference(out, want, unspecified) == -1);
  }
}

TEST_CASE("columns on lane blocks") {
  // Tiles of 16 rows; 40 lanes: a full group and a part-empty one. 90 rows of tiles published
  // by hand: the first look-back walks three rounds of 32 (Polls 4) or twelve of 8 (Polls 1).
  for (bool inclusive : {true, false}) {
    const maybe<int> seed = inclusive ? maybe<int>{} : maybe<int>{-7, true};
    lane_block_columns<2, 4>(1500, 40, 43, 41, inclusive, seed, scan::sum{}, 90);
    lane_block_columns<2, 1>(1500, 40, 43, 41, inclusive, seed, scan::sum{}, 90);
    lane_block_columns<2, 4>(301, 33, 33, 33, inclusive, seed, scan::sum{}, 0);
    lane_block_columns<2, 4>(1500, 7, 7, 9, inclusive, maybe<affine>{value<affine>(3), true},
                             then{}, 90);
    lane_block_columns<2, 1>(1500, 7, 7, 9, inclusive, maybe<affine>{value<affine>(3), true},
                             then{}, 90);
    lane_block_columns<2, 4>(997, 35, 35, 35, inclusive, maybe<affine>{}, then{}, 40);
  }
  lane_block_columns<2, 4>(1200, 64, 64, 64, false, maybe<int>{}, scan::sum{}, 0);
  // 16-byte values: one predecessor a row (split descriptors).
  lane_block_columns<2, scan::gpu::lane_block_polls<mat2>>(
      700, 5, 5, 5, true, maybe<mat2>{value<mat2>(2), true}, matmul{}, 35);
}

// set_offset_bits_kernel, and set_start_bits_kernel a thread a segment, over `offsets` copied
// `shift` elements into a 16-byte aligned buffer (so runs start off and on 16-byte boundaries),
// against the starts of the non-empty segments set one by one, on a grid of `blocks` blocks
// (several passes where it is small). Bad offsets must be reported and leave the words around the
// bitmap alone.
template <class Offset>
void offset_bits_match(const std::vector<std::int64_t>& offsets, std::int64_t n, int shift,
                       unsigned blocks, bool bad) {
  const auto segments = static_cast<std::int64_t>(offsets.size()) - 1;
  INFO(segments << " segments of " << n << " items (" << sizeof(Offset) << "-byte offsets, shift "
                << shift << "), " << blocks << " blocks");
  const auto words = static_cast<std::size_t>((n + 31) / 32);
  std::vector<std::uint32_t> want(words + 2, 0), got(words + 2, 0);
  if (!bad)
    for (std::size_t s = 0; s + 1 < offsets.size(); ++s)
      if (offsets[s] < offsets[s + 1])
        want[1 + static_cast<std::size_t>(offsets[s] >> 5)] |= 1u << (offsets[s] & 31);
  std::vector<Offset> buffer(offsets.size() + 4);
  std::copy(offsets.begin(), offsets.end(), buffer.begin() + shift);
  std::uint32_t flagged = 0;
  const scan::detail::offset_starts<Offset> starts{buffer.data() + shift, segments, n, &flagged};
  const scan::gpu::offset_bit_pass pass = scan::gpu::offset_bit_pass_of(starts.offsets, segments);
  launch(blocks, scan::gpu::for_each_threads,
         [&] { scan::gpu::set_offset_bits_kernel(starts, pass, got.data() + 1); });
  // The sparse layouts' way: a thread a segment.
  std::vector<std::uint32_t> one_by_one(words + 2, 0);
  std::uint32_t flagged_one_by_one = 0;
  const scan::detail::offset_starts<Offset> each{starts.offsets, segments, n, &flagged_one_by_one};
  launch(blocks, scan::gpu::for_each_threads,
         [&] { scan::gpu::set_start_bits_kernel(each, one_by_one.data() + 1); });
  CHECK(flagged == (bad ? 1u : 0u));
  CHECK(flagged_one_by_one == (bad ? 1u : 0u));
  if (bad) {
    CHECK((got.front() == 0 && got.back() == 0));
    CHECK((one_by_one.front() == 0 && one_by_one.back() == 0));
  } else {
    CHECK(got == want);
    CHECK(one_by_one == want);
  }
}

// Offsets of random segments of mean length `mean` over n items, one in `empty` of them empty.
std::vector<std::int64_t> random_offsets(std::mt19937_64& rng, std::int64_t n, std::int64_t mean,
                                         int empty) {
  std::vector<std::int64_t> offsets{0};
  for (std::int64_t at = 0; at < n;) {
    if (rng() % static_cast<std::uint64_t>(empty) != 0)
      at = std::min(
          n, at + 1 + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(2 * mean - 1)));
    offsets.push_back(at);
  }
  return offsets;
}

template <class Offset> void offset_bits_cases() {
  std::mt19937_64 rng(7);
  const std::int64_t n = 12011;
  // Mean length 1 and 4: a word holds many starts and spans lanes; 16 and 100: lanes share few
  // words or none; 5000: most lanes mark nothing, runs of empty words between.
  for (std::int64_t mean : {1, 4, 16, 100, 5000}) {
    const std::vector<std::int64_t> offsets = random_offsets(rng, n, mean, 7);
    for (int shift = 0; shift < 4; ++shift)
      for (unsigned blocks : {1u, 5u})
        offset_bits_match<Offset>(offsets, n, shift, blocks, false);
  }
  // Every segment empty but one, segments all of length 1, and empty segments after the last item
  // (at n, which has no bit: 12000 items fill their words exactly).
  std::vector<std::int64_t> one(3000, 0), ones(n + 1);
  one.push_back(n);
  for (std::int64_t i = 0; i <= n; ++i)
    ones[static_cast<std::size_t>(i)] = i;
  std::vector<std::int64_t> trailing = random_offsets(rng, 12000, 4, 7);
  trailing.insert(trailing.end(), 40, 12000);
  for (int shift = 0; shift < 2; ++shift) {
    offset_bits_match<Offset>(one, n, shift, 2, false);
    offset_bits_match<Offset>(ones, n, shift, 2, false);
    offset_bits_match<Offset>(trailing, 12000, shift, 2, false);
  }
  // Bad offsets: one decreasing, the first not 0, the last short of n, one past n.
  std::vector<std::int64_t> offsets = random_offsets(rng, n, 4, 7);
  const std::size_t middle = offsets.size() / 2;
  std::vector<std::int64_t> decreasing = offsets, late_start = offsets, short_end = offsets,
                            past_end = offsets;
  std::swap(decreasing[middle], decreasing[middle + 40]);
  late_start[0] = 1;
  short_end.back() = n - 1;
  past_end[middle] = n + 1;
  for (const auto* bad : {&decreasing, &late_start, &short_end, &past_end})
    offset_bits_match<Offset>(*bad, n, 1, 3, true);
}

TEST_CASE("offset bits: segment starts") {
  offset_bits_cases<std::int32_t>();
  offset_bits_cases<std::uint64_t>();
}

TEST_CASE("strided sequences") {
  for (std::int64_t n : {std::int64_t{1}, std::int64_t{255}, std::int64_t{2600}})
    for (bool inclusive : {true, false}) {
      strided_kernels<striped_strategy, int>::check(n, 3, 2, inclusive, {5, true}, scan::sum{});
      strided_kernels<striped_strategy, int>::check(n, 1, 4, inclusive, {}, scan::max{});
      strided_kernels<striped_strategy, affine>::check(n, 2, 3, inclusive, {value<affine>(4), true},
                                                       then{});
    }
}

TEST_CASE("kogge_stone_global") {
  check_strategy<scan::gpu::kogge_stone_global_strategy<emulated_pool>>();
}
TEST_CASE("kogge_stone_shared") {
  check_strategy<scan::gpu::kogge_stone_shared_strategy>();
}
TEST_CASE("kogge_stone_double_buffered") {
  check_strategy<scan::gpu::kogge_stone_double_buffered_strategy>();
}
TEST_CASE("brent_kung") {
  check_strategy<scan::gpu::brent_kung_strategy>();
}
TEST_CASE("blelloch") {
  check_strategy<scan::gpu::blelloch_strategy>();
}
TEST_CASE("array frame with several runs per thread") {
  check_strategy<coarse_array_strategy<scan::gpu::kogge_stone_shared_scan>>();
  check_strategy<coarse_array_strategy<scan::gpu::brent_kung_scan>>();
  check_strategy<coarse_array_strategy<scan::gpu::blelloch_scan>>();
  check_strategy<coarse_array_strategy<scan::gpu::kogge_stone_global_scan<emulated_pool>>>();
}
TEST_CASE("striped block scan: vector runs and the blocked layout") {
  check_strategy<striped_strategy>();
  check_strategy<blocked_strategy>();
}
TEST_CASE("single pass over segmented pairs") {
  for (std::int64_t spacing : {0, 1, 3, 700, 4000}) {
    single_pass_pairs<striped_strategy, int>(4999, spacing);
    single_pass_pairs<striped_strategy, long long>(4999, spacing);
    single_pass_pairs<striped_strategy, double>(3001, spacing);
  }
}
TEST_CASE("staged single pass") {
  for (std::int64_t skip : {0, 1}) {
    kernels<striped_strategy, int>::staged_single_pass(2600, skip, true, {}, scan::sum{});
    kernels<striped_strategy, int>::staged_single_pass(1536, skip, false, {7, true}, scan::sum{});
    kernels<blocked_strategy, int>::staged_single_pass(3000, skip, false, {}, scan::max{});
    kernels<striped_strategy, affine>::staged_single_pass(1100, skip, true,
                                                          {value<affine>(9), true}, then{});
    kernels<blocked_strategy, mat2>::staged_single_pass(700, skip, false, {value<mat2>(6), true},
                                                        matmul{});
    // 16-byte values scan their tile in place (resolves_in_tile), from runs of 4 as well.
    kernels<striped_strategy, mat2>::staged_single_pass(1300, skip, true, {}, matmul{});
    kernels<striped_strategy, mat2>::staged_single_pass(1025, skip, false, {}, matmul{});
  }
}
TEST_CASE("values wider than a vector word") {
  // 32 bytes: each item two 16-byte words where the tile copies, loads and stores in words.
  for (std::int64_t skip : {0, 1}) {
    kernels<striped_strategy, mat2_pair>::staged_single_pass(1500, skip, true, {}, matmul_pair{});
    kernels<blocked_strategy, mat2_pair>::staged_single_pass(
        777, skip, false, {value<mat2_pair>(4), true}, matmul_pair{});
  }
  for (std::int64_t segment : {1, 3, 32, 257, 1000})
    kernels<striped_strategy, mat2_pair>::blockwise(1300, segment, true, {}, matmul_pair{});
}
TEST_CASE("staged single pass: a staged tile of several register tiles") {
  // Four register tiles each: one-byte runs read as one 16-byte word, four-byte runs as four, and
  // runs of 4 ints element by element.
  for (std::int64_t skip : {0, 1}) {
    kernels<blocked_strategy, std::uint8_t>::staged_single_pass<4096>(9000, skip, true, {},
                                                                      scan::sum{});
    kernels<blocked_strategy, std::uint8_t>::staged_single_pass<4096>(4097, skip, false,
                                                                      {200, true}, scan::max{});
    kernels<blocked_strategy, int>::staged_single_pass<16384>(13000, skip, false, {-3, true},
                                                              scan::sum{});
    kernels<striped_strategy, int>::staged_single_pass<8192>(5000, skip, true, {}, scan::sum{});
    kernels<striped_strategy, affine>::staged_single_pass<8192>(3000, skip, true,
                                                                {value<affine>(9), true}, then{});
    kernels<striped_strategy, mat2>::staged_single_pass<16384>(2500, skip, false,
                                                               {value<mat2>(3), true}, matmul{});
  }
}

// Look-backs over descriptors published by hand: aggregates, and prefixes at a few tiles, so that
// the nearest prefix lies in a look-back's first window, in a later one, or (plain look-back) more
// windows back than the in-order one keeps. In a running grid every tile of a wave publishes its
// aggregate at about the same time, and the last ones walk back that far; the kernel tests above
// run their blocks one after another, so each finds its predecessor's prefix. `at(t)`: tile t's
// aggregate; look-backs whose nearest prefix lies `reach` or more tiles back are not run (the
// in-order one would wait for a nearer one).
template <class T, class Op, class At, class LookBack>
void look_back_over(Op op, At at, LookBack look_back, std::int64_t reach) {
  constexpr std::int64_t tiles = 400;
  std::vector<T> prefix(tiles);
  for (std::size_t t = 0; t < prefix.size(); ++t)
    prefix[t] = t ? op(prefix[t - 1], at(static_cast<std::int64_t>(t))) : at(0);
  const std::vector<std::vector<std::int64_t>> prefixed = {
      {0}, {0, 37}, {0, 150, 151, 390}, {0, 100, 200, 260, 261, 300, 333}};
  unsigned long long epoch = 0;
  host_lookback<T> lb(tiles);
  const scan::gpu::tile_descriptors<T> d(lb.state);
  for (const auto& with_prefix : prefixed) {
    ++epoch;
    for (std::int64_t t = 0; t < tiles; ++t) {
      const bool has = std::find(with_prefix.begin(), with_prefix.end(), t) != with_prefix.end();
      d.publish(t, epoch,
                has ? scan::detail::lookback_prefix_ready : scan::detail::lookback_aggregate_ready,
                has ? prefix[static_cast<std::size_t>(t)] : at(t));
    }
    for (std::int64_t tile : {1, 2, 31, 32, 33, 64, 129, 130, 200, 256, 399}) {
      std::int64_t nearest = 0;
      for (std::int64_t p : with_prefix)
        if (p < tile) nearest = std::max(nearest, p);
      if (tile - 1 - nearest >= reach) continue;
      T got{};
      simt::block_runner::launch(1, 32, [&] {
        const T r = look_back(d, tile, epoch, op);
        if (scan::gpu::lane_id() == 0) got = r;
      });
      CHECK_MESSAGE(got == prefix[static_cast<std::size_t>(tile - 1)],
                    "tile " << tile << ", nearest prefix at " << nearest);
    }
  }
}

TEST_CASE("look-back: the nearest prefix in the first window, a later one, or far back") {
  const auto ints = [](std::int64_t t) { return value<int>(static_cast<std::uint64_t>(t)); };
  const auto maps = [](std::int64_t t) { return value<affine>(static_cast<std::uint64_t>(t)); };
  // Floats whose sums round: the in-order look-back gives the host's left fold bit for bit.
  const auto floats = [](std::int64_t t) { return 1.0f / static_cast<float>(t + 3); };
  const auto plain = [](auto& d, std::int64_t tile, unsigned long long e, auto op) {
    return scan::gpu::look_back(d, tile, e, op);
  };
  const auto in_order = [](auto& d, std::int64_t tile, unsigned long long e, auto op) {
    return scan::gpu::look_back_in_order(d, tile, e, op);
  };
  look_back_over<int>(scan::sum{}, ints, plain, std::int64_t{1} << 20);
  look_back_over<affine>(then{}, maps, plain, std::int64_t{1} << 20);
  look_back_over<float>(scan::sum{}, floats, in_order, 4 * 32); // its four windows
  look_back_over<affine>(then{}, maps, in_order, 4 * 32);
}

TEST_CASE("tuning: a GPU's own entry, else its architecture's first, else the fallback") {
  using scan::gpu::entry_for;
  using scan::gpu::tuning_entry;
  static constexpr tuning_entry table[] = {
      {80, "A", 1, 1, 1, 10, 10, 10, 1},
      {90, "B", 2, 2, 2, 20, 20, 20, 2},
      {90, "C", 3, 3, 3, 30, 30, 30, 3.5},
  };
  static constexpr tuning_entry fallback{0, "", 4, 4, 4, 40, 40, 40, 4};
  CHECK(entry_for(table, 90, "C", fallback).delay_ns == 30);
  CHECK(entry_for(table, 90, "B", fallback).delay_ns == 20);
  CHECK(entry_for(table, 90, "D", fallback).delay_ns == 20); // no entry: sm_90's first
  CHECK(entry_for(table, 90, "A", fallback).delay_ns == 20); // a name of another architecture
  CHECK(entry_for(table, 80, "D", fallback).delay_ns == 10);
  CHECK(entry_for(table, 100, "B", fallback).delay_ns == 40);
  // Thresholds in waves, resolved for a device's multiprocessors.
  const auto resolved = scan::gpu::resolve(entry_for(table, 90, "C", fallback), 100);
  CHECK(resolved.stage_from_tiles == 300);
  CHECK(resolved.long_delay_ns == 30);
  CHECK(resolved.evict_first_below_tiles == 350);
  CHECK(scan::gpu::resolve(scan::gpu::untuned, 132).evict_first_below_tiles == 0); // never
  // The CUDA table: every entry names its GPU and is the one its GPU gets.
  using scan::cuda::cuda_tuning;
  for (const tuning_entry& e : cuda_tuning::by_gpu) {
    CHECK(std::string(e.gpu).size() > 0);
    CHECK(&entry_for(cuda_tuning::by_gpu, e.arch, e.gpu, scan::gpu::untuned) == &e);
  }
  // HIP's one entry, for every device: no staging, no sleeps, no evict-first loads.
  using scan::hip::hip_tuning;
  const auto hip = scan::gpu::device_tuning_of<hip_tuning>(hip_tuning::by_gpu[0].arch,
                                                           hip_tuning::by_gpu[0].gpu, 1);
  CHECK(hip.stage_from_tiles == scan::gpu::resolve(scan::gpu::untuned, 1).stage_from_tiles);
  CHECK(hip.delay_from_tiles == scan::gpu::resolve(scan::gpu::untuned, 1).delay_from_tiles);
  CHECK(hip.evict_first_below_tiles == 0);
}
