"""scan(x, op, ...): every operator, exclusive scans, initial values, dtype= and out=."""

import numpy as np
import pytest

import libscan
from conftest import DTYPES, assert_scan_equal, random_array, require
from references import magnitude, result_name, scan

OPERATORS = ["sum", "prod", "max", "min", "and", "or", "xor"]
FLOATS = ("float16", "bfloat16", "float32", "float64")


def compare(fw, result, expected, name, x=None):
    got = fw.to_numpy(result)
    if name in ("float16", "bfloat16"):
        got = got.astype(np.float32)
    assert_scan_equal(got, expected, name, None if x is None else magnitude(x, -1))


@pytest.mark.parametrize("name", DTYPES)
@pytest.mark.parametrize("op", OPERATORS)
@pytest.mark.parametrize("exclusive", [False, True])
def test_every_operator_inclusive_and_exclusive(fw, name, op, exclusive):
    require(fw, name)
    if op in ("and", "or", "xor") and name in FLOATS:
        with pytest.raises(TypeError, match="^x: "):
            libscan.scan(fw.asarray(np.ones(3, dtype=np.float32)), op)
        return
    x = random_array((3, 257), name, np.random.default_rng(12), op)
    result = libscan.scan(fw.asarray(x), op, axis=1, exclusive=exclusive)
    compare(fw, result, scan(x, op, 1, result_name(name, op), exclusive=exclusive), result_name(name, op), x)


@pytest.mark.parametrize("name", ["int8", "uint16", "int32", "int64", "float32", "float64"])
@pytest.mark.parametrize("op", ["sum", "max", "min", "xor"])
@pytest.mark.parametrize("exclusive", [False, True])
def test_initial_value(fw, name, op, exclusive):
    if op == "xor" and name in FLOATS:
        return
    x = random_array((129,), name, np.random.default_rng(13), op)
    initial = 5 if name.startswith(("int", "uint")) else 2.5
    result = libscan.scan(fw.asarray(x), op, exclusive=exclusive, initial=initial)
    expected = scan(x, op, 0, result_name(name, op), exclusive=exclusive, initial=initial)
    compare(fw, result, expected, result_name(name, op), x)


def test_exclusive_starts_from_the_identity(fw):
    x = np.array([3, 1, 4, 1, 5], dtype=np.int32)
    a = fw.asarray(x)
    assert list(fw.to_numpy(libscan.scan(a, "sum", exclusive=True))) == [0, 3, 4, 8, 9]
    assert list(fw.to_numpy(libscan.scan(a, "prod", exclusive=True))) == [1, 3, 3, 12, 12]
    got = fw.to_numpy(libscan.scan(a, "max", exclusive=True))
    assert got[0] == np.iinfo(np.int32).min and list(got[1:]) == [3, 3, 4, 4]
    got = fw.to_numpy(libscan.scan(a, "and", exclusive=True))
    assert got[0] == -1 and list(got[1:]) == [3, 1, 0, 0]


def test_scan_of_bool(fw):
    x = np.array([True, False, True, True, False])
    a = fw.asarray(x)
    assert list(fw.to_numpy(libscan.scan(a, "sum"))) == [1, 1, 2, 3, 3]
    assert list(fw.to_numpy(libscan.scan(a, "or"))) == [True, True, True, True, True]
    assert list(fw.to_numpy(libscan.scan(a, "and"))) == [True, False, False, False, False]
    assert list(fw.to_numpy(libscan.scan(a, "xor"))) == [True, True, False, True, True]


@pytest.mark.parametrize("name", ["bool", "uint8", "int32", "float32"])
def test_scans_into_bool_are_logical(fw, name):
    require(fw, name)
    x = np.array([[0, 2, 0, 3, 1, 0, 0], [1, 1, 0, 2, 0, 5, 1]]).astype(name)
    a = fw.asarray(x)
    for axis in (0, 1):
        got = fw.to_numpy(libscan.cumulative_sum(a, axis=axis, dtype=fw.dtype("bool")))
        np.testing.assert_array_equal(got.view(np.uint8), np.cumsum(x != 0, axis=axis) > 0)
        got = fw.to_numpy(libscan.cumulative_prod(a, axis=axis, dtype=fw.dtype("bool")))
        np.testing.assert_array_equal(got.view(np.uint8), np.cumprod(x != 0, axis=axis) > 0)
    got = fw.to_numpy(libscan.segmented_scan(fw.asarray(x[1]), "sum", dtype=fw.dtype("bool"),
                                             offsets=fw.asarray(np.array([0, 3, 7]))))
    np.testing.assert_array_equal(got.view(np.uint8), [1, 1, 1, 1, 1, 1, 1])


def test_integer_sums_wrap_around(fw):
    x = np.array([np.iinfo(np.int64).max, 1, 1], dtype=np.int64)
    got = fw.to_numpy(libscan.scan(fw.asarray(x), "sum"))
    assert list(got) == [np.iinfo(np.int64).max, np.iinfo(np.int64).min, np.iinfo(np.int64).min + 1]


def test_uint64_initial_above_int64(fw):
    x = np.zeros(3, dtype=np.uint64)
    big = (1 << 64) - 2
    got = fw.to_numpy(libscan.scan(fw.asarray(x), "sum", initial=big))
    assert [int(v) for v in got] == [big] * 3
