"""libscan.jax inside jax.jit (XLA FFI custom calls) against NumPy: several dtypes, shapes and
axes, include_initial and dtype=, scan's operators with exclusive and initial, vmap, and errors;
on JAX's CPU device, and on its GPU with the cuda build. Skipped without jax or without the
handlers (the reason says which)."""

import os

import numpy as np
import pytest

import libscan
from conftest import assert_scan_equal, random_array
from references import magnitude, result_name, scan

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # the GPU is shared
jax = pytest.importorskip("jax", reason="jax is not installed")
jax.config.update("jax_enable_x64", True)  # int64 results, as the references have them
libscan_jax = pytest.importorskip("libscan.jax")
if not libscan_jax.available:
    pytest.skip(libscan_jax.unavailable_reason, allow_module_level=True)

FUNCTIONS = {
    "sum": libscan_jax.cumulative_sum,
    "prod": libscan_jax.cumulative_prod,
    "max": libscan_jax.cumulative_max,
    "min": libscan_jax.cumulative_min,
}
SHAPES_AXES = [((1000,), 0), ((0,), 0), ((37, 5), 0), ((37, 5), 1), ((37, 5), -1),
               ((4, 300, 3), 1), ((4, 300, 3), 0), ((4, 300, 3), 2), ((1500, 3, 2), 1)]


def _devices():
    found = [pytest.param(jax.devices("cpu")[0], id="cpu")]
    if libscan.backend == "cuda":
        try:
            found.append(pytest.param(jax.devices("gpu")[0], id="gpu"))
        except RuntimeError:
            pass
    return found


@pytest.fixture(params=_devices(), scope="module")
def device(request):
    return request.param


def check(result, x, op, axis, name, **kw):
    got = np.asarray(result)
    if name in ("float16", "bfloat16"):
        got = got.astype(np.float32)
    bound = magnitude(x, axis) if op == "sum" else None
    assert_scan_equal(got, scan(x, op, axis, name, **kw), name, bound)


@pytest.mark.parametrize("name", ["int32", "int64", "uint8", "bool", "float16", "bfloat16",
                                  "float32", "float64"])
@pytest.mark.parametrize("shape,axis", SHAPES_AXES)
def test_jit_cumulative_sum(device, name, shape, axis):
    x = random_array(shape, name, np.random.default_rng(len(shape)))
    f = jax.jit(lambda a: libscan_jax.cumulative_sum(a, axis=axis))
    result = f(jax.device_put(x, device))
    assert np.dtype(result.dtype).name == result_name(name, "sum")
    check(result, x, "sum", axis % len(shape), result_name(name, "sum"))


@pytest.mark.parametrize("op", list(FUNCTIONS))
@pytest.mark.parametrize("name", ["int32", "float32", "float64"])
@pytest.mark.parametrize("shape,axis", [((129,), 0), ((6, 70), 0), ((6, 70), 1)])
def test_jit_functions_with_include_initial(device, op, name, shape, axis):
    x = random_array(shape, name, np.random.default_rng(3), op)
    f = jax.jit(lambda a: FUNCTIONS[op](a, axis=axis, include_initial=True))
    result = np.asarray(f(jax.device_put(x, device)))
    out = result_name(name, op)
    assert result.shape[axis] == x.shape[axis] + 1
    check(np.take(result, range(x.shape[axis]), axis=axis), x, op, axis, out, exclusive=True)
    expected_last = scan(x, op, axis, out)
    np.testing.assert_allclose(np.take(result, [-1], axis=axis),
                               np.take(expected_last, [-1], axis=axis), rtol=1e-5)


def test_dtype_argument(device):
    x = random_array((50, 4), "int8", np.random.default_rng(0))
    for dtype, op in (("int32", "sum"), ("float64", "sum"), ("int64", "prod")):
        result = jax.jit(lambda a: libscan_jax.scan(a, op, axis=0, dtype=dtype))(
            jax.device_put(x, device))
        assert np.dtype(result.dtype).name == dtype
        check(result, x.astype(dtype), op, 0, dtype)


@pytest.mark.parametrize("op", ["sum", "prod", "max", "min", "and", "or", "xor"])
@pytest.mark.parametrize("exclusive", [False, True])
def test_scan_operators(device, op, exclusive):
    x = random_array((3, 200), "int32", np.random.default_rng(1), op)
    initial = 5 if op in ("sum", "max", "or", "xor") else None
    f = jax.jit(lambda a: libscan_jax.scan(a, op, axis=1, exclusive=exclusive, initial=initial))
    out = result_name("int32", op)
    check(f(jax.device_put(x, device)), x, op, 1, out, exclusive=exclusive, initial=initial)


def test_logsumexp_and_nan_max(device):
    x = np.random.default_rng(2).uniform(-20, 20, 300).astype(np.float32)
    x[100] = np.nan
    got = jax.jit(libscan_jax.cumulative_logsumexp)(jax.device_put(x[:100], device))
    np.testing.assert_allclose(np.asarray(got), np.logaddexp.accumulate(x[:100]), rtol=1e-5)
    got = jax.jit(libscan_jax.cumulative_max)(jax.device_put(x, device))
    np.testing.assert_array_equal(np.asarray(got), np.maximum.accumulate(x))


def test_vmap_over_leading_axis(device):
    x = random_array((8, 5, 40), "float32", np.random.default_rng(4))
    f = jax.jit(jax.vmap(lambda a: libscan_jax.cumulative_sum(a, axis=1)))
    check(f(jax.device_put(x, device)), x, "sum", 2, "float32")


def test_errors_name_their_argument():
    x = np.zeros((3, 4), np.float32)
    with pytest.raises(ValueError, match="^axis:"):
        libscan_jax.cumulative_sum(x, axis=2)
    with pytest.raises(ValueError, match="^axis:"):
        libscan_jax.cumulative_sum(x)
    with pytest.raises(TypeError, match="^x:"):
        libscan_jax.scan(x, "xor", axis=0)
    with pytest.raises(ValueError, match="^initial:"):
        libscan_jax.scan(np.zeros(3, np.int8), "sum", initial=1000, dtype="int8")


def test_include_initial_of_an_empty_axis(device):
    x = jax.device_put(np.zeros((0, 3), np.int32), device)
    got = jax.jit(lambda a: libscan_jax.cumulative_min(a, axis=0, include_initial=True))(x)
    np.testing.assert_array_equal(np.asarray(got), np.full((1, 3), np.iinfo(np.int32).max))
