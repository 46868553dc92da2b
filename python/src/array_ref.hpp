// A DLPack array as the extension reads it: data, element type (one of scan::element_types, or
// bool read as uint8), shape and strides in elements, and the device it lives on.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <nanobind/ndarray.h>
#include <scan/types.hpp>

#include "type_names.hpp"

namespace scan::python {

namespace nb = nanobind;

// The DLPack type code of a built-in element type.
template <class T> constexpr nb::dlpack::dtype_code dlpack_code() {
  if constexpr (std::is_same_v<T, bfloat16>)
    return nb::dlpack::dtype_code::Bfloat;
  else if constexpr (std::is_same_v<T, half> || std::is_floating_point_v<T>)
    return nb::dlpack::dtype_code::Float;
  else if constexpr (std::is_signed_v<T>)
    return nb::dlpack::dtype_code::Int;
  else
    return nb::dlpack::dtype_code::UInt;
}

struct array_ref {
  void* data = nullptr;
  element_type type = element_type::other;
  std::string dtype; // NumPy's name
  int device_type = 0, device_id = 0;
  std::vector<std::int64_t> shape, strides;

  bool on_cpu() const { return device_type == nb::device::cpu::value; }
  bool contiguous_1d() const { return shape.size() == 1 && (shape[0] <= 1 || strides[0] == 1); }
};

// Reads an array; `argument` names it in the TypeError raised for an element type that is not
// built in.
array_ref read_array(const nb::ndarray<nb::ro>& a, const char* argument);
array_ref read_array(const nb::ndarray<>& a, const char* argument);

// Reads an array from its fields, for a framework whose DLPack export costs more than a small
// scan (torch): (data address, NumPy dtype name, shape, strides in elements, DLPack device type,
// device id). The caller keeps the array alive through the call, as with DLPack.
array_ref read_fields(const nb::tuple& fields, const char* argument);

} // namespace scan::python
