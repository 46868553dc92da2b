// Moving a tile between global memory and registers in the layout of tile_shape.cuh. Full tiles
// at vector-aligned addresses use one access of up to 16 bytes per run; unaligned pointers and
// strided sequences (vocabulary/sequence.hpp) use element accesses in the same layout; the ragged
// last tile guards every element.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include <scan/detail/kernels/tile_shape.cuh>
#include <scan/detail/platform/platform.cuh>
#include <scan/detail/vocabulary/headed_sequences.hpp>
#include <scan/detail/vocabulary/rounded.hpp>
#include <scan/detail/vocabulary/sequence.hpp>

namespace scan::gpu {

template <int Bytes> struct raw_word;
template <> struct raw_word<1> { using type = unsigned char; };
template <> struct raw_word<2> { using type = unsigned short; };
template <> struct raw_word<4> { using type = unsigned; };
template <> struct raw_word<8> { using type = uint2; };
template <> struct raw_word<16> { using type = uint4; };

// Bytes per vector access for a run of `Run` elements of T (0: element accesses only).
constexpr int access_bytes_for(std::size_t size, int run) {
  const std::size_t bytes = size * static_cast<std::size_t>(run);
  if (!is_power_of_two(size) || !is_power_of_two(bytes)) return 0;
  return bytes >= 16 ? 16 : static_cast<int>(bytes);
}
template <class T, int Run> inline constexpr int access_bytes = access_bytes_for(sizeof(T), Run);

// Whether p suits the vector path of runs of Run elements of T (checked on the host per call).
template <class T, int Run> inline bool vector_aligned(const void* p) {
  constexpr int bytes = access_bytes<T, Run>;
  if constexpr (bytes == 0)
    return false;
  else
    return reinterpret_cast<std::uintptr_t>(p) % bytes == 0;
}
// Pairs over pointers (segmented scans, vocabulary/headed_sequences.hpp): their values move as a
// pointer's do. One overload for every sequence, so that no call weighs two templates.
template <class Seq> inline constexpr bool pairs_over_pointer = false;
template <class In, class Out, class Op>
inline constexpr bool
    pairs_over_pointer<detail::headed_items<const In*, detail::head_bits, Out, Op>> = true;
template <class Out>
inline constexpr bool pairs_over_pointer<detail::headed_results<Out*, detail::head_bits, Out>> =
    true;

// Rounded results over a pointer (16-bit floats, vocabulary/rounded.hpp): runs are rounded, then
// stored as the pointer's.
template <class Seq> inline constexpr bool rounds_over_pointer = false;
template <class T> inline constexpr bool rounds_over_pointer<detail::rounded_results<T*>> = true;

// The values under pairs over pointers, from the sequence's first item.
template <class In, class Out, class Op>
SCAN_HOST_DEVICE const In*
pair_values(const detail::headed_items<const In*, detail::head_bits, Out, Op>& s) {
  return s.in + s.first;
}
template <class Out>
SCAN_HOST_DEVICE Out* pair_values(const detail::headed_results<Out*, detail::head_bits, Out>& s) {
  return s.out + s.first;
}

// Other sequences: pairs over pointers by their values' alignment; the rest (strided) take
// element accesses.
template <class T, int Run, class Seq, std::enable_if_t<!std::is_pointer_v<Seq>, int> = 0>
inline bool vector_aligned(const Seq& s) {
  if constexpr (pairs_over_pointer<Seq>) {
    using Value = std::remove_cv_t<std::remove_pointer_t<decltype(pair_values(s))>>;
    return vector_aligned<Value, Run>(pair_values(s));
  } else if constexpr (rounds_over_pointer<Seq>) {
    return vector_aligned<typename Seq::stored, Run>(s.out);
  } else {
    return false;
  }
}

// Bytes per vector access of a sequence's runs: none for strided sequences.
template <class Seq, int Run>
inline constexpr int seq_access_bytes =
    detail::is_contiguous<Seq> ? access_bytes<detail::sequence_value_t<Seq>, Run> : 0;

// Offset of the first element of run k of this thread, from the tile's start.
template <class Shape> __device__ __forceinline__ int run_offset(int k) {
  const int lane = lane_id();
  const int warp = static_cast<int>(threadIdx.x) / warp_size;
  return warp * warp_size * Shape::items + (k * warp_size + lane) * Shape::run;
}

// Run k of a tile as vector words of `bytes` (seq_access_bytes > 0; the tile starts on a word).
template <class Shape, int Bytes, class InSeq, class T>
__device__ __forceinline__ void load_vector_run(InSeq tile, int k, T* items) {
  using In = detail::sequence_value_t<InSeq>;
  using word = typename raw_word<Bytes>::type;
  constexpr int per_word = Bytes / static_cast<int>(sizeof(In));
  const word* p = reinterpret_cast<const word*>(tile + run_offset<Shape>(k));
  if constexpr (per_word == 0) {
    // Items wider than a word: each as its consecutive words.
    constexpr int words = static_cast<int>(sizeof(In)) / Bytes;
#pragma unroll
    for (int j = 0; j < Shape::run; ++j) {
      word raw[words];
#pragma unroll
      for (int w = 0; w < words; ++w)
        raw[w] = p[j * words + w];
      In v;
      __builtin_memcpy(&v, raw, sizeof(In));
      items[j] = static_cast<T>(v);
    }
  } else {
#pragma unroll
    for (int w = 0; w < Shape::run / per_word; ++w) {
      const word raw = p[w];
      In v[per_word];
      __builtin_memcpy(v, &raw, Bytes);
#pragma unroll
      for (int i = 0; i < per_word; ++i)
        items[w * per_word + i] = static_cast<T>(v[i]);
    }
  }
}

// A tile of a pointer or strided sequence. vector_ok: the tile starts on a vector word; a ragged
// tile loads its whole runs as words too (a tile of whole short segments, blockwise_kernels.cuh).
template <class Shape, class InSeq, class T>
__device__ __forceinline__ void load_elements(InSeq tile, T (&items)[Shape::items], int count,
                                              bool vector_ok) {
  constexpr int run = Shape::run;
  constexpr int bytes = seq_access_bytes<InSeq, run>;
  if (count >= Shape::tile_items) {
    if constexpr (bytes > 0) {
      if (vector_ok) {
#pragma unroll
        for (int k = 0; k < Shape::runs; ++k)
          load_vector_run<Shape, bytes>(tile, k, &items[k * run]);
        return;
      }
    }
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k) {
      const InSeq p = tile + run_offset<Shape>(k);
#pragma unroll
      for (int j = 0; j < run; ++j)
        items[k * run + j] = static_cast<T>(p[j]);
    }
  } else {
    // Past the end: a copy of the tile's first element, so an operator only ever sees values
    // made of real inputs. Those items are never stored and never reach a published value.
    const T filler = static_cast<T>(tile[0]);
#pragma unroll
    for (int k = 0; k < Shape::runs; ++k) {
      const int base = run_offset<Shape>(k);
      if constexpr (bytes > 0) {
        if (vector_ok && base + run <= count) {
          load_vector_run<Shape, bytes>(tile, k, &items[k * run]);
          continue;
        }
      }
#pragma unroll
      for (int j = 0; j < run; ++j)
        items[k * run + j] = base + j < count ? static_cast<T>(tile[base + j]) : filler;
    }
  }
}

// Stores this thread's run k (`run` holds its Shape::run items) of a tile of `count` items.
// Streaming: vector stores hint that no one reads them soon (platform's store_streaming), for
// outputs larger than the L2. vector_ok: as load_elements.
template <class Shape, bool Streaming = false, class OutSeq, class T>
__device__ __forceinline__ void store_run(OutSeq tile, int k, const T* run, int count,
                                          bool vector_ok) {
  constexpr int length = Shape::run;
  if constexpr (rounds_over_pointer<OutSeq>) {
    typename OutSeq::stored rounded[length];
#pragma unroll
    for (int j = 0; j < length; ++j)
      rounded[j] = typename OutSeq::stored(run[j]);
    store_run<Shape, Streaming>(tile.out, k, rounded, count, vector_ok);
    return;
  }
  constexpr int bytes = seq_access_bytes<OutSeq, length>;
  const int base = run_offset<Shape>(k);
  const OutSeq p = tile + base;
  if constexpr (bytes > 0) {
    // Whole runs as vector words, of a ragged tile too (as load_elements).
    if (vector_ok && base + length <= count) {
      using word = typename raw_word<bytes>::type;
      // Words of the run in order: several items a word, or (items wider than a word) several
      // words an item.
      constexpr int words = length * static_cast<int>(sizeof(T)) / bytes;
#pragma unroll
      for (int w = 0; w < words; ++w) {
        word raw;
        __builtin_memcpy(&raw, reinterpret_cast<const char*>(run) + w * bytes, bytes);
        if constexpr (Streaming)
          store_streaming(reinterpret_cast<word*>(p) + w, raw);
        else
          reinterpret_cast<word*>(p)[w] = raw;
      }
      return;
    }
  }
  if (count >= Shape::tile_items) {
#pragma unroll
    for (int j = 0; j < length; ++j)
      p[j] = run[j];
  } else {
#pragma unroll
    for (int j = 0; j < length; ++j)
      if (base + j < count) p[j] = run[j];
  }
}

template <class Shape, class OutSeq, class T>
__device__ __forceinline__ void store_elements(OutSeq tile, const T (&items)[Shape::items],
                                               int count, bool vector_ok) {
#pragma unroll
  for (int k = 0; k < Shape::runs; ++k)
    store_run<Shape>(tile, k, &items[k * Shape::run], count, vector_ok);
}

// The head bits of the `left` items of a run from item i (bit j: item i + j), at most two words.
template <int Run>
__device__ __forceinline__ std::uint32_t run_heads(detail::head_bits heads, std::int64_t i,
                                                   int left) {
  static_assert(Run <= 32, "a run's heads fit one word");
  if (left <= 0) return 0;
  const int shift = static_cast<int>(i & 31);
  std::uint64_t bits = heads.words[i >> 5];
  if (shift + Run > 32 && left > 32 - shift) bits |= std::uint64_t{heads.words[(i >> 5) + 1]} << 32;
  const int kept = left < Run ? left : Run;
  return static_cast<std::uint32_t>(bits >> shift) & (kept >= 32 ? ~0u : (1u << kept) - 1);
}

// Pairs over pointers (segmented scans, vocabulary/headed_sequences.hpp): the values move as a
// pointer's do (vector accesses), a run's heads come from one bitmap word.
template <class Shape, class In, class Out, class Op>
__device__ __forceinline__ void
load_pairs(detail::headed_items<const In*, detail::head_bits, Out, Op> tile,
           detail::headed<Out> (&items)[Shape::items], int count, bool vector_ok) {
  Out values[Shape::items];
  load_elements<Shape>(pair_values(tile), values, count, vector_ok);
#pragma unroll
  for (int k = 0; k < Shape::runs; ++k) {
    const int base = run_offset<Shape>(k);
    const std::uint32_t heads = run_heads<Shape::run>(tile.heads, tile.first + base, count - base);
#pragma unroll
    for (int j = 0; j < Shape::run; ++j)
      items[k * Shape::run + j] = tile.pair(values[k * Shape::run + j], (heads >> j) & 1u);
  }
}

// Run k of pairs over pointers: the values, or init at the heads of an exclusive scan (`heads`:
// the run's head bits, read by the caller).
template <class Shape, bool Streaming = false, class Out>
__device__ __forceinline__ void
store_pair_run(detail::headed_results<Out*, detail::head_bits, Out> tile, int k,
               const detail::headed<Out>* run, int count, bool vector_ok, std::uint32_t heads) {
  if (!tile.exclusive) heads = 0;
  Out values[Shape::run];
#pragma unroll
  for (int j = 0; j < Shape::run; ++j)
    values[j] = (heads >> j) & 1u ? tile.init : run[j].value;
  store_run<Shape, Streaming>(pair_values(tile), k, values, count, vector_ok);
}

template <class Shape, class Out>
__device__ __forceinline__ void
store_pairs(detail::headed_results<Out*, detail::head_bits, Out> tile,
            const detail::headed<Out> (&items)[Shape::items], int count, bool vector_ok) {
#pragma unroll
  for (int k = 0; k < Shape::runs; ++k) {
    const int base = run_offset<Shape>(k);
    const std::uint32_t heads =
        tile.exclusive ? run_heads<Shape::run>(tile.heads, tile.first + base, count - base) : 0u;
    store_pair_run<Shape>(tile, k, &items[k * Shape::run], count, vector_ok, heads);
  }
}

// A tile of any sequence the kernels take, between global memory and registers.
template <class Shape, class InSeq, class T>
__device__ __forceinline__ void load_tile(InSeq tile, T (&items)[Shape::items], int count,
                                          bool vector_ok) {
  if constexpr (pairs_over_pointer<InSeq>)
    load_pairs<Shape>(tile, items, count, vector_ok);
  else
    load_elements<Shape>(tile, items, count, vector_ok);
}

template <class Shape, class OutSeq, class T>
__device__ __forceinline__ void store_tile(OutSeq tile, const T (&items)[Shape::items], int count,
                                           bool vector_ok) {
  if constexpr (pairs_over_pointer<OutSeq>)
    store_pairs<Shape>(tile, items, count, vector_ok);
  else
    store_elements<Shape>(tile, items, count, vector_ok);
}

// Run k of a tile of any sequence the kernels take (store_run); `heads`: the run's head bits
// under pairs over pointers.
template <class Shape, bool Streaming = false, class OutSeq, class T>
__device__ __forceinline__ void store_tile_run(OutSeq tile, int k, const T* run, int count,
                                               bool vector_ok, std::uint32_t heads) {
  if constexpr (pairs_over_pointer<OutSeq>)
    store_pair_run<Shape, Streaming>(tile, k, run, count, vector_ok, heads);
  else
    store_run<Shape, Streaming>(tile, k, run, count, vector_ok);
}

// Calls f(value) in the one thread holding the tile's item `index` (0 <= index < tile_items),
// with that item's scan within the tile: for a ragged tile's reduction.
template <class Shape, class T, class Op, class F>
__device__ __forceinline__ void at_item(const T (&items)[Shape::items],
                                        const T (&run_prefix)[Shape::runs], int index, Op op,
                                        F&& f) {
  constexpr int run = Shape::run;
#pragma unroll
  for (int k = 0; k < Shape::runs; ++k) {
    const int j = index - run_offset<Shape>(k);
    if (j >= 0 && j < run) {
#pragma unroll
      for (int i = 0; i < run; ++i)
        if (i == j)
          f(threadIdx.x == 0 && k == 0 ? items[k * run + i]
                                       : op(run_prefix[k], items[k * run + i]));
    }
  }
}

} // namespace scan::gpu
