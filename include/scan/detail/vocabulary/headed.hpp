// Segmented scans as plain scans: a value paired with a head flag, under an operator that starts
// over at every head. The lifted operator is associative whenever the original one is, keeps its
// order, and needs no identity, so every block strategy runs segmented scans unchanged.
#pragma once

#include <cstddef>
#include <type_traits>

#include <scan/config.hpp>

namespace scan::detail {

template <class T> struct headed {
  T value;
  int head; // a segment starts at this item, or at one of the items it combines
};

// The size an item counts for in a single pass's tile shape: a pair counts as its value, since
// the GPU kernels move the values alone (in vectors) and read the heads from a bitmap; its tile
// then holds as many items as a flat scan's, and the per-tile costs weigh no more.
template <class T> inline constexpr std::size_t tile_size_of = sizeof(T);
template <class T> inline constexpr std::size_t tile_size_of<headed<T>> = sizeof(T);

template <class T> inline constexpr bool is_headed = false;
template <class T> inline constexpr bool is_headed<headed<T>> = true;

// Whether results of T are the same however a scan groups its operations (integers wrap exactly),
// so that a look-back may combine predecessors in any order; pairs are as their values.
template <class T> inline constexpr bool groups_exactly = std::is_integral_v<T>;
template <class T> inline constexpr bool groups_exactly<headed<T>> = groups_exactly<T>;

// Whether a tile's aggregate is its inclusive prefix already: a pair that holds a head, since
// restart_at_heads (the only operator pairs are scanned with) drops whatever precedes a head;
// never a plain value.
template <class T> SCAN_HOST_DEVICE constexpr bool holds_its_prefix(const T&) {
  return false;
}
template <class T> SCAN_HOST_DEVICE constexpr bool holds_its_prefix(const headed<T>& x) {
  return x.head != 0;
}

template <class Op> struct restart_at_heads {
  Op op;
  template <class T>
  SCAN_HOST_DEVICE headed<T> operator()(const headed<T>& a, const headed<T>& b) const {
    return {b.head ? b.value : op(a.value, b.value), a.head | b.head};
  }
};

} // namespace scan::detail
