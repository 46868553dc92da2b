"""torch's names: cumsum, cumprod, logcumsumexp, and cummax / cummin with torch's indices (the
latest of equal items; a NaN is the extreme from where it appears, the latest NaN its index)."""

import math

import numpy as np
import pytest

import libscan
from conftest import random_array, require


def torch_rule(x, later_wins):
    """torch's CPU loop: an item replaces the running value when it is NaN, or when neither is
    NaN and later_wins(item, value); the index follows."""
    values, indices = np.empty_like(x), np.empty(x.shape, dtype=np.int64)
    best, index = x[0], 0
    for i, item in enumerate(x):
        item_nan = isinstance(item, (float, np.floating)) and math.isnan(item)
        best_nan = isinstance(best, (float, np.floating)) and math.isnan(best)
        if item_nan or (not best_nan and later_wins(item, best)):
            best, index = item, i
        values[i], indices[i] = best, index
    return values, indices


CASES = {
    "ties": [3, 1, 3, 2, 3, 0],
    "nans": [1.0, np.nan, 5.0, np.nan, 0.0],
    "signed zeros": [0.0, -0.0, 0.0, -1.0, -0.0],
    "infinities": [-np.inf, 2.0, np.inf, np.inf, 1.0],
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("which", ["cummax", "cummin"])
def test_cummax_cummin_follow_torch(fw, case, which):
    x = np.array(CASES[case], dtype=np.float64 if case != "ties" else np.int32)
    later_wins = (lambda a, b: a >= b) if which == "cummax" else (lambda a, b: a <= b)
    values, indices = getattr(libscan, which)(fw.asarray(x), 0)
    want_values, want_indices = torch_rule(x, later_wins)
    np.testing.assert_array_equal(fw.to_numpy(indices), want_indices)
    got = fw.to_numpy(values)
    np.testing.assert_array_equal(got, want_values)
    assert np.array_equal(np.signbit(got), np.signbit(want_values))


@pytest.mark.parametrize("name", ["bool", "uint8", "int16", "int64", "float16", "float32"])
def test_cummax_along_each_dim(fw, name):
    require(fw, name)
    x = random_array((5, 40), name, np.random.default_rng(14))
    x = (x // 8 if name.startswith(("int", "uint")) else x)  # more ties
    for dim in (0, 1, -1):
        values, indices = libscan.cummax(fw.asarray(x), dim)
        moved = np.moveaxis(x, dim, -1)
        want = [torch_rule(row, lambda a, b: a >= b) for row in moved.reshape(-1, moved.shape[-1])]
        want_values = np.moveaxis(np.stack([w[0] for w in want]).reshape(moved.shape), -1, dim)
        want_indices = np.moveaxis(np.stack([w[1] for w in want]).reshape(moved.shape), -1, dim)
        np.testing.assert_array_equal(fw.to_numpy(indices), want_indices)
        np.testing.assert_array_equal(fw.to_numpy(values), want_values)


def test_cumsum_and_cumprod_accumulate_integers_in_int64(fw):
    x = np.array([200, 100, 50], dtype=np.uint8)
    result = libscan.cumsum(fw.asarray(x), 0)
    assert str(result.dtype).endswith("int64") and not str(result.dtype).endswith("uint64")
    assert list(fw.to_numpy(result)) == [200, 300, 350]
    p = libscan.cumprod(fw.asarray(np.array([True, True, False])), 0)
    assert list(fw.to_numpy(p)) == [1, 1, 0]
    f = libscan.cumsum(fw.asarray(np.array([1.5, 2.0], dtype=np.float32)), -1,
                       dtype=fw.dtype("float64"))
    assert list(fw.to_numpy(f)) == [1.5, 3.5]


def test_logcumsumexp(fw):
    x = np.random.default_rng(15).normal(size=(4, 33)) * 10
    for dim in (0, 1):
        got = fw.to_numpy(libscan.logcumsumexp(fw.asarray(x), dim))
        np.testing.assert_allclose(got, np.logaddexp.accumulate(x, axis=dim), rtol=1e-12)


def test_zero_d(fw):
    x = fw.asarray(np.array(7.0))
    assert float(fw.to_numpy(libscan.cumsum(x, 0))) == 7.0
    values, indices = libscan.cummax(x, -1)
    assert float(fw.to_numpy(values)) == 7.0 and int(fw.to_numpy(indices)) == 0


def test_torch_tensors_as_torch_hands_them(fw):
    """Tensors reach the extension by their fields on torch's current stream: a leaf that
    requires grad, a view at a storage offset, a transposed view, out= into a view, and a dtype
    libscan does not scan (its name in the TypeError)."""
    if fw.name != "torch":
        pytest.skip("torch tensors only")
    torch = fw.module
    rng = np.random.default_rng(7)
    base = rng.integers(-9, 9, (6, 40)).astype(np.float32)
    leaf = fw.asarray(base).requires_grad_()
    assert np.array_equal(fw.to_numpy(libscan.cumsum(leaf, 1)), np.cumsum(base, axis=1))
    view = fw.asarray(base)[2:5, 3:31]  # storage offset, rows 40 apart
    assert view.storage_offset() > 0
    assert np.array_equal(fw.to_numpy(libscan.cumsum(view, 0)), np.cumsum(base[2:5, 3:31], 0))
    t = fw.asarray(base).t()
    assert np.array_equal(fw.to_numpy(libscan.cumsum(t, 0)), np.cumsum(base.T, axis=0))
    out = torch.full((8, 50), -1.0, device=view.device)
    libscan.cumulative_sum(view, axis=1, out=out[1:4, 5:33])
    want = np.full((8, 50), -1.0, dtype=np.float32)
    want[1:4, 5:33] = np.cumsum(base[2:5, 3:31], axis=1)
    assert np.array_equal(fw.to_numpy(out), want)
    complex_x = torch.ones(4, dtype=torch.complex64, device=view.device)
    with pytest.raises(TypeError, match="^x: an element type libscan does not scan \\(complex64"):
        libscan.cumulative_sum(complex_x)
