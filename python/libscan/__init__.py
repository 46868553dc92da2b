"""libscan: parallel prefix sums (scans) of NumPy, torch, CuPy and JAX arrays.

Arrays come in through DLPack and results go out as arrays of the input's framework, on its
device and stream. `backend` says which backend the package was built with ("cuda" or "host");
host arrays are scanned by the host backend in every build. docs/PYTHON.md has the contract.
"""

from ._libscan import __version__, backend
from ._api import (
    cumulative_logsumexp,
    cumulative_max,
    cumulative_min,
    cumulative_prod,
    cumulative_sum,
    scan,
)
from ._segmented import segmented_scan
from ._torch_style import cummax, cummin, cumprod, cumsum, logcumsumexp

__all__ = [
    "__version__",
    "backend",
    "cumulative_logsumexp",
    "cumulative_max",
    "cumulative_min",
    "cumulative_prod",
    "cumulative_sum",
    "cummax",
    "cummin",
    "cumprod",
    "cumsum",
    "logcumsumexp",
    "scan",
    "segmented_scan",
]
