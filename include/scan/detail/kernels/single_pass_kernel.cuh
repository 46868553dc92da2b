// The single-pass scan: one launch, one block per tile, decoupled look-back (lookback.cuh).
//
// A block's tile (tile_order): its ticket from the state's counter where the GPU may start blocks
// in any order, so that a block only waits on tiles whose blocks have already started; its
// blockIdx where the GPU starts a grid's blocks in index order. Every block reads the call's
// epoch and draws a ticket either way; the block drawing the last ticket resets the counter and
// advances the epoch for the next call on the stream (no memset).
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/part_kernels.cuh>
#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/kernels/tile_prefix.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

// Run by thread 0 of a block: reads the call's epoch, then draws a ticket from the counter (the
// epoch first: vocabulary/lookback_state.hpp), the block's tile where tiles go by ticket; the block
// drawing the last ticket resets the counter and advances the epoch for the next call.
__device__ __forceinline__ void draw_tile(unsigned long long* header, long long num_tiles,
                                          long long& tile, unsigned long long& epoch) {
  const unsigned long long call_epoch = load_acquire(header + 1) + 1;
  const auto ticket = static_cast<long long>(fetch_add_relaxed(header, 1));
  if (ticket == num_tiles - 1) {
    store_relaxed(header, 0);
    store_relaxed(header + 1, call_epoch);
  }
  tile = ticket;
  epoch = call_epoch;
}

// Run by the first warp of a block once its tile is scanned: publishes the tile's aggregate (its
// inclusive prefix for tile 0), sleeps `delay_ns` (lookback_delay_of, tile_shape.cuh), looks back,
// publishes the tile's inclusive prefix and leaves in `prefix` / `has_prefix` (shared memory) what
// precedes the tile. With Fallback (a GPU without forward progress between blocks) the prefix is
// published before any of the tile's output is stored, since a waiting block may be reading the
// tile's input.
template <class Shape, bool Fallback, class InSeq, class Out, class Op>
__device__ __forceinline__ void
resolve_tile_prefix(InSeq in, long long tile, unsigned long long epoch, const Out& aggregate,
                    detail::maybe<Out> init, const tile_descriptors<Out>& descriptors, Op op,
                    int delay_ns, int patience, Out& prefix, bool& has_prefix) {
  if (tile == 0) {
    if (threadIdx.x == 0) {
      descriptors.publish(0, epoch, detail::lookback_prefix_ready,
                          init.present ? op(init.value, aggregate) : aggregate);
      if constexpr (Fallback) fence_release();
      prefix = init.value;
      has_prefix = init.present;
    }
    return;
  }
  // An aggregate that is its own prefix (a pair holding a head) goes out as a prefix: later
  // tiles' look-backs end at it instead of walking on to the nearest tile that finished its own.
  const bool own_prefix = detail::holds_its_prefix(aggregate);
  if (threadIdx.x == 0)
    descriptors.publish(
        tile, epoch, own_prefix ? detail::lookback_prefix_ready : detail::lookback_aggregate_ready,
        aggregate);
  if (delay_ns > 0) sleep_ns(static_cast<unsigned>(delay_ns));
  const auto wait = [&] {
    if constexpr (Fallback)
      return reduce_when_blocked<Shape::tile_items, InSeq, Out>{in, init, patience};
    else
      return spin_wait{};
  }();
  Out before;
  if constexpr (!detail::groups_exactly<Out>)
    before = look_back_in_order(descriptors, tile, epoch, op, wait); // reproducible rounding
  else
    before = look_back(descriptors, tile, epoch, op, wait);
  if (threadIdx.x == 0) {
    if (!own_prefix)
      descriptors.publish(tile, epoch, detail::lookback_prefix_ready, op(before, aggregate));
    if constexpr (Fallback) fence_release();
    prefix = before;
    has_prefix = true;
  }
}

// Fallback: look back with reduce_when_blocked (lookback.cuh) after `patience` polls, for GPUs
// without forward progress between blocks (resolve_tile_prefix). Order: how a block finds its
// tile (vocabulary/lookback_state.hpp). `delay_ns`: the sleep before a tile's first look-back poll.
template <class Shape, class BlockScan, bool Fallback = false,
          detail::tile_order Order = detail::tile_order::by_ticket, class InSeq, class OutSeq,
          class Out, class Op>
__global__ void __launch_bounds__(Shape::threads, Shape::min_blocks)
    single_pass_kernel(InSeq in, OutSeq out, std::int64_t n, bool inclusive,
                       detail::maybe<Out> init, unsigned long long* header,
                       tile_descriptors<Out> descriptors, long long num_tiles, bool in_vector,
                       bool out_vector, Op op, int delay_ns, int patience = 0) {
  __shared__ shared_slot<typename BlockScan::template storage<Out>> storage;
  __shared__ shared_slot<Out> prefix;
  __shared__ long long s_tile;
  __shared__ unsigned long long s_epoch;
  __shared__ bool s_has_prefix;

  // The tile of blockIdx loads while the ticket travels (one L2 round trip); by ticket, a block
  // whose ticket differs loads its own tile again.
  const long long guess = blockIdx.x;
  Out items[Shape::items];
  Out run_prefix[Shape::runs];
  load_tile<Shape>(in + guess * Shape::tile_items, items,
                   tile_count<Shape>(n, guess * Shape::tile_items), in_vector);
  if (threadIdx.x == 0) draw_tile(header, num_tiles, s_tile, s_epoch);
  __syncthreads();
  const long long tile = Order == detail::tile_order::by_block_index ? guess : s_tile;
  const std::int64_t begin = static_cast<std::int64_t>(tile) * Shape::tile_items;
  const int count = tile_count<Shape>(n, begin);
  if (tile != guess) load_tile<Shape>(in + begin, items, count, in_vector);
  BlockScan::begin_block(storage.get()); // and end_block before the look-back, which waits
  const Out aggregate = BlockScan::scan(items, run_prefix, storage.get(), op);
  BlockScan::end_block(storage.get());

  if (threadIdx.x < warp_size)
    resolve_tile_prefix<Shape, Fallback>(in, tile, s_epoch, aggregate, init, descriptors, op,
                                         delay_ns, patience, prefix.get(), s_has_prefix);
  __syncthreads();
  apply_tile_prefix<Shape>(items, run_prefix, detail::maybe<Out>{prefix.get(), s_has_prefix},
                           inclusive, op);
  store_tile<Shape>(out + begin, items, count, out_vector);
}

} // namespace scan::gpu
