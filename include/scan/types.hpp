// Run-time names for the element types and operators the compiled library holds, so a call can
// cross from a header template into the library without a device compiler on the caller's side.
//
// Each list below is the only place its members are named: the checks, the visitors of the
// compiled set (src/compiled_set.hpp), the perf runner's axes and the tests derive from them.
// Adding a built-in element type: an enumerator and an entry in `element_types`; adding a
// built-in operator: its functor (operators.hpp), an enumerator and an entry in `operator_kinds`,
// and its name in SCAN_OPERATORS (CMakeLists.txt), which makes its compiled translation unit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>

#include <scan/half.hpp>
#include <scan/operators.hpp>

// The vendors' 16-bit floats, declared so that they map to scan::half and scan::bfloat16 whether or
// not their headers come first (each is a struct of 16 bits of that layout).
struct __half;
struct __nv_bfloat16;
struct hip_bfloat16;

namespace scan {

enum class element_type { i8, u8, i16, u16, i32, u32, i64, u64, f16, bf16, f32, f64, other };
enum class operator_kind { sum, product, min, max, bit_and, bit_or, bit_xor, other };

// An entry of a list: a C++ type, its enumerator and its name.
template <class T, class Kind> struct named {
  using type = T;
  Kind kind;
  std::string_view name;
};

inline constexpr std::tuple element_types{
    named<std::int8_t, element_type>{element_type::i8, "int8"},
    named<std::uint8_t, element_type>{element_type::u8, "uint8"},
    named<std::int16_t, element_type>{element_type::i16, "int16"},
    named<std::uint16_t, element_type>{element_type::u16, "uint16"},
    named<std::int32_t, element_type>{element_type::i32, "int32"},
    named<std::uint32_t, element_type>{element_type::u32, "uint32"},
    named<std::int64_t, element_type>{element_type::i64, "int64"},
    named<std::uint64_t, element_type>{element_type::u64, "uint64"},
    named<half, element_type>{element_type::f16, "float16"},
    named<bfloat16, element_type>{element_type::bf16, "bfloat16"},
    named<float, element_type>{element_type::f32, "float"},
    named<double, element_type>{element_type::f64, "double"},
};

inline constexpr std::tuple operator_kinds{
    named<sum, operator_kind>{operator_kind::sum, "sum"},
    named<product, operator_kind>{operator_kind::product, "product"},
    named<min, operator_kind>{operator_kind::min, "min"},
    named<max, operator_kind>{operator_kind::max, "max"},
    named<bit_and, operator_kind>{operator_kind::bit_and, "bit_and"},
    named<bit_or, operator_kind>{operator_kind::bit_or, "bit_or"},
    named<bit_xor, operator_kind>{operator_kind::bit_xor, "bit_xor"},
};

// Calls f(entry) for each entry of a list, in order.
template <class List, class F> constexpr void for_each_entry(const List& list, F&& f) {
  std::apply([&](const auto&... entry) { (f(entry), ...); }, list);
}

namespace detail {
// The enumerator of C++ type T in a list, or `other`.
template <class T, class Kind, class List> constexpr Kind kind_in(const List& list) {
  Kind found = Kind::other;
  for_each_entry(list, [&](const auto& entry) {
    if (std::is_same_v<typename std::decay_t<decltype(entry)>::type, T>) found = entry.kind;
  });
  return found;
}

template <class Kind, class List> constexpr std::string_view name_in(const List& list, Kind k) {
  std::string_view found = "custom";
  for_each_entry(list, [&](const auto& entry) {
    if (entry.kind == k) found = entry.name;
  });
  return found;
}
} // namespace detail

// The built-in type a type is stored as: itself, or scan::half / scan::bfloat16 for the vendors'.
template <class T> struct stored_as { using type = T; };
template <> struct stored_as<::__half> { using type = half; };
template <> struct stored_as<::__nv_bfloat16> { using type = bfloat16; };
template <> struct stored_as<::hip_bfloat16> { using type = bfloat16; };
template <class T> using stored_as_t = typename stored_as<std::remove_cv_t<T>>::type;

template <class T> constexpr element_type element_type_of() {
  return detail::kind_in<stored_as_t<T>, element_type>(element_types);
}

template <class Op> constexpr operator_kind operator_kind_of() {
  return detail::kind_in<Op, operator_kind>(operator_kinds);
}

constexpr std::string_view to_string(element_type t) {
  return detail::name_in(element_types, t);
}

constexpr std::string_view to_string(operator_kind k) {
  return detail::name_in(operator_kinds, k);
}

// Bytes per element; 0 for `other`.
constexpr int size_of(element_type t) {
  int size = 0;
  for_each_entry(element_types, [&](const auto& entry) {
    if (entry.kind == t) size = sizeof(typename std::decay_t<decltype(entry)>::type);
  });
  return size;
}

// Bytes per value a scan into t accumulates in (scan::accumulator_t); `size` for `other`.
constexpr std::size_t accumulator_size(element_type t, std::size_t size) {
  for_each_entry(element_types, [&](const auto& entry) {
    if (entry.kind == t) size = sizeof(accumulator_t<typename std::decay_t<decltype(entry)>::type>);
  });
  return size;
}

constexpr bool is_integer(element_type t) {
  bool integer = false;
  for_each_entry(element_types, [&](const auto& entry) {
    if (entry.kind == t) integer = std::is_integral_v<typename std::decay_t<decltype(entry)>::type>;
  });
  return integer;
}

constexpr bool is_bitwise(operator_kind k) {
  return k == operator_kind::bit_and || k == operator_kind::bit_or || k == operator_kind::bit_xor;
}

// The widening sums that turn counts into offsets: 8-, 16- and 32-bit integers into 32- and
// 64-bit integers. Together with every built-in operator on every built-in type (same input and
// output type; the bitwise ones on integers) and the 16-bit floats' sums, minima and maxima (into
// themselves or float), these are the combinations a plain C++ program can call without a device
// compiler.
constexpr bool is_compiled_widening(element_type in, element_type out) {
  const bool narrow_in = is_integer(in) && size_of(in) <= 4;
  const bool wide_out = is_integer(out) && size_of(out) >= 4;
  return narrow_in && wide_out && size_of(out) > size_of(in);
}

constexpr bool is_half_precision(element_type t) {
  return t == element_type::f16 || t == element_type::bf16;
}

// The 16-bit floats: sum, min and max, into their own type or into float (both accumulate in
// float, scan/half.hpp).
constexpr bool is_compiled_half_precision(element_type in, element_type out, operator_kind op) {
  const bool op_ok =
      op == operator_kind::sum || op == operator_kind::min || op == operator_kind::max;
  return op_ok && is_half_precision(in) && (out == in || out == element_type::f32);
}

constexpr bool is_compiled_combination(element_type in, element_type out, operator_kind op) {
  if (in == element_type::other || out == element_type::other || op == operator_kind::other)
    return false;
  if (is_half_precision(in) || is_half_precision(out))
    return is_compiled_half_precision(in, out, op);
  if (in == out) return !is_bitwise(op) || is_integer(in);
  return op == operator_kind::sum && is_compiled_widening(in, out);
}

template <class In, class Out, class Op> constexpr bool is_compiled() {
  return is_compiled_combination(element_type_of<In>(), element_type_of<Out>(),
                                 operator_kind_of<Op>());
}

} // namespace scan
