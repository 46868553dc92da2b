// The single pass of batched scans whose lanes lie next to each other (along columns,
// vocabulary/lanes.hpp: lane stride 1): a thread per chunk of Run items of one lane, lanes fastest,
// so that a warp's load of one row is one coalesced access. Each (chunk, lane) is a tile of the
// look-back state (vocabulary/lookback_state.hpp), numbered chunk * lanes + lane: a thread
// publishes its chunk's aggregate, looks back along its own lane (tile - lanes, tile - 2 lanes,
// ...) to the nearest published prefix, publishes its inclusive prefix and stores its chunk. 2n
// traffic plus a descriptor per chunk.
//
// For GPUs without forward progress between blocks (HIP's): a thread that has polled a chunk
// `patience` times reduces the blocking chunk's input itself, so no thread waits on a block that
// may never run. GPUs with forward progress run lanes_block_kernel.cuh, whose lanes have fewer
// tiles in flight (perf/BATCHED_RESULTS.md: this kernel's walks grow long with few lanes).
#pragma once

#include <cstdint>

#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

inline constexpr int lane_threads = 256;

// Items per thread: about 256 bytes of registers, so each thread has many loads in flight and a
// descriptor serves many items.
template <class Out>
inline constexpr int lane_run = sizeof(Out) >= 64 ? 4 : (sizeof(Out) >= 4 ? 256 / sizeof(Out) : 64);

// The reduction of `count` items of a lane from p, every `item` elements, left to right.
template <class Out, class InSeq, class Op>
__device__ __forceinline__ Out reduce_lane_items(InSeq p, std::int64_t item, int count, Op op) {
  Out acc = static_cast<Out>(p[0]);
  for (int j = 1; j < count; ++j)
    acc = op(acc, static_cast<Out>(p[j * item]));
  return acc;
}

// Stores a chunk's `count` items scanned from `seed` (an exclusive scan always has one: init, or
// what precedes the chunk), every `item` elements from q. Full chunks take a loop without guards
// (no break under #pragma unroll either: hipcc refuses to unroll it).
template <int Run, class OutSeq, class Out, class Op>
__device__ __forceinline__ void store_lane_chunk(OutSeq q, std::int64_t item,
                                                 const Out (&items)[Run], int count, bool inclusive,
                                                 detail::maybe<Out> seed, Op op) {
  detail::maybe<Out> acc = seed;
  if (count == Run) {
#pragma unroll
    for (int j = 0; j < Run; ++j) {
      if (!inclusive) q[j * item] = acc.value;
      acc = {acc.present ? op(acc.value, items[j]) : items[j], true};
      if (inclusive) q[j * item] = acc.value;
    }
  } else {
#pragma unroll
    for (int j = 0; j < Run; ++j) {
      if (j < count) {
        if (!inclusive) q[j * item] = acc.value;
        acc = {acc.present ? op(acc.value, items[j]) : items[j], true};
        if (inclusive) q[j * item] = acc.value;
      }
    }
  }
}

// What precedes tile `tile` (>= lanes) in its lane, init included, one predecessor per round trip,
// folding back: a thread that has polled a chunk `patience` times reduces its input itself (a
// chunk published meanwhile keeps its own value: it may be overwriting that input, in place).
template <int Run, class InSeq, class Out, class Op>
__device__ __forceinline__ Out lane_look_back_or_reduce(const tile_descriptors<Out>& d,
                                                        long long tile, unsigned long long epoch,
                                                        const detail::lanes_layout& at, InSeq in,
                                                        detail::maybe<Out> init, Op op,
                                                        int patience) {
  Out acc{};
  bool have = false;
  for (long long j = tile - at.lanes;; j -= at.lanes) {
    Out value{};
    unsigned status = d.read(j, epoch, value);
    for (int polls = 0; status == 0; ++polls) {
      if (polls >= patience) {
        const long long k = j / at.lanes, l = j % at.lanes;
        const std::int64_t first = k * Run;
        const int count = at.length - first < Run ? static_cast<int>(at.length - first) : Run;
        const Out reduced = reduce_lane_items<Out>(in + at.in.at(l, first), at.in.item, count, op);
        fence_acquire();
        status = d.read(j, epoch, value);
        if (status == 0) {
          const bool first_chunk = j < at.lanes;
          value = first_chunk && init.present ? op(init.value, reduced) : reduced;
          status = first_chunk ? detail::lookback_prefix_ready : detail::lookback_aggregate_ready;
        }
        break;
      }
      pause();
      status = d.read(j, epoch, value);
    }
    acc = have ? op(value, acc) : value;
    have = true;
    if (status == detail::lookback_prefix_ready) return acc;
  }
}

template <int Run, class InSeq, class OutSeq, class Out, class Op>
__global__ void __launch_bounds__(lane_threads)
    lanes_single_pass_kernel(InSeq in, OutSeq out, detail::lanes_layout at, bool inclusive,
                             detail::maybe<Out> init, unsigned long long* header,
                             tile_descriptors<Out> descriptors, long long num_blocks, Op op,
                             int patience) {
  __shared__ long long s_block;
  __shared__ unsigned long long s_epoch;
  if (threadIdx.x == 0) draw_tile(header, num_blocks, s_block, s_epoch);
  __syncthreads();
  const long long tile = s_block * lane_threads + threadIdx.x;
  const long long chunks = (at.length + Run - 1) / Run;
  if (tile >= at.lanes * chunks) return;
  const unsigned long long epoch = s_epoch;
  const long long k = tile / at.lanes, l = tile % at.lanes;
  const std::int64_t first = k * Run;
  const int count = at.length - first < Run ? static_cast<int>(at.length - first) : Run;

  Out items[Run];
  const InSeq p = in + at.in.at(l, first);
#pragma unroll
  for (int j = 0; j < Run; ++j)
    if (j < count) items[j] = static_cast<Out>(p[j * at.in.item]);
  Out aggregate = items[0];
#pragma unroll
  for (int j = 1; j < Run; ++j)
    if (j < count) aggregate = op(aggregate, items[j]);

  detail::maybe<Out> seed = init;
  if (k == 0) {
    descriptors.publish(tile, epoch, detail::lookback_prefix_ready,
                        init.present ? op(init.value, aggregate) : aggregate);
  } else {
    descriptors.publish(tile, epoch, detail::lookback_aggregate_ready, aggregate);
    seed = {lane_look_back_or_reduce<Run>(descriptors, tile, epoch, at, in, init, op, patience),
            true};
    descriptors.publish(tile, epoch, detail::lookback_prefix_ready, op(seed.value, aggregate));
  }
  // A waiting thread may be reading this chunk's input: the prefix goes out first.
  fence_release();

  store_lane_chunk<Run>(out + at.out.at(l, first), at.out.item, items, count, inclusive, seed, op);
}

} // namespace scan::gpu
