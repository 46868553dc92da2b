"""The array API's cumulative functions and the general scan."""

from ._core import cumulative


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False, out=None, stream=None):
    """Cumulative sum of x along axis (required when x has more than one dimension).

    Integer and bool inputs sum in int64 (uint64 for unsigned) unless dtype says otherwise;
    float16 and bfloat16 accumulate in float32 and return their own type. include_initial=True
    returns n + 1 items along the axis, the first 0. out: an array of the result's shape and
    dtype, written in place. stream: an int handle or a stream object (default: the framework's
    current stream)."""
    return cumulative(x, "sum", axis, dtype, include_initial, out, stream)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False, out=None, stream=None):
    """Cumulative product of x along axis; the dtypes and arguments of cumulative_sum (the first
    item of include_initial is 1). Integer products wrap around."""
    return cumulative(x, "prod", axis, dtype, include_initial, out, stream)


def cumulative_max(x, /, *, axis=None, dtype=None, include_initial=False, out=None, stream=None):
    """Running maximum of x along axis, in x's dtype; a NaN is carried forward (NumPy's
    maximum.accumulate). include_initial puts the type's lowest value (-inf for floats) first."""
    return cumulative(x, "max", axis, dtype, include_initial, out, stream)


def cumulative_min(x, /, *, axis=None, dtype=None, include_initial=False, out=None, stream=None):
    """Running minimum of x along axis, as cumulative_max."""
    return cumulative(x, "min", axis, dtype, include_initial, out, stream)


def cumulative_logsumexp(
    x, /, *, axis=None, dtype=None, include_initial=False, out=None, stream=None
):
    """log(cumulative_sum(exp(x))) along axis without overflow (NumPy's logaddexp.accumulate,
    torch.logcumsumexp), for floating-point x; float16 and bfloat16 are computed in float32.
    include_initial puts -inf first."""
    return cumulative(x, "logsumexp", axis, dtype, include_initial, out, stream)


def scan(x, op, *, axis=None, exclusive=False, initial=None, dtype=None, out=None, stream=None):
    """Inclusive (or exclusive) scan of x along axis with op: "sum", "prod", "max", "min", "and",
    "or", "xor" (the bitwise ones on integers and bool). An inclusive scan combines initial (when
    given) before the first item; an exclusive one starts from it (default: op's identity). The
    dtypes are cumulative_sum's."""
    return cumulative(
        x, op, axis, dtype, False, out, stream, exclusive=exclusive, initial=initial
    )
