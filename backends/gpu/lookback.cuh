// Decoupled look-back over the tile descriptors of src/lookback_state.hpp, on a GPU.
//
// Values of at most 8 bytes travel inside their descriptor (tag and value in one 16-byte access),
// so a look-back step costs one round trip to L2; larger values are written before a release of
// the tag and read after its acquire. One warp looks back: each lane reads one predecessor, a
// ballot finds the nearest tile whose inclusive prefix is out, and the window's values are
// combined right to left in a shuffle tree, so a non-commutative operator keeps its order.
#pragma once

#include <cstring>

#include "backends/gpu/platform.cuh"
#include "src/lookback_state.hpp"

namespace scan::gpu {

template <class T> struct tile_descriptors {
  static constexpr bool packed = sizeof(T) <= 8;

  unsigned long long* words;
  T* aggregates;
  T* prefixes;

  explicit tile_descriptors(const detail::lookback_state<T>& s)
      : words(s.flags), aggregates(s.aggregates), prefixes(s.prefixes) {}

  __device__ __forceinline__ void publish(long long tile, unsigned long long epoch,
                                          unsigned long long status, const T& value) const {
    const unsigned long long tag = (epoch << 2) | status;
    if constexpr (packed) {
      unsigned long long bits = 0;
      std::memcpy(&bits, &value, sizeof(T));
      store_pair_relaxed(words + 2 * tile, tag, bits);
    } else {
      (status == detail::lookback_prefix_ready ? prefixes : aggregates)[tile] = value;
      store_release(words + 2 * tile, tag);
    }
  }

  // The tile's status in this call (0 while it has published nothing), and its value.
  __device__ __forceinline__ unsigned read(long long tile, unsigned long long epoch,
                                           T& value) const {
    if constexpr (packed) {
      unsigned long long tag, bits;
      load_pair_relaxed(words + 2 * tile, tag, bits);
      if ((tag >> 2) != epoch) return 0;
      std::memcpy(&value, &bits, sizeof(T));
      return static_cast<unsigned>(tag & 3);
    } else {
      const unsigned long long tag = load_acquire(words + 2 * tile);
      if ((tag >> 2) != epoch) return 0;
      const auto status = static_cast<unsigned>(tag & 3);
      value = (status == detail::lookback_prefix_ready ? prefixes : aggregates)[tile];
      return status;
    }
  }
};

__device__ __forceinline__ int lowest_lane(lane_mask m) {
  return __ffsll(static_cast<long long>(m)) - 1;
}

// Called by every lane of one warp for tile >= 1 after the tile published its aggregate: the
// combination of every tile before `tile` (init included), in every lane. Tiles only wait on
// tiles with smaller tickets, which are running or done, so this always finishes.
template <class T, class Op>
__device__ __forceinline__ T look_back(const tile_descriptors<T>& d, long long tile,
                                       unsigned long long epoch, Op op) {
  const int lane = lane_id();
  T acc{};
  bool have = false;
  for (long long top = tile - 1;; top -= warp_size) {
    const long long j = top - lane;
    T value{};
    unsigned status = 0;
    lane_mask done = 0;
    for (;;) {
      if (j >= 0) status = d.read(j, epoch, value);
      done = ballot(j >= 0 && status == detail::lookback_prefix_ready);
      const lane_mask waiting = ballot(j >= 0 && status == 0);
      // Lanes up to the nearest published prefix matter; all of them when none is out yet.
      const lane_mask needed = done ? (done ^ (done - 1)) : ~lane_mask{0};
      if (!(waiting & needed)) break;
      pause();
    }
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
// no prefix lies within reach the warp polls again from the nearest window.
template <int Windows = 4, class T, class Op>
__device__ __forceinline__ T look_back_in_order(const tile_descriptors<T>& d, long long tile,
                                                unsigned long long epoch, Op op) {
  const int lane = lane_id();
  for (;;) {
    T saved[Windows];
#pragma unroll
    for (int w = 0; w < Windows; ++w) {
      const long long j = tile - 1 - static_cast<long long>(w) * warp_size - lane;
      T value{};
      unsigned status = 0;
      lane_mask done = 0;
      for (;;) {
        if (j >= 0) status = d.read(j, epoch, value);
        done = ballot(j >= 0 && status == detail::lookback_prefix_ready);
        const lane_mask waiting = ballot(j >= 0 && status == 0);
        const lane_mask needed = done ? (done ^ (done - 1)) : ~lane_mask{0};
        if (!(waiting & needed)) break;
        pause();
      }
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
    pause();
  }
}

} // namespace scan::gpu
