// Custom element types and operators shared by the test bodies (scan_test_body.hpp and
// fuzz_body.hpp), and how the bodies print any element. The types are not built-in, so scans of
// them take the header path.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include <limits>

#include <scan/config.hpp>
#include <scan/types.hpp>

namespace scan_test {

// Floating-point element types: float, double and the 16-bit floats (scan/half.hpp).
template <class T>
inline constexpr bool is_half_precision_v = scan::is_half_precision(scan::element_type_of<T>());
template <class T>
inline constexpr bool is_real_v = std::is_floating_point_v<T> || is_half_precision_v<T>;

// The gap between 1 and the next value of T.
template <class T> constexpr double epsilon_of() {
  if constexpr (std::is_same_v<T, scan::half>)
    return 0x1.0p-10;
  else if constexpr (std::is_same_v<T, scan::bfloat16>)
    return 0x1.0p-7;
  else
    return std::numeric_limits<T>::epsilon();
}

// x -> a*x + b modulo 2^bits of Word. Composition is associative, not commutative, and exact.
// `affine` (8 bytes) and `affine64` (16 bytes) cover both sizes of look-back descriptors.
template <class Word> struct basic_affine {
  static_assert(std::is_unsigned_v<Word>, "wrapping arithmetic needs an unsigned word");
  Word a, b; // no initializers: a trivial type, which kernels may copy as raw words
  static constexpr const char* name = sizeof(Word) == 4 ? "affine" : "affine64";
  SCAN_HOST_DEVICE friend bool operator==(const basic_affine& l, const basic_affine& r) {
    return l.a == r.a && l.b == r.b;
  }
  std::string to_string() const { return "(" + std::to_string(a) + "," + std::to_string(b) + ")"; }
  // An odd factor keeps every composition invertible, so prefixes never collapse to a constant.
  template <class Rng> static basic_affine draw(Rng& r) {
    const std::uint64_t v = r.next();
    if constexpr (sizeof(Word) <= 4)
      return {static_cast<Word>(v) | 1u, static_cast<Word>(v >> 32)};
    else
      return {static_cast<Word>(v | 1u), static_cast<Word>(r.next())};
  }
};
using affine = basic_affine<std::uint32_t>;
using affine64 = basic_affine<std::uint64_t>;

// "f then g": (g o f)(x) = g.a*(f.a*x + f.b) + g.b.
struct then {
  template <class Word>
  SCAN_HOST_DEVICE basic_affine<Word> operator()(const basic_affine<Word>& f,
                                                 const basic_affine<Word>& g) const {
    return {static_cast<Word>(g.a * f.a), static_cast<Word>(g.a * f.b + g.b)};
  }
};

// A user's own sum on a built-in type (not scan::sum, so it takes the header path). Integers
// wrap around like scan::sum.
struct user_plus {
  template <class T> SCAN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    if constexpr (std::is_integral_v<T>)
      return static_cast<T>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
    else
      return static_cast<T>(a + b);
  }
};

// An element as text: floats with every digit, custom types by their to_string().
template <class T> std::string show(const T& v) {
  if constexpr (is_real_v<T>) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(v));
    return buf;
  } else if constexpr (std::is_signed_v<T>) {
    return std::to_string(static_cast<long long>(v));
  } else if constexpr (std::is_integral_v<T>) {
    return std::to_string(static_cast<unsigned long long>(v));
  } else {
    return v.to_string();
  }
}

// An element type's name in messages: the built-in list's, or a custom type's `name`.
template <class T> std::string type_name() {
  if constexpr (scan::element_type_of<T>() != scan::element_type::other)
    return std::string(scan::to_string(scan::element_type_of<T>()));
  else
    return T::name;
}

} // namespace scan_test
