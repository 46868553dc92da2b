"""torch's names and habits: cumsum(x, dim), cumprod, cummax and cummin with their indices,
logcumsumexp. Integer and bool inputs of sums and products accumulate in int64, as torch's do;
a 0-D array is scanned as one item."""

from collections import namedtuple

from . import _core
from . import _frameworks

values_indices = namedtuple("values_indices", ["values", "indices"])


def _torch_dtype(x, dtype, fw):
    if dtype is not None:
        return dtype
    name = fw.dtype_name(x.dtype)
    return fw.dtype("int64") if _core.is_integer(name) else None


def _along(x, dim, run):
    """run(x as at least 1-D, axis), shaped back like x."""
    x, back = _frameworks.borrow(x)
    fw = _frameworks.framework_of(x)
    if x.ndim == 0:
        if dim not in (0, -1):
            raise ValueError(f"dim: {dim} is out of range for a 0-D array")
        with fw.on_device(x):
            result = run(fw, fw.reshape(x, (1,)), 0)
        reshape = lambda r: fw.reshape(r, ())  # noqa: E731
        result = (
            values_indices(*(reshape(r) for r in result))
            if isinstance(result, tuple)
            else reshape(result)
        )
        return back(result)
    if dim is None or isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"dim: an int, got {type(dim).__name__}")
    if not -x.ndim <= dim < x.ndim:
        raise ValueError(f"dim: {dim} is out of range for an array of {x.ndim} dimensions")
    with fw.on_device(x):
        return back(run(fw, x, dim % x.ndim))


def cumsum(x, dim, *, dtype=None, stream=None):
    """torch.cumsum: the running sum along dim."""
    return _along(
        x, dim,
        lambda fw, a, axis: _core.cumulative(
            a, "sum", axis, _torch_dtype(a, dtype, fw), False, None, stream),
    )


def cumprod(x, dim, *, dtype=None, stream=None):
    """torch.cumprod: the running product along dim."""
    return _along(
        x, dim,
        lambda fw, a, axis: _core.cumulative(
            a, "prod", axis, _torch_dtype(a, dtype, fw), False, None, stream),
    )


def logcumsumexp(x, dim, *, stream=None):
    """torch.logcumsumexp along dim."""
    return _along(
        x, dim,
        lambda fw, a, axis: _core.cumulative(a, "logsumexp", axis, None, False, None, stream),
    )


def _extreme_with_indices(op, x, dim, stream):
    def run(fw, a, axis):
        values = _core.cumulative(a, op, axis, None, False, None, stream)
        # torch's rule: the index of the latest item equal to the running extreme (ties go to
        # the later item; a NaN is the extreme from where it appears, the latest NaN its index):
        # the running maximum of the positions where an item equals its running extreme.
        positions = fw.positions(fw.records(a, values), axis)
        indices = _core.cumulative(positions, "max", axis, None, False, None, stream)
        # The values at those indices: torch's, to the sign of a zero.
        return values_indices(fw.take_along(a, indices, axis), indices)

    return _along(x, dim, run)


def cummax(x, dim, *, stream=None):
    """torch.cummax: (values, indices) of the running maximum along dim; indices are int64."""
    return _extreme_with_indices("max", x, dim, stream)


def cummin(x, dim, *, stream=None):
    """torch.cummin: (values, indices) of the running minimum along dim."""
    return _extreme_with_indices("min", x, dim, stream)
