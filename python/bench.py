#!/usr/bin/env python3
"""Speed of libscan's Python calls beside the frameworks' own scans.

On a GPU (the cuda build, with torch): libscan.cumulative_sum beside torch.cumsum, cupy.cumsum,
jax.lax.cumsum and cuda.compute's inclusive_scan (each when importable), the extension's raw
call (no Python planning) and a device copy of the same bytes, timed with CUDA events on torch's
current stream (JAX runs on its own streams: its column is wall-clock time per call after
block_until_ready). On the host (--host, or without a GPU): libscan beside numpy.cumsum and a
copy, timed with time.perf_counter. Medians over repetitions after a warm-up.

Cases: 1-D sizes 2^10..2^30 (each call timed alone, from an idle GPU, as perf/'s C++ tables
time theirs; and up to 2^24 as 20 calls back to back, what a loop of calls costs), 2-D along
each axis (65536 x 1024, 1048576 x 64, 4194304 x 16, 16384 x 16384), segmented sums by
offsets; int32, float32, float16, int64 in and out (every scan keeps the input's dtype, as the
C++ comparisons do). A time budget (--budget) bounds the run: cases left when it is spent are
listed as skipped.

  python python/bench.py [--quick] [--host] [--markdown FILE] [--budget SECONDS]
                         [--cpp-program PATH]   (perf/cub_comparison, run at 2^28 beside)
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # JAX shares the GPU's memory
# The installed package, not python/libscan beside this script (which has no extension).
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]

import libscan  # noqa: E402
from libscan import _libscan  # noqa: E402

DTYPES = ["int32", "float32", "float16", "int64"]
SHAPES_2D = [(65536, 1024), (1048576, 64), (4194304, 16), (16384, 16384)]
QUICK_SHAPES_2D = [(4096, 256), (65536, 16), (1024, 1024)]
SEGMENT_LENGTHS = [32, 1024, 1 << 20]


def _optional(name):
    try:
        return __import__(name, fromlist=["_"])
    except Exception:
        return None


class Gpu:
    """Arrays in torch on GPU 0, peers sharing their memory through DLPack, CUDA-event timing."""

    def __init__(self):
        import torch

        self.torch = torch
        self.device = torch.device("cuda")
        self.name = torch.cuda.get_device_name(0)
        self.cupy = _optional("cupy")
        self.jax = _optional("jax")
        if self.jax is not None:
            try:
                self.jax.devices("gpu")
                self.jax.config.update("jax_enable_x64", True)  # int64 arrays stay int64
            except RuntimeError:
                self.jax = None
        self.cccl = _optional("cuda.compute")
        self._jitted = {}

    def versions(self):
        found = [f"torch {self.torch.__version__}"]
        for module, name in ((self.cupy, "cupy"), (self.jax, "jax")):
            if module is not None:
                found.append(f"{name} {module.__version__}")
        if self.cccl is not None:
            found.append("cuda.compute")
        return found

    def random(self, shape, name):
        dtype = getattr(self.torch, name)
        if name.startswith("int"):
            return self.torch.randint(-100, 100, shape, dtype=dtype, device=self.device)
        return self.torch.rand(shape, dtype=dtype, device=self.device)

    def empty_like(self, x):
        return self.torch.empty_like(x)

    def offsets(self, n, length):
        bounds = list(range(0, n, length)) + [n]
        return self.torch.tensor(bounds, dtype=self.torch.int64, device=self.device)

    def release(self):
        self._jitted.clear()
        self.torch.cuda.synchronize()
        self.torch.cuda.empty_cache()

    def time(self, fn, reps, warmup):
        """Median ms of fn() over reps calls, each between two CUDA events."""
        torch = self.torch
        for _ in range(warmup):
            fn()
        times = []
        for _ in range(reps):
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
        return statistics.median(times)

    def time_wall(self, fn, reps, warmup):
        """Median ms of fn() with its result waited for (JAX's own streams)."""
        for _ in range(warmup):
            fn().block_until_ready()
        times = []
        for _ in range(reps):
            start = time.perf_counter()
            fn().block_until_ready()
            times.append((time.perf_counter() - start) * 1e3)
        return statistics.median(times)

    def scans(self, x, out, axis):
        """name -> (fn, timer): every implementation of x's inclusive sum along axis into out's
        dtype (x's)."""
        torch, dtype = self.torch, x.dtype
        stream = torch.cuda.current_stream().cuda_stream
        found = {
            "libscan": (lambda: libscan.cumulative_sum(x, axis=axis, dtype=dtype, out=out),
                        self.time),
            "raw call": (lambda: _libscan.scan_axis(x, out, axis, "sum", True, None, stream),
                         self.time),
            "torch": (lambda: torch.cumsum(x, axis, dtype=dtype, out=out), self.time),
        }
        if self.cupy is not None:
            xc, oc = self.cupy.from_dlpack(x), self.cupy.from_dlpack(out)
            found["cupy"] = (lambda: self.cupy.cumsum(xc, axis=axis, dtype=xc.dtype, out=oc),
                             self.time)
        if self.jax is not None:
            xj = self.jax.dlpack.from_dlpack(x)
            key = (axis,)
            if key not in self._jitted:
                self._jitted[key] = self.jax.jit(lambda a: self.jax.lax.cumsum(a, axis=axis))
            jitted = self._jitted[key]
            found["jax"] = (lambda: jitted(xj), self.time_wall)
        if self.cccl is not None and x.ndim == 1:
            call = self._cccl_scan(x, out)
            if call is not None:
                found["cuda.compute"] = (call, self.time)
        found["copy"] = (lambda: out.copy_(x), self.time)
        return found

    def _cccl_scan(self, x, out):
        try:
            h_init = np.zeros(1, dtype=str(x.dtype).rsplit(".", 1)[-1])
            cc = self.cccl
            op = cc.OpKind.PLUS if hasattr(cc, "OpKind") else (lambda a, b: a + b)
            return lambda: cc.inclusive_scan(x, out, op, h_init, x.shape[0])
        except Exception:
            return None

    def segmented(self, x, out, offsets):
        torch = self.torch
        lengths = offsets[1:] - offsets[:-1]
        starts = offsets[:-1]

        def torch_emulation():  # the common workaround: a whole cumsum minus each segment's base
            c = torch.cumsum(x, 0, dtype=x.dtype)
            base = torch.where(starts > 0, c[(starts - 1).clamp(min=0)], torch.zeros_like(c[:1]))
            return c - torch.repeat_interleave(base, lengths, output_size=x.shape[0])

        return {
            "libscan": (lambda: libscan.segmented_scan(x, "sum", offsets=offsets, dtype=x.dtype),
                        self.time),
            "torch (cumsum - bases)": (torch_emulation, self.time),
            "copy": (lambda: out.copy_(x), self.time),
        }


class Host:
    """NumPy arrays, time.perf_counter timing."""

    def __init__(self):
        self.name = f"{platform.processor() or platform.machine()} ({os.cpu_count()} CPUs)"

    def versions(self):
        return [f"numpy {np.__version__}"]

    def random(self, shape, name):
        rng = np.random.default_rng(0)
        if name.startswith("int"):
            return rng.integers(-100, 100, shape).astype(name)
        return rng.random(shape, dtype=np.float32).astype(name)

    def empty_like(self, x):
        return np.empty_like(x)

    def offsets(self, n, length):
        return np.array(list(range(0, n, length)) + [n], dtype=np.int64)

    def release(self):
        pass

    def time(self, fn, reps, warmup):
        for _ in range(warmup):
            fn()
        times = []
        for _ in range(reps):
            start = time.perf_counter()
            fn()
            times.append((time.perf_counter() - start) * 1e3)
        return statistics.median(times)

    def scans(self, x, out, axis):
        return {
            "libscan": (lambda: libscan.cumulative_sum(x, axis=axis, dtype=x.dtype, out=out),
                        self.time),
            "raw call": (lambda: _libscan.scan_axis(x, out, axis, "sum", True, None, 0), self.time),
            "numpy": (lambda: np.cumsum(x, axis=axis, dtype=x.dtype, out=out), self.time),
            "copy": (lambda: np.copyto(out, x), self.time),
        }

    def segmented(self, x, out, offsets):
        return {
            "libscan": (lambda: libscan.segmented_scan(x, "sum", offsets=offsets, dtype=x.dtype),
                        self.time),
            "copy": (lambda: np.copyto(out, x), self.time),
        }


BURST_CALLS = 20  # calls a sample of the back-to-back section


def back_to_back(timer, calls=BURST_CALLS):
    """A timer of `calls` calls in a row (one sample: from before the first to after the last),
    per call: what a loop of calls costs, where a call's host work overlaps the GPU's."""

    def timed(fn, reps, warmup):
        def burst():
            for _ in range(calls - 1):
                fn()
            return fn()  # the last result, for timers that wait on it

        return timer(burst, reps, warmup) / calls

    return timed


class Bench:
    def __init__(self, target, budget, markdown):
        self.target, self.budget, self.start = target, budget, time.perf_counter()
        self.sections = []  # (title, columns, rows)
        self.skipped = []
        self.markdown = markdown

    def left(self):
        return self.budget - (time.perf_counter() - self.start)

    def measure(self, impls):
        """name -> median ms (None where the call failed). After 3 warm-up calls each, the
        implementations take turns, one call each a round, starting one further along each round,
        so that a drifting clock or load meets them alike; rounds from the slowest first call:
        about 0.3 s per implementation, 5 to 200 rounds (2 above 0.3 s a call)."""
        samples, times, slowest = {}, {}, 0.0
        for name, (fn, timer) in impls.items():
            try:
                slowest = max(slowest, timer(fn, 1, 3))
                samples[name] = []
            except Exception as e:  # a peer that cannot run this case
                times[name] = None
                print(f"    {name}: {type(e).__name__}: {str(e).splitlines()[0][:100]}",
                      flush=True)
        rounds = 2 if slowest > 300 else int(min(200, max(5, 300.0 / max(slowest, 1e-3))))
        turns = list(samples)
        for r in range(rounds if turns else 0):
            for name in turns[r % len(turns):] + turns[:r % len(turns)]:
                fn, timer = impls[name]
                samples[name].append(timer(fn, 1, 0))
        for name in impls:
            if name in samples:
                times[name] = statistics.median(samples[name])
        return times

    def section(self, title, cases, make):
        """cases: (label, dtype, args); make(args) -> (impls, bytes moved by a copy). A title
        seen before adds rows to its table."""
        found = [entry for entry in self.sections if entry[0] == title]
        if found:
            _, columns, rows = found[0]
        else:
            columns, rows = [], []
            self.sections.append((title, columns, rows))
        print(f"\n== {title}", flush=True)
        for label, name, args in cases:
            if self.left() <= 0:
                self.skipped.append(f"{title}: {label} {name}")
                continue
            try:
                impls, copy_bytes = make(args, name)
            except Exception as e:  # out of memory for a peer's inputs, for one
                print(f"  {label} {name}: {type(e).__name__}: {e}", flush=True)
                self.target.release()
                continue
            times = self.measure(impls)
            self.target.release()
            for key in times:
                if key not in columns:
                    columns.append(key)
            rows.append((label, name, times, copy_bytes))
            shown = "  ".join(f"{k} {v:.4g}" if v is not None else f"{k} -"
                              for k, v in times.items())
            print(f"  {label:>24} {name:8} ms: {shown}", flush=True)
            self.write()

    def write(self):
        if not self.markdown:
            return
        lines = [f"# libscan's Python calls: {self.target.name}", "",
                 f"Command: `{' '.join([os.path.basename(sys.executable)] + sys.argv)}`  ",
                 f"libscan {libscan.__version__} ({libscan.backend} backend); "
                 + ", ".join(self.target.versions()) + "  ",
                 "Median milliseconds per call; `libscan / copy`: the copy's time over libscan's "
                 "(1.0: as fast as a copy of the same bytes); `vs <peer>`: the peer's time over "
                 "libscan's.", ""]
        for title, columns, rows in self.sections:
            peers = [c for c in columns if c not in ("libscan", "raw call", "copy")]
            header = ["case", "dtype"] + columns + ["libscan / copy"] + [f"vs {p}" for p in peers]
            lines += [f"## {title}", "", "| " + " | ".join(header) + " |",
                      "|" + "---|" * len(header)]
            for label, name, times, _ in rows:
                cells = [label, name] + [_ms(times.get(c)) for c in columns]
                cells.append(_ratio(times.get("copy"), times.get("libscan")))
                cells += [_ratio(times.get(p), times.get("libscan")) for p in peers]
                lines.append("| " + " | ".join(cells) + " |")
            lines.append("")
        if self.skipped:
            lines += [f"Skipped when the {self.budget:.0f} s budget was spent: "
                      + ", ".join(self.skipped), ""]
        with open(self.markdown, "w") as f:
            f.write("\n".join(lines))


def _ms(v):
    return "-" if v is None else f"{v:.4g}"


def _ratio(num, den):
    return "-" if num is None or den is None or den <= 0 else f"{num / den:.2f}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer and smaller cases")
    parser.add_argument("--host", action="store_true", help="NumPy arrays on the host backend")
    parser.add_argument("--markdown", help="write the tables to this file")
    parser.add_argument("--budget", type=float, default=240, help="seconds for all cases")
    parser.add_argument("--max-log2", type=int, help="largest 1-D size (default 30, host 24)")
    parser.add_argument("--dtypes", default=",".join(DTYPES))
    parser.add_argument("--cpp-program", help="perf/cub_comparison, run at 2^28 beside")
    args = parser.parse_args(argv)

    torch = None if args.host or libscan.backend != "cuda" else _optional("torch")
    gpu = torch is not None and torch.cuda.is_available()
    target = Gpu() if gpu else Host()
    dtypes = args.dtypes.split(",")
    top = args.max_log2 or (30 if gpu else 24)
    if args.quick:
        top = min(top, 26 if gpu else 20)
    bench = Bench(target, args.budget, args.markdown)
    print(f"{target.name}; libscan {libscan.__version__} ({libscan.backend}); "
          + ", ".join(target.versions()), flush=True)

    step = 2 if args.quick else 1
    one_d = [(f"2^{k}", name, (k,)) for name in dtypes for k in range(10, top + 1, step)]

    def make_1d(case, name):
        x = target.random((1 << case[0],), name)
        out = target.empty_like(x)
        return target.scans(x, out, 0), 2 * x.nbytes


    # Small sizes, where a call's host cost decides: BURST_CALLS calls in a row a sample.
    burst_top = min(top, 24)
    burst = [(f"2^{k}", name, (k,)) for name in dtypes for k in range(10, burst_top + 1, step)]

    def make_burst(case, name):
        impls, copy_bytes = make_1d(case, name)
        return {k: (fn, back_to_back(timer)) for k, (fn, timer) in impls.items()}, copy_bytes

    shapes = QUICK_SHAPES_2D if (args.quick or not gpu) else SHAPES_2D
    two_d = [(f"{r} x {c}, axis {a}", name, (r, c, a))
             for r, c in shapes for a in (0, 1) for name in dtypes]

    def make_2d(case, name):
        r, c, a = case
        x = target.random((r, c), name)
        out = target.empty_like(x)
        return target.scans(x, out, a), 2 * x.nbytes


    n_log2 = min(top, 28 if gpu else 22)
    segmented = [(f"2^{n_log2}, segments of {length}", name, (n_log2, length))
                 for length in SEGMENT_LENGTHS for name in ("int32", "float32")
                 if length < (1 << n_log2)]

    def make_segmented(case, name):
        x = target.random((1 << case[0],), name)
        out = target.empty_like(x)
        return target.segmented(x, out, target.offsets(x.shape[0], case[1])), 2 * x.nbytes

    # Every section for the first dtype (int32: the figures the comparisons quote), then for the
    # others, so that a short budget leaves out the least quoted cases.
    for first in (True, False):
        for title, cases, make in (("1-D inclusive sums", one_d, make_1d),
                                   (f"1-D inclusive sums, {BURST_CALLS} calls back to back",
                                    burst, make_burst),
                                   ("2-D sums along an axis (C order)", two_d, make_2d),
                                   ("Segmented sums by offsets (1-D)", segmented, make_segmented)):
            chosen = [c for c in cases if (c[1] == dtypes[0]) == first]
            if chosen:
                bench.section(title, chosen, make)
    bench.write()  # with the cases the budget left out

    if args.cpp_program:
        with tempfile.NamedTemporaryFile(suffix=".md") as table:
            command = [args.cpp_program, "--types", "int32,float,int64", "--min", "28", "--max",
                       "28", "--markdown", table.name]
            done = subprocess.run(command, capture_output=True, text=True, timeout=120)
            print(done.stdout[-2000:], done.stderr[-2000:], flush=True)
            if args.markdown and done.returncode == 0:
                with open(args.markdown, "a") as f:
                    f.write("\n## The C++ call at 2^28 (`" + " ".join(command[:-2]) + "`)\n\n")
                    f.write(open(table.name).read())
    print(f"\ndone in {time.perf_counter() - bench.start:.0f} s"
          + (f"; skipped {len(bench.skipped)} cases (budget)" if bench.skipped else ""))
    if args.markdown:
        print(f"tables in {args.markdown}")


if __name__ == "__main__":
    main()
