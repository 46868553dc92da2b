// The sequences a scan reads and writes: pointers, strided sequences (below), or accessors indexed
// by s[i] (Kokkos Views on the team kernels). The orchestration takes any of them; the GPU kernels
// take pointers and strided sequences.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include <scan/config.hpp>

namespace scan::detail {

// Every stride-th element from base: a column of a row-major matrix, a Kokkos LayoutStride View.
// Offset and indexed like a pointer; the GPU kernels read and write it an element at a time.
template <class T> struct strided {
  T* base;
  std::int64_t stride; // in elements

  SCAN_HOST_DEVICE strided operator+(std::int64_t i) const { return {base + i * stride, stride}; }
  SCAN_HOST_DEVICE T& operator[](std::int64_t i) const { return base[i * stride]; }
};

// The element type of a sequence: its value_type, or what s[i] gives. Pointers and strided
// sequences are named outright: device compilers (HIP's) do not let kernels reach std::declval,
// even unevaluated, so sequences that kernels take declare a value_type.
template <class Seq, class = void> struct sequence_value {
  using type = std::remove_cv_t<
      std::remove_reference_t<decltype(std::declval<const Seq&>()[std::int64_t{0}])>>;
};
template <class Seq> struct sequence_value<Seq, std::void_t<typename Seq::value_type>> {
  using type = std::remove_cv_t<typename Seq::value_type>;
};
template <class T> struct sequence_value<T*> { using type = std::remove_cv_t<T>; };
template <class T> struct sequence_value<strided<T>> { using type = std::remove_cv_t<T>; };
template <class Seq> using sequence_value_t = typename sequence_value<Seq>::type;

// Whether a sequence can only be written (vocabulary/headed_sequences.hpp's results): ScanThenFan,
// which reads its output back, runs as ReduceThenScan on it.
template <class Seq, class = void> inline constexpr bool is_write_only = false;
template <class Seq>
inline constexpr bool is_write_only<Seq, std::void_t<decltype(Seq::write_only)>> = Seq::write_only;

// Whether a sequence's elements lie next to each other (vector accesses may apply).
template <class Seq> inline constexpr bool is_contiguous = std::is_pointer_v<Seq>;

} // namespace scan::detail
