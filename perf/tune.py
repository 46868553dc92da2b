#!/usr/bin/env python3
"""Writes the CUDA single pass's tuning entry for one GPU from tile_sweep's CSV rows.

    python3 perf/tune.py SWEEP.csv --arch 90 --gpu "NVIDIA H100 80GB HBM3" [--table FILE]
    python3 perf/tune.py SWEEP.csv --evict-first-below

The second form prints the tile count the --hints rows give (perf/tune.sh sweeps --from and --delays
with it) and writes nothing.

SWEEP.csv holds the rows of `tile_sweep --from --csv`, `--delays --csv` and `--hints --csv`
(perf/tune.sh runs all three). The entry replaces the one for --arch and --gpu in the table (default
include/scan/detail/backends/cuda/cuda_tuning_table.hpp); entries of other GPUs stay. --gpu is the
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
"""
import argparse
import csv
import datetime
import itertools
import os
import re
import statistics
import sys
import textwrap
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "include", "scan", "detail", "backends", "cuda",
                     "cuda_tuning_table.hpp")


def read_rows(path):
    """Each cell's median over the runs of its sweep (perf/tune.sh appends every run's rows)."""
    runs = defaultdict(lambda: defaultdict(list))  # (mode, type, n) -> {variant: [us, ...]}
    meta = {}
    with open(path) as f:
        for r in csv.reader(f):
            if len(r) != 10:
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


def waves(tiles, sms):
    return "1e18" if tiles == float("inf") else f"{tiles / sms:.4f}"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv")
    p.add_argument("--arch", type=int, help="compute capability, e.g. 90")
    p.add_argument("--gpu", help="the GPU's name, as the CUDA runtime reports it")
    p.add_argument("--table", default=TABLE)
    p.add_argument("--evict-first-below", action="store_true",
                   help="print the --hints rows' tile count and stop")
    args = p.parse_args()

    rows, meta = read_rows(args.csv)
    if args.evict_first_below:
        below = choose_evict_first(rows, meta)
        print(2**63 - 1 if below == float("inf") else below)
        return
    if args.arch is None or args.gpu is None:
        p.error("--arch and --gpu are required to write the table")
    sms = meta["sms"]
    stage_from, from_totals = choose_stage_from(rows)
    (a, b, d1, d2), float_ns = choose_delays(rows, meta)
    evict_below = choose_evict_first(rows, meta)
    if '"' in args.gpu or "\\" in args.gpu:
        sys.exit("tune.py: --gpu must not hold quotes or backslashes")
    entry = (f"    {{{args.arch}, \"{args.gpu}\", {waves(stage_from, sms)}, {waves(a, sms)}, "
             f"{waves(b, sms)}, {d1}, {d2}, {float_ns}, {waves(evict_below, sms)}}},")
    note = (f"// sm_{args.arch}: {args.gpu} ({sms} multiprocessors), tile_sweep on "
            f"{datetime.date.today()} (perf/tune.sh): staged from {stage_from} tiles; sleeps of {d1} ns from "
            f"{a} tiles and {d2} ns from {b} tiles (register kernel, non-integer results: "
            f"{float_ns} ns); staged tiles load evict-first below {evict_below} tiles.")

    text = open(args.table).read()
    lines = [l for l in text.splitlines() if l.startswith("    {") and l.endswith("},")]
    # Replaced: this GPU's entry, and entries of its architecture that name no GPU (the format
    # before entries were per GPU).
    kept = [l for l in lines if not l.startswith(f"    {{{args.arch}, \"{args.gpu}\",")
            and not (l.startswith(f"    {{{args.arch},") and '"' not in l)]
    # Each entry's note: a paragraph of comment lines starting "// sm_NN: ".
    notes = re.findall(r"^// sm_\d+: .*?(?=\n(?://\s*\n|// sm_|#))", text, flags=re.M | re.S)
    kept_notes = [n for n in notes if not n.startswith(f"// sm_{args.arch}: {args.gpu} (")]
    new_lines = sorted(kept + [entry])
    new_notes = sorted(kept_notes + ["\n".join(textwrap.wrap(note[3:], 97, initial_indent="// ",
                                                             subsequent_indent="// "))])
    fallback = next((l for l in new_lines if l.startswith("    {90,")), new_lines[0])
    fallback_index = new_lines.index(fallback)
    out = TEMPLATE.format(notes="\n".join(new_notes), entries="\n".join(new_lines),
                          fallback=fallback_index)
    open(args.table, "w").write(out)
    print(note)
    print("stage-from totals:", {k: round(v, 3) for k, v in sorted(from_totals.items())})
    print(f"wrote {os.path.relpath(args.table)}")


TEMPLATE = """// The CUDA single pass's tuning per GPU (scan/detail/backends/gpu/gpu_tuning.hpp): when the
// staged kernel takes over, how long tiles sleep before their first look-back poll and below which
// tile count staged tiles load evict-first, in tiles per multiprocessor. Written by perf/tune.sh
// (perf/tune.py) from perf/tile_sweep.cu's --from, --delays and --hints sweeps on one GPU; rerun
// it there to add or renew that GPU's entry. A GPU without an entry takes the first of its
// architecture; an architecture without one, cuda_tuning_fallback.
//
{notes}
#pragma once

#include <scan/detail/backends/gpu/gpu_tuning.hpp>

namespace scan::cuda {{

// {{arch, gpu, stage_from_waves, delay_from_waves, long_delay_from_waves, delay_ns,
//  long_delay_ns, float_delay_ns, evict_first_below_waves}}
inline constexpr gpu::tuning_entry cuda_tuning_table[] = {{
{entries}
}};

// Elsewhere: sm_90's entry where there is one (the staged kernel runs only where the copy engine
// exists, sm_90 and later, whatever the entry says).
inline constexpr const gpu::tuning_entry& cuda_tuning_fallback = cuda_tuning_table[{fallback}];

}} // namespace scan::cuda
"""

if __name__ == "__main__":
    main()
