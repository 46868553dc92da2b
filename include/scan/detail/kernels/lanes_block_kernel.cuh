// The single pass of batched scans along columns (lane stride 1) with a block per tile of 32 lanes
// by lane_block_rows chunks of Run items: a lane's tile is lane_block_rows times a thread's chunk,
// so a lane has that many times fewer tiles in flight, and the block's rows of threads poll that
// many of a lane's predecessors per round trip (Polls times as many after the first round). Each
// (tile, lane) has its descriptor (vocabulary/lookback_state.hpp), numbered tile * 32 + lane of the
// group; a lane's predecessor is `stride` = 32 * groups descriptors back.
//
// A block: loads its chunks (a warp of 32 lanes per row: coalesced), combines them per lane in
// shared memory, publishes each lane's tile aggregate, looks back along each lane (every row of
// threads polls one predecessor in the first round, Polls in later ones), publishes each lane's
// inclusive prefix and stores its chunks.
// Waits only on tiles of earlier tickets (draw_tile), which publish before they wait: GPUs with
// forward progress between blocks only (lanes_single_pass_kernel.cuh has the fallback).
#pragma once

#include <cstdint>

#include <scan/detail/kernels/lanes_single_pass_kernel.cuh>
#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

inline constexpr int lane_group = 32;
inline constexpr int lane_block_threads = 256;
inline constexpr int lane_block_rows = lane_block_threads / lane_group;

// A thread's chunk (Run) is lane_run's 256 bytes, or half of it ("halved": 128 bytes, and more
// blocks per multiprocessor asked of the compiler: the backend's tuning). Halved, int32 and float
// take 64 registers instead of 110-112, so 4 blocks fit a multiprocessor instead of 2, which hides
// the waits where lanes are many; where they are few, each lane walks twice as many tiles, and a
// float lane folds forward through all of them again. H100, columns, fraction of a copy, 256 -> 128
// bytes (perf/BATCHED_RESULTS.md):
//   int32: 16384 x 16384 0.79 -> 0.91, 1024 x 65536 0.81 -> 0.90, 65536 x 1024 0.85 -> 0.86,
//          1048576 x 64 0.76 -> 0.74: always halved (int8 and int16 hold an item a register too);
//   float: 0.79 -> 0.92, 0.80 -> 0.90, 0.84 -> 0.85, 0.73 -> 0.51: halved from 1024 lanes on;
//   int64 and double lost at most shapes (1048576 x 64: 0.85 -> 0.76, 0.80 -> 0.45): never.
template <class Out>
inline constexpr bool lane_block_always_halved = detail::groups_exactly<Out> && sizeof(Out) <= 4;
template <class Out>
inline constexpr bool lane_block_halved_when_many =
    !detail::groups_exactly<Out> && sizeof(Out) <= 4;
inline constexpr long long lane_block_many_lanes = 1024;

template <class Out> constexpr bool lane_block_halved(long long lanes) {
  return lane_block_always_halved<Out> ||
         (lane_block_halved_when_many<Out> && lanes >= lane_block_many_lanes);
}
template <class Out, bool Halved>
inline constexpr int lane_block_run = Halved ? lane_run<Out> / 2 : lane_run<Out>;

// Descriptors of a layout's tiles: one per lane of each block's group.
template <int Run> constexpr long long lane_block_tiles(const detail::lanes_layout& at) {
  const long long groups = (at.lanes + lane_group - 1) / lane_group;
  const long long rows =
      (at.length + std::int64_t{Run} * lane_block_rows - 1) / (std::int64_t{Run} * lane_block_rows);
  return groups * rows * lane_group;
}

// Predecessors each row of threads polls per round trip after the first (Polls). Few lanes have
// hundreds of tiles in flight each, so look-backs walk far, and floats walk twice (back to the
// prefix, then forward through the aggregates): 4 a row took 1048576 x 64 columns from 0.65 to
// 0.73 of a copy for float and from 0.67 to 0.80 for double (H100, perf/BATCHED_RESULTS.md);
// 8 a row took them back to 0.69 and 0.75.
// Integers fold as they walk and gained nothing (their leader folds the longer windows one by
// one); values wider than a descriptor word read theirs in two accesses. The first round polls one
// a row: where lanes are many the nearest tiles mostly hold the prefix, and 4 a row from the first
// round cost 16384 x 16384 double columns 0.89 -> 0.80.
template <class T>
inline constexpr int lane_block_polls =
    tile_descriptors<T>::packed && !detail::groups_exactly<T> ? 4 : 1;

// A round's predecessors of each lane, nearest first (the first lane_block_rows also hold the
// tile's chunk aggregates before the look-back).
template <class T, int Polls> struct lane_window_slots {
  static constexpr int window = lane_block_rows * Polls;
  T value[window][lane_group];
  unsigned status[window][lane_group];
};

// Every lane's look-back, each row of threads polling one predecessor in the first round and Polls
// in each later one (lane_block_polls): leaves in prefix[x] what precedes this block's tile in lane
// x (init included). Lanes of a tile row k >= 1 only. Integers fold as they walk back; other types
// walk back to the nearest prefix, then fold forward from it through the aggregates (the last
// round's as read, earlier rounds' read again, rows in parallel), so every prefix is the left fold
// of its lane's tiles and rounding repeats run to run.
template <class Out, int Polls, class Op>
__device__ __forceinline__ void lane_block_look_back(const tile_descriptors<Out>& d, long long tile,
                                                     long long stride, unsigned long long epoch,
                                                     bool lane_valid, Op op,
                                                     lane_window_slots<Out, Polls>& slots,
                                                     Out* prefix, long long* top, int* state) {
  constexpr bool fold_back = detail::groups_exactly<Out>;
  constexpr int rows = lane_block_rows, window = lane_window_slots<Out, Polls>::window;
  __shared__ int s_walking;
  const int x = static_cast<int>(threadIdx.x) % lane_group;
  const int w = static_cast<int>(threadIdx.x) / lane_group;
  enum : int { done = 0, walking = 1, folding = 2 };
  if (w == 0) {
    state[x] = lane_valid ? walking : done;
    top[x] = tile - stride; // the nearest predecessor not folded yet
  }
  bool have = false; // the leader's (w == 0) fold so far
  Out acc{};
  for (int round = 0;; ++round) {
    __syncthreads();
    // Poll: walking lanes a window of predecessors back from top (one a row in the first round),
    // folding lanes the aggregates forward from top.
    const int per_row = round == 0 ? 1 : Polls, reach = rows * per_row;
    if (state[x] != done) {
      const long long from = top[x], step = state[x] == walking ? -stride : stride;
#pragma unroll
      for (int q = 0; q < Polls; ++q) {
        if (q >= per_row) break;
        const int r = q * rows + w;
        const long long j = from + r * step;
        Out v{};
        unsigned s = detail::lookback_prefix_ready; // past either end: nothing to read
        if (j >= 0 && j < tile) s = d.read(j, epoch, v);
        slots.status[r][x] = j < tile ? s : 4u; // 4: past this tile, when folding
        slots.value[r][x] = v;
      }
    }
    __syncthreads();
    if (w == 0 && state[x] == walking) {
      int found = -1;
      bool blocked = false;
      for (int r = 0; r < reach && found < 0; ++r) {
        if (slots.status[r][x] == 0) blocked = true;
        if (slots.status[r][x] == detail::lookback_prefix_ready) found = r;
      }
      if (!blocked) {
        const int last = found >= 0 ? found : reach - 1;
        if constexpr (fold_back) {
          for (int r = 0; r <= last; ++r) {
            acc = have ? op(slots.value[r][x], acc) : slots.value[r][x];
            have = true;
          }
          if (found >= 0) {
            prefix[x] = acc;
            state[x] = done;
          }
        } else if (found >= 0) {
          // Fold forward from the prefix through this round's aggregates (rows found - 1 .. 0,
          // the last being tile top), then through those earlier rounds read, again.
          acc = slots.value[found][x];
          for (int r = found - 1; r >= 0; --r)
            acc = op(acc, slots.value[r][x]);
          top[x] += stride;
          state[x] = top[x] < tile ? folding : done;
          if (state[x] == done) prefix[x] = acc;
        }
        if (found < 0) top[x] -= reach * stride;
      }
    } else if (w == 0 && state[x] == folding) {
      for (int r = 0; r < window; ++r) {
        const unsigned s = slots.status[r][x];
        if (s == 4u) break;
        // Published before this lane walked past it: never 0 here.
        acc = s == detail::lookback_prefix_ready ? slots.value[r][x] : op(acc, slots.value[r][x]);
      }
      top[x] += window * stride;
      if (top[x] >= tile) {
        prefix[x] = acc;
        state[x] = done;
      }
    }
    __syncthreads();
    // Lanes still walking or folding poll again; the block leaves when every lane is done.
    if (threadIdx.x == 0) s_walking = 0;
    __syncthreads();
    if (w == 0 && state[x] != done) atomicOr(&s_walking, 1);
    __syncthreads();
    if (!s_walking) return;
  }
}

template <int Run, int Polls, int MinBlocks = 1, class InSeq, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(lane_block_threads, MinBlocks)
    lanes_block_kernel(InSeq in, OutSeq out, detail::lanes_layout at, bool inclusive,
                       detail::maybe<Out> init, unsigned long long* header,
                       tile_descriptors<Out> descriptors, long long num_blocks, Op op) {
  constexpr int rows = lane_block_rows;
  __shared__ long long s_block;
  __shared__ unsigned long long s_epoch;
  __shared__ lane_window_slots<Out, Polls> slots;
  __shared__ Out s_prefix[lane_group];
  __shared__ Out s_total[lane_group];
  __shared__ long long s_top[lane_group];
  __shared__ int s_state[lane_group];
  if (threadIdx.x == 0) draw_tile(header, num_blocks, s_block, s_epoch);
  __syncthreads();
  const long long block = s_block;
  const unsigned long long epoch = s_epoch;
  const long long groups = (at.lanes + lane_group - 1) / lane_group;
  const long long k = block / groups, g = block % groups;
  const int x = static_cast<int>(threadIdx.x) % lane_group;
  const int w = static_cast<int>(threadIdx.x) / lane_group;
  const long long l = g * lane_group + x;
  const bool lane_valid = l < at.lanes;
  const std::int64_t first = (k * rows + w) * std::int64_t{Run};
  const bool valid = lane_valid && first < at.length;
  const int count =
      !valid ? 0 : (at.length - first < Run ? static_cast<int>(at.length - first) : Run);

  Out items[Run];
  Out aggregate{};
  if (valid) {
    const InSeq p = in + at.in.at(l, first);
#pragma unroll
    for (int j = 0; j < Run; ++j)
      if (j < count) items[j] = static_cast<Out>(p[j * at.in.item]);
    aggregate = items[0];
#pragma unroll
    for (int j = 1; j < Run; ++j)
      if (j < count) aggregate = op(aggregate, items[j]);
  }
  slots.value[w][x] = aggregate;
  slots.status[w][x] = valid ? 1u : 0u;
  __syncthreads();
  // What precedes this chunk within the tile, and the lane's tile total (rows hold data from 0).
  detail::maybe<Out> within{};
  for (int r = 0; r < w; ++r)
    within = {within.present ? op(within.value, slots.value[r][x]) : slots.value[r][x], true};
  const long long tile = block * lane_group + x, stride = groups * lane_group;
  if (w == 0 && lane_valid) {
    Out total = slots.value[0][x];
    for (int r = 1; r < rows && slots.status[r][x]; ++r)
      total = op(total, slots.value[r][x]);
    if (k == 0)
      descriptors.publish(tile, epoch, detail::lookback_prefix_ready,
                          init.present ? op(init.value, total) : total);
    else
      descriptors.publish(tile, epoch, detail::lookback_aggregate_ready, total);
    s_total[x] = total;
  }
  detail::maybe<Out> seed = init;
  if (k > 0) {
    // The block waits as one: the slots are the look-back's now.
    lane_block_look_back(descriptors, tile, stride, epoch, lane_valid, op, slots, s_prefix, s_top,
                         s_state);
    __syncthreads();
    seed = {s_prefix[x], true};
    if (w == 0 && lane_valid)
      descriptors.publish(tile, epoch, detail::lookback_prefix_ready, op(s_prefix[x], s_total[x]));
  }
  if (!valid) return;
  if (within.present) seed = {seed.present ? op(seed.value, within.value) : within.value, true};

  store_lane_chunk<Run>(out + at.out.at(l, first), at.out.item, items, count, inclusive, seed, op);
}

} // namespace scan::gpu
