"""libscan.distributed over torch.distributed: Gloo on 2 and 3 spawned CPU processes, and NCCL on
one process per GPU (rank r on GPU r) where the machine has enough GPUs. Each rank holds its part
of one array (parts of different sizes, an empty one), passes the default process group as
group=None, and checks its part of the scan of the whole against NumPy. Skipped without torch or
the backend."""

import multiprocessing
import socket

import numpy as np
import pytest

torch = pytest.importorskip("torch", reason="torch is not installed")
dist = pytest.importorskip("torch.distributed", reason="torch has no torch.distributed")
if not (dist.is_available() and dist.is_gloo_available()):
    pytest.skip("torch.distributed has no Gloo backend", allow_module_level=True)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rank_main(rank, sizes, port, name, op, backend, results):
    import torch
    import torch.distributed as dist

    import libscan.distributed

    try:
        if backend == "nccl":
            torch.cuda.set_device(rank)
        dist.init_process_group(backend, init_method=f"tcp://127.0.0.1:{port}", rank=rank,
                                world_size=len(sizes))
        whole = np.random.default_rng(7).integers(1, 4 if op == "prod" else 100,
                                                  sum(sizes)).astype(name)
        start = sum(sizes[:rank])
        mine = torch.from_numpy(whole[start:start + sizes[rank]].copy())
        if backend == "nccl":
            mine = mine.cuda()
        got = libscan.distributed.scan(mine, op, None)
        if got.device != mine.device:
            raise AssertionError(f"the result is on {got.device}, the part on {mine.device}")
        got = got.cpu()
        want = {"sum": np.cumsum, "prod": np.cumprod, "max": np.maximum.accumulate,
                "xor": np.bitwise_xor.accumulate}[op](
            whole.astype(str(got.dtype).rsplit(".", 1)[-1]))[start:start + sizes[rank]]
        ok = np.allclose(got.numpy(), want, rtol=1e-5)
        results.put((rank, bool(ok), "" if ok else f"got {got[:8]}, want {want[:8]}"))
        dist.destroy_process_group()
    except Exception as e:  # reported to the test
        results.put((rank, False, repr(e)))


def _ranks_scan_the_whole(sizes, name, op, backend):
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    port = _free_port()
    processes = [context.Process(target=rank_main,
                                 args=(r, sizes, port, name, op, backend, results))
                 for r in range(len(sizes))]
    for p in processes:
        p.start()
    outcome = sorted(results.get(timeout=120) for _ in processes)
    for p in processes:
        p.join(timeout=60)
    for rank, ok, error in outcome:
        assert ok, f"rank {rank}: {error or 'wrong part'}"


@pytest.mark.parametrize("sizes, name, op", [
    ([1000, 2000], "int32", "sum"),
    ([700, 0, 1301], "int64", "sum"),
    ([64, 64, 64], "float64", "prod"),
    ([10, 20, 30], "int16", "max"),
])
def test_gloo_ranks_scan_the_whole(sizes, name, op):
    _ranks_scan_the_whole(sizes, name, op, "gloo")


def _gpus():
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


@pytest.mark.parametrize("sizes, name, op", [
    ([1000, 2000], "int32", "sum"),
    ([0, 1301], "int64", "sum"),
    ([3001, 1 << 20], "float32", "max"),
    ([64, 64, 64], "float64", "prod"),
    ([257, 129, 0, 65], "uint8", "xor"),
])
def test_nccl_ranks_scan_the_whole(sizes, name, op):
    import libscan

    if libscan.backend != "cuda":
        pytest.skip(f"NCCL ranks need the cuda package (this one is {libscan.backend})")
    if not dist.is_nccl_available():
        pytest.skip("torch.distributed has no NCCL backend")
    if _gpus() < len(sizes):
        pytest.skip(f"{len(sizes)} NCCL ranks need {len(sizes)} GPUs, this machine has {_gpus()}")
    _ranks_scan_the_whole(sizes, name, op, "nccl")
