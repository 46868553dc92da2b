"""A torch.cuda.graph capture of libscan's calls (into out=, allocating, along dim 0 of a matrix,
cummax) replays correctly on new data. Skipped without torch, a GPU or libscan's cuda build."""

import pytest

import libscan

torch = pytest.importorskip("torch", reason="torch is not installed")
if libscan.backend != "cuda":
    pytest.skip(f"libscan was built with the {libscan.backend} backend", allow_module_level=True)
if not torch.cuda.is_available():
    pytest.skip("torch finds no GPU", allow_module_level=True)


def _calls(x, m, out):
    libscan.cumulative_sum(x, out=out)
    return libscan.cumsum(x, 0), libscan.cumulative_sum(m, axis=0), libscan.cummax(m, 1)


def test_graph_replays_on_new_data():
    x = torch.randint(-100, 100, (1 << 20,), dtype=torch.int32, device="cuda")
    m = torch.rand((4096, 64), device="cuda")
    out = torch.empty(x.shape, dtype=torch.int64, device="cuda")
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):  # warm-up off the capture, as torch asks
        for _ in range(2):
            _calls(x, m, out)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        flat, columns, (values, indices) = _calls(x, m, out)
    for trial in range(3):
        x.copy_(torch.randint(-100, 100, x.shape, dtype=torch.int32, device="cuda"))
        m.copy_(torch.rand(m.shape, device="cuda"))
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(out, torch.cumsum(x, 0)), f"replay {trial}: out="
        assert torch.equal(flat, torch.cumsum(x, 0)), f"replay {trial}: cumsum"
        # Replay gives the eager call's bits (libscan's float sums are reproducible); torch
        # adds in another order, so the float64 sum is the reference for closeness.
        assert torch.equal(columns, libscan.cumulative_sum(m, axis=0)), f"replay {trial}: axis 0"
        torch.testing.assert_close(columns.double(), torch.cumsum(m.double(), 0), rtol=1e-5,
                                   atol=1e-5)
        want_values, want_indices = torch.cummax(m, 1)
        assert torch.equal(values, want_values) and torch.equal(indices, want_indices)
