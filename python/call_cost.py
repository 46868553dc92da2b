#!/usr/bin/env python3
"""The host time of one libscan call from Python on a CUDA tensor, beside torch.cumsum, and of
its parts: where the microseconds of a small scan go, which python/bench.py's CUDA events cannot
separate from the kernels.

For 2^10 and 2^16 int32 items: microseconds per call, the best of 5 loops of 3000 back-to-back
calls with one synchronization after each loop (the host's cost wherever the kernels are shorter
than it); the GPU kernels and CUDA runtime calls of one call (torch.profiler); a cProfile of the
Python layers. Needs the cuda package and torch with a GPU.

  python python/call_cost.py
"""

import cProfile
import os
import pstats
import sys
import time

# The installed package, not python/libscan beside this script (which has no extension).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import torch  # noqa: E402

import libscan  # noqa: E402
from libscan import _frameworks, _libscan  # noqa: E402

LOOPS, CALLS = 5, 3000


def per_call_us(fn):
    for _ in range(200):
        fn()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(LOOPS):
        start = time.perf_counter()
        for _ in range(CALLS):
            fn()
        torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - start) / CALLS * 1e6)
    return best


def launches(fn):
    """(GPU kernels of one call, {CUDA runtime call: count per call}) from torch.profiler."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(10):
            fn()
        torch.cuda.synchronize()
    kernels = sorted({e.name[:70] for e in prof.events()
                      if e.device_type == torch.autograd.DeviceType.CUDA})
    runtime = {}
    for e in prof.events():
        if e.name.startswith("cu") and e.name != "cudaDeviceSynchronize":
            runtime[e.name] = runtime.get(e.name, 0) + 1
    return kernels, {name: count / 10 for name, count in sorted(runtime.items())}


def main():
    if libscan.backend != "cuda" or not torch.cuda.is_available():
        sys.exit("call_cost.py: needs libscan's cuda package and a GPU")
    print(f"{torch.cuda.get_device_name(0)}; libscan {libscan.__version__}, torch "
          f"{torch.__version__}, Python {sys.version.split()[0]}")
    for n in (1 << 10, 1 << 16):
        x = torch.randint(-100, 100, (n,), dtype=torch.int32, device="cuda")
        out = torch.empty_like(x)
        stream = torch.cuda.current_stream().cuda_stream
        fw = _frameworks.framework_of(x)
        fields = (fw.axis_operand(x, None), fw.axis_operand(out, None))
        cases = {
            "torch.cumsum(out=)": lambda: torch.cumsum(x, 0, dtype=torch.int32, out=out),
            "libscan.cumulative_sum(out=)":
                lambda: libscan.cumulative_sum(x, dtype=torch.int32, out=out),
            "libscan.cumulative_sum": lambda: libscan.cumulative_sum(x, dtype=torch.int32),
            "extension, tensors via DLPack":
                lambda: _libscan.scan_axis(x, out, 0, "sum", True, None, stream),
            "extension, fields given": lambda: _libscan.scan_axis(
                fields[0], fields[1], 0, "sum", True, None, stream, 1024),
            "out.copy_(x)": lambda: out.copy_(x),
            "torch.empty_like(x)": lambda: torch.empty_like(x),
            "one tensor's fields": lambda: fw.axis_operand(x, None),
            "device check": lambda: fw.on_device(x),
            "current stream": lambda: fw.current_stream(x),
        }
        print(f"\n2^{n.bit_length() - 1} int32: host microseconds per call")
        for name, fn in cases.items():
            print(f"  {name:32} {per_call_us(fn):7.2f}")
        for name in ("torch.cumsum(out=)", "libscan.cumulative_sum(out=)"):
            kernels, runtime = launches(cases[name])
            print(f"  {name}: kernels {kernels}; runtime calls per call {runtime}")
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(20000):
        cases["libscan.cumulative_sum(out=)"]()
    profiler.disable()
    torch.cuda.synchronize()
    print("\ncProfile of 20000 calls of libscan.cumulative_sum(out=) (the extension's time counts "
          "in its caller's, _scan_layout):")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
