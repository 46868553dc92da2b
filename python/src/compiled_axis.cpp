#include <string>

#include "type_names.hpp"
#include "compiled_calls.hpp"

namespace scan::python {

void run_compiled_axis(const axis_plan& p, const void* in, void* out, element_type in_type,
                       element_type out_type, operator_kind op, bool inclusive,
                       const init_value& init, const options& opt) {
  const bool ran =
      with_compiled_types(in_type, out_type, op, [&](auto in_tag, auto out_tag, auto f) {
        using In = typename decltype(in_tag)::type;
        using Out = typename decltype(out_tag)::type;
        run_plan(p, static_cast<const In*>(in), static_cast<Out*>(out), inclusive,
                 initial_value<Out, decltype(f)>(init), f, opt);
      });
  if (!ran)
    throw error("dtype: " + std::string(to_string(op)) + " from " + name_of(in_type) + " into " +
                name_of(out_type) + " is not in the compiled set");
}

} // namespace scan::python
