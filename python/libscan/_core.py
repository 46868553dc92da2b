"""How every function runs a scan: the result's dtype, the output, the conversions outside the
compiled set, the layout of the axis, the stream, and the extension's call."""

import functools

from . import _frameworks
from . import _libscan as _ext

HALF = ("float16", "bfloat16")
FLOATS = HALF + ("float32", "float64")
# Operators as the Python functions name them, and libscan's names.
OPERATORS = {
    "sum": "sum",
    "prod": "product",
    "max": "max",
    "min": "min",
    "and": "bit_and",
    "or": "bit_or",
    "xor": "bit_xor",
}
BITWISE = ("and", "or", "xor")
# Above this many library calls for one axis scan (lanes no matrix covers), the input is copied
# into C order first: one pass over memory instead of many small launches.
MAX_CALLS = 1024


def is_integer(name):
    return name == "bool" or name.startswith(("int", "uint"))


def result_dtype(name, op, dtype, fw):
    """The dtype of a scan's result: `dtype` when given, else NumPy's and the array API's rule:
    sums and products of bool and signed integers in int64, of unsigned ones in uint64; any other
    operator in x's dtype."""
    if dtype is not None:
        return fw.dtype_name(dtype)
    if op in ("sum", "prod"):
        if name == "bool" or name.startswith("int"):
            return "int64"
        if name.startswith("uint"):
            return "uint64"
    return name


@functools.lru_cache(maxsize=None)
def _dtype_name(fw, dtype):
    return fw.dtype_name(dtype)


def _names(fw, x_dtype, op, dtype):
    """(x's dtype name, the result's), x's dtype and op checked: what a call decides from its
    dtypes alone, once per combination (a dtype argument that cannot be a key is checked anew)."""
    try:
        return _cached_names(fw, x_dtype, op, dtype)
    except TypeError as error:
        if "unhashable" not in str(error):
            raise
    return _names_of(fw, x_dtype, op, dtype)


def _names_of(fw, x_dtype, op, dtype):
    x_name = _dtype_name(fw, x_dtype)
    check_operator(op, x_name)
    name = result_dtype(x_name, op, dtype, fw)
    if op == "logsumexp" and name not in FLOATS:
        raise TypeError(f"dtype: logsumexp scans into a floating-point type, got {name}")
    return x_name, name


_cached_names = functools.lru_cache(maxsize=None)(_names_of)


def check_operator(op, name, argument="x"):
    if op not in OPERATORS and op not in ("logsumexp",):
        raise ValueError(f"op: {op!r} is not an operator; one of {', '.join(OPERATORS)}")
    if op in BITWISE and not is_integer(name):
        raise TypeError(f"{argument}: {op} scans integer and bool arrays, got {name}")
    if op == "logsumexp" and name not in FLOATS:
        raise TypeError(f"{argument}: logsumexp scans floating-point arrays, got {name}")


def into_bool(fw, x, op):
    """A scan into bool is logical, as NumPy's: a sum is an or, a product an and, over x's items
    taken as truth values (the library's bool is a byte, where a sum would count)."""
    if fw.dtype_name(x.dtype) != "bool":
        x = fw.astype(x, "bool")
    return x, {"sum": "or", "prod": "and"}.get(op, op)


def builtin_scan_of(fw, x, op, dtype, what):
    """For the scans that take the built-in operators only (what: "segmented scans"): x, or x
    converted where the compiled set lacks the combination, the dtype the library writes, the
    result's dtype, and libscan's operator."""
    x_name = fw.dtype_name(x.dtype)
    check_operator(op, x_name)
    if op not in OPERATORS:
        raise ValueError(f"op: {what} take {', '.join(OPERATORS)}")
    name = result_dtype(x_name, op, dtype, fw)
    if name == "bool":
        x, op = into_bool(fw, x, op)
        x_name = "bool"
    lib_op = OPERATORS[op]
    if _ext.is_compiled(x_name, name, lib_op) and fw.exports(x_name) and fw.exports(name):
        return x, name, name, lib_op
    acc = "float32" if name in HALF else name
    return (x if x_name == acc else fw.astype(x, acc)), acc, name, lib_op


def normalize_axis(axis, ndim):
    if ndim == 0:
        raise ValueError("x: a 0-D array has no axis to scan")
    if axis is None:
        if ndim > 1:
            raise ValueError(
                f"axis: required for an array of {ndim} dimensions (the array API's rule)"
            )
        return 0
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"axis: an int, got {type(axis).__name__}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis: {axis} is out of range for an array of {ndim} dimensions")
    return axis % ndim


def library_operator(op, name):
    """libscan's operator for op on dtype `name`: floats' max and min carry NaN forward, as
    NumPy's and torch's do (custom operators of the extension)."""
    if op == "logsumexp":
        return "logaddexp"
    if op in ("max", "min") and name in FLOATS:
        return "nan_" + op
    return OPERATORS[op]


def stream_of(fw, x, stream):
    """(the handle the scan runs on, the stream arrays are exported for): a stream given by the
    caller is both; by default the framework's current stream, whose work needs no ordering."""
    if stream is None:
        return fw.current_stream(x), None
    handle = _frameworks.stream_handle(stream)
    return handle, handle


def prepare_out(fw, x, shape, name, out):
    """out checked against the result's shape and dtype, or a new array in x's framework."""
    if out is None:  # x's layout where the shapes agree, so that x and out fold alike
        if tuple(shape) == tuple(x.shape):
            return fw.empty_like(x, name)
        return fw.empty(shape, name, like=x)
    if type(out) is not type(x):
        if _frameworks.is_jax(out):
            raise TypeError("out: JAX arrays are immutable; leave out=None")
        out_fw = _frameworks.framework_of(out, "out")
        if out_fw is not fw:
            raise TypeError(f"out: a {fw.name} array, like x; got a {out_fw.name} array")
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"out: shape {tuple(out.shape)}, the result's is {tuple(shape)}")
    out_name = _dtype_name(fw, out.dtype)
    if out_name != name:
        raise TypeError(f"out: dtype {out_name}, the result's is {name} (pass dtype= to change it)")
    return out


def _scan_layout(fw, x, target, axis, op, inclusive, initial, stream, sync):
    """Scans x into target (one dtype pair the extension runs) along axis, copying the input, or
    scanning into a C-order temporary, only when no layout of library calls fits (a reversed or
    broadcast axis) or it would take more than MAX_CALLS calls. sync: the stream the arrays are
    exported for (None: the framework's current one, on which the scan runs)."""
    operand = fw.axis_operand
    if _ext.scan_axis(operand(x, sync), operand(target, sync), axis, op, inclusive, initial,
                      stream, MAX_CALLS):
        return
    x = fw.contiguous(x)
    if _ext.scan_axis(operand(x, sync), operand(target, sync), axis, op, inclusive, initial,
                      stream, MAX_CALLS):
        return
    temporary = fw.empty(tuple(target.shape), _dtype_name(fw, target.dtype), like=x)
    _ext.scan_axis(operand(x, sync), operand(temporary, sync), axis, op, inclusive, initial,
                   stream)
    fw.copy_into(target, temporary)


@functools.lru_cache(maxsize=None)
def _route(x_name, out_name, op, exported):
    """How x of x_name scans into out_name with op: (accumulation type, libscan's operator,
    direct: the extension runs the pair itself). exported: both types cross DLPack."""
    acc = "float32" if out_name in HALF else out_name
    lib_op = library_operator(op, acc)
    if _ext.is_custom_operator(lib_op):
        direct = x_name == out_name and out_name not in HALF
    else:
        direct = _ext.is_compiled(x_name, out_name, lib_op) and exported
    return acc, lib_op, direct


def scan_into(fw, x, target, axis, op, inclusive, initial, stream, sync=None):
    """Scans x into target along axis with the Python operator op, on stream (exporting the
    arrays for sync; None: the framework's current stream). Combinations outside the compiled set
    convert first: x into the accumulation type (float32 for 16-bit floats, else the result's),
    the scan into a temporary when the result's type differs."""
    out_name = _dtype_name(fw, target.dtype)
    if out_name == "bool":
        x, op = into_bool(fw, x, op)
    x_name = _dtype_name(fw, x.dtype)
    acc, lib_op, direct = _route(x_name, out_name, op, fw.exports(x_name) and fw.exports(out_name))
    if direct:
        return _scan_layout(fw, x, target, axis, lib_op, inclusive, initial, stream, sync)
    if x_name != acc:
        x = fw.astype(x, acc)
    if out_name == acc:
        return _scan_layout(fw, x, target, axis, lib_op, inclusive, initial, stream, sync)
    temporary = fw.empty(tuple(target.shape), acc, like=x)
    _scan_layout(fw, x, temporary, axis, lib_op, inclusive, initial, stream, sync)
    fw.copy_into(target, temporary)


def cumulative(x, op, axis, dtype, include_initial, out, stream, exclusive=False, initial=None):
    """The functions' common body: a scan of x along axis; include_initial puts the initial value
    (the operator's identity, or `initial`) first, n + 1 items along the axis."""
    if stream is None and not include_initial:
        result = _scan_as_planned(x, op, axis, dtype, out, exclusive, initial)
        if result is not None:
            return result
    x, back = _frameworks.borrow(x)
    fw = _frameworks.framework_of(x)
    with fw.on_device(x):
        return back(_cumulative(fw, x, op, axis, dtype, include_initial, out, stream, exclusive,
                                initial))


# What a call decides from its arguments' types alone, per combination of x's type, dtype and
# number of dimensions, op, axis and dtype: (x's adapter, the axis, x's and the result's dtype
# names, the result's framework dtype, libscan's operator) where the extension scans the pair
# itself, else None.
_plans = {}


def _plan(x, op, axis, dtype):
    try:
        key = (type(x), x.dtype, x.ndim, op, axis, type(axis), dtype)  # 1.0 and True equal 1
        return _plans[key]
    except KeyError:
        pass
    except (AttributeError, TypeError):  # not an array, or an unhashable argument
        return None
    _plans[key] = _plan_of(_frameworks.adapter_of_type(type(x)), x, op, axis, dtype)
    return _plans[key]


def _plan_of(fw, x, op, axis, dtype):
    if fw is None:  # JAX's arrays: the general path borrows them
        return None
    try:
        axis = normalize_axis(axis, x.ndim)
        x_name, name = _names_of(fw, x.dtype, op, dtype)
    except (TypeError, ValueError):
        return None  # the general path raises the error
    _, lib_op, direct = _route(x_name, name, op, fw.exports(x_name) and fw.exports(name))
    if not direct or name == "bool":
        return None
    return fw, axis, x_name, name, fw.dtype(name), lib_op


def _scan_as_planned(x, op, axis, dtype, out, exclusive, initial):
    """The common call (on the current device and stream, no initial item, a pair the extension
    scans itself, out absent or of the result's type, dtype and shape) from its plan, with no
    other decision: the result, or None for the general path, which raises every error."""
    plan = _plan(x, op, axis, dtype)
    if plan is None:
        return None
    fw, axis, x_name, name, out_dtype, lib_op = plan
    if not fw.on_current_device(x):
        return None
    if out is None:
        out = fw.empty_like(x, name)
    elif type(out) is not type(x) or out.dtype != out_dtype or out.shape != x.shape:
        return None
    if not _ext.scan_axis(fw.current_operand(x, x_name), fw.current_operand(out, name), axis,
                          lib_op, not exclusive, initial, fw.current_stream(x), MAX_CALLS):
        # A layout of too many calls: the general path's copies, into the same out.
        _cumulative(fw, x, op, axis, dtype, False, out, None, exclusive, initial)
    return out


def _cumulative(fw, x, op, axis, dtype, include_initial, out, stream, exclusive, initial):
    axis = normalize_axis(axis, x.ndim)
    x_name, name = _names(fw, x.dtype, op, dtype)
    n = x.shape[axis]
    shape = list(x.shape)
    shape[axis] = n + (1 if include_initial else 0)
    out = prepare_out(fw, x, shape, name, out)
    handle, sync = stream_of(fw, x, stream)
    if include_initial:
        if n > 0:
            scan_into(fw, x, fw.narrow(out, axis, 1, n), axis, op, True, initial, handle, sync)
        # An exclusive scan of one item writes the initial value alone.
        first = fw.narrow(out, axis, 0, 1)
        placeholder = fw.empty(tuple(first.shape), x_name, like=x)
        scan_into(fw, placeholder, first, axis, op, False, initial, handle, sync)
    else:
        scan_into(fw, x, out, axis, op, not exclusive, initial, handle, sync)
    return out
