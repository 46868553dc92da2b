// The extension module libscan._libscan: DLPack arrays in (nanobind's ndarray takes anything with
// __dlpack__), their element types, shapes, strides and device read at run time, and the scan run
// by the compiled library (built-in combinations) or the header path (custom_operators.cpp).
// The Python package (python/libscan/) allocates every output in the input's framework and passes
// it in, so these functions allocate nothing; a seam for the JAX FFI and the distributed scans,
// which call the same entries.
#include <cstdint>
#include <string>
#include <string_view>

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <scan/communicator.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>
#include <scan/version.hpp>

#include "array_ref.hpp"
#include "axis_layout.hpp"
#include "compiled_calls.hpp"
#include "custom_operators.hpp"
#include "device_guard.hpp"
#include "type_names.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace scan::python {
namespace {

std::vector<std::string> builtin_operator_names() {
  std::vector<std::string> names;
  for_each_entry(operator_kinds, [&](const auto& entry) { names.emplace_back(entry.name); });
  return names;
}

std::vector<std::string> element_type_names() {
  std::vector<std::string> names;
  for_each_entry(element_types, [&](const auto& entry) {
    names.push_back(numpy_name<typename std::decay_t<decltype(entry)>::type>());
  });
  return names;
}

init_value read_init(const nb::handle& h) {
  init_value v;
  if (h.is_none()) return v;
  if (nb::isinstance<nb::float_>(h)) {
    v.given = init_value::kind::floating;
    v.f = nb::cast<double>(h);
  } else if (nb::isinstance<nb::int_>(h) || nb::isinstance<nb::bool_>(h)) {
    if (nb::try_cast<std::int64_t>(h, v.i)) {
      v.given = init_value::kind::integer;
    } else if (nb::try_cast<std::uint64_t>(h, v.u)) {
      v.given = init_value::kind::unsigned_integer;
    } else {
      throw error("initial: " + nb::cast<std::string>(nb::str(h)) + " does not fit 64 bits");
    }
  } else {
    throw nb::type_error("initial: a bool, int or float (a Python scalar) or None");
  }
  return v;
}

// The options of a call on these arrays: the backend that holds their memory, and the stream.
options call_options(const array_ref& x, const array_ref& out, std::uintptr_t stream) {
  if (x.device_type != out.device_type || x.device_id != out.device_id)
    throw error("out: on device " + std::to_string(out.device_type) + ":" +
                std::to_string(out.device_id) + ", x on " + std::to_string(x.device_type) + ":" +
                std::to_string(x.device_id) + "; they must share one");
  options opt;
  const bool host_memory = x.on_cpu() || x.device_type == nb::device::cuda_host::value;
  if (host_memory) {
    opt.backend = backend::host;
    return opt;
  }
#if defined(SCAN_WITH_CUDA)
  if (x.device_type == nb::device::cuda::value ||
      x.device_type == nb::device::cuda_managed::value) {
    opt.backend = backend::cuda;
    opt.stream = reinterpret_cast<void*>(stream);
    return opt;
  }
#endif
  (void)stream;
  throw error(
      "x: an array on DLPack device type " + std::to_string(x.device_type) +
      ", which this libscan (backend " SCAN_PYTHON_BACKEND ") cannot scan; it scans host "
      "arrays" +
      std::string(std::string_view(SCAN_PYTHON_BACKEND) == "cuda" ? " and CUDA arrays" : ""));
}

int checked_axis(int axis, std::size_t ndim) {
  if (axis < 0 || static_cast<std::size_t>(axis) >= ndim)
    throw error("axis: " + std::to_string(axis) + " is out of range for an array of " +
                std::to_string(ndim) + " dimensions");
  return axis;
}

void check_same_shape(const array_ref& x, const array_ref& out) {
  if (x.shape != out.shape) throw error("out: its shape differs from x's");
}

std::int64_t plan_calls(const nb::ndarray<nb::ro>& xa, const nb::ndarray<nb::ro>& oa, int axis) {
  const array_ref x = read_array(xa, "x"), out = read_array(oa, "out");
  check_same_shape(x, out);
  return plan_axis(x.shape, x.strides, out.strides, checked_axis(axis, x.shape.size())).calls();
}

// max_calls >= 0: returns false, and writes nothing, when no layout fits or it takes more calls
// (the caller copies then), so that one call both plans and scans.
bool scan_arrays(const array_ref& x, const array_ref& out, int axis, const std::string& op,
                 bool inclusive, const nb::handle& initial, std::uintptr_t stream,
                 std::int64_t max_calls) {
  check_same_shape(x, out);
  const axis_plan p =
      plan_axis(x.shape, x.strides, out.strides, checked_axis(axis, x.shape.size()));
  if (max_calls >= 0 && (p.calls() < 0 || p.calls() > max_calls)) return false;
  if (!p.fits)
    throw error("x: the axis' stride is below 1 (a reversed or broadcast axis); pass a copy");
  const init_value init = read_init(initial);
  const options opt = call_options(x, out, stream);
  const device_guard on_device(opt.backend != backend::host, x.device_id);
  if (is_custom_operator(op)) {
    if (x.type != out.type)
      throw error("dtype: " + op + " scans into the input's type, got " + x.dtype + " into " +
                  out.dtype);
    const nb::gil_scoped_release unlocked; // the arrays are held by the caller's references
    run_custom_axis(p, x.data, out.data, x.type, op, inclusive, init, opt);
    return true;
  }
  const operator_kind kind = builtin_operator(op);
  if (kind == operator_kind::other) throw error("op: no operator named " + op);
  const nb::gil_scoped_release unlocked;
  run_compiled_axis(p, x.data, out.data, x.type, out.type, kind, inclusive, init, opt);
  return true;
}

bool scan_axis(const nb::ndarray<nb::ro>& xa, const nb::ndarray<>& oa, int axis,
               const std::string& op, bool inclusive, const nb::handle& initial,
               std::uintptr_t stream, std::int64_t max_calls) {
  const array_ref x = read_array(xa, "x"), out = read_array(oa, "out"); // x's errors first
  return scan_arrays(x, out, axis, op, inclusive, initial, stream, max_calls);
}

bool scan_axis_fields(const nb::tuple& xf, const nb::tuple& of, int axis, const std::string& op,
                      bool inclusive, const nb::handle& initial, std::uintptr_t stream,
                      std::int64_t max_calls) {
  const array_ref x = read_fields(xf, "x"), out = read_fields(of, "out");
  return scan_arrays(x, out, axis, op, inclusive, initial, stream, max_calls);
}

void segmented_scan(const nb::ndarray<nb::ro>& xa, const nb::ndarray<>& oa, const std::string& kind,
                    const nb::ndarray<nb::ro>& sa, std::int64_t num_segments, const std::string& op,
                    bool inclusive, const nb::handle& initial,
                    std::optional<nb::ndarray<>> totals_array, std::uintptr_t stream) {
  const array_ref x = read_array(xa, "x"), out = read_array(oa, "out");
  const char* argument = kind == "offsets" ? "offsets" : kind == "flags" ? "flags" : "keys";
  const array_ref s = read_array(sa, argument);
  check_same_shape(x, out);
  if (!x.contiguous_1d()) throw error("x: a segmented scan takes a contiguous 1-D array");
  if (!out.contiguous_1d()) throw error("out: a segmented scan writes a contiguous 1-D array");
  if (!s.contiguous_1d()) throw error(std::string(argument) + ": a contiguous 1-D array, like x");
  if (s.device_type != x.device_type || s.device_id != x.device_id)
    throw error(std::string(argument) + ": on another device than x");
  segments_ref seg{segments_kind::offsets, s.data, s.type, num_segments};
  if (kind == "offsets") {
    if (s.shape[0] != num_segments + 1)
      throw error("offsets: " + std::to_string(s.shape[0]) + " offsets for " +
                  std::to_string(num_segments) + " segments");
  } else {
    seg.kind = kind == "flags" ? segments_kind::flags : segments_kind::keys;
    if (s.shape[0] != x.shape[0])
      throw error(std::string(argument) + ": " + std::to_string(s.shape[0]) + " for " +
                  std::to_string(x.shape[0]) + " items of x; one per item");
    if (seg.kind == segments_kind::flags && size_of(s.type) != 1)
      throw nb::type_error("flags: one byte per flag (bool, uint8 or int8)");
  }
  void* totals = nullptr;
  if (totals_array) {
    const array_ref t = read_array(*totals_array, "totals");
    if (t.type != out.type) throw nb::type_error("totals: the output's type");
    if (!t.contiguous_1d()) throw error("totals: a contiguous 1-D array");
    if (t.device_type != x.device_type || t.device_id != x.device_id)
      throw error("totals: on another device than x");
    totals = t.data;
  }
  const init_value init = read_init(initial);
  const operator_kind k = builtin_operator(op);
  if (k == operator_kind::other) throw error("op: segmented scans take the built-in operators");
  const options opt = call_options(x, out, stream);
  const device_guard on_device(opt.backend != backend::host, x.device_id);
  const nb::gil_scoped_release unlocked;
  run_compiled_segmented(x.data, out.data, x.shape[0], x.type, out.type, k, seg, inclusive, init,
                         totals, opt);
}

// A Python all-gather behind a scan::communicator: gather(send, recv, stream) receives the bytes
// to send and the place for every rank's, as arrays of uint8 on the scan's device (valid during
// the call only), and the stream handle.
struct python_gather {
  nb::callable gather;
  int device_type = 0, device_id = 0;
  int ranks = 0;

  static void all_gather(void* context, const void* send, void* recv, std::size_t bytes,
                         void* stream) {
    const nb::gil_scoped_acquire locked;
    const auto& self = *static_cast<python_gather*>(context);
    try {
      using bytes_array = nb::ndarray<nb::array_api, std::uint8_t, nb::ndim<1>>;
      const std::size_t send_shape[1] = {bytes}, recv_shape[1] = {bytes * self.ranks};
      bytes_array s(const_cast<void*>(send), 1, send_shape, nb::handle(), nullptr,
                    nb::dtype<std::uint8_t>(), self.device_type, self.device_id);
      bytes_array r(recv, 1, recv_shape, nb::handle(), nullptr, nb::dtype<std::uint8_t>(),
                    self.device_type, self.device_id);
      self.gather(s.cast(nb::rv_policy::reference), r.cast(nb::rv_policy::reference),
                  reinterpret_cast<std::uintptr_t>(stream));
    } catch (const nb::python_error& e) {
      throw error(std::string("group: its all-gather failed: ") + e.what());
    }
  }
};

void distributed_scan(const nb::ndarray<nb::ro>& xa, const nb::ndarray<>& oa, const std::string& op,
                      bool inclusive, const nb::handle& initial, int rank, int ranks,
                      nb::callable gather, std::uintptr_t stream) {
  const array_ref x = read_array(xa, "x"), out = read_array(oa, "out");
  check_same_shape(x, out);
  if (!x.contiguous_1d())
    throw error("x: a distributed scan takes this rank's contiguous 1-D part");
  if (!out.contiguous_1d()) throw error("out: a contiguous 1-D array");
  const operator_kind k = builtin_operator(op);
  if (k == operator_kind::other) throw error("op: distributed scans take the built-in operators");
  const init_value init = read_init(initial);
  const options opt = call_options(x, out, stream);
  python_gather context{std::move(gather), x.device_type, x.device_id, ranks};
  communicator comm;
  comm.rank = rank;
  comm.ranks = ranks;
  comm.context = &context;
  comm.all_gather = &python_gather::all_gather;
  const device_guard on_device(opt.backend != backend::host, x.device_id);
  const nb::gil_scoped_release unlocked; // the all-gather takes it back
  run_compiled_distributed(comm, x.data, out.data, x.shape[0], x.type, out.type, k, inclusive, init,
                           opt);
}

bool is_compiled_call(const std::string& in, const std::string& out, const std::string& op) {
  return is_compiled_combination(element_type_named(in), element_type_named(out),
                                 builtin_operator(op));
}

// libscan's messages name the C++ argument; the Python functions call the input x.
std::string python_message(std::string message) {
  if (message.rfind("in:", 0) == 0 || message.rfind("in ", 0) == 0) message.replace(0, 2, "x");
  return message;
}

} // namespace
} // namespace scan::python

NB_MODULE(_libscan, m) {
  using namespace scan::python;
  m.doc() = "libscan's extension: scans of DLPack arrays (use the libscan package)";
  m.attr("backend") = SCAN_PYTHON_BACKEND;
  m.attr("__version__") = SCAN_VERSION_STRING;
  m.attr("element_types") = element_type_names();
  m.attr("builtin_operators") = builtin_operator_names();
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const scan::error& e) {
      const std::string message = python_message(e.what());
      PyErr_SetString(message.rfind("dtype:", 0) == 0 ? PyExc_TypeError : PyExc_ValueError,
                      message.c_str());
    }
  });
  m.def("is_compiled", &is_compiled_call, "in_dtype"_a, "out_dtype"_a, "op"_a,
        "Whether the compiled library holds op from in_dtype into out_dtype (NumPy names).");
  m.def(
      "is_custom_operator", [](const std::string& op) { return is_custom_operator(op); }, "op"_a);
  m.def(
      "is_contiguous_1d",
      [](const nb::ndarray<nb::ro>& a) { return read_array(a, "x").contiguous_1d(); }, "a"_a);
  m.def("plan_calls", &plan_calls, "x"_a, "out"_a, "axis"_a,
        "How many library calls a scan along axis takes without copying; -1 when none fits.");
  // The fields overload first: a tuple would not be an ndarray anyway, and an ndarray is no tuple.
  m.def("scan_axis", &scan_axis_fields, "x"_a, "out"_a, "axis"_a, "op"_a, "inclusive"_a,
        "initial"_a.none(), "stream"_a, "max_calls"_a = -1);
  m.def("scan_axis", &scan_axis, "x"_a, "out"_a, "axis"_a, "op"_a, "inclusive"_a,
        "initial"_a.none(), "stream"_a, "max_calls"_a = -1,
        "Scans x along axis into out (same shape; out's dtype is the result's), from initial "
        "(None: the operator's identity), on stream (an int handle, 0: the default stream). x "
        "and out: arrays, or tuples of their fields (data address, NumPy dtype name, shape, "
        "strides in elements, DLPack device type, device id). With max_calls >= 0, returns "
        "False without writing when no layout of at most that many library calls fits; else "
        "True.");
  m.def("distributed_scan", &distributed_scan, "x"_a, "out"_a, "op"_a, "inclusive"_a,
        "initial"_a.none(), "rank"_a, "ranks"_a, "gather"_a, "stream"_a,
        "This rank's part of the scan of a 1-D array split over ranks; gather(send, recv, stream) "
        "is the group's all-gather of bytes.");
  m.def("segmented_scan", &segmented_scan, "x"_a, "out"_a, "kind"_a, "segments"_a, "num_segments"_a,
        "op"_a, "inclusive"_a, "initial"_a.none(), "totals"_a.none(), "stream"_a,
        "Scans the 1-D x by segments (kind: offsets, flags or keys) into out, and their totals.");
}
