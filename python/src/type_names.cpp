#include "type_names.hpp"

namespace scan::python {

element_type element_type_named(const std::string& name) {
  if (name == "bool") return element_type::u8; // 0 and 1 in a byte
  element_type found = element_type::other;
  for_each_entry(element_types, [&](const auto& entry) {
    if (numpy_name<typename std::decay_t<decltype(entry)>::type>() == name) found = entry.kind;
  });
  return found;
}

operator_kind builtin_operator(std::string_view name) {
  operator_kind found = operator_kind::other;
  for_each_entry(operator_kinds, [&](const auto& entry) {
    if (entry.name == name) found = entry.kind;
  });
  return found;
}

std::string name_of(element_type t) {
  std::string found = "other";
  for_each_entry(element_types, [&](const auto& entry) {
    if (entry.kind == t) found = numpy_name<typename std::decay_t<decltype(entry)>::type>();
  });
  return found;
}

std::string supported_types() {
  std::string names;
  for_each_entry(element_types, [&](const auto& entry) {
    names += numpy_name<typename std::decay_t<decltype(entry)>::type>() + ", ";
  });
  return names + "bool";
}

} // namespace scan::python
