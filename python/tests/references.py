"""NumPy references of the scans the suite checks."""

import numpy as np

UFUNCS = {
    "sum": np.add,
    "prod": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
    "and": np.bitwise_and,
    "or": np.bitwise_or,
    "xor": np.bitwise_xor,
    "logsumexp": np.logaddexp,
}
HALF = ("float16", "bfloat16")


def result_name(name, op):
    """The result dtype NumPy's cumsum and cumprod give (the array API's rule); other operators
    keep x's."""
    if op in ("sum", "prod") and name not in HALF:
        return np.cumsum(np.zeros(1, dtype=name)).dtype.name
    return name


def identity(op, name):
    if op in ("sum", "or", "xor"):
        return 0
    if op == "prod":
        return 1
    if op == "and":
        return True if name == "bool" else -1 if name.startswith("int") else np.iinfo(name).max
    floating = name in HALF or name.startswith("float")
    if op == "max":
        return -np.inf if floating else False if name == "bool" else np.iinfo(name).min
    if op == "min":
        return np.inf if floating else True if name == "bool" else np.iinfo(name).max
    return -np.inf  # logsumexp


def scan(x, op, axis, out_name, exclusive=False, initial=None):
    """The scan along axis, accumulating as libscan does (16-bit floats in float32), in out_name's
    NumPy dtype (float32 for 16-bit floats: the caller compares in float)."""
    acc = "float32" if out_name in HALF else out_name
    a = np.asarray(x).astype(acc)
    ufunc = UFUNCS[op]
    n = a.shape[axis]
    if initial is not None or exclusive:
        start = identity(op, out_name) if initial is None else initial
        first = np.full_like(np.take(a, [0], axis=axis) if n else
                             np.zeros_like(np.take(np.zeros_like(a), [], axis=axis)), start)
        if not n:
            return a
        full = ufunc.accumulate(np.concatenate([first.astype(acc), a], axis=axis), axis=axis)
        keep = slice(0, n) if exclusive else slice(1, n + 1)
        index = [slice(None)] * a.ndim
        index[axis] = keep
        return full[tuple(index)]
    if not n:
        return a
    return ufunc.accumulate(a, axis=axis)


def magnitude(x, axis):
    """The prefix sums of |x|: a bound on a float scan's rounding."""
    a = np.abs(np.asarray(x).astype(np.float64))
    return np.cumsum(a, axis=axis) if a.size else a
