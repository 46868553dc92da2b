"""The peer's suite through pytest (opinfo_report.py): every OpInfo sample input of cumsum,
cumprod, cummax, cummin and logcumsumexp on CUDA matches torch. Skipped without torch, a GPU or
libscan's cuda build. The counts per op are printed at the end of the session."""

import pytest

import libscan

torch = pytest.importorskip("torch", reason="torch is not installed")
if libscan.backend != "cuda":
    pytest.skip(f"libscan was built with the {libscan.backend} backend; the samples are CUDA "
                "tensors", allow_module_level=True)
if not torch.cuda.is_available():
    pytest.skip("torch finds no GPU", allow_module_level=True)
common_methods_invocations = pytest.importorskip(
    "torch.testing._internal.common_methods_invocations",
    reason="torch's OpInfo database does not import (it needs expecttest)")

import opinfo_report  # noqa: E402


@pytest.mark.parametrize("op", opinfo_report.opinfos(), ids=lambda op: op.name)
def test_every_sample_matches_torch(op):
    counts = opinfo_report.run_op(op, "cuda")
    opinfo_report.counted[op.name] = counts  # printed at the end (conftest.py)
    assert counts.total > 0
    shown = "\n".join(f"{d}: {s}: {p}" for d, s, p in counts.failures[:10])
    assert counts.matched == counts.total, (
        f"{counts.total - counts.matched} of {counts.total} samples differ:\n{shown}")
