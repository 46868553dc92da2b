#include "array_ref.hpp"

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace scan::python {

namespace {

template <class Array> array_ref read(const Array& a, const char* argument) {
  array_ref r;
  r.data = const_cast<void*>(static_cast<const void*>(a.data()));
  r.device_type = a.device_type();
  r.device_id = a.device_id();
  const nb::dlpack::dtype dt = a.dtype();
  if (dt.lanes == 1) {
    if (dt.code == static_cast<std::uint8_t>(nb::dlpack::dtype_code::Bool) && dt.bits == 8) {
      r.type = element_type::u8;
      r.dtype = "bool";
    }
    for_each_entry(element_types, [&](const auto& entry) {
      using T = typename std::decay_t<decltype(entry)>::type;
      if (dt.code == static_cast<std::uint8_t>(dlpack_code<T>()) && dt.bits == 8 * sizeof(T)) {
        r.type = entry.kind;
        r.dtype = numpy_name<T>();
      }
    });
  }
  if (r.type == element_type::other)
    throw nb::type_error((std::string(argument) +
                          ": an element type libscan does not scan (DLPack "
                          "code " +
                          std::to_string(dt.code) + ", " + std::to_string(dt.bits) +
                          " bits); supported: " + supported_types())
                             .c_str());
  for (std::size_t d = 0; d < a.ndim(); ++d) {
    r.shape.push_back(static_cast<std::int64_t>(a.shape(d)));
    r.strides.push_back(static_cast<std::int64_t>(a.stride(d)));
  }
  return r;
}

} // namespace

array_ref read_fields(const nb::tuple& fields, const char* argument) {
  if (fields.size() != 6)
    throw nb::type_error((std::string(argument) + ": fields (data, dtype, shape, strides, "
                                                  "device type, device id) expected")
                             .c_str());
  array_ref r;
  r.data = reinterpret_cast<void*>(nb::cast<std::uintptr_t>(fields[0]));
  r.dtype = nb::cast<std::string>(fields[1]);
  r.type = element_type_named(r.dtype);
  if (r.type == element_type::other)
    throw nb::type_error((std::string(argument) + ": an element type libscan does not scan (" +
                          r.dtype + "); supported: " + supported_types())
                             .c_str());
  r.shape = nb::cast<std::vector<std::int64_t>>(fields[2]);
  r.strides = nb::cast<std::vector<std::int64_t>>(fields[3]);
  if (r.strides.size() != r.shape.size())
    throw nb::type_error((std::string(argument) + ": as many strides as dimensions").c_str());
  r.device_type = nb::cast<int>(fields[4]);
  r.device_id = nb::cast<int>(fields[5]);
  return r;
}

array_ref read_array(const nb::ndarray<nb::ro>& a, const char* argument) {
  return read(a, argument);
}
array_ref read_array(const nb::ndarray<>& a, const char* argument) {
  return read(a, argument);
}

} // namespace scan::python
