"""segmented_scan against a NumPy loop over the segments: offsets, flags and keys, every
operator, exclusive scans, initial values, totals, sizes."""

import numpy as np
import pytest

import libscan
from conftest import assert_scan_equal, random_array
from references import identity, result_name, scan


def segment_starts(n, rng, mean):
    """Sorted segment starts in [0, n], with empty segments."""
    count = max(1, n // mean)
    return np.sort(np.concatenate([[0, n], rng.integers(0, n + 1, count)]))


def reference(x, offsets, op, name, exclusive, initial):
    out_name = result_name(name, op)
    parts = [scan(x[a:b], op, 0, out_name, exclusive=exclusive, initial=initial)
             for a, b in zip(offsets[:-1], offsets[1:])]
    result = np.concatenate(parts) if parts else np.zeros(0)
    totals = []
    for a, b in zip(offsets[:-1], offsets[1:]):
        whole = scan(x[a:b], op, 0, out_name, initial=initial)
        if b > a:
            totals.append(whole[-1])
        else:  # an empty segment's total: the initial value, or the operator's identity
            totals.append(identity(op, out_name) if initial is None else initial)
    return result, np.array(totals)


def as_kind(kind, offsets, n, fw):
    if kind == "offsets":
        return {"offsets": fw.asarray(offsets.astype(np.int64))}
    heads = np.zeros(n, dtype=np.uint8)
    heads[offsets[:-1][offsets[:-1] < n]] = 1
    if n:
        heads[0] = 1
    if kind == "flags":
        return {"flags": fw.asarray(heads.astype(bool))}
    return {"keys": fw.asarray((np.cumsum(heads) * 7).astype(np.int32))}


def nonempty(offsets):
    """Flags and keys cannot express empty segments: their starts."""
    return np.unique(offsets)


@pytest.mark.parametrize("kind", ["offsets", "flags", "keys"])
@pytest.mark.parametrize("op", ["sum", "prod", "max", "min", "xor"])
@pytest.mark.parametrize("n", [0, 1, 33, 1000, 4097])
def test_kinds_and_operators(fw, kind, op, n):
    name = "int32"
    rng = np.random.default_rng(n + 16)
    x = random_array((n,), name, rng, op)
    offsets = segment_starts(n, rng, 8)
    if kind != "offsets":
        offsets = nonempty(offsets)
        if n == 0:
            offsets = np.array([0])
    for exclusive, initial in ((False, None), (True, None), (True, 3), (False, 3)):
        got, totals = libscan.segmented_scan(fw.asarray(x), op, exclusive=exclusive,
                                             initial=initial, totals=True,
                                             **as_kind(kind, offsets, n, fw))
        want, want_totals = reference(x, offsets, op, name, exclusive, initial)
        assert_scan_equal(fw.to_numpy(got), want.astype(result_name(name, op)), "int64")
        assert_scan_equal(fw.to_numpy(totals), want_totals.astype(result_name(name, op)), "int64")


@pytest.mark.parametrize("name", ["uint8", "int64", "float16", "float32", "float64"])
def test_dtypes(fw, name):
    rng = np.random.default_rng(17)
    x = random_array((500,), name, rng)
    offsets = segment_starts(500, rng, 16)
    got = libscan.segmented_scan(fw.asarray(x), "sum", offsets=fw.asarray(offsets.astype(np.int32)))
    want, _ = reference(x, offsets, "sum", name, False, None)
    got = fw.to_numpy(got)
    if name == "float16":
        got = got.astype(np.float32)
    assert_scan_equal(got, want, result_name(name, "sum"), bound=np.sum(np.abs(x.astype(float))))


def test_strided_input_is_copied(fw):
    x = np.arange(20, dtype=np.int64)
    a = fw.asarray(x)[::2]
    got = fw.to_numpy(libscan.segmented_scan(a, "sum", offsets=fw.asarray(np.array([0, 4, 10]))))
    assert list(got) == [0, 2, 6, 12, 8, 18, 30, 44, 60, 78]
