"""The peer's suite: every sample input of PyTorch's OpInfo database (op_db) for cumsum, cumprod,
cummax, cummin and logcumsumexp, over each op's supported CUDA dtypes, run through libscan's
torch-style functions and compared with torch's own result (torch.testing.assert_close: exact for
integers and bool, its default tolerances for floats; NaN matching NaN; dtypes and shapes equal).

float16 and bfloat16 sums, products and logcumsumexp accumulate in float32 in libscan and are
rounded once; torch's CUDA kernels along an outer dimension round every partial result to the
half type. Their reference is torch's op on the float32 input, rounded to the half type; how many
of them also match torch's own half-precision result is counted beside (`half_as_torch`).

Samples whose dtypes libscan does not scan (complex) are counted apart, not as failures.

  python python/tests/opinfo_report.py [--device cuda]     prints the counts per op
test_torch_opinfo.py runs the same through pytest.
"""

import argparse
import collections
import os
import sys

OPS = ("cumsum", "cumprod", "cummax", "cummin", "logcumsumexp")
ACCUMULATING = ("cumsum", "cumprod", "logcumsumexp")
HALF_TYPES = ("torch.float16", "torch.bfloat16")
Counts = collections.namedtuple(
    "Counts", "matched total unsupported failures half_samples half_as_torch")
counted = {}  # op name -> Counts of the pytest session, for its summary


def _libscan_function(name):
    import libscan

    return getattr(libscan, name)


def _scans(dtype):
    """Whether libscan scans this torch dtype (its element types and bool)."""
    from libscan import _libscan

    name = str(dtype).rsplit(".", 1)[-1]
    return name == "bool" or name in _libscan.element_types


def _supported_dtypes(op, device):
    try:
        return sorted(op.supported_dtypes(device), key=str)
    except (AttributeError, TypeError):  # older OpInfo: the dtype lists themselves
        return sorted(op.dtypesIfCUDA if device == "cuda" else op.dtypes, key=str)


def _dim_and_kwargs(sample):
    """The sample's call as libscan's torch-style functions take it: (dim, kwargs)."""
    kwargs = dict(sample.kwargs)
    args = list(sample.args)
    dim = args.pop(0) if args else kwargs.pop("dim")
    if args:
        raise TypeError(f"unexpected positional arguments {args}")
    return dim, kwargs


def _accumulates_in_half(op, sample):
    """Whether the sample is a sum, product or logcumsumexp with a float16/bfloat16 result."""
    result = sample.kwargs.get("dtype", sample.input.dtype)
    return op.name in ACCUMULATING and str(result) in HALF_TYPES


def _reference(op, sample):
    """torch's result; in float32, rounded to the half type, where libscan accumulates so."""
    if not _accumulates_in_half(op, sample):
        return op.op(sample.input, *sample.args, **sample.kwargs)
    import torch

    result = sample.kwargs.get("dtype", sample.input.dtype)
    kwargs = dict(sample.kwargs)
    if "dtype" in kwargs:
        kwargs["dtype"] = torch.float32
    return op.op(sample.input.to(torch.float32), *sample.args, **kwargs).to(result)


def _mismatch(got, expected):
    """None when the results match (torch.testing.assert_close), else the first difference."""
    import torch

    if isinstance(expected, tuple):  # cummax, cummin: (values, indices)
        pairs = list(zip(("values", "indices"), got, expected))
    else:
        pairs = [("result", got, expected)]
    for what, g, e in pairs:
        try:
            torch.testing.assert_close(g, e, equal_nan=True)
        except AssertionError as error:
            return f"{what}: {str(error).splitlines()[0]}"
    return None


def _call(op, sample):
    dim, kwargs = _dim_and_kwargs(sample)
    return _libscan_function(op.name)(sample.input, dim, **kwargs)


def compare(op, sample):
    """None when libscan's result matches the reference, else the mismatch's description."""
    return _mismatch(_call(op, sample), _reference(op, sample))


def _describe(sample):
    x = sample.input
    return (f"input {tuple(x.shape)} {x.dtype} strides {x.stride()}, args {sample.args}, "
            f"kwargs {sample.kwargs}")


def run_op(op, device="cuda"):
    """Counts of one OpInfo over its supported dtypes; failures: (dtype, sample, message)."""
    matched = total = unsupported = half_samples = half_as_torch = 0
    failures = []
    for dtype in _supported_dtypes(op, device):
        for sample in op.sample_inputs(device, dtype, requires_grad=False):
            wanted = sample.kwargs.get("dtype", dtype)
            if not (_scans(dtype) and _scans(wanted)):
                unsupported += 1
                continue
            total += 1
            try:
                problem = compare(op, sample)
            except Exception as error:  # a call libscan refused or failed
                problem = f"{type(error).__name__}: {error}"
            if problem is None:
                matched += 1
            else:
                failures.append((str(dtype), _describe(sample), problem))
            if problem is None and _accumulates_in_half(op, sample):
                half_samples += 1
                direct = op.op(sample.input, *sample.args, **sample.kwargs)
                half_as_torch += _mismatch(_call(op, sample), direct) is None
    return Counts(matched, total, unsupported, failures, half_samples, half_as_torch)


def opinfos(names=OPS):
    from torch.testing._internal.common_methods_invocations import op_db

    found = {op.name: op for op in op_db if op.name in names and not op.variant_test_name}
    missing = [n for n in names if n not in found]
    if missing:
        raise LookupError(f"op_db has no OpInfo named {', '.join(missing)}")
    return [found[n] for n in names]


def line(name, counts):
    return (f"{name:13} {counts.matched}/{counts.total} samples match torch"
            + (f" ({counts.unsupported} of dtypes libscan does not scan, not run)"
               if counts.unsupported else "")
            + (f"; of {counts.half_samples} float16/bfloat16 sums, products and logcumsumexps"
               f" (reference: torch in float32, rounded), {counts.half_as_torch} also match"
               " torch's half-precision result" if counts.half_samples else ""))


def main(argv=None):
    parser = argparse.ArgumentParser(description="PyTorch's OpInfo samples through libscan")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--show", type=int, default=5, help="failures shown per op")
    args = parser.parse_args(argv)
    failed = False
    for op in opinfos():
        counts = run_op(op, args.device)
        print(line(op.name, counts), flush=True)
        for dtype, sample, problem in counts.failures[: args.show]:
            print(f"    {dtype}: {sample}: {problem}")
        failed = failed or counts.matched != counts.total
    return 1 if failed else 0


if __name__ == "__main__":
    # The installed package, not python/libscan above this script (which has no extension).
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    sys.exit(main())
