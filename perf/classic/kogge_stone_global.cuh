// strategy::kogge_stone_global: the Kogge-Stone steps of kogge_stone_shared.cuh on an
// array in global memory (seed 1, step 0). Each block borrows a slot of a pool of global scratch
// from begin_block to end_block (block_scan.cuh): a bit per slot, taken with an atomic OR
// starting from the block's index and given back after the last read. Between the two a block
// waits on no other block (the single pass gives its slot back before it looks back), so a block
// waiting for a slot waits only on blocks that finish without waiting: the pool cannot deadlock.
// Elements too large for a slot use shared memory instead.
#pragma once

#include "perf/classic/array_block_scan.cuh"
#include "perf/classic/kogge_stone_shared.cuh"

namespace scan::gpu {

inline constexpr int global_scratch_slots = 1024;
inline constexpr int global_scratch_slot_bytes = 2048;

// The pool is device memory of the module that runs the kernels, so the translation unit that
// instantiates them defines it (a header may not): Pool has
//   __device__ static unsigned* busy();  // global_scratch_slots bits, zero at load (all free)
//   __device__ static uint4* slots();    // global_scratch_slots * global_scratch_slot_bytes
template <class Pool> struct kogge_stone_global_scan {
  static constexpr bool exclusive = false;
  template <class T, int N> static constexpr bool fits = N * sizeof(T) <= global_scratch_slot_bytes;

  template <class T, int N, bool InGlobal = fits<T, N>> struct buffer { int slot; };
  template <class T, int N> struct buffer<T, N, false> { T data[N]; };

  template <int N, class T> __device__ static void acquire(buffer<T, N>& b) {
    if constexpr (fits<T, N>) {
      if (threadIdx.x == 0) {
        unsigned slot = blockIdx.x % global_scratch_slots;
        for (;;) {
          const unsigned bit = 1u << (slot % 32);
          if (!(atomicOr(&Pool::busy()[slot / 32], bit) & bit)) break;
          slot = (slot + 1) % global_scratch_slots;
        }
        __threadfence(); // the previous holder's accesses happen before ours
        b.slot = static_cast<int>(slot);
      }
      __syncthreads();
    }
  }

  template <int N, class T> __device__ static T* array(buffer<T, N>& b) {
    if constexpr (fits<T, N>)
      return reinterpret_cast<T*>(reinterpret_cast<unsigned char*>(Pool::slots()) +
                                  static_cast<std::size_t>(b.slot) * global_scratch_slot_bytes);
    else
      return b.data;
  }

  template <int N, int Threads, class T, class Op>
  __device__ static const T* scan(buffer<T, N>&, T* a, T& total, Op op) {
    total = kogge_stone_in_place<N, Threads>(a, op);
    return a;
  }

  template <int N, class T> __device__ static void release(buffer<T, N>& b) {
    if constexpr (fits<T, N>) {
      __syncthreads(); // every thread has read its prefixes from the slot
      if (threadIdx.x == 0) {
        __threadfence();
        atomicAnd(&Pool::busy()[b.slot / 32], ~(1u << (b.slot % 32)));
      }
    }
  }
};

template <class Pool> struct kogge_stone_global_strategy : one_item_shape {
  template <class Shape> using block_scan = array_block_scan<Shape, kogge_stone_global_scan<Pool>>;
};

} // namespace scan::gpu
