"""libscan.distributed on CPU processes: 1, 2 and 3 ranks (spawned), each with its part of one
array (parts of different sizes, an empty one), exchanging totals through a stand-in group over
pipes; each rank checks its part of the scan of the whole against NumPy."""

import multiprocessing

import numpy as np
import pytest

from references import scan as reference


class PipeGroup:
    """A stand-in for a process group: an all-gather of bytes over a pipe to every other rank."""

    def __init__(self, rank, pipes):
        self._rank, self._pipes = rank, pipes  # pipes[r]: the connection to rank r

    def rank(self):
        return self._rank

    def size(self):
        return len(self._pipes)

    def all_gather_bytes(self, send, recv, stream):
        send, recv = np.from_dlpack(send), np.from_dlpack(recv)
        size = send.shape[0]
        for r, pipe in enumerate(self._pipes):
            if r != self._rank:
                pipe.send_bytes(send.tobytes())
        for r, pipe in enumerate(self._pipes):
            part = send.tobytes() if r == self._rank else pipe.recv_bytes()
            recv[r * size:(r + 1) * size] = np.frombuffer(part, dtype=np.uint8)


def whole_array(name, op, n):
    rng = np.random.default_rng(42)
    if name.startswith(("int", "uint")):
        return rng.integers(0, 4 if op == "prod" else 100, n).astype(name)
    return rng.uniform(0.5, 1.5, n).astype(name)


def rank_main(rank, pipes, sizes, name, op, exclusive, initial, results):
    import libscan.distributed

    x = whole_array(name, op, sum(sizes))
    start = sum(sizes[:rank])
    mine = x[start:start + sizes[rank]]
    try:
        got = libscan.distributed.scan(mine, op, PipeGroup(rank, pipes), exclusive=exclusive,
                                       initial=initial)
        out_name = str(got.dtype)
        want = reference(x, op, 0, out_name, exclusive=exclusive, initial=initial)
        want = want[start:start + sizes[rank]]
        if out_name.startswith("float"):
            ok = np.allclose(got, want, rtol=1e-5)
        else:
            ok = np.array_equal(got, want)
        results.put((rank, bool(ok), ""))
    except Exception as e:  # reported to the test
        results.put((rank, False, repr(e)))


def run_ranks(sizes, name, op, exclusive=False, initial=None):
    context = multiprocessing.get_context("spawn")
    ranks = len(sizes)
    ends = [[None] * ranks for _ in range(ranks)]
    for a in range(ranks):
        for b in range(a + 1, ranks):
            ends[a][b], ends[b][a] = context.Pipe()
    results = context.Queue()
    processes = [
        context.Process(target=rank_main,
                        args=(r, ends[r], sizes, name, op, exclusive, initial, results))
        for r in range(ranks)
    ]
    for p in processes:
        p.start()
    outcome = [results.get(timeout=120) for _ in range(ranks)]
    for p in processes:
        p.join(timeout=60)
    return sorted(outcome)


@pytest.mark.parametrize(
    "sizes, name, op, exclusive, initial",
    [
        ([1000], "int32", "sum", False, None),
        ([700, 0, 1301], "int32", "sum", False, None),
        ([5, 3000], "uint8", "sum", True, 7),
        ([64, 64, 64], "float64", "prod", False, None),
        ([10, 20, 30], "int64", "max", True, None),
        ([33, 0], "int16", "xor", False, 5),
    ],
)
def test_ranks_scan_the_whole(sizes, name, op, exclusive, initial):
    for rank, ok, error in run_ranks(sizes, name, op, exclusive, initial):
        assert ok, f"rank {rank}: {error or 'wrong part'}"


def test_cumulative_sum_alone():
    import libscan.distributed

    x = np.arange(10, dtype=np.int32)
    got = libscan.distributed.cumulative_sum(x, PipeGroup(0, [None]))
    assert list(got) == list(np.cumsum(x))
