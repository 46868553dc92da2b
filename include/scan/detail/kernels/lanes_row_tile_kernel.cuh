// The single pass of batched scans along few columns (lane stride 1, at most a block's threads of
// lanes): a block per tile of rows holding every lane. Its loads and stores are one coalesced sweep
// whatever the lane count (lanes_block_kernel.cuh leaves warps part empty below 32 lanes), and each
// lane's look-back is a warp's, 32 predecessors per round trip, as the flat scan's.
//
// A block:
//   1. copies its rows into shared memory, consecutive threads taking consecutive elements;
//   2. folds each lane's rows there, thread (slot, lane) a run of rows, and scans each lane's
//      slots across the block (lanes apart in shared memory);
//   3. publishes each lane's aggregate (tile 0: its prefix), lane-major (lane_descriptors);
//   4. looks back along each lane, warp w taking lanes w, w + 8, ...;
//   5. publishes each lane's prefix, scans the runs from it in shared memory and stores the rows
//      the way they came.
// Waits only on tiles of earlier tickets (draw_tile): GPUs with forward progress between blocks
// only.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/platform/platform.cuh>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

inline constexpr int row_tile_threads = 256;
inline constexpr int row_tile_bytes = 32768; // the shared-memory copy of a tile

// Whether a layout's lanes take row tiles: every lane needs a thread, and a tile's values, its
// slots and prefixes fit a block's 48 KiB of static shared memory.
template <class Out> constexpr bool row_tiles_apply(std::int64_t lanes) {
  return sizeof(Out) <= 16 && lanes >= 1 && lanes <= row_tile_threads;
}

// A tile of `rows` rows by `lanes`: `slots` threads per lane, each with a run of `run` rows (odd,
// so that the slots of one warp start on different shared-memory banks).
struct row_tile_shape {
  int lanes, slots, run, rows;
};

template <class Out>
SCAN_HOST_DEVICE constexpr row_tile_shape row_tile_shape_of(std::int64_t lanes) {
  const int c = static_cast<int>(lanes);
  const int slots = row_tile_threads / c;
  int run = row_tile_bytes / static_cast<int>(sizeof(Out)) / (slots * c);
  if (run > 1 && run % 2 == 0) --run;
  return {c, slots, run, slots * run};
}

template <class Out> constexpr long long row_tile_count(const detail::lanes_layout& at) {
  const long long rows = row_tile_shape_of<Out>(at.lanes).rows;
  return (at.length + rows - 1) / rows;
}

// Moves a tile of a packed layout (rows back to back: one span of `count` elements from p, of a
// size that divides 16) between global and shared memory: 16-byte words from the span's first
// aligned element, single elements before it and after its last whole word.
template <bool ToShared, class Elem, class Out>
__device__ __forceinline__ void move_span(Elem* p, int count, Out* tile) {
  using T = std::remove_cv_t<Elem>;
  constexpr int per_word = 16 / static_cast<int>(sizeof(T));
  constexpr int capacity = row_tile_bytes / static_cast<int>(sizeof(Out));
  constexpr int words_per_thread =
      (capacity + per_word * row_tile_threads - 1) / (per_word * row_tile_threads);
  const int t = static_cast<int>(threadIdx.x);
  const auto misaligned = static_cast<int>(reinterpret_cast<std::uintptr_t>(p) % 16);
  int head = misaligned == 0 ? 0 : (16 - misaligned) / static_cast<int>(sizeof(T));
  if (head > count) head = count;
  const int words = (count - head) / per_word, tail = head + words * per_word;
  for (int e = t; e < head + count - tail; e += row_tile_threads) {
    const int i = e < head ? e : tail + e - head;
    if constexpr (ToShared)
      tile[i] = static_cast<Out>(p[i]);
    else
      p[i] = tile[i];
  }
  const auto* from = reinterpret_cast<const uint4*>(p + head);
  if constexpr (ToShared) {
    uint4 w[words_per_thread]; // every load in flight before the first store
#pragma unroll
    for (int k = 0; k < words_per_thread; ++k)
      if (t + k * row_tile_threads < words) w[k] = from[t + k * row_tile_threads];
#pragma unroll
    for (int k = 0; k < words_per_thread; ++k) {
      const int i = t + k * row_tile_threads;
      if (i < words) {
        T e[per_word];
        __builtin_memcpy(e, &w[k], 16);
#pragma unroll
        for (int v = 0; v < per_word; ++v)
          tile[head + i * per_word + v] = static_cast<Out>(e[v]);
      }
    }
  } else {
    auto* to = reinterpret_cast<uint4*>(p + head);
#pragma unroll
    for (int k = 0; k < words_per_thread; ++k) {
      const int i = t + k * row_tile_threads;
      if (i < words) {
        T e[per_word];
#pragma unroll
        for (int v = 0; v < per_word; ++v)
          e[v] = tile[head + i * per_word + v];
        uint4 w;
        __builtin_memcpy(&w, e, 16);
        to[i] = w;
      }
    }
  }
}

// Moves a tile's `count` elements between a sequence laid out as `at` (from row `row0`) and its
// row-major copy in shared memory: as one span where the rows lie back to back in memory, else
// element e by thread e % threads (consecutive threads, consecutive elements of a row).
template <bool ToShared, class Seq, class Out>
__device__ __forceinline__ void move_rows(Seq seq, const detail::lane_strides& at,
                                          std::int64_t row0, int lanes, int count, Out* tile) {
  constexpr int per_thread = row_tile_bytes / static_cast<int>(sizeof(Out)) / row_tile_threads;
  const Seq base = seq + at.at(0, row0);
  if constexpr (std::is_pointer_v<Seq> && 16 % sizeof(std::remove_pointer_t<Seq>) == 0) {
    if (at.item == lanes) {
      move_span<ToShared>(base, count, tile);
      return;
    }
  }
  const int t = static_cast<int>(threadIdx.x);
  const int step_rows = row_tile_threads / lanes, step_lanes = row_tile_threads % lanes;
  int r = t / lanes, c = t % lanes;
  if constexpr (ToShared) {
    Out v[per_thread]; // every load in flight before the first store
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      if (t + k * row_tile_threads < count) v[k] = static_cast<Out>(base[at.at(c, r)]);
      r += step_rows;
      c += step_lanes;
      if (c >= lanes) c -= lanes, ++r;
    }
#pragma unroll
    for (int k = 0; k < per_thread; ++k)
      if (t + k * row_tile_threads < count) tile[t + k * row_tile_threads] = v[k];
  } else {
#pragma unroll
    for (int k = 0; k < per_thread; ++k) {
      if (t + k * row_tile_threads < count) base[at.at(c, r)] = tile[t + k * row_tile_threads];
      r += step_rows;
      c += step_lanes;
      if (c >= lanes) c -= lanes, ++r;
    }
  }
}

// Lane `lane`'s descriptors: lane-major, so that a lane's tiles are consecutive and a warp's
// look-back (lookback.cuh) polls 32 of them per round trip, as the flat scan's does.
template <class Out>
__device__ __forceinline__ tile_descriptors<Out> lane_descriptors(const tile_descriptors<Out>& all,
                                                                  int lane, long long num_tiles) {
  return all.shifted(static_cast<long long>(lane) * num_tiles);
}

template <class InSeq, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(row_tile_threads)
    lanes_row_tile_kernel(InSeq in, OutSeq out, detail::lanes_layout at, bool inclusive,
                          detail::maybe<Out> init, unsigned long long* header,
                          tile_descriptors<Out> descriptors, long long num_tiles, Op op) {
  __shared__ Out s_tile[row_tile_bytes / sizeof(Out)];
  __shared__ Out s_slots[row_tile_threads];  // [slot * lanes + lane]: the fold through the slot
  __shared__ Out s_prefix[row_tile_threads]; // [lane]: what precedes the tile
  __shared__ long long s_tile_index;
  __shared__ unsigned long long s_epoch;
  if (threadIdx.x == 0) draw_tile(header, num_tiles, s_tile_index, s_epoch);
  __syncthreads();
  const long long tile = s_tile_index;
  const unsigned long long epoch = s_epoch;
  const row_tile_shape shape = row_tile_shape_of<Out>(at.lanes);
  const int lanes = shape.lanes;
  const std::int64_t row0 = tile * shape.rows;
  const int rows = at.length - row0 < shape.rows ? static_cast<int>(at.length - row0) : shape.rows;
  const int slots = (rows + shape.run - 1) / shape.run; // those holding rows
  move_rows<true>(in, at.in, row0, lanes, rows * lanes, s_tile);

  const int t = static_cast<int>(threadIdx.x);
  const int s = t / lanes, c = t % lanes;
  const int r0 = s * shape.run;
  const int mine = s >= slots ? 0 : (rows - r0 < shape.run ? rows - r0 : shape.run);
  __syncthreads();
  if (mine > 0) {
    Out acc = s_tile[r0 * lanes + c];
    for (int j = 1; j < mine; ++j)
      acc = op(acc, s_tile[(r0 + j) * lanes + c]);
    s_slots[t] = acc;
  }
  // Each lane's slots scanned in order, `d` slots (d * lanes threads) apart.
  for (int d = 1; d < slots; d *= 2) {
    __syncthreads();
    const bool take = mine > 0 && s >= d;
    Out left{};
    if (take) left = s_slots[t - d * lanes];
    __syncthreads();
    if (take) s_slots[t] = op(left, s_slots[t]);
  }
  __syncthreads();

  // Each lane's aggregate (tile 0: its prefix), then each lane's look-back by a warp.
  if (t < lanes) {
    const Out total = s_slots[(slots - 1) * lanes + t];
    if (tile == 0)
      lane_descriptors(descriptors, t, num_tiles)
          .publish(0, epoch, detail::lookback_prefix_ready,
                   init.present ? op(init.value, total) : total);
    else
      lane_descriptors(descriptors, t, num_tiles)
          .publish(tile, epoch, detail::lookback_aggregate_ready, total);
  }
  if (tile > 0) {
    const int warp = t / warp_size;
    for (int l = warp; l < lanes; l += row_tile_threads / warp_size) {
      const tile_descriptors<Out> d = lane_descriptors(descriptors, l, num_tiles);
      Out before;
      if constexpr (!detail::groups_exactly<Out>)
        before = look_back_in_order(d, tile, epoch, op); // reproducible rounding
      else
        before = look_back(d, tile, epoch, op);
      if (lane_id() == 0) {
        d.publish(tile, epoch, detail::lookback_prefix_ready,
                  op(before, s_slots[(slots - 1) * lanes + l]));
        s_prefix[l] = before;
      }
    }
    __syncthreads();
  }

  if (mine > 0) {
    detail::maybe<Out> acc = tile == 0 ? init : detail::maybe<Out>{s_prefix[c], true};
    if (s > 0) {
      const Out before = s_slots[t - lanes];
      acc = {acc.present ? op(acc.value, before) : before, true};
    }
    for (int j = 0; j < mine; ++j) {
      Out& item = s_tile[(r0 + j) * lanes + c];
      const Out x = item;
      // An exclusive scan always has a seed: init, or what precedes the run.
      if (!inclusive) item = acc.value;
      acc = {acc.present ? op(acc.value, x) : x, true};
      if (inclusive) item = acc.value;
    }
  }
  __syncthreads();
  move_rows<false>(out, at.out, row0, lanes, rows * lanes, s_tile);
}

} // namespace scan::gpu
