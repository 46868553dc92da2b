// Segmented scans as plain scans: a value paired with a head flag, under an operator that starts
// over at every head. The lifted operator is associative whenever the original one is, keeps its
// order, and needs no identity, so every block strategy runs segmented scans unchanged.
#pragma once

#include <scan/config.hpp>

namespace scan::detail {

template <class T> struct headed {
  T value;
  int head; // a segment starts at this item, or at one of the items it combines
};

template <class Op> struct restart_at_heads {
  Op op;
  template <class T>
  SCAN_HOST_DEVICE headed<T> operator()(const headed<T>& a, const headed<T>& b) const {
    return {b.head ? b.value : op(a.value, b.value), a.head | b.head};
  }
};

} // namespace scan::detail
