// The frame the classic block scans of the ladder share (PMPP chapter 11, seeds 1-3): each thread
// scans its runs serially in registers, the run totals are laid out in tile order in an array
// (shared or global memory), an in-array algorithm scans that array with every thread of the
// block, and each thread reads back the prefix of its runs. It follows the block-scan contract
// of kernels/block_scan.cuh.
//
// An Algorithm provides:
//   static constexpr bool exclusive;            // leaves exclusive prefixes (else inclusive)
//   template <class T, int N> struct buffer;    // where the array lives (trivially constructible)
//   template <int N, class T> static void acquire(buffer<T, N>&);  // begin_block: every thread
//   template <int N, class T> static A array(buffer<T, N>&);  // the array, in every thread: a
//                                                             // T* or anything indexed like one
//   template <int N, int Threads, class T, class Op>
//   static R scan(buffer<T, N>&, A array, T& total, Op);
//       // called after the array is filled and a barrier; returns where the result lies (an A or
//       // T*, read by every thread after it returns) and the array's reduction in `total`
//   template <int N, class T> static void release(buffer<T, N>&);  // end_block: every thread
// Combinations always put the earlier range on the left: non-commutative operators are safe.
#pragma once

#include <scan/detail/platform/platform.cuh>
#include <scan/detail/kernels/tile_shape.cuh>

namespace scan::gpu {

// Tile-order index of run k of this thread (the layout of tile_shape.cuh).
template <class Shape> __device__ __forceinline__ int run_index(int k) {
  const int warp = static_cast<int>(threadIdx.x) / warp_size;
  return (warp * Shape::runs + k) * warp_size + lane_id();
}

// The one-item-per-thread shape of the classic designs: 256 threads, one element each.
struct one_item_shape {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int items(std::size_t, std::size_t) { return 1; }
  static constexpr int run(std::size_t, std::size_t) { return 1; }
};

// The shape of the work-efficient trees (PMPP 11.4): 256 threads, two elements each. They are
// adjacent (a run of two), so the tree's first level, which combines each pair, and its last,
// which hands the left element's prefix to the right one, run in registers (the frame's run
// scan and read-back); the shared array holds the 256 pair totals.
struct two_item_shape {
  static constexpr int threads(std::size_t, std::size_t) { return 256; }
  static constexpr int items(std::size_t, std::size_t) { return 2; }
  static constexpr int run(std::size_t, std::size_t) { return 2; }
};

// The array in shared memory, nothing to borrow: the frame of most algorithms.
struct shared_array {
  template <class T, int N> struct buffer { T data[N]; };
  template <int N, class T> __device__ static void acquire(buffer<T, N>&) {}
  template <int N, class T> __device__ static T* array(buffer<T, N>& b) { return b.data; }
  template <int N, class T> __device__ static void release(buffer<T, N>&) {}
};

// Shared memory serves a warp in rows of 32 four-byte banks: the trees' strided accesses (every
// 2s-th element) would fall in a few banks and serialise. A spare element after each row shifts
// the next row by one bank, so those strides spread over all of them (PMPP 11.4's padding).
inline constexpr int bank_row_bytes = 128;
template <class T>
inline constexpr int bank_row_items = sizeof(T) >= bank_row_bytes
                                          ? 1
                                          : bank_row_bytes / static_cast<int>(sizeof(T));

// An array of T indexed as if unpadded.
template <class T> struct padded_array {
  T* data;
  __device__ __forceinline__ T& operator[](int i) const { return data[i + i / bank_row_items<T>]; }
};

// The padded array in shared memory, for the tree scans.
struct padded_shared_array {
  template <class T, int N> struct buffer { T data[N + N / bank_row_items<T>]; };
  template <int N, class T> __device__ static void acquire(buffer<T, N>&) {}
  template <int N, class T> __device__ static padded_array<T> array(buffer<T, N>& b) {
    return {b.data};
  }
  template <int N, class T> __device__ static void release(buffer<T, N>&) {}
};

template <class Shape, class Algorithm> struct array_block_scan {
  static constexpr int elements = Shape::threads * Shape::runs;
  static_assert(is_power_of_two(elements), "the tree scans need a power-of-two array");

  template <class T> using storage = typename Algorithm::template buffer<T, elements>;
  template <class T> __device__ static void begin_block(storage<T>& s) { Algorithm::acquire(s); }
  template <class T> __device__ static void end_block(storage<T>& s) { Algorithm::release(s); }

  template <class T, class Op>
  __device__ __forceinline__ static T scan(T (&items)[Shape::items], T (&run_prefix)[Shape::runs],
                                           storage<T>& s, Op op) {
    constexpr int run = Shape::run;
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k)
#pragma unroll
      for (int j = 1; j < run; ++j)
        items[k * run + j] = op(items[k * run + j - 1], items[k * run + j]);

    const auto array = Algorithm::array(s);
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k)
      array[run_index<Shape>(k)] = items[k * run + run - 1];
    __syncthreads();
    T total;
    const auto result = Algorithm::template scan<elements, Shape::threads>(s, array, total, op);
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k) {
      const int i = run_index<Shape>(k);
      // Nothing precedes index 0: its prefix is unspecified (the contract), left as an item.
      if (i == 0)
        run_prefix[k] = items[k * run];
      else
        run_prefix[k] = Algorithm::exclusive ? result[i] : result[i - 1];
    }
    return total;
  }
};

} // namespace scan::gpu
