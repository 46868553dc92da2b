// NumPy's names of libscan's built-in element types (scan::element_types): how the Python side
// names dtypes, and how messages name them.
#pragma once

#include <string>
#include <string_view>
#include <type_traits>

#include <scan/types.hpp>

namespace scan::python {

// "int32", "uint8", "float16", "bfloat16", "float64".
template <class T> std::string numpy_name() {
  if constexpr (std::is_same_v<T, bfloat16>) return "bfloat16";
  const bool floating = std::is_same_v<T, half> || std::is_floating_point_v<T>;
  const char* kind = floating ? "float" : std::is_signed_v<T> ? "int" : "uint";
  return kind + std::to_string(8 * sizeof(T));
}

// The built-in element type NumPy calls `name` ("bool" is read as uint8), or `other`.
element_type element_type_named(const std::string& name);
// The built-in operator libscan calls `name` ("sum", "bit_xor"), or `other`.
operator_kind builtin_operator(std::string_view name);
// NumPy's name of t.
std::string name_of(element_type t);
// The NumPy names of every built-in element type, and bool, comma separated.
std::string supported_types();

} // namespace scan::python
