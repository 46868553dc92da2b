// Compiled by the backend's compiler (nvcc for cuda: python/CMakeLists.txt), which instantiates
// libscan's header path for these operators on the device as well as on the host.
#include "custom_operators.hpp"

#include <string>
#include <type_traits>

#include <scan/batched.hpp>
#include <scan/error.hpp>

namespace scan::python {

bool is_custom_operator(std::string_view op) {
  bool found = false;
  for_each_entry(custom_operators, [&](const auto& entry) { found = found || entry.name == op; });
  return found;
}

void run_custom_axis(const axis_plan& p, const void* in, void* out, element_type t,
                     std::string_view op, bool inclusive, const init_value& init,
                     const options& opt) {
  bool ran = false;
  for_each_entry(element_types, [&](const auto& type_entry) {
    using T = typename std::decay_t<decltype(type_entry)>::type;
    if constexpr (std::is_floating_point_v<T>) {
      if (type_entry.kind != t) return;
      for_each_entry(custom_operators, [&](const auto& op_entry) {
        using Op = typename std::decay_t<decltype(op_entry)>::type;
        if (op_entry.name != op) return;
        ran = true;
        run_plan(p, static_cast<const T*>(in), static_cast<T*>(out), inclusive,
                 initial_value<T, Op>(init), Op{}, opt);
      });
    }
  });
  if (!ran)
    throw error("dtype: " + std::string(op) +
                " scans float32 and float64 (16-bit floats are "
                "computed in float32)");
}

} // namespace scan::python
