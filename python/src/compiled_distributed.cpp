#include <string>

#include <scan/distributed.hpp>

#include "compiled_calls.hpp"
#include "type_names.hpp"

namespace scan::python {

void run_compiled_distributed(const communicator& comm, const void* in, void* out, std::int64_t n,
                              element_type in_type, element_type out_type, operator_kind op,
                              bool inclusive, const init_value& init, const options& opt) {
  const bool ran =
      with_compiled_types(in_type, out_type, op, [&](auto in_tag, auto out_tag, auto f) {
        using In = typename decltype(in_tag)::type;
        using Out = typename decltype(out_tag)::type;
        const Out start = initial_value<Out, decltype(f)>(init);
        const auto* i = static_cast<const In*>(in);
        auto* o = static_cast<Out*>(out);
        if (inclusive)
          inclusive_scan(comm, i, o, n, start, f, opt);
        else
          exclusive_scan(comm, i, o, n, start, f, opt);
      });
  if (!ran)
    throw error("dtype: " + std::string(to_string(op)) + " from " + name_of(in_type) + " into " +
                name_of(out_type) + " is not in the compiled set");
}

} // namespace scan::python
