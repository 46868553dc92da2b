"""cumulative_sum / prod / max / min / logsumexp against NumPy: every dtype and size, every axis
and layout of N-D arrays, include_initial, dtype=, out= and in place."""

import numpy as np
import pytest

import libscan
from conftest import DTYPES, assert_scan_equal, random_array, require
from references import magnitude, result_name, scan

# Primes, powers of two and their neighbours, and the edges.
SIZES = [0, 1, 2, 3, 7, 31, 32, 33, 127, 128, 129, 1021, 1023, 1024, 1025, 4093, 4096, 65537]
FUNCTIONS = {
    "sum": libscan.cumulative_sum,
    "prod": libscan.cumulative_prod,
    "max": libscan.cumulative_max,
    "min": libscan.cumulative_min,
}
FLOATS = ("float16", "bfloat16", "float32", "float64")


def check(fw, result, x, op, axis, name, **kw):
    expected = scan(x, op, axis, name, **kw)
    assert fw.to_numpy(result).shape == expected.shape
    got = fw.to_numpy(result)
    if name in ("float16", "bfloat16"):
        got = got.astype(np.float32)
    bound = magnitude(x, axis) if op in ("sum", "logsumexp") else None
    assert_scan_equal(got, expected, name, bound)


@pytest.mark.parametrize("name", DTYPES)
@pytest.mark.parametrize("n", SIZES)
def test_sum_of_every_dtype_and_size(fw, name, n):
    require(fw, name)
    x = random_array((n,), name, np.random.default_rng(n))
    result = libscan.cumulative_sum(fw.asarray(x))
    expected_name = result_name(name, "sum")
    assert str(result.dtype).rsplit(".", 1)[-1] == expected_name
    check(fw, result, x, "sum", 0, expected_name)


@pytest.mark.parametrize("name", DTYPES)
@pytest.mark.parametrize("op", list(FUNCTIONS))
@pytest.mark.parametrize("n", [1, 33, 1000])
def test_every_operator_and_dtype(fw, name, op, n):
    require(fw, name)
    x = random_array((n,), name, np.random.default_rng(n), op)
    check(fw, FUNCTIONS[op](fw.asarray(x)), x, op, 0, result_name(name, op))


@pytest.mark.parametrize("name", ["float16", "float32", "float64"])
@pytest.mark.parametrize("n", [1, 5, 129, 4097])
def test_logsumexp(fw, name, n):
    require(fw, name)
    x = (np.random.default_rng(n).uniform(-20, 20, n)).astype(name)
    x[n // 2] = -np.inf
    result = libscan.cumulative_logsumexp(fw.asarray(x))
    expected = np.logaddexp.accumulate(x.astype(np.float64))
    tolerance = {"float16": 2e-2, "float32": 1e-5, "float64": 1e-12}[name]
    np.testing.assert_allclose(fw.to_numpy(result).astype(np.float64), expected,
                               rtol=tolerance, atol=tolerance)


def test_max_and_min_carry_nan_forward(fw):
    x = np.array([1.0, np.nan, 3.0, -1.0, np.inf], dtype=np.float32)
    for op, ufunc in (("max", np.maximum), ("min", np.minimum)):
        got = fw.to_numpy(FUNCTIONS[op](fw.asarray(x)))
        np.testing.assert_array_equal(got, ufunc.accumulate(x))


def layouts(fw, base):
    """(description, array, its NumPy values): C order, F order, transposed, sliced with steps,
    and (NumPy) reversed and broadcast."""
    a = fw.asarray(base)
    yield "C order", a, base
    if fw.name == "numpy":
        yield "F order", np.asfortranarray(base), base
        yield "reversed", base[::-1, :, ::-1], base[::-1, :, ::-1]
        yield "broadcast", np.broadcast_to(base[:1], base.shape), np.broadcast_to(base[:1], base.shape)
    if fw.name in ("numpy", "cupy", "jax"):
        yield "transposed", a.transpose(2, 0, 1), base.transpose(2, 0, 1)
        yield "sliced", a[::2, 1:, ::3], base[::2, 1:, ::3]
    if fw.name == "torch":
        yield "transposed", a.permute(2, 0, 1), base.transpose(2, 0, 1)
        yield "sliced", a[::2, 1:, ::3], base[::2, 1:, ::3]
        yield "F order", a.transpose(0, 2).contiguous().transpose(0, 2), base


@pytest.mark.parametrize("name", ["int32", "float64"])
@pytest.mark.parametrize("op", ["sum", "max"])
def test_every_axis_of_every_layout(fw, name, op):
    base = random_array((6, 5, 7), name, np.random.default_rng(1))
    for what, a, values in layouts(fw, base):
        for axis in range(-3, 3):
            result = FUNCTIONS[op](a, axis=axis)
            check(fw, result, values, op, axis, result_name(name, op))


@pytest.mark.parametrize("shape", [(1, 9), (9, 1), (0, 4), (4, 0), (3, 1, 4), (2, 3, 4, 5)])
def test_degenerate_and_four_d_shapes(fw, shape):
    x = random_array(shape, "int16", np.random.default_rng(2))
    for axis in range(len(shape)):
        check(fw, libscan.cumulative_sum(fw.asarray(x), axis=axis), x, "sum", axis, "int64")


@pytest.mark.parametrize("op", list(FUNCTIONS))
@pytest.mark.parametrize("name", ["uint8", "int32", "float32", "bfloat16"])
def test_include_initial(fw, op, name):
    require(fw, name)
    x = random_array((4, 6), name, np.random.default_rng(3), op)
    for axis in (0, 1):
        result = fw.to_numpy(FUNCTIONS[op](fw.asarray(x), axis=axis, include_initial=True))
        out_name = result_name(name, op)
        expected = scan(x, op, axis, out_name, exclusive=True)
        last = scan(x, op, axis, out_name)
        expected = np.concatenate([expected, np.take(last, [-1], axis=axis)], axis=axis)
        if name == "bfloat16":
            result = result.astype(np.float32)
        assert_scan_equal(result, expected, out_name)
    empty = fw.to_numpy(FUNCTIONS[op](fw.asarray(x[:0]), axis=0, include_initial=True))
    assert empty.shape == (1, 6)
    if op == "sum":
        assert np.all(empty == 0)


def test_dtype_argument(fw):
    x = random_array((100,), "int8", np.random.default_rng(4))
    for dtype in ("int16", "int32", "int64", "float32", "float64"):
        result = libscan.cumulative_sum(fw.asarray(x), dtype=fw.dtype(dtype))
        check(fw, result, x, "sum", 0, dtype)
    p = random_array((30,), "int8", np.random.default_rng(5), "prod")
    check(fw, libscan.cumulative_prod(fw.asarray(p)), p, "prod", 0, "int64")  # converted first
    f = random_array((300,), "float32", np.random.default_rng(6))
    check(fw, libscan.cumulative_sum(fw.asarray(f), dtype=fw.dtype("float64")), f, "sum", 0,
          "float64")


def test_out_and_in_place(fw):
    if fw.name == "jax":
        pytest.skip("JAX arrays are immutable: no out=")
    x = random_array((5, 8), "float32", np.random.default_rng(7))
    a = fw.asarray(x)
    out = fw.asarray(np.zeros((5, 8), dtype=np.float32))
    result = libscan.cumulative_sum(a, axis=1, out=out)
    assert result is out
    check(fw, out, x, "sum", 1, "float32")
    libscan.cumulative_max(a, axis=0, out=a)  # in place
    check(fw, a, x, "max", 0, "float32")
    wide = fw.asarray(np.zeros((6, 8), dtype=np.int64))
    i = random_array((5, 8), "int32", np.random.default_rng(8))
    libscan.cumulative_sum(fw.asarray(i), axis=0, include_initial=True, out=wide)
    got = fw.to_numpy(wide)
    assert np.all(got[0] == 0) and np.array_equal(got[1:], np.cumsum(i, axis=0))


def test_large_input_runs_in_parallel_parts(fw):
    n = (1 << 20) + 3
    x = random_array((n,), "int32", np.random.default_rng(9))
    check(fw, libscan.cumulative_sum(fw.asarray(x)), x, "sum", 0, "int64")
    f = random_array((n,), "float32", np.random.default_rng(10))
    check(fw, libscan.cumulative_sum(fw.asarray(f)), f, "sum", 0, "float32")


def test_floats_repeat_bit_for_bit(fw):
    x = random_array(((1 << 20) + 7,), "float32", np.random.default_rng(11))
    a = fw.asarray(x)
    first = fw.to_numpy(libscan.cumulative_sum(a))
    for _ in range(3):
        assert np.array_equal(fw.to_numpy(libscan.cumulative_sum(a)), first)


def test_version_and_backend():
    assert libscan.backend in ("host", "cuda")
    assert libscan.__version__.count(".") == 2


def test_axis_scans_are_few_library_calls():
    """Any axis of a C- or F-order array is one batched call, or one per index of the outer axes;
    a reversed axis fits no call (the package copies it first)."""
    from libscan import _libscan

    c = np.zeros((4, 5, 6))
    assert [_libscan.plan_calls(c, c, axis) for axis in range(3)] == [1, 4, 1]
    f = np.asfortranarray(c)
    assert [_libscan.plan_calls(f, f, axis) for axis in range(3)] == [1, 6, 1]
    t = c.transpose(2, 0, 1)  # and an output of its layout, as the package allocates
    assert [_libscan.plan_calls(t, np.empty_like(t), axis) for axis in range(3)] == [1, 1, 4]
    r = c[:, ::-1]
    assert _libscan.plan_calls(r, np.zeros(r.shape), 1) == -1
    assert _libscan.plan_calls(r, np.zeros(r.shape), 2) == 5  # rows, one call per reversed index


def test_scan_axis_declines_layouts_past_max_calls():
    """With max_calls, the extension scans only where a layout of at most that many calls fits,
    and otherwise returns False with out untouched (the package then copies x)."""
    from libscan import _libscan

    x = np.arange(4 * 5 * 6, dtype=np.int64).reshape(4, 5, 6)
    out = np.full(x.shape, -7, dtype=np.int64)
    assert not _libscan.scan_axis(x[:, ::-1], out, 1, "sum", True, None, 0, 1000)
    assert not _libscan.scan_axis(x, out, 1, "sum", True, None, 0, 3)  # takes 4 calls
    assert (out == -7).all()
    assert _libscan.scan_axis(x, out, 1, "sum", True, None, 0, 4)
    assert np.array_equal(out, np.cumsum(x, axis=1))
    assert _libscan.scan_axis(x, out, 2, "sum", True, None, 0)  # no limit
    assert np.array_equal(out, np.cumsum(x, axis=2))


def _current_stream(fw, a):
    """The framework's current stream as a stream= argument (0, the host's, for CPU arrays)."""
    if fw.name == "torch" and a.is_cuda:
        return fw.module.cuda.current_stream()
    if fw.name == "cupy":
        return fw.module.cuda.get_current_stream()
    return 0


@pytest.mark.parametrize("layout", ["C order", "transposed", "every other", "too many calls"])
@pytest.mark.parametrize("name", ["int32", "float32", "float64"])
def test_planned_calls_give_the_general_paths_bits(fw, layout, name):
    """The common call (current stream, no initial item) runs from a plan kept per combination
    of types; it gives the bits of the general path (taken here by naming the current stream),
    out given or not, also where the layout takes too many calls and the input is copied."""
    if fw.name == "jax":
        pytest.skip("JAX arrays always take the general path (borrowed, no out=)")
    shape = (1100, 5, 6) if layout == "too many calls" else (33, 20, 7)
    x = random_array(shape, name, np.random.default_rng(12))
    a = fw.asarray(x)
    if layout == "transposed":
        a = a.permute(2, 0, 1) if fw.name == "torch" else a.transpose(2, 0, 1)
        x = x.transpose(2, 0, 1)
    elif layout == "every other":
        a, x = a[:, ::2], x[:, ::2]
    for axis in range(3):
        planned = libscan.cumulative_sum(a, axis=axis, dtype=a.dtype)
        general = libscan.cumulative_sum(a, axis=axis, dtype=a.dtype, stream=_current_stream(fw, a))
        # out in C order: on a GPU another kernel than for the input's own layout may scan
        # into it, so its bits are compared with the general path's into the same layout.
        into = libscan.cumulative_sum(a, axis=axis, dtype=a.dtype, out=fw.asarray(np.zeros_like(x)))
        general_into = libscan.cumulative_sum(
            a, axis=axis, dtype=a.dtype, stream=_current_stream(fw, a),
            out=fw.asarray(np.zeros_like(x)),
        )
        check(fw, planned, x, "sum", axis, name)
        check(fw, into, x, "sum", axis, name)
        assert np.array_equal(fw.to_numpy(planned), fw.to_numpy(general))
        assert np.array_equal(fw.to_numpy(into), fw.to_numpy(general_into))
