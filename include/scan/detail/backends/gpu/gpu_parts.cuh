// The part primitives (orchestration/part_primitives.hpp) of the CUDA and HIP backends: each
// launches one kernel of scan/detail/kernels/ on the caller's stream. A part is one tile of the
// block strategy's shape; the single pass is the automatic choice for every input larger than one
// tile (one launch, 2n traffic). Inputs and outputs are pointers or strided sequences
// (vocabulary/sequence.hpp); part totals are pointers. Compiled by nvcc or hipcc only: the kernels
// launch with <<<...>>>.
//
// Platform is the vendor's launch trait (cuda/cuda_launch.cuh, hip/hip_launch.hpp):
//   stream_type                    the runtime's stream
//   check_launch(kernel)           throws scan::error if launching `kernel` failed
//   lookback_fallback              whether the single pass may reduce a blocking predecessor's
//                                  tile itself (GPUs without forward progress between blocks)
//   lookback_patience()            polls of a not-ready predecessor before that fallback
//   tile_order_of<Out>             how the single pass numbers its tiles for results of type Out
//                                  (vocabulary/lookback_state.hpp)
//   tuning()                       the current device's device_tuning (gpu_tuning.hpp)
//   knobs                          the vendor's generated tuning, whose compile-time knobs pick
//                                  the batched and blockwise kernels' shapes (gpu_tuning.hpp)
// and, where the GPU has a copy engine for the staged single pass (staged_single_pass_kernel.cuh):
//   tile_copy                      its TileCopy
//   tile_copy_ready()              whether the current device runs it
// and optionally phase_probe, the staged single pass's Probe (kernels/phase_probe.cuh) for a
// diagnostic launch trait (perf/single_pass_timeline.cu); without one, no_probe.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <scan/detail/backends/gpu/gpu_strategies.cuh>
#include <scan/detail/backends/gpu/gpu_tuning.hpp>
#include <scan/detail/kernels/for_each_kernel.cuh>
#include <scan/detail/kernels/lanes_block_kernel.cuh>
#include <scan/detail/kernels/lanes_row_tile_kernel.cuh>
#include <scan/detail/kernels/lanes_single_pass_kernel.cuh>
#include <scan/detail/kernels/lookback.cuh>
#include <scan/detail/kernels/offset_bits_kernel.cuh>
#include <scan/detail/kernels/part_kernels.cuh>
#include <scan/detail/kernels/phase_probe.cuh>
#include <scan/detail/kernels/single_pass_kernel.cuh>
#include <scan/detail/kernels/staged_single_pass_kernel.cuh>
#include <scan/detail/kernels/tile_io.cuh>
#include <scan/detail/kernels/tile_shape.cuh>
#include <scan/detail/vocabulary/head_marks.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>

namespace scan::gpu {

template <class Platform, class = void> struct phase_probe_of { using type = no_probe; };
template <class Platform>
struct phase_probe_of<Platform, std::void_t<typename Platform::phase_probe>> {
  using type = typename Platform::phase_probe;
};

template <class Strategy, class Platform> struct gpu_parts {
  using knobs = typename Platform::knobs;
  typename Platform::stream_type stream = nullptr;

  template <class In, class Out> using shape = shape_of<Strategy, In, Out>;
  template <class In, class Out>
  using block_scan = typename Strategy::template block_scan<shape<In, Out>>;

  std::int64_t part_items(std::int64_t, std::size_t in_size, std::size_t out_size) const {
    return tile_items_of<Strategy>(in_size, out_size);
  }

  // The single pass, whatever the size: with 16-byte values split in their look-back descriptors
  // and their staged tiles scanned in place, it leads ReduceThenScan there too (H100, 16-byte
  // affine maps at 2^26: 0.75 of a copy against 0.56; perf/CUDA_RESULTS.md).
  algorithm automatic_algorithm(std::int64_t, std::size_t, std::size_t) const {
    return algorithm::single_pass;
  }

  template <class InSeq, class Out, class Op>
  void reduce_parts(InSeq in, std::int64_t n, std::int64_t part, Out* totals, Op op) {
    using In = detail::sequence_value_t<InSeq>;
    using S = shape<In, Out>;
    reduce_parts_kernel<S, block_scan<In, Out>>
        <<<part_grid<S>(n, part), S::threads, 0, stream>>>(in, n, totals, vector_ok<In, S>(in), op);
    Platform::check_launch("reduce_parts_kernel");
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void scan_parts(InSeq in, OutSeq out, std::int64_t n, std::int64_t part, bool inclusive,
                  detail::maybe<Out> init, const Out* seeds, Out* totals, Op op) {
    using In = detail::sequence_value_t<InSeq>;
    using S = shape<In, Out>;
    scan_parts_kernel<S, block_scan<In, Out>><<<part_grid<S>(n, part), S::threads, 0, stream>>>(
        in, out, n, inclusive, init, seeds, totals, vector_ok<In, S>(in), vector_ok<Out, S>(out),
        op);
    Platform::check_launch("scan_parts_kernel");
  }

  template <class OutSeq, class Out, class Op>
  void fan_parts(OutSeq out, std::int64_t n, std::int64_t part, bool inclusive, const Out* bases,
                 Op op) {
    using S = shape<Out, Out>;
    const auto grid = static_cast<unsigned>(fan_blocks<S>(blocks<S>(n, part)));
    if (grid == 0) return;
    fan_parts_kernel<S>
        <<<grid, S::threads, 0, stream>>>(out, n, inclusive, bases, vector_ok<Out, S>(out), op);
    Platform::check_launch("fan_parts_kernel");
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void single_pass(InSeq in, OutSeq out, std::int64_t n, bool inclusive, detail::maybe<Out> init,
                   detail::lookback_state<Out> state, Op op) {
    using In = detail::sequence_value_t<InSeq>;
    using S = shape<In, Out>;
    const unsigned tiles = blocks<S>(n, S::tile_items);
    if (static_cast<std::int64_t>(tiles) != state.num_tiles)
      throw error("n: look-back state sized for another tile count (internal error)");
    const device_tuning& tuning = Platform::tuning();
    // Pairs (segmented scans) stage too, their values alone: measured faster at 2^28 on the H100
    // (offsets 0.53 of a copy with pairs gathered into the tile, 0.36 in registers, whose pairs
    // take twice the registers).
    // Staged tiles hold several register tiles where the input is narrow (staged_shape_of) and use
    // the first of the state's descriptors. Staging starts at a count of register tiles (int8 on
    // the H100: 0.73 of a copy at 2^24 staged, 0.59 in registers); the delay and the loads' cache
    // policy count staged tiles.
    if constexpr (stages<InSeq, Out>) {
      if (state.num_tiles >= tuning.stage_from_tiles && Platform::tile_copy_ready()) {
        constexpr int per_sm = staging::template min_blocks<Out>;
        using staged =
            staged_shape_of<S, staged_value_t<InSeq>, staging::max_tile_bytes, per_sm,
                            pairs_over_pointer<InSeq> ? max_staged_pair_runs : max_staged_runs>;
        using totals = staged_totals_shape<staged, InSeq, OutSeq, Out>;
        const unsigned staged_tiles = blocks<staged>(n, staged::tile_items);
        staged_single_pass_kernel<
            staged, typename Strategy::template block_scan<totals>, typename Platform::tile_copy,
            Platform::template tile_order_of<Out>, typename phase_probe_of<Platform>::type>
            <<<staged_tiles, S::threads, 0, stream>>>(
                in, out, n, inclusive, init, state.header, tile_descriptors<Out>(state),
                staged_tiles, copyable(in), vector_ok<Out, staged>(out), op,
                staging::lookback_delay::template ns<Out>(staged_tiles, tuning),
                staged_tiles < tuning.evict_first_below_tiles);
        Platform::check_launch("staged_single_pass_kernel");
        return;
      }
    }
    single_pass_kernel<S, block_scan<In, Out>, Platform::lookback_fallback,
                       Platform::template tile_order_of<Out>><<<tiles, S::threads, 0, stream>>>(
        in, out, n, inclusive, init, state.header, tile_descriptors<Out>(state), state.num_tiles,
        vector_ok<In, S>(in), vector_ok<Out, S>(out), op,
        delay_policy::template ns<Out>(state.num_tiles, tuning), Platform::lookback_patience());
    Platform::check_launch("single_pass_kernel");
  }

  // f(i) for i in [0, count) (a device-callable functor); a thread per index whatever its weight.
  template <class F> void for_each(std::int64_t count, F f, std::int64_t /*weight*/ = 1) {
    if (count <= 0) return;
    for_each_kernel<<<stride_grid(count), for_each_threads, 0, stream>>>(count, f);
    Platform::check_launch("for_each_kernel");
  }

  // Items of a lane per for_each index (a thread) in a batched scan: enough threads to fill a
  // large GPU several times over, each with a few loads in flight.
  static std::int64_t lane_chunk(std::int64_t lanes, std::int64_t length) {
    return detail::lane_chunk_for(lanes, length, knobs::lane_chunk_threads,
                                  knobs::lane_chunk_min_items);
  }

  // Batched scans of lanes lying next to each other (along columns): one launch with a look-back
  // along each lane, 2n traffic against the for_each steps' 3n, whose neighbouring threads walk
  // far-apart rows (H100, 7 int32 columns: 0.02 of a copy). On NVIDIA GPUs any number of lanes
  // takes one (row tiles or the block kernel, below); the thread kernel needs a warp of lanes:
  // fewer would leave a warp walking one lane's chunks.
  static constexpr bool lanes_look_back = true;
  static bool lanes_single_pass_applies(const detail::lanes_layout& at) {
    return at.in.lane == 1 && at.out.lane == 1 && at.lanes >= (lanes_by_block ? 1 : max_warp_size);
  }
  // A block per tile of 32 lanes by 8 chunks (lanes_block_kernel.cuh): a lane has 8 times fewer
  // tiles in flight than with a thread per chunk (lanes_single_pass_kernel.cuh), and 8 threads
  // share its look-back. The thread's kernel walks a lane one round trip at a time and measured
  // unstable on the H100 (1024 x 65536 float columns: 0.40 to 0.90 of a copy from build to build);
  // it stays for GPUs without forward progress between blocks, since it has the fallback.
  static constexpr bool lanes_by_block = !Platform::lookback_fallback;
  // Lanes of 4-byte integers from which the block kernel takes them in pairs
  // (vocabulary/lane_pairs.hpp).
  static constexpr std::int64_t pairs_from_lanes =
      lanes_by_block ? knobs::lane_pairs_from_lanes : (std::int64_t{1} << 62);
  // Few lanes take tiles of rows holding every lane (lanes_row_tile_kernel.cuh): coalesced whatever
  // the lane count, a warp's look-back per lane. Where a warp takes several lanes its look-backs
  // queue, and the block kernel's groups of 32 lanes win from the tuning's most lanes on.
  template <class Out> static bool row_tiles_for(const detail::lanes_layout& at) {
    const std::int64_t most =
        detail::groups_exactly<Out> ? knobs::row_tile_most_exact_lanes : knobs::row_tile_most_lanes;
    return lanes_by_block && row_tiles_apply<Out>(at.lanes) && at.lanes <= most;
  }
  // Descriptors: a row tile's per lane.
  template <class Out> static std::int64_t lane_tiles(const detail::lanes_layout& at) {
    if (row_tiles_for<Out>(at)) return row_tile_count<Out>(at) * at.lanes;
    if constexpr (lanes_by_block)
      return lane_block_halved<Out>(at.lanes) ? lane_block_tiles<lane_block_run<Out, true>>(at)
                                              : lane_block_tiles<lane_block_run<Out, false>>(at);
    else
      return at.lanes * ((at.length + lane_run<Out> - 1) / lane_run<Out>);
  }
  template <class InSeq, class OutSeq, class Out, class Op>
  void single_pass_lanes(InSeq in, OutSeq out, const detail::lanes_layout& at, bool inclusive,
                         detail::maybe<Out> init, detail::lookback_state<Out> state, Op op) {
    const bool rows = row_tiles_for<Out>(at);
    const std::int64_t blocks = rows ? state.num_tiles / at.lanes
                                : lanes_by_block
                                    ? state.num_tiles / lane_group
                                    : (state.num_tiles + lane_threads - 1) / lane_threads;
    if (blocks > 0x7fffffff)
      throw error("n: " + std::to_string(at.items()) + " elements need more than 2^31 - 1 blocks");
    const auto grid = static_cast<unsigned>(blocks);
    const tile_descriptors<Out> descriptors(state);
    if constexpr (lanes_by_block) {
      if (rows) {
        lanes_row_tile_kernel<<<grid, row_tile_threads, 0, stream>>>(
            in, out, at, inclusive, init, state.header, descriptors, blocks, op);
        Platform::check_launch("lanes_row_tile_kernel");
      } else {
        // Both chunk sizes are compiled only for types that take both (lane_block_halved).
        const auto launch = [&](auto halved) {
          constexpr bool h = decltype(halved)::value;
          constexpr int min_blocks =
              h ? knobs::lane_block_halved_blocks_per_sm : knobs::lane_block_blocks_per_sm;
          lanes_block_kernel<lane_block_run<Out, h>, lane_block_polls<Out>, min_blocks>
              <<<grid, lane_block_threads, 0, stream>>>(in, out, at, inclusive, init, state.header,
                                                        descriptors, blocks, op);
        };
        if constexpr (lane_block_halved_when_many<Out>)
          lane_block_halved<Out>(at.lanes) ? launch(std::true_type{}) : launch(std::false_type{});
        else
          launch(std::bool_constant<lane_block_always_halved<Out>>{});
        Platform::check_launch("lanes_block_kernel");
      }
    } else {
      lanes_single_pass_kernel<lane_run<Out>><<<grid, lane_threads, 0, stream>>>(
          in, out, at, inclusive, init, state.header, descriptors, blocks, op,
          Platform::lookback_patience());
      Platform::check_launch("lanes_single_pass_kernel");
    }
  }

  // words[w] bit b = test(32w + b), for the n items: an item per thread, a ballot per warp.
  template <class Test> void pack_bits(std::int64_t n, Test test, std::uint32_t* words) {
    if (n <= 0) return;
    pack_bits_kernel<<<stride_grid(n), for_each_threads, 0, stream>>>(n, test, words);
    Platform::check_launch("pack_bits_kernel");
  }

  // Heads from an array compared with itself shifted by one (head flags, keys): read in 16-byte
  // words where the array is aligned for them.
  template <class Elem, class Differs>
  void pack_bits(std::int64_t n, detail::item_heads<detail::adjacent_starts<Elem, Differs>> test,
                 std::uint32_t* words) {
    if (n <= 0) return;
    const Elem* data = test.starts.data;
    constexpr int vec = std::is_trivially_copyable_v<Elem> ? vector_items(sizeof(Elem), 1) : 1;
    const auto launch = [&](auto kernel, int per_lane) {
      const std::int64_t per_block =
          std::int64_t{for_each_threads} * per_lane * mark_adjacent_steps;
      const std::int64_t blocks = (n + per_block - 1) / per_block;
      kernel<<<static_cast<unsigned>(blocks < (1 << 20) ? blocks : (1 << 20)), for_each_threads, 0,
               stream>>>(data, n, test.starts.differs, words);
      Platform::check_launch("mark_adjacent_kernel");
    };
    if (vec > 1 && reinterpret_cast<std::uintptr_t>(data) % 16 == 0)
      launch(mark_adjacent_kernel<vec, Elem, Differs>, vec);
    else
      launch(mark_adjacent_kernel<1, Elem, Differs>, 1);
  }

  // words[p >> 5] |= 1 << (p & 31) for every segment start p = starts(s) >= 0, s in [0, count);
  // the words start zeroed. A thread a segment where segments are long, else runs of segments
  // (offset_bits_kernel.cuh).
  template <class Offset>
  void set_bits(std::int64_t count, detail::offset_starts<Offset> starts, std::uint32_t* words) {
    if (count <= 0) return;
    if (sparse_starts(count, starts.n)) {
      set_start_bits_kernel<<<stride_grid((count + start_bits_batch - 1) / start_bits_batch),
                              for_each_threads, 0, stream>>>(starts, words);
      Platform::check_launch("set_start_bits_kernel");
      return;
    }
    const offset_bit_pass pass = offset_bit_pass_of(starts.offsets, count);
    set_offset_bits_kernel<<<stride_grid(offset_bit_runs(count, pass.skew)), for_each_threads, 0,
                             stream>>>(starts, pass, words);
    Platform::check_launch("set_offset_bits_kernel");
  }

private:
  // Blocks of the grid-stride kernels for `count` items: one item per thread up to 2^20 blocks.
  static unsigned stride_grid(std::int64_t count) {
    const std::int64_t blocks = (count + for_each_threads - 1) / for_each_threads;
    return static_cast<unsigned>(blocks < (1 << 20) ? blocks : (1 << 20));
  }
  // A strategy's optional `staging` and `lookback_delay` policies (gpu_strategies.cuh).
  template <class S, class = void> struct staging_of { using type = never_staged; };
  template <class S> struct staging_of<S, std::void_t<typename S::staging>> {
    using type = typename S::staging;
  };
  template <class S, class = void> struct delay_of { using type = no_lookback_delay; };
  template <class S> struct delay_of<S, std::void_t<typename S::lookback_delay>> {
    using type = typename S::lookback_delay;
  };
  using staging = typename staging_of<Strategy>::type;
  using delay_policy = typename delay_of<Strategy>::type;
  template <class P, class = void> struct has_tile_copy : std::false_type {};
  template <class P>
  struct has_tile_copy<P, std::void_t<typename P::tile_copy>> : std::true_type {};
  // Staged where the strategy and the platform allow it and the tile fits its shared memory.
  template <class InSeq, class Out>
  static constexpr bool stages =
      has_tile_copy<Platform>::value && !Platform::lookback_fallback &&
      staged_tile_bytes<shape<detail::sequence_value_t<InSeq>, Out>, staged_value_t<InSeq>> <=
          staging::max_tile_bytes;

  template <class S> static unsigned blocks(std::int64_t n, std::int64_t part) {
    if (part != S::tile_items)
      throw error("n: part size " + std::to_string(part) + " is not the kernel's tile of " +
                  std::to_string(S::tile_items) + " (internal error)");
    const std::int64_t count = (n + part - 1) / part;
    if (count > 0x7fffffff)
      throw error("n: " + std::to_string(n) + " elements need more than 2^31 - 1 tiles");
    return static_cast<unsigned>(count);
  }
  // Blocks of reduce_parts and scan_parts: several one-item parts per block.
  template <class S> static unsigned part_grid(std::int64_t n, std::int64_t part) {
    return static_cast<unsigned>(part_blocks<S>(blocks<S>(n, part)));
  }
  template <class T, class S, class Seq> static bool vector_ok(Seq p) {
    return vector_aligned<T, S::run>(p);
  }
  // Whether the staged single pass may copy the input's tiles whole (16-byte aligned pointers,
  // and the values under pairs over pointers); others, strided sequences among them, it gathers
  // an item per thread.
  template <class Seq> static bool copyable(Seq p) {
    if constexpr (stages_contiguous<Seq>)
      return reinterpret_cast<std::uintptr_t>(staged_source(p)) % 16 == 0;
    else
      return false;
  }
};

} // namespace scan::gpu
