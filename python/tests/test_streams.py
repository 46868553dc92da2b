"""GPU streams and devices (the cuda build with torch or CuPy and a GPU; skipped otherwise): the
framework's current stream, a stream= argument, a torch.cuda.graph capture that replays, and an
array on a second GPU."""

import numpy as np
import pytest

import libscan
from conftest import _importable


def _torch_cuda():
    if libscan.backend != "cuda":
        pytest.skip(f"libscan was built with the {libscan.backend} backend")
    torch = _importable("torch")
    if torch is None or not torch.cuda.is_available():
        pytest.skip("torch with a GPU is not available")
    return torch


def test_torch_current_stream_and_stream_argument():
    torch = _torch_cuda()
    x = torch.randint(0, 100, (1 << 20,), device="cuda", dtype=torch.int32)
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # the current stream
        y = libscan.cumulative_sum(x)
    z = libscan.cumulative_sum(x, stream=side)  # a stream object
    w = libscan.cumulative_sum(x, stream=side.cuda_stream)  # an int handle
    side.synchronize()
    want = torch.cumsum(x.long(), 0)
    for r in (y, z, w):
        assert torch.equal(r, want)


def test_torch_graph_capture_replays():
    torch = _torch_cuda()
    x = torch.randint(0, 100, (3, 100_001), device="cuda", dtype=torch.int32)
    warm = torch.cuda.Stream()
    warm.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(warm):  # warm up outside the capture, as torch advises
        libscan.cumulative_sum(x, axis=1)
        libscan.cummax(x, 0)
    torch.cuda.current_stream().wait_stream(warm)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        sums = libscan.cumulative_sum(x, axis=1, include_initial=True)
        values, indices = libscan.cummax(x, 0)
    for _ in range(2):
        x.copy_(torch.randint(0, 100, x.shape, device="cuda", dtype=torch.int32))
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(sums[:, 1:], torch.cumsum(x.long(), 1)) and torch.all(sums[:, 0] == 0)
        want = torch.cummax(x, 0)
        assert torch.equal(values, want.values) and torch.equal(indices, want.indices)


def test_torch_second_gpu():
    torch = _torch_cuda()
    if torch.cuda.device_count() < 2:
        pytest.skip("one GPU")
    x = torch.arange(1000, device="cuda:1", dtype=torch.float32)
    y = libscan.cumulative_sum(x)
    assert y.device == x.device
    assert torch.allclose(y, torch.cumsum(x, 0))


def test_cupy_stream():
    if libscan.backend != "cuda":
        pytest.skip(f"libscan was built with the {libscan.backend} backend")
    cupy = _importable("cupy")
    if cupy is None:
        pytest.skip("cupy is not installed")
    x = cupy.asarray(np.arange(1 << 20, dtype=np.int64))
    with cupy.cuda.Stream() as stream:
        y = libscan.cumulative_sum(x)
    stream.synchronize()
    assert cupy.array_equal(y, cupy.cumsum(x))
