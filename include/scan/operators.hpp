// Built-in scan operators. Each is a stateless functor usable on the host and on a device; the
// compiled library recognises them by type. Any other callable `T op(T, T)` that is associative
// works through the header path; libscan never assumes an operator is commutative.
#pragma once

#include <type_traits>

#include <scan/config.hpp>

namespace scan {

namespace detail {
// Integer sums and products wrap around: they are computed in the unsigned type the operands
// promote to, so no input is undefined behaviour (int32 overflow, or uint16 * uint16 promoted to
// int) and every backend agrees bit for bit. Other types use their own arithmetic.
template <class T, bool = std::is_integral_v<T>> struct wrapping { using type = T; };
template <class T> struct wrapping<T, true> { using type = std::make_unsigned_t<decltype(+T{})>; };
template <class T> using wrapping_t = typename wrapping<T>::type;
} // namespace detail

struct sum {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    using W = detail::wrapping_t<T>;
    return static_cast<T>(static_cast<W>(a) + static_cast<W>(b));
  }
};

struct product {
  template <class T> SCAN_HOST_DEVICE constexpr T operator()(const T& a, const T& b) const {
    using W = detail::wrapping_t<T>;
    return static_cast<T>(static_cast<W>(a) * static_cast<W>(b));
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
