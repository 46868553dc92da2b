// Decoupled look-back over the tile descriptors of vocabulary/lookback_state.hpp, on a GPU.
//
// Values of at most 8 bytes travel inside their descriptor (tag and value in one 16-byte access;
// pairs of such values too, their head in the tag), so a look-back step costs one round trip to L2;
// values of 9 to 16 bytes travel in two such accesses, issued together (one round trip too); larger
// values are written before a release of the tag and read after its acquire. One warp looks
// back: each lane reads one predecessor, a ballot finds the nearest tile whose inclusive prefix is
// out, and the window's values are combined right to left in a shuffle tree, so a non-commutative
// operator keeps its order.
#pragma once

#include <cstring>

#include <scan/detail/kernels/warp_scan.cuh>
#include <scan/detail/platform/platform.cuh>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::gpu {

// What a packed descriptor (see below) carries beside its tag: a value whole; a pair's value, its
// head in the tag's mark bit, so that pairs of 8-byte values pack as their values do.
template <class T> struct packed_form {
  using word = T;
  __device__ __forceinline__ static const T& word_of(const T& v) { return v; }
  __device__ __forceinline__ static unsigned long long mark_of(const T&) { return 0; }
  __device__ __forceinline__ static T from(const T& w, unsigned long long) { return w; }
};
template <class T> struct packed_form<detail::headed<T>> {
  using word = T;
  __device__ __forceinline__ static const T& word_of(const detail::headed<T>& v) { return v.value; }
  __device__ __forceinline__ static unsigned long long mark_of(const detail::headed<T>& v) {
    return v.head != 0;
  }
  __device__ __forceinline__ static detail::headed<T> from(const T& w, unsigned long long mark) {
    return {w, static_cast<int>(mark)};
  }
};

template <class T> struct tile_descriptors {
  using form = packed_form<T>;
  using word = typename form::word;
  // Packed: the value (its word) in the descriptor. Split: in halves, the high one in a second
  // descriptor with the same tag (vocabulary/lookback_state.hpp); 16-byte values measured 0.48 of a
  // copy on the H100 with their look-back's two round trips a step (perf/CUDA_RESULTS.md).
  static constexpr bool packed = sizeof(word) <= 8 && atomic_pair_access;
  static constexpr bool split = sizeof(word) > 8 && sizeof(word) <= 16 && atomic_pair_access;

  unsigned long long* words;
  unsigned long long* high;
  T* aggregates;
  T* prefixes;

  explicit tile_descriptors(const detail::lookback_state<T>& s)
      : words(s.flags), high(s.high), aggregates(s.aggregates), prefixes(s.prefixes) {}

  // The descriptors from `first` on, numbered from 0: one look-back's share of the state.
  SCAN_HOST_DEVICE tile_descriptors shifted(long long first) const {
    tile_descriptors d = *this;
    d.words += 2 * first;
    d.high += 2 * first;
    d.aggregates += first;
    d.prefixes += first;
    return d;
  }

  __device__ __forceinline__ void publish(long long tile, unsigned long long epoch,
                                          unsigned long long status, const T& value) const {
    if constexpr (packed || split) {
      unsigned long long bits[2] = {0, 0};
      __builtin_memcpy(bits, &form::word_of(value), sizeof(word));
      const unsigned long long tag = detail::lookback_tag(epoch, status, form::mark_of(value));
      if constexpr (split) store_pair_relaxed(high + 2 * tile, tag, bits[1]);
      store_pair_relaxed(words + 2 * tile, tag, bits[0]);
    } else {
      (status == detail::lookback_prefix_ready ? prefixes : aggregates)[tile] = value;
      store_release(words + 2 * tile, detail::lookback_tag(epoch, status));
    }
  }

  // The tile's status in this call (0 while it has published nothing), and its value.
  __device__ __forceinline__ unsigned read(long long tile, unsigned long long epoch,
                                           T& value) const {
    if constexpr (packed || split) {
      unsigned long long tag, bits[2] = {0, 0};
      if constexpr (split) {
        // Halves of two publications of this call (a reader between a tile's two stores) are
        // read again, not taken as "nothing yet": a tile once published must never read as
        // unpublished, since some look-backs read a tile twice (lanes_block_kernel's fold
        // forward). A low half of an earlier call is "nothing yet", whatever the high one holds.
        unsigned long long high_tag;
        do {
          load_pair_relaxed(words + 2 * tile, tag, bits[0]);
          load_pair_relaxed(high + 2 * tile, high_tag, bits[1]);
        } while (high_tag != tag && detail::lookback_epoch(tag) == epoch);
      } else {
        load_pair_relaxed(words + 2 * tile, tag, bits[0]);
      }
      if (detail::lookback_epoch(tag) != epoch) return 0;
      word w{};
      __builtin_memcpy(&w, bits, sizeof w);
      value = form::from(w, detail::lookback_mark(tag));
      return static_cast<unsigned>(detail::lookback_status(tag));
    } else {
      const unsigned long long tag = load_acquire(words + 2 * tile);
      if (detail::lookback_epoch(tag) != epoch) return 0;
      const auto status = static_cast<unsigned>(detail::lookback_status(tag));
      value = (status == detail::lookback_prefix_ready ? prefixes : aggregates)[tile];
      return status;
    }
  }
};

__device__ __forceinline__ int lowest_lane(lane_mask m) {
  return __ffsll(static_cast<long long>(m)) - 1;
}

// How look_back waits on a tile that has published nothing yet. spin_wait polls until it has:
// enough where running blocks keep making progress (NVIDIA). reduce_when_blocked is for GPUs that
// promise no forward progress between blocks (AMD): after `patience` polls the warp reduces each
// blocking tile's input itself, so no block ever waits on another being scheduled.
struct spin_wait {
  static constexpr bool fallback = false;
};

template <int TileItems, class InSeq, class T> struct reduce_when_blocked {
  static constexpr bool fallback = true;
  InSeq in;              // the whole input; blocking tiles are full tiles
  detail::maybe<T> init; // tile 0's value is a prefix: init included
  int patience;

  // A full tile's reduction in every lane: each lane folds a contiguous share, then the shares
  // combine in lane order (any associative operator).
  template <class Op> __device__ __forceinline__ T reduce(long long tile, Op op) const {
    static_assert(TileItems % max_warp_size == 0, "a tile splits evenly over the lanes");
    constexpr int share = TileItems / warp_size;
    const InSeq p = in + tile * TileItems + static_cast<long long>(lane_id()) * share;
    T acc = static_cast<T>(p[0]);
    for (int i = 1; i < share; ++i)
      acc = op(acc, static_cast<T>(p[i]));
    acc = shuffle_warp_scan::inclusive(acc, op);
    T total = shfl(acc, warp_size - 1);
    if (tile == 0 && init.present) total = op(init.value, total);
    return total;
  }
};

// Polls the window of tiles top, top - 1, ..., one per lane (lane i: tile top - i), until every
// tile up to the nearest published prefix has published something. Leaves each lane's value in
// `value` and returns the ballot of lanes that hold a prefix. With a fallback (reduce_when_blocked)
// the warp reduces each tile still blocking after `patience` polls itself; a tile that published
// meanwhile keeps its own value, since once its prefix is out it may be overwriting its input (in
// place): the acquire orders the reads of that input before this look at the tile's state.
template <class T, class Op, class Wait>
__device__ __forceinline__ lane_mask poll_window(const tile_descriptors<T>& d, long long top,
                                                 unsigned long long epoch, Op op, const Wait& wait,
                                                 T& value) {
  const int lane = lane_id();
  const long long j = top - lane;
  unsigned status = 0;
  bool settled = false; // value computed by the fallback: not read again
  int polls = 0;
  for (;;) {
    if (j >= 0 && !settled) status = d.read(j, epoch, value);
    const lane_mask done = ballot(j >= 0 && status == detail::lookback_prefix_ready);
    const lane_mask waiting = ballot(j >= 0 && status == 0);
    // Lanes up to the nearest published prefix matter; all of them when none is out yet.
    const lane_mask needed = done ? (done ^ (done - 1)) : ~lane_mask{0};
    lane_mask blocked = waiting & needed;
    if (!blocked) return done;
    if constexpr (Wait::fallback) {
      if (polls >= wait.patience) {
        while (blocked) {
          const int i = lowest_lane(blocked);
          blocked &= blocked - 1;
          const T reduced = wait.reduce(top - i, op);
          fence_acquire();
          if (lane == i) {
            T published{};
            const unsigned now = d.read(j, epoch, published);
            value = now ? published : reduced;
            status =
                now ? now
                    : (j == 0 ? detail::lookback_prefix_ready : detail::lookback_aggregate_ready);
            settled = true;
          }
        }
        continue;
      }
      ++polls;
    }
    pause();
  }
}

// Called by every lane of one warp for tile >= 1 after the tile published its aggregate: the
// combination of every tile before `tile` (init included), in every lane. Tiles only wait on
// tiles before them, whose blocks are running or done (tile_order), so this always finishes where
// running blocks make progress; with reduce_when_blocked it finishes whatever the scheduler does.
template <class T, class Op, class Wait = spin_wait>
__device__ __forceinline__ T look_back(const tile_descriptors<T>& d, long long tile,
                                       unsigned long long epoch, Op op, Wait wait = {}) {
  const int lane = lane_id();
  T acc{};
  bool have = false;
  for (long long top = tile - 1;; top -= warp_size) {
    T value{};
    const lane_mask done = poll_window(d, top, epoch, op, wait, value);
    const int last = done ? lowest_lane(done) : warp_size - 1;
    // Lane i holds the tile i places back: fold lanes [0, last] with the earlier one on the left.
#pragma unroll
    for (int step = 1; step < warp_size; step *= 2) {
      const T earlier = shfl(value, lane + step < warp_size ? lane + step : warp_size - 1);
      if (lane + step <= last) value = op(earlier, value);
    }
    const T window = shfl(value, 0);
    acc = have ? op(window, acc) : window;
    have = true;
    if (done) return acc;
  }
}

// The look-back for values whose combination depends on the order of operations (floating point:
// rounding): every published prefix is the left fold P_t = P_(t-1) op A_t of the tile aggregates,
// whichever tile's prefix a look-back finds, so results are bitwise identical from run to run. A
// lane keeps its predecessor's value per window (Windows * warp_size tiles at most); the fold
// starts at the nearest published prefix and runs forward through the aggregates after it. When
// no prefix lies within reach the warp polls again from the nearest window. With a fallback
// (reduce_when_blocked) results stay reproducible as long as it does not fire: an aggregate it
// computes is rounded in another order than the tile's own.
template <int Windows = 4, class T, class Op, class Wait = spin_wait>
__device__ __forceinline__ T look_back_in_order(const tile_descriptors<T>& d, long long tile,
                                                unsigned long long epoch, Op op, Wait wait = {}) {
  for (;;) {
    T saved[Windows];
#pragma unroll
    for (int w = 0; w < Windows; ++w) {
      T value{};
      const lane_mask done =
          poll_window(d, tile - 1 - static_cast<long long>(w) * warp_size, epoch, op, wait, value);
      saved[w] = value;
      if (done) {
        const int last = lowest_lane(done);
        T acc = shfl(value, last);
        for (int l = last - 1; l >= 0; --l)
          acc = op(acc, shfl(value, l));
#pragma unroll
        for (int v = Windows - 1; v >= 0; --v)
          if (v < w)
            for (int l = warp_size - 1; l >= 0; --l)
              acc = op(acc, shfl(saved[v], l));
        return acc;
      }
    }
    if constexpr (Wait::fallback) {
      // Blocked tiles may never publish, so no prefix need ever come within reach: take what
      // lies beyond it from the plain look-back, then fold forward through the saved windows.
      T acc = look_back(d, tile - static_cast<long long>(Windows) * warp_size, epoch, op, wait);
#pragma unroll
      for (int v = Windows - 1; v >= 0; --v)
        for (int l = warp_size - 1; l >= 0; --l)
          acc = op(acc, shfl(saved[v], l));
      return acc;
    }
    pause();
  }
}

} // namespace scan::gpu
