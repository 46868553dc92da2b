// The single pass with the look-back fallback (lookback.cuh: reduce_when_blocked, what the HIP
// backend runs) on the CPU emulation of simt.hpp: the blocks of some tiles never run, as on a GPU
// that never schedules them, and the blocks that do run still finish with the right prefixes.
// With the plain spin wait they would wait forever.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include <scan/detail/kernels/block_scan.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/kernels/warp_scan.cuh>
#include <scan/operators.hpp>
#include "tests/gpu_emulation/emulated_values.hpp"
#include "tests/gpu_emulation/host_lookback.hpp"
#include <scan/detail/backends/host/serial_scan.hpp>

namespace {

using scan::detail::maybe;

using emulation::affine;
using emulation::mat2;
using emulation::matmul;
using emulation::then;
using emulation::value;

// 64 threads of 4 items: 256-item tiles, two warps.
struct small_strategy {
  static constexpr int threads(std::size_t, std::size_t) { return 64; }
  static constexpr int items(std::size_t, std::size_t) { return 4; }
  static constexpr int run(std::size_t, std::size_t) { return 4; }
  template <class Shape>
  using block_scan = scan::gpu::striped_block_scan<Shape, scan::gpu::shuffle_warp_scan>;
};

// Runs the tiles whose tickets lie in each [first, last) of `runs`, one launch each, in that
// order; tiles outside every range never run. Checks the tiles that ran against the reference
// and that the others were not written.
template <class T, class Op>
void check(std::int64_t n, std::vector<std::pair<std::int64_t, std::int64_t>> runs, bool inclusive,
           maybe<T> init, Op op, int patience) {
  using S = scan::gpu::shape_of<small_strategy, T, T>;
  using B = small_strategy::block_scan<S>;
  const std::int64_t tiles = (n + S::tile_items - 1) / S::tile_items;
  std::vector<T> in(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i)
    in[static_cast<std::size_t>(i)] = value<T>(static_cast<std::uint64_t>(i) * 31 + 7);
  std::vector<T> want(in.size());
  scan::host::serial_scan(in.data(), want.data(), n, inclusive, init, op);

  host_lookback<T> lb(tiles);
  const T poison = value<T>(424242);
  std::vector<T> out(in.size(), poison);
  std::vector<bool> ran(static_cast<std::size_t>(tiles), false);
  for (auto [first, last] : runs) {
    lb.header[0] = static_cast<unsigned long long>(first); // the next ticket drawn
    simt::block_runner::launch(static_cast<unsigned>(last - first), S::threads, [&] {
      scan::gpu::single_pass_kernel<S, B, true>(
          in.data(), out.data(), n, inclusive, init, lb.header.data(),
          scan::gpu::tile_descriptors<T>(lb.state), tiles, false, false, op, 0, patience);
    });
    for (std::int64_t t = first; t < last; ++t)
      ran[static_cast<std::size_t>(t)] = true;
  }
  std::int64_t wrong = 0, first_wrong = -1;
  for (std::int64_t i = 0; i < n; ++i) {
    const bool written = ran[static_cast<std::size_t>(i / S::tile_items)];
    const bool unspecified = i == 0 && !inclusive && !init.present;
    const T& expect = written ? want[static_cast<std::size_t>(i)] : poison;
    if (!unspecified && !(out[static_cast<std::size_t>(i)] == expect)) {
      if (first_wrong < 0) first_wrong = i;
      ++wrong;
    }
  }
  CHECK_MESSAGE(wrong == 0, wrong << " wrong elements, first at " << first_wrong);
}

} // namespace

TEST_CASE("predecessors that never run: the waiting tiles reduce them") {
  const int patience = 4;
  // Tiles 0..2 never run: tile 3 reduces them all (tile 0 with init) and the rest follow.
  check<int>(256 * 9 + 5, {{3, 10}}, true, {}, scan::sum{}, patience);
  check<int>(256 * 9 + 5, {{3, 10}}, false, {11, true}, scan::sum{}, patience);
  check<affine>(256 * 6, {{2, 6}}, false, {value<affine>(1), true}, then{}, patience);
  check<mat2>(256 * 6 + 100, {{1, 7}}, true, {value<mat2>(2), true}, matmul{}, patience);
  // More stalled tiles than a warp has lanes: two windows of fallback reductions.
  check<int>(256 * 45 + 1, {{40, 46}}, true, {-5, true}, scan::sum{}, patience);
  check<affine>(256 * 40, {{35, 40}}, true, {}, then{}, patience);
  // Beyond the reach of the in-order look-back (floating-point and custom values).
  check<affine>(256 * 134, {{131, 134}}, false, {value<affine>(7), true}, then{}, patience);
}

TEST_CASE("a gap in the middle: prefixes published before it still count") {
  // Tiles 0 and 1 finish, 2..6 never run, 7.. run: the look-back combines fallback reductions
  // with the prefix tile 1 published.
  check<int>(256 * 12, {{0, 2}, {7, 12}}, true, {3, true}, scan::sum{}, 2);
  check<affine>(256 * 12 + 9, {{0, 2}, {7, 13}}, false, {value<affine>(5), true}, then{}, 2);
  check<mat2>(256 * 10, {{0, 1}, {4, 10}}, true, {}, matmul{}, 2);
}

TEST_CASE("every tile runs: the fallback changes nothing, with any patience") {
  for (int patience : {0, 1, 64}) {
    check<int>(256 * 20 + 3, {{0, 21}}, true, {}, scan::sum{}, patience);
    check<affine>(256 * 7 + 1, {{0, 8}}, false, {value<affine>(3), true}, then{}, patience);
    check<mat2>(256 * 5, {{0, 5}}, true, {value<mat2>(4), true}, matmul{}, patience);
  }
}
