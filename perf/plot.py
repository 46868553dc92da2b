#!/usr/bin/env python3
"""Plots for scan_perf's results.csv.

  python3 perf/plot.py out/perf/results.csv [--out DIR]

Writes, for each backend and element type, gbps_<backend>_<type>.png: GB/s against n (log2 axis)
with the copy ceiling, the baselines (CUB, Thrust, std, ...) and libscan's algorithms; and the
ladder charts ladder_seed<k>.png, which put each step of a seed's optimisation ladder (SEEDS.md)
measured on this GPU beside the figure the seed reported. ladders.md holds the same numbers as
Markdown tables. A chart whose rows are not in the CSV is left out.
"""

import argparse
import csv
import math
import os
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Seed 1 (blockwise scan, int32, N = 2^30, on an H100): fraction of peak per step.
SEED1 = [
    ("0 Kogge-Stone, global memory", "kogge_stone_global", 0.25),
    ("1 Kogge-Stone, shared memory", "kogge_stone_shared", 0.39),
    ("2 double-buffered shared", "kogge_stone_double_buffered", 0.49),
    ("3 warp shuffle", "warp_shuffle", 0.60),
    ("4 thread coarsening", "thread_coarsened", 0.93),
]

# Seed 4 (full scan, int32, one unnamed GPU): microseconds per step; CUB took 1444 us there, so
# a step's speed is given as CUB's time over its time. Only the steps libscan has an equivalent
# for: (label, algorithm, block strategy, seed us).
SEED4_CUB_US = 1444.0
SEED4 = [
    ("recursion (shared-memory warp scans)", "scan_then_fan", "kogge_stone_shared", 3972.0),
    ("shuffle", "scan_then_fan", "warp_shuffle", 3747.0),
    ("PTX predicated add", "scan_then_fan", "warp_shuffle_ptx", 3442.0),
    ("ReduceThenScan, recursive", "reduce_then_scan", "warp_shuffle_ptx", 3503.0),
    ("ReduceThenScan, two-pass", "reduce_then_scan", "automatic", 2467.0),
]

# Seed 3 (10 million floats, hierarchical scan = ScanThenFan, GPU not named): milliseconds; speed
# is given relative to its first step, Kogge-Stone.
SEED3_N = 10_000_000
SEED3 = [
    ("Kogge-Stone", "kogge_stone_shared", 1.424),
    ("double-buffered Kogge-Stone", "kogge_stone_double_buffered", 1.389),
    ("Brent-Kung", "brent_kung", 1.753),
    # libscan's brent_kung is this form (two elements per thread): measured against both rows.
    ("Brent-Kung, two elements per thread", "brent_kung", 1.371),
]

STYLE = {
    "copy": dict(color="black", linestyle="--", linewidth=1.5, label="copy (ceiling)"),
    "cub": dict(color="tab:red", linewidth=2, label="CUB DeviceScan"),
    "thrust": dict(color="tab:orange", linewidth=1.5, label="thrust::inclusive_scan"),
    "std": dict(color="tab:purple", linewidth=1.5, label="std::inclusive_scan"),
    "kokkos": dict(color="tab:brown", linewidth=1.5, label="Kokkos::parallel_scan"),
}
ALGORITHM_STYLE = {
    "automatic": dict(color="tab:blue", linewidth=2.5),
    "single_pass": dict(color="tab:cyan", linewidth=1, linestyle="-."),
    "reduce_then_scan": dict(color="tab:green", linewidth=1, linestyle="-."),
    "scan_then_fan": dict(color="tab:olive", linewidth=1, linestyle="-."),
}


def load(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["n"] = int(r["n"])
        for k in ("median_us", "gbps", "fraction_of_copy", "copy_us"):
            r[k] = float(r[k])
    return rows


def machine(row):
    """The device column, with the host's thread count ("16 threads") or the GPU's driver."""
    detail = row.get("driver", "")
    if not detail:
        return row["device"]
    return f"{row['device']}, {detail if detail.endswith('threads') else 'driver ' + detail}"


def log2_label(n):
    e = math.log2(n)
    return f"2^{int(e)}" if e == int(e) else str(n)


def series(rows, pick):
    pts = sorted((r["n"], r["gbps"]) for r in rows if pick(r))
    return [p[0] for p in pts], [p[1] for p in pts]


def plot_throughput(rows, backend, type_, kind, out_dir):
    mine = [r for r in rows if r["backend"] == backend and r["type"] == type_]
    if not mine:
        return None
    device = machine(mine[0])
    fig, ax = plt.subplots(figsize=(10, 5))
    for impl in ["copy"] + sorted({r["implementation"] for r in mine} - {"copy", "libscan"}):
        xs, ys = series(mine, lambda r: r["implementation"] == impl and
                        (impl == "copy" or r["scan"] == kind))
        if xs:
            style = STYLE.get(impl, dict(label=impl))
            ax.plot(xs, ys, marker=".", **style)
    for algo, style in ALGORITHM_STYLE.items():
        xs, ys = series(mine, lambda r: r["implementation"] == "libscan" and
                        r["operation"] == "scan" and r["algorithm"] == algo and
                        r["block"] == "automatic" and r["scan"] == kind)
        if xs:
            ax.plot(xs, ys, marker=".", label=f"libscan {algo}", **style)
    blockwise = [r for r in mine if r["operation"] == "blockwise" and r["block"] == "automatic"
                 and r["scan"] == kind]
    for seg in sorted({r["segment"] for r in blockwise}):
        xs, ys = series(blockwise, lambda r: r["segment"] == seg)
        ax.plot(xs, ys, marker=".", color="tab:pink", linewidth=1,
                label=f"libscan blockwise ({seg})")
    ax.set_xscale("log", base=2)
    # Ticks at the measured sizes (at most about ten of them), not at every other power of two.
    sizes = sorted({r["n"] for r in mine})
    sizes = sizes[::max(1, (len(sizes) + 9) // 10)]
    ax.set_xticks(sizes)
    ax.set_xticklabels([log2_label(n) for n in sizes])
    ax.minorticks_off()
    ax.set_ylim(bottom=0)  # heights compare as ratios only from a zero baseline
    ax.set_xlabel("n (items)")
    ax.set_ylabel("GB/s (n reads + n writes)")
    ax.set_title(f"{kind} sum, {type_}, {backend}: {device}", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    # Beside the axes, so that no series (the small sizes least of all) is hidden under it.
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    fig.tight_layout()
    path = os.path.join(out_dir, f"gbps_{backend}_{type_}.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def bar_chart(path, title, ylabel, labels, seed_values, ours, ours_label, extra=None):
    fig, ax = plt.subplots(figsize=(9, 4.8))
    x = list(range(len(labels)))
    w = 0.38
    ax.bar([i - w / 2 for i in x], seed_values, w, label="seed (reported)", color="tab:gray")
    ours_bars = ax.bar([i + w / 2 for i in x], [v or 0 for v in ours], w, label=ours_label,
                       color="tab:blue")
    for bar, v in zip(ours_bars, ours):
        if v:
            ax.annotate(f"{v:.2f}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                        ha="center", va="bottom", fontsize=8)
    if extra:
        for name, value, color in extra:
            ax.axhline(value, color=color, linestyle="--", linewidth=1, label=f"{name} {value:.2f}")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=15, ha="right", fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def largest(rows, pick):
    cands = [r for r in rows if pick(r)]
    if not cands:
        return None
    n = max(r["n"] for r in cands)
    return n, [r for r in cands if r["n"] == n]


def gpu_rows(rows):
    return [r for r in rows if r["backend"] in ("cuda", "hip") and r["scan"] == "inclusive"]


def ladder_seed1(rows, out_dir, md):
    found = largest(gpu_rows(rows), lambda r: r["type"] == "int32" and
                    r["operation"] == "blockwise" and r["implementation"] == "libscan")
    if not found:
        return None
    n, at = found
    seg = sorted({r["segment"] for r in at}, key=lambda s: (s != "1024", s))[0]
    by_block = {r["block"]: r for r in at if r["segment"] == seg}
    ours = [by_block[b]["fraction_of_copy"] if b in by_block else None for _, b, _ in SEED1]
    device = at[0]["device"]
    auto = by_block.get("automatic")
    extra = [("libscan automatic", auto["fraction_of_copy"], "tab:green")] if auto else None
    path = os.path.join(out_dir, "ladder_seed1.png")
    bar_chart(path, f"Seed 1 ladder: blockwise scan, int32, n = {log2_label(n)}, segments of "
              f"{seg}\nseed: fraction of its H100's peak; libscan: fraction of the copy on {device}",
              "fraction of copy / peak", [s[0] for s in SEED1], [s[2] for s in SEED1], ours,
              f"libscan on {device}", extra)
    md.append(f"### Seed 1: blockwise scan, int32, n = {log2_label(n)}, segments of {seg}\n")
    md.append("| step | block strategy | seed (fraction of peak) | libscan GB/s | libscan "
              "(fraction of copy) | at least the seed's |")
    md.append("|---|---|--:|--:|--:|---|")
    for (label, block, seed), frac in zip(SEED1, ours):
        r = by_block.get(block)
        md.append(f"| {label} | {block} | {seed:.2f} | {r['gbps']:.0f} | {frac:.3f} | "
                  f"{'yes' if frac >= seed else 'NO'} |" if r else
                  f"| {label} | {block} | {seed:.2f} | - | - | not measured |")
    if auto:
        md.append(f"| libscan automatic | automatic | | {auto['gbps']:.0f} | "
                  f"{auto['fraction_of_copy']:.3f} | {'yes' if auto['fraction_of_copy'] >= 0.95 else 'NO'} (bar: 0.95) |")
    md.append("")
    return path


def ladder_seed4(rows, out_dir, md):
    found = largest(gpu_rows(rows), lambda r: r["type"] == "int32" and
                    r["operation"] == "scan" and r["implementation"] == "cub")
    if not found:
        return None
    n, at = found
    cub = at[0]
    lib = {(r["algorithm"], r["block"]): r for r in gpu_rows(rows)
           if r["type"] == "int32" and r["n"] == n and r["implementation"] == "libscan"
           and r["operation"] == "scan"}
    if not lib:
        return None
    seed = [SEED4_CUB_US / us for _, _, _, us in SEED4]
    ours = []
    for _, algo, block, _ in SEED4:
        r = lib.get((algo, block))
        ours.append(cub["median_us"] / r["median_us"] if r else None)
    default = lib.get(("automatic", "automatic"))
    extra = [("CUB", 1.0, "tab:red")]
    if default:
        extra.append(("libscan automatic", cub["median_us"] / default["median_us"], "tab:green"))
    path = os.path.join(out_dir, "ladder_seed4.png")
    bar_chart(path, f"Seed 4 ladder: full scan, int32, n = {log2_label(n)}, speed relative to "
              f"CUB (CUB time / step time)\nseed: its own GPU and CUB; libscan: {cub['device']}",
              "CUB time / time", [s[0] for s in SEED4], seed, ours, "libscan", extra)
    md.append(f"### Seed 4: full scan, int32, n = {log2_label(n)}, speed relative to CUB\n")
    md.append(f"CUB here: {cub['median_us']:.1f} us ({cub['fraction_of_copy']:.3f} of the copy).\n")
    md.append("| step | libscan algorithm/block | seed (CUB / step) | libscan (CUB / step) | "
              "libscan fraction of copy | at least the seed's |")
    md.append("|---|---|--:|--:|--:|---|")
    for (label, algo, block, _), s, o in zip(SEED4, seed, ours):
        r = lib.get((algo, block))
        md.append(f"| {label} | {algo}/{block} | {s:.3f} | " +
                  (f"{o:.3f} | {r['fraction_of_copy']:.3f} | {'yes' if o >= s else 'NO'} |"
                   if r else "- | - | not measured |"))
    if default:
        md.append(f"| libscan automatic | automatic/automatic | | "
                  f"{cub['median_us'] / default['median_us']:.3f} | "
                  f"{default['fraction_of_copy']:.3f} | |")
    md.append("")
    return path


def ladder_seed3(rows, out_dir, md):
    lib = {r["block"]: r for r in gpu_rows(rows)
           if r["type"] == "float" and r["n"] == SEED3_N and r["implementation"] == "libscan"
           and r["operation"] == "scan" and r["algorithm"] == "scan_then_fan"}
    base = lib.get(SEED3[0][1])
    if not base:
        return None
    seed = [SEED3[0][2] / ms for _, _, ms in SEED3]
    ours = [base["median_us"] / lib[b]["median_us"] if b in lib else None for _, b, _ in SEED3]
    path = os.path.join(out_dir, "ladder_seed3.png")
    bar_chart(path, f"Seed 3: 10 million floats, ScanThenFan, speed relative to Kogge-Stone\n"
              f"seed: unnamed GPU; libscan: {base['device']}", "Kogge-Stone time / time",
              [s[0] for s in SEED3], seed, ours, "libscan")
    md.append("### Seed 3: 10 million floats, ScanThenFan, speed relative to Kogge-Stone\n")
    md.append("| step | block strategy | seed (relative) | libscan (relative) | libscan us | "
              "libscan fraction of copy | at least the seed's |")
    md.append("|---|---|--:|--:|--:|--:|---|")
    for (label, block, _), s, o in zip(SEED3, seed, ours):
        r = lib.get(block)
        md.append(f"| {label} | {block} | {s:.3f} | " +
                  (f"{o:.3f} | {r['median_us']:.1f} | {r['fraction_of_copy']:.3f} | "
                   f"{'yes' if o >= s else 'NO'} |" if r else "- | - | - | not measured |"))
    md.append("")
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--out", help="output folder (default: the CSV's folder)")
    ap.add_argument("--backends", help="comma-separated backends to plot (default: all)")
    args = ap.parse_args()
    out_dir = args.out or os.path.dirname(os.path.abspath(args.csv))
    os.makedirs(out_dir, exist_ok=True)
    rows = load(args.csv)
    if not rows:
        sys.exit(f"{args.csv}: no measurements")
    backends = args.backends.split(",") if args.backends else sorted({r["backend"] for r in rows})
    written = []
    for backend in backends:
        for type_ in dict.fromkeys(r["type"] for r in rows if r["backend"] == backend):
            kinds = dict.fromkeys(r["scan"] for r in rows if r["backend"] == backend)
            kind = "inclusive" if "inclusive" in kinds else next(iter(kinds))
            p = plot_throughput(rows, backend, type_, kind, out_dir)
            if p:
                written.append(p)
    md = ["## Ladders: the seeds' optimisation steps on this GPU\n"]
    for ladder in (ladder_seed1, ladder_seed4, ladder_seed3):
        p = ladder(rows, out_dir, md)
        if p:
            written.append(p)
    if len(md) > 1:
        with open(os.path.join(out_dir, "ladders.md"), "w") as f:
            f.write("\n".join(md) + "\n")
    for p in written:
        print(p)


if __name__ == "__main__":
    main()
