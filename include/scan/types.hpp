// Run-time names for the element types and operators the compiled library holds, so a call can
// cross from a header template into the library without a device compiler on the caller's side.
#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

#include "scan/operators.hpp"

namespace scan {

enum class element_type { i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, other };
enum class operator_kind { sum, product, min, max, bit_and, bit_or, bit_xor, other };

template <class T> constexpr element_type element_type_of() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, std::int8_t>)
    return element_type::i8;
  else if constexpr (std::is_same_v<U, std::uint8_t>)
    return element_type::u8;
  else if constexpr (std::is_same_v<U, std::int16_t>)
    return element_type::i16;
  else if constexpr (std::is_same_v<U, std::uint16_t>)
    return element_type::u16;
  else if constexpr (std::is_same_v<U, std::int32_t>)
    return element_type::i32;
  else if constexpr (std::is_same_v<U, std::uint32_t>)
    return element_type::u32;
  else if constexpr (std::is_same_v<U, std::int64_t>)
    return element_type::i64;
  else if constexpr (std::is_same_v<U, std::uint64_t>)
    return element_type::u64;
  else if constexpr (std::is_same_v<U, float>)
    return element_type::f32;
  else if constexpr (std::is_same_v<U, double>)
    return element_type::f64;
  else
    return element_type::other;
}

template <class Op> constexpr operator_kind operator_kind_of() {
  if constexpr (std::is_same_v<Op, sum>)
    return operator_kind::sum;
  else if constexpr (std::is_same_v<Op, product>)
    return operator_kind::product;
  else if constexpr (std::is_same_v<Op, min>)
    return operator_kind::min;
  else if constexpr (std::is_same_v<Op, max>)
    return operator_kind::max;
  else if constexpr (std::is_same_v<Op, bit_and>)
    return operator_kind::bit_and;
  else if constexpr (std::is_same_v<Op, bit_or>)
    return operator_kind::bit_or;
  else if constexpr (std::is_same_v<Op, bit_xor>)
    return operator_kind::bit_xor;
  else
    return operator_kind::other;
}

constexpr bool is_integer(element_type t) {
  return t != element_type::f32 && t != element_type::f64 && t != element_type::other;
}

constexpr bool is_bitwise(operator_kind k) {
  return k == operator_kind::bit_and || k == operator_kind::bit_or || k == operator_kind::bit_xor;
}

constexpr int size_of(element_type t) {
  switch (t) {
  case element_type::i8:
  case element_type::u8:
    return 1;
  case element_type::i16:
  case element_type::u16:
    return 2;
  case element_type::i32:
  case element_type::u32:
  case element_type::f32:
    return 4;
  case element_type::i64:
  case element_type::u64:
  case element_type::f64:
    return 8;
  case element_type::other:
    return 0;
  }
  return 0;
}

// The widening sums that turn counts into offsets: 8-, 16- and 32-bit integers into 32- and
// 64-bit integers. Together with every built-in operator on every built-in type (same input and
// output type), these are the combinations a plain C++ program can call without a device compiler.
constexpr bool is_compiled_widening(element_type in, element_type out) {
  const bool narrow_in = is_integer(in) && size_of(in) <= 4;
  const bool wide_out = is_integer(out) && size_of(out) >= 4;
  return narrow_in && wide_out && size_of(out) > size_of(in);
}

constexpr bool is_compiled_combination(element_type in, element_type out, operator_kind op) {
  if (in == element_type::other || out == element_type::other || op == operator_kind::other)
    return false;
  if (in == out) return !is_bitwise(op) || is_integer(in);
  return op == operator_kind::sum && is_compiled_widening(in, out);
}

template <class In, class Out, class Op> constexpr bool is_compiled() {
  return is_compiled_combination(element_type_of<In>(), element_type_of<Out>(),
                                 operator_kind_of<Op>());
}

constexpr std::string_view to_string(element_type t) {
  switch (t) {
  case element_type::i8:
    return "int8";
  case element_type::u8:
    return "uint8";
  case element_type::i16:
    return "int16";
  case element_type::u16:
    return "uint16";
  case element_type::i32:
    return "int32";
  case element_type::u32:
    return "uint32";
  case element_type::i64:
    return "int64";
  case element_type::u64:
    return "uint64";
  case element_type::f32:
    return "float";
  case element_type::f64:
    return "double";
  case element_type::other:
    return "custom";
  }
  return "?";
}

constexpr std::string_view to_string(operator_kind k) {
  switch (k) {
  case operator_kind::sum:
    return "sum";
  case operator_kind::product:
    return "product";
  case operator_kind::min:
    return "min";
  case operator_kind::max:
    return "max";
  case operator_kind::bit_and:
    return "bit_and";
  case operator_kind::bit_or:
    return "bit_or";
  case operator_kind::bit_xor:
    return "bit_xor";
  case operator_kind::other:
    return "custom";
  }
  return "?";
}

} // namespace scan
