#include "array_ref.hpp"

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

array_ref read_array(const nb::ndarray<nb::ro>& a, const char* argument) {
  return read(a, argument);
}
array_ref read_array(const nb::ndarray<>& a, const char* argument) {
  return read(a, argument);
}

} // namespace scan::python
