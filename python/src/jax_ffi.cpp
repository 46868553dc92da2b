// libscan._jax_ffi: XLA FFI handlers (jax.ffi) of a scan along one axis of a dense row-major
// buffer, for libscan.jax. The same plans and typed calls as the extension's scan_axis
// (scan_python_core): the element types arrive as NumPy names (checked against the buffers' byte
// widths), the operator as the extension names it. A CPU handler runs the host backend; in the cuda
// build a CUDA handler runs the cuda backend on XLA's stream. Each is exported as a capsule for
// jax.ffi.register_ffi_target.
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include <nanobind/nanobind.h>
#include <xla/ffi/api/ffi.h>

#include <scan/error.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

#include "axis_layout.hpp"
#include "compiled_calls.hpp"
#include "custom_operators.hpp"
#include "device_guard.hpp"
#include "type_names.hpp"

namespace ffi = xla::ffi;
namespace nb = nanobind;

namespace scan::python {
namespace {

// The attributes of a call, as libscan.jax passes them.
struct scan_attributes {
  std::int64_t axis;   // negative: counted from the last (vmap adds leading axes)
  std::string_view op; // libscan's operator name, built-in or custom
  std::string_view in_dtype, out_dtype;
  bool inclusive;
  bool include_initial; // out has one more item along the axis: the initial value first
  init_value initial;
};

element_type checked_type(std::string_view name, ffi::DataType dtype, const char* argument) {
  const element_type t = element_type_named(std::string(name));
  if (t == element_type::other || static_cast<std::size_t>(size_of(t)) != ffi::ByteWidth(dtype))
    throw error(std::string(argument) + ": a " + std::string(name) +
                " buffer expected, XLA passed another element type");
  return t;
}

std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& shape) {
  std::vector<std::int64_t> strides(shape.size(), 1);
  for (std::size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

void run_axis(const axis_plan& p, const void* in, void* out, element_type in_type,
              element_type out_type, std::string_view op, bool inclusive, const init_value& init,
              const options& opt) {
  if (is_custom_operator(op)) return run_custom_axis(p, in, out, in_type, op, inclusive, init, opt);
  const operator_kind kind = builtin_operator(op);
  if (kind == operator_kind::other) throw error("op: no operator named " + std::string(op));
  run_compiled_axis(p, in, out, in_type, out_type, kind, inclusive, init, opt);
}

void scan_buffers(const options& opt, const ffi::AnyBuffer& x, ffi::AnyBuffer& out,
                  const scan_attributes& a) {
  const element_type in_type = checked_type(a.in_dtype, x.element_type(), "x");
  const element_type out_type = checked_type(a.out_dtype, out.element_type(), "out");
  const std::vector<std::int64_t> shape(x.dimensions().begin(), x.dimensions().end());
  std::vector<std::int64_t> out_shape(out.dimensions().begin(), out.dimensions().end());
  const auto rank = static_cast<std::int64_t>(shape.size());
  if (a.axis < -rank || a.axis >= rank)
    throw error("axis: " + std::to_string(a.axis) + " is out of range for an array of " +
                std::to_string(rank) + " dimensions");
  const int axis = static_cast<int>(a.axis < 0 ? a.axis + rank : a.axis);
  std::vector<std::int64_t> expected = shape;
  expected[axis] += a.include_initial ? 1 : 0;
  if (out_shape != expected) throw error("out: its shape is not the scan's of x");
  const std::vector<std::int64_t> in_strides = row_major_strides(shape);
  const std::vector<std::int64_t> out_strides = row_major_strides(out_shape);
  char* out_data = static_cast<char*>(out.untyped_data());
  const std::int64_t first = a.include_initial ? out_strides[axis] * size_of(out_type) : 0;
  const axis_plan p = plan_axis(shape, in_strides, out_strides, axis);
  run_axis(p, x.untyped_data(), out_data + first, in_type, out_type, a.op, a.inclusive, a.initial,
           opt);
  if (a.include_initial) {
    // An exclusive scan of one item writes the initial value alone: over x's first items (not
    // read into the result), or in place when x is empty.
    out_shape[axis] = 1;
    const bool from_x = shape[axis] > 0;
    const axis_plan head =
        plan_axis(out_shape, from_x ? in_strides : out_strides, out_strides, axis);
    run_axis(head, from_x ? x.untyped_data() : out_data, out_data, from_x ? in_type : out_type,
             out_type, a.op, false, a.initial, opt);
  }
}

ffi::Error guarded(const options& opt, const ffi::AnyBuffer& x, ffi::AnyBuffer out,
                   const scan_attributes& a) {
  try {
    scan_buffers(opt, x, out, a);
    return ffi::Error::Success();
  } catch (const std::exception& e) {
    return ffi::Error::InvalidArgument(std::string("libscan: ") + e.what());
  }
}

scan_attributes attributes(std::int64_t axis, std::string_view op, std::string_view in_dtype,
                           std::string_view out_dtype, bool inclusive, bool include_initial,
                           std::int64_t initial_kind, std::int64_t initial_int,
                           std::uint64_t initial_uint, double initial_float) {
  init_value init;
  init.given = static_cast<init_value::kind>(initial_kind);
  init.i = initial_int;
  init.u = initial_uint;
  init.f = initial_float;
  return {axis, op, in_dtype, out_dtype, inclusive, include_initial, init};
}

// The attributes' binding, shared by both handlers (the order of `attributes`' parameters).
template <class Binding> auto with_attributes(Binding&& b) {
  return std::forward<Binding>(b)
      .template Attr<std::int64_t>("axis")
      .template Attr<std::string_view>("op")
      .template Attr<std::string_view>("in_dtype")
      .template Attr<std::string_view>("out_dtype")
      .template Attr<bool>("inclusive")
      .template Attr<bool>("include_initial")
      .template Attr<std::int64_t>("initial_kind")
      .template Attr<std::int64_t>("initial_int")
      .template Attr<std::uint64_t>("initial_uint")
      .template Attr<double>("initial_float");
}

ffi::Error scan_on_host(ffi::AnyBuffer x, ffi::Result<ffi::AnyBuffer> out, std::int64_t axis,
                        std::string_view op, std::string_view in_dtype, std::string_view out_dtype,
                        bool inclusive, bool include_initial, std::int64_t initial_kind,
                        std::int64_t initial_int, std::uint64_t initial_uint,
                        double initial_float) {
  options opt;
  opt.backend = backend::host;
  return guarded(opt, x, *out,
                 attributes(axis, op, in_dtype, out_dtype, inclusive, include_initial, initial_kind,
                            initial_int, initial_uint, initial_float));
}

#if defined(SCAN_WITH_CUDA)
ffi::Error scan_on_cuda(void* stream, std::int32_t device, ffi::AnyBuffer x,
                        ffi::Result<ffi::AnyBuffer> out, std::int64_t axis, std::string_view op,
                        std::string_view in_dtype, std::string_view out_dtype, bool inclusive,
                        bool include_initial, std::int64_t initial_kind, std::int64_t initial_int,
                        std::uint64_t initial_uint, double initial_float) {
  options opt;
  opt.backend = backend::cuda;
  opt.stream = stream;
  try {
    const device_guard on_device(true, device);
    return guarded(opt, x, *out,
                   attributes(axis, op, in_dtype, out_dtype, inclusive, include_initial,
                              initial_kind, initial_int, initial_uint, initial_float));
  } catch (const std::exception& e) {
    return ffi::Error::Internal(std::string("libscan: ") + e.what());
  }
}
#endif

} // namespace
} // namespace scan::python

XLA_FFI_DEFINE_HANDLER_SYMBOL(
    libscan_scan_host, scan::python::scan_on_host,
    scan::python::with_attributes(ffi::Ffi::Bind().Arg<ffi::AnyBuffer>().Ret<ffi::AnyBuffer>()));
#if defined(SCAN_WITH_CUDA)
XLA_FFI_DEFINE_HANDLER_SYMBOL(libscan_scan_cuda, scan::python::scan_on_cuda,
                              scan::python::with_attributes(ffi::Ffi::Bind()
                                                                .Ctx<ffi::PlatformStream<void*>>()
                                                                .Ctx<ffi::DeviceOrdinal>()
                                                                .Arg<ffi::AnyBuffer>()
                                                                .Ret<ffi::AnyBuffer>()));
#endif

NB_MODULE(_jax_ffi, m) {
  m.doc() = "libscan's XLA FFI handlers (use libscan.jax)";
  m.def(
      "handlers",
      [] {
        nb::dict found; // jax.ffi's platform name: the handler
        found["cpu"] = nb::capsule(reinterpret_cast<void*>(&libscan_scan_host));
#if defined(SCAN_WITH_CUDA)
        found["CUDA"] = nb::capsule(reinterpret_cast<void*>(&libscan_scan_cuda));
#endif
        return found;
      },
      "The handlers of the target libscan_scan by platform, as capsules.");
}
