#include <string>

#include "type_names.hpp"
#include "compiled_calls.hpp"

namespace scan::python {

void run_compiled_segmented(const void* in, void* out, std::int64_t n, element_type in_type,
                            element_type out_type, operator_kind op, const segments_ref& s,
                            bool inclusive, const init_value& init, void* totals,
                            const options& opt) {
  const bool ran =
      with_compiled_types(in_type, out_type, op, [&](auto in_tag, auto out_tag, auto f) {
        using In = typename decltype(in_tag)::type;
        using Out = typename decltype(out_tag)::type;
        run_segmented(static_cast<const In*>(in), static_cast<Out*>(out), n, s, inclusive,
                      initial_value<Out, decltype(f)>(init), f, static_cast<Out*>(totals), opt);
      });
  if (!ran)
    throw error("dtype: " + std::string(to_string(op)) + " from " + name_of(in_type) + " into " +
                name_of(out_type) + " is not in the compiled set");
}

} // namespace scan::python
