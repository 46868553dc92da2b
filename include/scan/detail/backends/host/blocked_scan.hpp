// The host backend's per-part scans and reductions: faster than one combine after another, for
// the built-in operators on arithmetic types over plain pointers (serial_scan.hpp otherwise, and
// always for the tests' oracle).
//
// A serial scan is a chain of dependent combines: one per item, so a floating-point sum runs at
// the adder's latency, not at the memory's pace. Here a block of items is first combined among
// themselves (independent of the running total, so consecutive blocks overlap), then each with
// the running total; the chain is one combine per block. Integer sums where SSE2 is available
// (every x86-64 target) take a 16-byte vector as the block, its prefix in a few shifts and adds.
// The items so combine in another association than the left fold: exactly the same results for
// integers, min, max and the bitwise operators, the same within rounding for floating-point sums
// and products (as the parts of a parallel scan already do).
#pragma once

#include <cstdint>
#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <scan/detail/backends/host/serial_scan.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/operators.hpp>
#include <scan/types.hpp>

namespace scan::host {

namespace blocked {

// Items of a block: enough independent combines to cover a floating-point adder's latency.
inline constexpr std::int64_t block_items = 8;

// The pointer scans this file speeds up: a built-in operator (one cheap instruction per combine)
// on arithmetic items, read and written through plain pointers; not 8-byte integers, whose plain
// loop already runs at the memory's pace (perf/HOST_RESULTS.md).
template <class InSeq, class OutSeq, class Out, class Op> constexpr bool applies_to() {
  if constexpr (std::is_pointer_v<InSeq> && std::is_pointer_v<OutSeq>) {
    using In = std::remove_cv_t<std::remove_pointer_t<InSeq>>;
    return std::is_same_v<std::remove_pointer_t<OutSeq>, Out> && std::is_arithmetic_v<In> &&
           std::is_arithmetic_v<Out> && !(std::is_integral_v<Out> && sizeof(Out) >= 8) &&
           operator_kind_of<Op>() != operator_kind::other;
  }
  return false;
}
template <class InSeq, class OutSeq, class Out, class Op>
inline constexpr bool applies = applies_to<InSeq, OutSeq, Out, Op>();

// Integer sums in 16-byte vectors of their type, where the target has SSE2.
template <class InSeq, class Out, class Op> constexpr bool vector_sum_of() {
#if defined(__SSE2__)
  using In = std::remove_cv_t<std::remove_pointer_t<InSeq>>;
  return std::is_same_v<In, Out> && std::is_integral_v<Out> && std::is_same_v<Op, sum>;
#else
  return false;
#endif
}
template <class InSeq, class Out, class Op>
inline constexpr bool vector_sum = vector_sum_of<InSeq, Out, Op>();

#if defined(__SSE2__)
template <class T> __m128i add(__m128i a, __m128i b) {
  if constexpr (sizeof(T) == 1) return _mm_add_epi8(a, b);
  if constexpr (sizeof(T) == 2) return _mm_add_epi16(a, b);
  if constexpr (sizeof(T) == 4) return _mm_add_epi32(a, b);
  if constexpr (sizeof(T) == 8) return _mm_add_epi64(a, b);
}

template <class T> __m128i broadcast(T v) {
  if constexpr (sizeof(T) == 1) return _mm_set1_epi8(static_cast<char>(v));
  if constexpr (sizeof(T) == 2) return _mm_set1_epi16(static_cast<short>(v));
  if constexpr (sizeof(T) == 4) return _mm_set1_epi32(static_cast<int>(v));
  if constexpr (sizeof(T) == 8) return _mm_set1_epi64x(static_cast<long long>(v));
}

// Every lane set to the last one.
template <class T> __m128i broadcast_last(__m128i x) {
  if constexpr (sizeof(T) == 1) x = _mm_unpackhi_epi8(x, x); // byte 15 fills 16-bit lane 7
  if constexpr (sizeof(T) <= 2) x = _mm_shufflehi_epi16(x, 0xFF);
  if constexpr (sizeof(T) <= 4) return _mm_shuffle_epi32(x, 0xFF);
  if constexpr (sizeof(T) == 8) return _mm_shuffle_epi32(x, 0xEE);
}

// The inclusive prefix of the vector's lanes.
template <class T> __m128i prefix(__m128i x) {
  x = add<T>(x, _mm_slli_si128(x, sizeof(T)));
  if constexpr (sizeof(T) <= 4) x = add<T>(x, _mm_slli_si128(x, 2 * sizeof(T)));
  if constexpr (sizeof(T) <= 2) x = add<T>(x, _mm_slli_si128(x, 4 * sizeof(T)));
  if constexpr (sizeof(T) == 1) x = add<T>(x, _mm_slli_si128(x, 8));
  return x;
}

// Scans whole vectors from item j while 16 bytes remain, after `acc` (the combination of all
// items before j); returns the first item left.
template <bool Inclusive, class T>
std::int64_t vector_sums(const T* in, T* out, std::int64_t j, std::int64_t n, T& acc) {
  constexpr std::int64_t lanes = 16 / sizeof(T);
  __m128i carry = broadcast(acc);
  for (; j + lanes <= n; j += lanes) {
    const __m128i p = prefix<T>(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + j)));
    const __m128i r = add<T>(carry, Inclusive ? p : _mm_slli_si128(p, sizeof(T)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + j), r);
    carry = add<T>(carry, broadcast_last<T>(p));
  }
  T lane0[lanes];
  _mm_storeu_si128(reinterpret_cast<__m128i*>(lane0), carry);
  acc = lane0[0];
  return j;
}
#endif

// Scans whole blocks from item j after `acc`; returns the first item left.
template <bool Inclusive, class In, class Out, class Op>
std::int64_t block_scans(const In* in, Out* out, std::int64_t j, std::int64_t n, Out& acc, Op op) {
  // One branch or the other, not a return before the loop: nvcc calls such a loop unreachable.
  if constexpr (vector_sum<const In*, Out, Op>) {
#if defined(__SSE2__)
    return vector_sums<Inclusive>(in, out, j, n, acc);
#endif
  } else {
    for (; j + block_items <= n; j += block_items) {
      Out v[block_items]; // the block's own inclusive prefix, read before any write: safe in place
      v[0] = static_cast<Out>(in[j]);
      for (std::int64_t k = 1; k < block_items; ++k)
        v[k] = op(v[k - 1], static_cast<Out>(in[j + k]));
      if constexpr (Inclusive) {
        for (std::int64_t k = 0; k < block_items; ++k)
          out[j + k] = op(acc, v[k]);
      } else {
        out[j] = acc;
        for (std::int64_t k = 1; k < block_items; ++k)
          out[j + k] = op(acc, v[k - 1]);
      }
      acc = op(acc, v[block_items - 1]);
    }
    return j;
  }
}

} // namespace blocked

// serial_scan's contract (an unseeded exclusive scan leaves out[0] unspecified; safe in place).
template <class InSeq, class OutSeq, class Out, class Op>
void part_scan(InSeq in, OutSeq out, std::int64_t n, bool inclusive, detail::maybe<Out> seed,
               Op op) {
  if constexpr (blocked::applies<InSeq, OutSeq, Out, Op>) {
    if (n <= 0) return;
    std::int64_t j = 0;
    Out acc = seed.present ? seed.value : static_cast<Out>(in[0]);
    if (!seed.present) {
      if constexpr (blocked::vector_sum<InSeq, Out, Op>) {
        acc = Out{0}; // a sum's identity: the vectors start at item 0, aligned as the arrays are
      } else {
        if (inclusive) out[0] = acc;
        j = 1;
      }
    }
    j = inclusive ? blocked::block_scans<true>(in, out, j, n, acc, op)
                  : blocked::block_scans<false>(in, out, j, n, acc, op);
    serial_scan(in + j, out + j, n - j, inclusive, detail::maybe<Out>{acc, true}, op);
  } else {
    serial_scan(in, out, n, inclusive, seed, op);
  }
}

// Reduction of n >= 1 items, in blocks as part_scan combines them.
template <class Out, class InSeq, class Op> Out part_reduce(InSeq in, std::int64_t n, Op op) {
  if constexpr (std::is_pointer_v<InSeq> && std::is_arithmetic_v<Out> &&
                std::is_arithmetic_v<std::remove_pointer_t<InSeq>> &&
                operator_kind_of<Op>() != operator_kind::other) {
    Out acc = static_cast<Out>(in[0]);
    std::int64_t j = 1;
    if constexpr (!(std::is_integral_v<Out> && std::is_same_v<Op, sum>)) {
      // Integer sums: the compiler vectorises the left fold itself (wrapping sums reassociate).
      for (; j + blocked::block_items <= n; j += blocked::block_items) {
        Out v = static_cast<Out>(in[j]);
        for (std::int64_t k = 1; k < blocked::block_items; ++k)
          v = op(v, static_cast<Out>(in[j + k]));
        acc = op(acc, v);
      }
    }
    for (; j < n; ++j)
      acc = op(acc, static_cast<Out>(in[j]));
    return acc;
  } else {
    return serial_reduce<Out>(in, n, op);
  }
}

} // namespace scan::host
