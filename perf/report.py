#!/usr/bin/env python3
"""The Markdown tables of scan_perf's results.csv.

  python3 perf/report.py DIR/results.csv [--out FILE]

Writes FILE (default: results.md beside the CSV): per backend, libscan's default against the copy
and the baselines at every size; the block strategy x algorithm grid at the largest size of each
type; the blockwise scan by block strategy. Prints a summary: per backend, the two largest sizes.
Needs pandas (Debian/Ubuntu: python3-pandas). perf/plot.py draws the plots of the same CSV.
"""

import argparse
import os
import sys

try:
    import pandas as pd
except ImportError:
    sys.exit("perf/report.py needs pandas (Debian/Ubuntu: apt-get install python3-pandas)")

KEY = ["type", "n"]


def load(path):
    df = pd.read_csv(path, dtype=str, keep_default_na=False)
    for col in ("n", "bytes", "reps"):
        df[col] = df[col].astype("int64")
    for col in ("median_us", "min_us", "max_us", "copy_us"):
        df[col] = df[col].astype(float)
    # GB/s and the fraction of the copy again, from the times (the CSV rounds them).
    timed = df.median_us > 0
    df["gbps"] = (df.bytes / (df.median_us * 1e3)).where(timed, 0.0)
    df["x_copy"] = (df.copy_us / df.median_us).where(timed, 0.0)
    df["libscan"] = df.implementation == "libscan"
    df["full"] = df.libscan & (df.operation == "scan")
    df["blockwise"] = df.libscan & (df.operation == "blockwise")
    # Baselines and blockwise scans have no algorithm, baselines no block: they count as automatic.
    df["algorithm"] = df.algorithm.replace("-", "automatic")
    df["block"] = df.block.replace("-", "automatic")
    return df


def size_name(n):
    n = int(n)
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def rate(gbps):
    """Three significant digits at least, no exponent: 0.512, 45.3, 2468."""
    return f"{gbps:.{0 if gbps >= 100 else 1 if gbps >= 10 else 2 if gbps >= 1 else 3}f}"


def cells(rows, key):
    """'GB/s (x copy)' of the first row at each key."""
    first = rows.drop_duplicates(key).set_index(key)
    return first.gbps.map(rate) + first.x_copy.map(" ({:.2f})".format)


def distinct(column):
    return list(dict.fromkeys(column))


def markdown(table, left):
    """A DataFrame as a Markdown table: its index (`left` levels) then its columns."""
    flat = table.reset_index()
    lines = ["| " + " | ".join(flat.columns) + " |",
             "|" + "".join("---|" if i < left else "--:|" for i in range(flat.shape[1]))]
    lines += ["| " + " | ".join(row) + " |" for row in flat.astype(str).itertuples(index=False)]
    return "\n".join(lines) + "\n"


def aligned(table, left):
    """The same table with its columns padded to a common width, for a terminal."""
    flat = table.reset_index().astype(str)
    widths = [max([len(c)] + [len(v) for v in flat[c]]) for c in flat.columns]
    lines = [list(flat.columns)] + [list(row) for row in flat.itertuples(index=False)]
    return "".join("  ".join(v.ljust(w) if i < left else v.rjust(w)
                             for i, (v, w) in enumerate(zip(line, widths))) + "\n"
                   for line in lines)


def summary_table(rows, backend, kind, sizes=None):
    """libscan's default and the baselines at every type and size of `backend` (in the order
    `rows` first holds them), each as GB/s (x copy)."""
    mine = rows[rows.backend == backend]
    if sizes is not None:
        mine = mine[mine.n.isin(sizes)]
    copies = mine[mine.implementation == "copy"].drop_duplicates(KEY).set_index(KEY)
    table = pd.DataFrame({"copy GB/s": copies.gbps.map(rate)}, index=copies.index)
    same = mine[mine.scan == kind]
    baselines = distinct(mine.implementation[~mine.libscan & (mine.implementation != "copy")])
    for name in baselines:
        table[f"{name} GB/s (x copy)"] = cells(same[same.implementation == name], KEY)
    default = same.full & (same.algorithm == "automatic") & (same.block == "automatic")
    table["libscan GB/s (x copy)"] = cells(same[default], KEY)
    full = same[same.full]
    if not full.empty:
        best = full.loc[full.groupby(KEY, sort=False).median_us.idxmin()].set_index(KEY)
        table["best libscan (x copy)"] = (best.x_copy.map("{:.2f}".format) + " " +
                                          best.algorithm + "/" + best.block)
    else:
        table["best libscan (x copy)"] = "-"
    types, ns = distinct(rows.type), distinct(rows.n)
    order = sorted(table.index, key=lambda k: (types.index(k[0]), ns.index(k[1])))
    table = table.reindex(order).fillna("-")
    table.index = pd.MultiIndex.from_tuples([(t, size_name(n)) for t, n in table.index], names=KEY)
    return table


def report(df):
    kinds = [k for k in ("inclusive", "exclusive") if k in set(df.scan)]
    backends = distinct(df.backend)
    first = df.iloc[0]
    out = ["# libscan performance matrix\n"]
    for b in backends:
        row = df[df.backend == b].iloc[0]
        out.append(f"- {b}: {row.device} ({row.driver})")
    out.append(f"- date {first.date}, commit {first.commit}")
    out.append("- tables made from the run's results.csv by perf/report.py")
    out.append("- GB/s counts n reads + n writes of the element type; (x copy) is the copy's time "
               "over the row's time at the same size (1.00 = as fast as a device-to-device copy "
               "of the input). Median of timed calls after warm-up; every configuration was "
               "checked against the host reference first.")
    text = "\n".join(out) + "\n"
    for b in backends:
        mine = df[df.backend == b]
        for kind in kinds:
            text += f"\n## {b}: {kind} sum, libscan's default against the baselines\n\n"
            text += markdown(summary_table(mine, b, kind), 2)

        # Block strategy x algorithm at the largest size of each type.
        algorithms, blocks = distinct(mine.algorithm), distinct(mine.block)
        for t in distinct(mine.type):
            full = mine[mine.full & (mine.type == t)]
            if full.empty or len(blocks) < 2:
                continue
            n_max = full.n.max()
            at = full[(full.n == n_max) & (full.scan == kinds[0])]
            grid = cells(at, ["block", "algorithm"]).unstack("algorithm")
            grid = grid.reindex(index=blocks, columns=algorithms).fillna("-")
            grid.index.name = "block strategy"
            text += (f"\n### {b}, {t}, n = {size_name(n_max)}: GB/s (x copy) by block strategy "
                     f"and algorithm\n\n" + markdown(grid, 1))

        # The blockwise scan: a row where the first block strategy was measured.
        blockwise = mine[mine.blockwise & (mine.scan == kinds[0])]
        key = ["type", "n", "segment"]
        shown = blockwise[blockwise.block == blocks[0]].drop_duplicates(key)
        if not shown.empty:
            bw = cells(blockwise, key + ["block"]).unstack("block")
            bw = bw.reindex(index=pd.MultiIndex.from_frame(shown[key]), columns=blocks).fillna("-")
            bw.index = bw.index.set_levels(bw.index.levels[1].map(size_name), level="n")
            text += f"\n## {b}: blockwise scan, GB/s (x copy) by block strategy\n\n"
            text += markdown(bw, 3)
    return text


def console_summary(df):
    text = ""
    for b in distinct(df.backend):
        mine = df[df.backend == b]
        largest = sorted(set(mine.n))[-2:]
        text += f"{b} ({mine.iloc[0].device}), inclusive sum:\n"
        text += aligned(summary_table(df, b, "inclusive", largest), 2)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--out", help="the Markdown file (default: results.md beside the CSV)")
    args = ap.parse_args()
    df = load(args.csv)
    if df.empty:
        sys.exit(f"{args.csv}: no measurements")
    out = args.out or os.path.join(os.path.dirname(os.path.abspath(args.csv)), "results.md")
    with open(out, "w") as f:
        f.write(report(df))
    sys.stdout.write(console_summary(df))
    print(f"{len(df)} measurements from {args.csv}; tables in {out}")


if __name__ == "__main__":
    main()
