"""libscan's scans inside jax.jit: the cumulative functions and scan as XLA custom calls (jax.ffi),
on JAX arrays of the CPU (the host backend) and, in the cuda build, of NVIDIA GPUs (the cuda
backend on XLA's stream). Arguments, dtypes and errors are those of libscan's functions, without
out= and stream= (XLA allocates and orders). JAX's dtype rules apply: without jax_enable_x64, the
64-bit results of integer sums are JAX's 32-bit ones.

`available` says whether this libscan holds the handlers; `unavailable_reason` why not (they are
built when jaxlib's headers are found at build time).
"""

import numpy as np

import jax
import jax.numpy as jnp

from . import _core, _frameworks
from . import _libscan as _ext

try:
    from . import _jax_ffi
except ImportError:
    _jax_ffi = None

TARGET = "libscan_scan"
available = _jax_ffi is not None
unavailable_reason = (
    None
    if available
    else "this libscan was built without its XLA FFI handlers (no jaxlib headers were found when "
    "it was built: install jax first, then pip install --no-build-isolation .)"
)

if available:
    for _platform, _capsule in _jax_ffi.handlers().items():
        jax.ffi.register_ffi_target(TARGET, _capsule, platform=_platform)

_numpy_names = _frameworks._adapter("numpy")


def _initial_attributes(initial, out_name):
    """The FFI attributes of `initial` (kind: 0 none, 1 int64, 2 uint64, 3 float), checked as the
    extension checks it, before tracing ends."""
    kind, i, u, f = 0, 0, 0, 0.0
    if initial is not None:
        if isinstance(initial, (bool, int, np.bool_, np.integer)):
            value = int(initial)
            if -(1 << 63) <= value < (1 << 63):
                kind, i = 1, value
            elif 0 <= value < (1 << 64):
                kind, u = 2, value
            else:
                raise ValueError(f"initial: {value} does not fit 64 bits")
            if _core.is_integer(out_name) and out_name != "bool":
                info = np.iinfo(out_name)
                if not info.min <= value <= info.max:
                    raise ValueError(f"initial: {value} does not fit the output type")
        elif isinstance(initial, (float, np.floating)):
            if _core.is_integer(out_name):
                raise ValueError("initial: a float for a scan into an integer type")
            kind, f = 3, float(initial)
        else:
            raise TypeError("initial: a bool, int or float (a Python scalar) or None")
    return dict(
        initial_kind=np.int64(kind), initial_int=np.int64(i), initial_uint=np.uint64(u),
        initial_float=np.float64(f),
    )


def _call(x, axis, lib_op, out_name, inclusive, include_initial, initial):
    """The custom call: x (C order, as XLA passes it) scanned along axis into out_name."""
    shape = list(x.shape)
    shape[axis] += 1 if include_initial else 0
    call = jax.ffi.ffi_call(
        TARGET,
        jax.ShapeDtypeStruct(tuple(shape), _numpy_names.dtype(out_name)),
        vmap_method="broadcast_all",  # leading batch axes: the axis counts from the end
    )
    return call(
        x,
        axis=np.int64(axis - x.ndim),
        op=lib_op,
        in_dtype=_numpy_names.dtype_name(x.dtype),
        out_dtype=out_name,
        inclusive=np.bool_(inclusive),
        include_initial=np.bool_(include_initial),
        **_initial_attributes(initial, out_name),
    )


def _lanes_apart(shape, axis):
    """Library calls a C-order scan along axis takes: one per index before the axis when lanes
    lie on both sides of it."""
    outer, inner = int(np.prod(shape[:axis])), int(np.prod(shape[axis + 1:]))
    return outer if outer > 1 and inner > 1 else 1


def _cumulative(x, op, axis, dtype, include_initial, exclusive=False, initial=None):
    if not available:
        raise RuntimeError(f"libscan.jax: {unavailable_reason}")
    x = jnp.asarray(x)
    axis = _core.normalize_axis(axis, x.ndim)
    x_name = _numpy_names.dtype_name(x.dtype)
    _core.check_operator(op, x_name)
    name = _core.result_dtype(x_name, op, dtype, _numpy_names)
    name = np.dtype(jax.dtypes.canonicalize_dtype(_numpy_names.dtype(name))).name
    if op == "logsumexp" and name not in _core.FLOATS:
        raise TypeError(f"dtype: logsumexp scans into a floating-point type, got {name}")
    # As the other functions: combinations outside the compiled set convert first.
    acc = "float32" if name in _core.HALF else name
    lib_op = _core.library_operator(op, acc)
    custom = _ext.is_custom_operator(lib_op)
    direct = (custom and x_name == name and name not in _core.HALF) or (
        not custom and _ext.is_compiled(x_name, name, lib_op)
    )
    lib_name = name if direct else acc
    if not direct:
        x = x.astype(_numpy_names.dtype(acc))
    if _lanes_apart(x.shape, axis) > _core.MAX_CALLS:  # one batched call over a transpose
        moved = jnp.moveaxis(x, axis, 0)
        result = _call(moved, 0, lib_op, lib_name, not exclusive, include_initial, initial)
        result = jnp.moveaxis(result, 0, axis)
    else:
        result = _call(x, axis, lib_op, lib_name, not exclusive, include_initial, initial)
    return result if lib_name == name else result.astype(_numpy_names.dtype(name))


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    """libscan.cumulative_sum of a JAX array, usable inside jax.jit."""
    return _cumulative(x, "sum", axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    """libscan.cumulative_prod of a JAX array, usable inside jax.jit."""
    return _cumulative(x, "prod", axis, dtype, include_initial)


def cumulative_max(x, /, *, axis=None, dtype=None, include_initial=False):
    """libscan.cumulative_max of a JAX array, usable inside jax.jit."""
    return _cumulative(x, "max", axis, dtype, include_initial)


def cumulative_min(x, /, *, axis=None, dtype=None, include_initial=False):
    """libscan.cumulative_min of a JAX array, usable inside jax.jit."""
    return _cumulative(x, "min", axis, dtype, include_initial)


def cumulative_logsumexp(x, /, *, axis=None, dtype=None, include_initial=False):
    """libscan.cumulative_logsumexp of a JAX array, usable inside jax.jit."""
    return _cumulative(x, "logsumexp", axis, dtype, include_initial)


def scan(x, op, *, axis=None, exclusive=False, initial=None, dtype=None):
    """libscan.scan of a JAX array (op: sum, prod, max, min, and, or, xor), usable inside
    jax.jit."""
    return _cumulative(x, op, axis, dtype, False, exclusive=exclusive, initial=initial)
