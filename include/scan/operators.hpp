// Built-in scan operators. Each is a stateless functor usable on the host and on a device; the
// compiled library recognises them by type. Any other callable `T op(T, T)` that is associative
// works through the header path; libscan never assumes an operator is commutative.
#pragma once

#include "scan/config.hpp"

namespace scan {

struct sum {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return static_cast<T>(a + b);
  }
};

struct product {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return static_cast<T>(a * b);
  }
};

struct min {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};

struct max {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

struct bit_and {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return static_cast<T>(a & b);
  }
};

struct bit_or {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return static_cast<T>(a | b);
  }
};

struct bit_xor {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    return static_cast<T>(a ^ b);
  }
};

} // namespace scan
