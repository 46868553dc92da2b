"""The array frameworks the suite runs with: NumPy always; torch on the CPU when it is installed;
torch, CuPy and JAX on a GPU when they are installed, a GPU answers and libscan was built with
the cuda backend. Each missing one is skipped with the reason. Tests build their inputs in NumPy,
move them with `fw.asarray` and compare `fw.to_numpy` of the results with NumPy references."""

import importlib
import os
import sys

import numpy as np
import pytest

import libscan
from libscan import _libscan

# Every element type libscan scans (scan::element_types, NumPy's names), and bool.
DTYPES = list(_libscan.element_types) + ["bool"]


def _importable(name):
    try:
        return importlib.import_module(name)
    except Exception:  # a broken install is a missing one here
        return None


class Framework:
    def __init__(self, name, module, device, to_device, to_numpy, dtype_of):
        self.name, self.module, self.device = name, module, device
        self._to_device, self._to_numpy, self._dtype_of = to_device, to_numpy, dtype_of

    def __repr__(self):
        return f"{self.name}-{self.device}"

    def dtype(self, name):
        return self._dtype_of(name)

    def asarray(self, a):
        return self._to_device(np.array(a, order="C"))

    def to_numpy(self, a):
        return self._to_numpy(a)

    def supports(self, name):
        try:
            self.dtype(name)
            self.asarray(np.zeros(2, dtype=np.float32).astype(numpy_dtype(name)))
            return True
        except Exception:
            return False


def numpy_dtype(name):
    if name == "bfloat16":
        ml_dtypes = _importable("ml_dtypes")
        if ml_dtypes is None:
            pytest.skip("bfloat16 in NumPy needs ml_dtypes, not installed")
        return ml_dtypes.bfloat16
    return np.dtype(name)


def _numpy():
    return Framework("numpy", np, "cpu", lambda a: a.copy(), np.asarray, numpy_dtype)


def _torch(device):
    torch = _importable("torch")
    if torch is None:
        return "torch is not installed"
    if device == "cuda" and not torch.cuda.is_available():
        return "torch finds no GPU"

    def to_device(a):
        if a.dtype.name == "bfloat16":
            return torch.from_numpy(a.astype(np.float32)).to(torch.bfloat16).to(device)
        return torch.from_numpy(a).to(device)

    def to_numpy(t):
        t = t.detach().cpu()
        return t.float().numpy() if t.dtype == torch.bfloat16 else t.numpy()

    return Framework("torch", torch, device, to_device, to_numpy, lambda n: getattr(torch, n))


def _cupy():
    cupy = _importable("cupy")
    if cupy is None:
        return "cupy is not installed"
    try:
        cupy.cuda.runtime.getDeviceCount()
    except Exception as e:
        return f"cupy finds no GPU ({e})"
    return Framework("cupy", cupy, "cuda", cupy.asarray, cupy.asnumpy, numpy_dtype)


def _jax(device):
    # JAX takes most of the GPU's memory at its start unless told not to; torch and CuPy share it.
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    jax = _importable("jax")
    if jax is None:
        return "jax is not installed"
    jax.config.update("jax_enable_x64", True)  # int64 and float64 arrays, as the references use
    try:
        target = jax.devices(device)[0]
    except Exception as e:
        return f"jax has no {device} device ({e})"
    return Framework(
        "jax", jax, device, lambda a: jax.device_put(a, target), np.asarray, numpy_dtype
    )


def _gpu_reason():
    if libscan.backend != "cuda":
        return f"libscan was built with the {libscan.backend} backend, which scans host arrays only"
    return None


_FRAMEWORKS = {
    "numpy": lambda: _numpy(),
    "torch-cpu": lambda: _torch("cpu"),
    "torch-cuda": lambda: _gpu_reason() or _torch("cuda"),
    "cupy": lambda: _gpu_reason() or _cupy(),
    "jax-cpu": lambda: _jax("cpu"),
    "jax-gpu": lambda: _gpu_reason() or _jax("gpu"),
}


@pytest.fixture(params=list(_FRAMEWORKS), scope="session")
def fw(request):
    made = _FRAMEWORKS[request.param]()
    if isinstance(made, str):
        pytest.skip(made)
    return made


def require(fw, name):
    if not fw.supports(name):
        pytest.skip(f"{fw!r} has no {name} arrays")
    return numpy_dtype(name)


def random_array(shape, name, rng, op="sum"):
    """Values that keep each operator meaningful: small integers, products near 1, bools."""
    dtype = numpy_dtype(name)
    if name == "bool":
        return rng.integers(0, 2, size=shape).astype(bool)
    if name.startswith(("int", "uint")):
        high = 4 if op == "prod" else (100 if name.endswith("8") else 1000)
        low = 0 if name.startswith("uint") else -high
        return rng.integers(low, high, size=shape).astype(dtype)
    if op == "prod":
        return rng.uniform(0.5, 1.5, size=shape).astype(dtype)
    return rng.uniform(-1, 1, size=shape).astype(dtype)


def assert_scan_equal(result, expected, name, bound=None):
    """Integers exactly; floats within a bound from the prefix sums of |x| (the association of a
    parallel scan differs from NumPy's loop), with the result's dtype."""
    result = np.asarray(result)
    assert result.shape == expected.shape
    if name in ("float16", "bfloat16", "float32", "float64"):
        eps = {"float16": 1e-3, "bfloat16": 8e-3, "float32": 1e-6, "float64": 1e-14}[name]
        scale = 1.0 if bound is None else bound
        np.testing.assert_allclose(
            result.astype(np.float64), expected.astype(np.float64),
            rtol=4 * eps, atol=8 * eps * np.max(scale, initial=1.0), equal_nan=True,
        )
    else:
        np.testing.assert_array_equal(result, expected)


def pytest_terminal_summary(terminalreporter):
    """The peer's counts (test_torch_opinfo.py), where that module ran."""
    report = sys.modules.get("opinfo_report")
    if report is None or not report.counted:
        return
    terminalreporter.write_line("")
    terminalreporter.write_line("PyTorch OpInfo samples through libscan (CUDA):")
    for name, counts in report.counted.items():
        terminalreporter.write_line("  " + report.line(name, counts))
