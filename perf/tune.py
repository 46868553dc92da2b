#!/usr/bin/env python3
"""Writes a GPU vendor's generated tuning file: every knob, compile-time and run-time, in one place.

    python3 perf/tune.py SWEEP.csv --arch 90 --gpu "NVIDIA H100 80GB HBM3"
    python3 perf/tune.py --vendor cuda|hip
    python3 perf/tune.py SWEEP.csv --evict-first-below

The first form (CUDA) chooses one GPU's run-time entry from tile_sweep's CSV rows and rewrites
include/scan/detail/backends/cuda/cuda_tuning.hpp with it; entries of other GPUs stay. The second
rewrites a vendor's file (cuda/cuda_tuning.hpp, hip/hip_tuning.hpp) keeping its run-time entries.
Both take the compile-time knobs (tile shape, blocks per multiprocessor, staging) as
perf/tuning/<vendor>.json says: chosen from the stored sweep rows it names (the tile shape, from
tile_sweep's shape rows) or, where no stored rows decide a knob, a recorded decision naming its
source. HIP's file is written from its JSON alone (no AMD GPU was measured). The third form prints the tile count the --hints rows give (perf/tune.sh sweeps
--from and --delays with it) and writes nothing. --out writes elsewhere (the regeneration test).

SWEEP.csv holds the rows of `tile_sweep --from --csv`, `--delays --csv` and `--hints --csv`
(perf/tune.sh runs all three); the file written names it (relative to the repository) with the
command, so keep the rows under perf/results/ and rerun this there before committing. --gpu is the
name the CUDA runtime reports (nvidia-smi prints the same), by which the library picks the entry;
a GPU without one takes the first entry of its architecture. Thresholds are written in tiles per
multiprocessor ("waves"), so an entry holds on GPUs of the same architecture with more or fewer
multiprocessors.

How each value is chosen (every row is one type and size, its time the median over the sweep's
runs; a variant's cost on a row is its time over the row's best time, so each row weighs the
same):
- stage_from: the "from N" variant (or "registers", never staged) of least total cost.
- delays: among rules "no sleep below A tiles, d1 ns from A, d2 ns from B" over the swept sleeps and
  the row tile counts, the rule of least total cost, reading each row's time at the sleep the rule
  gives it; the register kernel's non-integer sleep (float_delay) is the best single sleep for
  float and double rows from A on.
- evict_first_below: the tile count below which staged tiles load evict-first, of least total cost
  over the --hints rows (each row's time with the policy below it, without from it on).
- the tile shape (compile time): see choose_shape.
"""
import argparse
import csv
import itertools
import json
import os
import re
import shlex
import statistics
import sys
import textwrap
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def tuning_file(vendor):
    """The generated file of a vendor."""
    return os.path.join(ROOT, "include", "scan", "detail", "backends", vendor,
                        f"{vendor}_tuning.hpp")


def decisions_file(vendor):
    """The recorded compile-time decisions of a vendor."""
    return os.path.join(HERE, "tuning", f"{vendor}.json")


def read_rows(path):
    """Each cell's median over the runs of its sweep (perf/tune.sh appends every run's rows)."""
    runs = defaultdict(lambda: defaultdict(list))  # (mode, type, n) -> {variant: [us, ...]}
    meta = {}
    with open(path) as f:
        for r in csv.reader(f):
            if len(r) != 10 or r[0].startswith("#"):
                continue
            mode, type_, n, tiles, sms, variant, us, _copy, _cub, ok = r
            if ok != "1":
                sys.exit(f"tune.py: {variant} gave a wrong result at {type_} n={n}: not tuning on it")
            runs[(mode, type_, int(n))][variant].append(float(us))
            meta[(mode, type_, int(n))] = int(tiles)
            meta["sms"] = int(sms)
    rows = {k: {v: statistics.median(ts) for v, ts in vs.items()} for k, vs in runs.items()}
    return rows, meta


def costs(rows):
    """Each row's times over its best time."""
    return {k: {v: t / min(ts.values()) for v, t in ts.items()} for k, ts in rows.items()}


def choose_stage_from(rows):
    rel = costs({k: v for k, v in rows.items() if k[0] == "from"})
    if not rel:
        sys.exit("tune.py: no --from rows")
    total = defaultdict(float)
    for ts in rel.values():
        for v, c in ts.items():
            total[v] += c
    best = min(total, key=lambda v: (total[v], -tiles_of_from(v)))
    return tiles_of_from(best), total


def tiles_of_from(variant):
    m = re.match(r"from (\d+)", variant)
    return int(m.group(1)) if m else float("inf")


def ns_of(variant):
    m = re.match(r"(\d+) ns", variant)
    return int(m.group(1)) if m else None


def choose_delays(rows, meta):
    keys = [k for k in rows if k[0] == "delays"]
    if not keys:
        sys.exit("tune.py: no --delays rows")
    rel = costs({k: {v: t for v, t in rows[k].items() if ns_of(v) is not None} for k in keys})
    sleeps = sorted({ns_of(v) for k in keys for v in rows[k] if ns_of(v) is not None})
    tile_counts = sorted({meta[k] for k in keys})
    best, best_cost = None, float("inf")
    for a, b in itertools.combinations_with_replacement(tile_counts + [float("inf")], 2):
        for d1, d2 in itertools.product(sleeps, sleeps):
            cost = 0.0
            for k in keys:
                t = meta[k]
                d = 0 if t < a else (d1 if t < b else d2)
                cost += rel[k][f"{d} ns"] if f"{d} ns" in rel[k] else float("inf")
            if cost < best_cost - 1e-9:
                best, best_cost = (a, b, d1, d2), cost
    a = best[0]
    float_keys = [k for k in keys if k[1] in ("float", "double") and meta[k] >= a]
    float_total = {d: sum(rel[k][f"{d} ns"] for k in float_keys) for d in sleeps}
    float_ns = min(float_total, key=float_total.get) if float_keys else best[2]
    return best, float_ns


def choose_evict_first(rows, meta):
    keys = [k for k in rows if k[0] == "hints"]
    if not keys:
        sys.exit("tune.py: no --hints rows")
    rel = costs({k: rows[k] for k in keys})
    candidates = [0] + sorted({meta[k] for k in keys}) + [float("inf")]
    def cost(a):
        return sum(rel[k]["evict-first loads" if meta[k] < a else "plain loads"] for k in keys)
    return min(candidates, key=lambda a: (cost(a), a))


def choose_shape(rows):
    """Threads, bytes per thread and blocks per multiprocessor for integer and for floating-point
    results, from tile_sweep's shape rows (variants "<threads>x<bytes>B/<blocks>"): for each
    threads x bytes, the blocks of least total cost over the integer rows and over the others; the
    threads x bytes whose two costs sum least."""
    keys = [k for k in rows if k[0] == "shapes"]
    if not keys:
        sys.exit("tune.py: no shape rows")
    rel = costs({k: rows[k] for k in keys})
    totals = defaultdict(lambda: defaultdict(float))  # (threads, bytes) -> {(integer, blocks): cost}
    for k in keys:
        integer = k[1].startswith(("int", "uint"))
        for variant, c in rel[k].items():
            m = re.fullmatch(r"(\d+)x(\d+)B/(\d+)", variant)
            if not m:
                sys.exit(f"tune.py: a shape variant not of the form 256x128B/4: {variant}")
            threads, bytes_, blocks = map(int, m.groups())
            totals[(threads, bytes_)][(integer, blocks)] += c

    def best(costs_of, integer):
        return min((c, b) for (i, b), c in costs_of.items() if i == integer)

    def shape_cost(shape):
        return best(totals[shape], True)[0] + best(totals[shape], False)[0]

    threads, bytes_ = min(totals, key=shape_cost)
    return [threads, bytes_, best(totals[(threads, bytes_)], True)[1],
            best(totals[(threads, bytes_)], False)[1]]


# The compile-time choices a decision file may leave to stored sweep rows ("choose").
CHOOSERS = {"shape": choose_shape}


def knob_values(group):
    """A group's values: recorded, or chosen from the sweep rows it names."""
    if "sweep" not in group:
        return group["values"]
    rows, _ = read_rows(os.path.join(ROOT, group["sweep"]))
    return CHOOSERS[group["choose"]](rows)


def waves(tiles, sms):
    return "1e18" if tiles == float("inf") else f"{tiles / sms:.4f}"


def repo_path(path):
    """A path as the generated file names it: relative to the repository where it lies inside."""
    rel = os.path.relpath(os.path.abspath(path), ROOT)
    return path if rel.startswith("..") else rel


def comment(text, indent=""):
    """Text as // comment lines of at most 100 columns."""
    return "\n".join(textwrap.wrap(text, 100 - len(indent), initial_indent=indent + "// ",
                                    subsequent_indent=indent + "// ",
                                    break_on_hyphens=False, break_long_words=False))


ENTRY = re.compile(r'^ *(\{(\d+), "([^"]*)",.*\},)$')
NOTE = re.compile(r"^// (sm_\d+: .*?)(?=\n(?://\s*\n|// sm_|#))", flags=re.M | re.S)


def read_entries(path):
    """The run-time entries of a generated file and their notes (one paragraph per entry)."""
    if not os.path.exists(path):
        return [], []
    text = open(path).read()
    entries = [m.group(1) for m in map(ENTRY.match, text.splitlines()) if m]
    notes = [" ".join(l.lstrip("/ ") for l in n.splitlines()) for n in NOTE.findall(text)]
    return entries, notes


def knob_lines(decisions):
    """The compile-time members, each group after its source."""
    out = []
    for group in decisions["knobs"]:
        source = group["source"]
        if "sweep" in group:
            source += f" Chosen by perf/tune.py from the rows of {group['sweep']}."
        out.append(comment(source, "  "))
        for name, value in zip(group["names"], knob_values(group)):
            kind = "bool" if isinstance(value, bool) else "int"
            text = ("true" if value else "false") if kind == "bool" else str(value)
            out.append(f"  static constexpr {kind} {name} = {text};")
    return "\n".join(out)


def render(vendor, decisions, entries, notes):
    names = {"cuda": "CUDA", "hip": "HIP"}
    if vendor == "cuda":
        how = ("Run time: one entry per GPU, chosen from tile_sweep's --hints, --from and --delays "
               "rows by perf/tune.py (bash perf/tune.sh on the GPU runs the sweeps); the command "
               "that wrote each entry, with its rows, is in its note below. A GPU without an "
               "entry takes the first of its architecture; an architecture without one, "
               "by_gpu[fallback].")
    else:
        how = ("Run time: no AMD GPU was measured, so no sweep made these values: "
               + decisions["untuned_entry"]["source"])
    top = [
        comment(f"Generated by perf/tune.py: do not edit. Every tuning knob of the "
                f"{names[vendor]} backend (the fields: scan/detail/backends/gpu/gpu_tuning.hpp)."),
        "//",
        comment(f"Compile time: as perf/tuning/{vendor}.json says ({decisions['tuned_on']}): "
                "chosen from the stored sweep rows it names, else recorded decisions, each with "
                "its source below; change them there and run "
                f"`python3 perf/tune.py --vendor {vendor}`."),
        "//",
        comment(how),
    ]
    if notes:
        top.append("//")
        top.extend(comment(n) for n in sorted(notes))
    struct = f"{vendor}_tuning"
    fallback = next((i for i, e in enumerate(entries) if e.startswith("{90,")), 0)
    return f"""{chr(10).join(top)}
#pragma once

#include <cstddef>

#include <scan/detail/backends/gpu/gpu_tuning.hpp>

namespace scan::{vendor} {{

struct {struct} {{
{knob_lines(decisions)}

  // {{arch, gpu, stage_from_waves, delay_from_waves, long_delay_from_waves, delay_ns,
  //  long_delay_ns, float_delay_ns, evict_first_below_waves}}
  static constexpr gpu::tuning_entry by_gpu[] = {{
{chr(10).join("      " + e for e in entries)}
  }};
  static constexpr std::size_t fallback = {fallback};
}};

}} // namespace scan::{vendor}
"""


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv", nargs="?", help="tile_sweep's CSV rows (CUDA)")
    p.add_argument("--vendor", choices=("cuda", "hip"), default="cuda")
    p.add_argument("--arch", type=int, help="compute capability, e.g. 90")
    p.add_argument("--gpu", help="the GPU's name, as the CUDA runtime reports it")
    p.add_argument("--out", help="the file to write (default: the vendor's generated file)")
    p.add_argument("--decisions", help="the compile-time decisions (default: perf/tuning/VENDOR.json)")
    p.add_argument("--evict-first-below", action="store_true",
                   help="print the --hints rows' tile count and stop")
    args = p.parse_args()

    if args.evict_first_below:
        if not args.csv:
            p.error("--evict-first-below reads SWEEP.csv")
        rows, meta = read_rows(args.csv)
        below = choose_evict_first(rows, meta)
        print(2**63 - 1 if below == float("inf") else below)
        return
    vendor = args.vendor
    out_path = args.out or tuning_file(vendor)
    decisions = json.load(open(args.decisions or decisions_file(vendor)))
    if decisions["vendor"] != vendor:
        sys.exit(f"tune.py: the decisions are {decisions['vendor']}'s, not {vendor}'s")
    if vendor == "hip":
        if args.csv:
            sys.exit("tune.py: no sweep feeds the HIP file (no AMD GPU was measured)")
        entries, notes = ['{0, "", 1e18, 1e18, 1e18, 0, 0, 0, 0},'], []
    else:
        # The entries written so far: the committed file's (--out's, where it exists).
        entries, notes = read_entries(out_path if os.path.exists(out_path) else tuning_file(vendor))
    if args.csv:
        if args.arch is None or args.gpu is None:
            p.error("--arch and --gpu are required with SWEEP.csv")
        if '"' in args.gpu or "\\" in args.gpu:
            sys.exit("tune.py: --gpu must not hold quotes or backslashes")
        rows, meta = read_rows(args.csv)
        sms = meta["sms"]
        stage_from, from_totals = choose_stage_from(rows)
        (a, b, d1, d2), float_ns = choose_delays(rows, meta)
        evict_below = choose_evict_first(rows, meta)
        entry = (f'{{{args.arch}, "{args.gpu}", {waves(stage_from, sms)}, {waves(a, sms)}, '
                 f"{waves(b, sms)}, {d1}, {d2}, {float_ns}, {waves(evict_below, sms)}}},")
        command = shlex.join(["python3", "perf/tune.py", repo_path(args.csv), "--arch",
                              str(args.arch), "--gpu", args.gpu])
        note = (f"sm_{args.arch}: {args.gpu} ({sms} multiprocessors), `{command}`: staged from "
                f"{stage_from} tiles; sleeps of {d1} ns from {a} tiles and {d2} ns from {b} tiles "
                f"(register kernel, non-integer results: {float_ns} ns); staged tiles load "
                f"evict-first below {evict_below} tiles.")
        entries = [e for e in entries if not e.startswith(f'{{{args.arch}, "{args.gpu}",')]
        notes = [n for n in notes if not n.startswith(f"sm_{args.arch}: {args.gpu} (")]
        entries = sorted(entries + [entry])
        notes.append(note)
        print(note)
        print("stage-from totals:", {k: round(v, 3) for k, v in sorted(from_totals.items())})
    if not entries:
        sys.exit("tune.py: no run-time entry yet: give SWEEP.csv, --arch and --gpu")
    with open(out_path, "w") as f:
        f.write(render(vendor, decisions, entries, notes))
    print(f"wrote {os.path.relpath(out_path)}")


if __name__ == "__main__":
    main()
