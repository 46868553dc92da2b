"""Bad calls: each error names its argument, and a rejected call writes nothing."""

import numpy as np
import pytest

import libscan


def untouched(fw, out, value):
    assert np.all(fw.to_numpy(out) == value)


def test_axis(fw):
    a = fw.asarray(np.ones((2, 3), dtype=np.float32))
    with pytest.raises(ValueError, match="^axis: required"):
        libscan.cumulative_sum(a)
    with pytest.raises(ValueError, match="^axis: 2 is out of range"):
        libscan.cumulative_sum(a, axis=2)
    with pytest.raises(TypeError, match="^axis: "):
        libscan.cumulative_sum(a, axis=1.0)
    with pytest.raises(ValueError, match="^x: a 0-D array"):
        libscan.cumulative_sum(fw.asarray(np.array(1.0)))
    with pytest.raises(ValueError, match="^dim: "):
        libscan.cumsum(a, 3)


def test_operator_and_types(fw):
    f = fw.asarray(np.ones(4, dtype=np.float32))
    with pytest.raises(ValueError, match="^op: 'mean' is not an operator; one of sum, prod"):
        libscan.scan(f, "mean")
    with pytest.raises(TypeError, match="^x: xor scans integer and bool arrays, got float32"):
        libscan.scan(f, "xor")
    with pytest.raises(TypeError, match="^x: logsumexp scans floating-point arrays"):
        libscan.cumulative_logsumexp(fw.asarray(np.ones(4, dtype=np.int32)))


def test_unsupported_dtype_says_what_is_supported():
    with pytest.raises(TypeError, match="^x: an element type libscan does not scan.*supported: int8"):
        libscan.cumulative_sum(np.ones(4, dtype=np.complex64))


def test_not_an_array():
    with pytest.raises(TypeError, match="^x: a NumPy, torch, CuPy or JAX array"):
        libscan.cumulative_sum([1, 2, 3])


def test_out_is_checked_before_anything_is_written(fw):
    if fw.name == "jax":
        pytest.skip("JAX arrays are immutable: no out=")
    a = fw.asarray(np.arange(6, dtype=np.int32))
    out = fw.asarray(np.full(5, -7, dtype=np.int64))
    with pytest.raises(ValueError, match=r"^out: shape \(5,\), the result's is \(6,\)"):
        libscan.cumulative_sum(a, out=out)
    untouched(fw, out, -7)
    wrong = fw.asarray(np.full(6, -7, dtype=np.int32))
    with pytest.raises(TypeError, match="^out: dtype int32, the result's is int64"):
        libscan.cumulative_sum(a, out=wrong)
    untouched(fw, wrong, -7)
    small = fw.asarray(np.full(6, -7, dtype=np.int8))
    with pytest.raises(ValueError, match="^initial: 1000 does not fit"):
        libscan.scan(fw.asarray(np.ones(6, dtype=np.int8)), "max", initial=1000, out=small)
    untouched(fw, small, -7)
    with pytest.raises(ValueError, match="^initial: a float for a scan into an integer type"):
        libscan.scan(fw.asarray(np.ones(6, dtype=np.int8)), "max", initial=0.5, out=small)
    untouched(fw, small, -7)
    with pytest.raises(TypeError, match="^initial: "):
        libscan.scan(fw.asarray(np.ones(6, dtype=np.int8)), "max", initial="1", out=small)
    untouched(fw, small, -7)


def test_segmented_arguments(fw):
    x = fw.asarray(np.arange(6, dtype=np.int32))
    with pytest.raises(ValueError, match="^offsets: give exactly one of"):
        libscan.segmented_scan(x, "sum")
    with pytest.raises(ValueError, match="^offsets: give exactly one of"):
        libscan.segmented_scan(x, "sum", offsets=fw.asarray(np.array([0, 6])),
                               flags=fw.asarray(np.ones(6, dtype=bool)))
    with pytest.raises(ValueError, match="^offsets: "):
        libscan.segmented_scan(x, "sum", offsets=fw.asarray(np.array([0, 4, 5])))  # last != n
    with pytest.raises(ValueError, match="^offsets: "):
        libscan.segmented_scan(x, "sum", offsets=fw.asarray(np.array([0, 4, 2, 6])))
    with pytest.raises(ValueError, match="^flags: 5 for 6 items of x"):
        libscan.segmented_scan(x, "sum", flags=fw.asarray(np.ones(5, dtype=bool)))
    with pytest.raises(TypeError, match="^flags: one byte per flag"):
        libscan.segmented_scan(x, "sum", flags=fw.asarray(np.ones(6, dtype=np.int32)))
    with pytest.raises(ValueError, match="^keys: 4 for 6 items"):
        libscan.segmented_scan(x, "sum", keys=fw.asarray(np.ones(4, dtype=np.int32)))
    with pytest.raises(ValueError, match="^x: segmented scans take 1-D arrays"):
        libscan.segmented_scan(fw.asarray(np.ones((2, 3), dtype=np.int32)), "sum",
                               keys=fw.asarray(np.ones(6, dtype=np.int32)))


def test_stream_argument():
    with pytest.raises(TypeError, match="^stream: "):
        libscan.cumulative_sum(np.ones(3), stream="default")
    assert list(libscan.cumulative_sum(np.ones(3), stream=0)) == [1, 2, 3]
