#!/usr/bin/env python3
"""The choices of perf/tune.py on sweep rows made up for the purpose (CTest perf.tune_choice).

Rows of a GPU of 100 multiprocessors, two types, 128 to 16384 tiles, three runs of each sweep with
one wild cell (each value is its cells' median):
- --hints: evict-first loads 10% faster below 2048 tiles, 5% slower from there (the last run has
  the policy twice as fast at 4096 tiles: a table of the last run's cells would move the count);
- --from: staged from 512 tiles best at every size;
- --delays: no sleep best below 1024 tiles, 600 ns from there, 1200 ns from 8192 tiles.
tune.py must print 2048 for --evict-first-below and write the entry those rows imply, keeping the
other entries of the table.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TUNE = os.path.join(HERE, "tune.py")
TABLE = os.path.join(HERE, "..", "include", "scan", "detail", "backends", "cuda",
                     "cuda_tuning_table.hpp")
SMS = 100
TILES = [128 << k for k in range(8)]  # 128 ... 16384


def rows():
    out = []
    for run in range(3):
        for type_ in ("int32", "float"):
            for tiles in TILES:
                n = tiles * 8192

                def row(mode, variant, us):
                    out.append(f"{mode},{type_},{n},{tiles},{SMS},{variant},{us},1,1,1")

                first = 9.0 if tiles < 2048 else 10.5
                if run == 2 and tiles == 4096:
                    first = 5.0  # the wild cell: the median ignores it
                row("hints", "plain loads", 10.0)
                row("hints", "evict-first loads", first)
                for variant in ("registers", "from 256", "from 512", "from 1024"):
                    row("from", variant, 1.0 if variant == "from 512" else 1.1)
                best = 0 if tiles < 1024 else (600 if tiles < 8192 else 1200)
                for ns in (0, 600, 1200):
                    row("delays", f"{ns} ns", 1.0 if ns == best else 1.1)
                row("delays", "tuned", 1.05)
    return out


def run(args):
    r = subprocess.run([sys.executable, TUNE] + args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"tune.py {' '.join(args)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = os.path.join(tmp, "sweep.csv")
        with open(csv_path, "w") as f:
            f.write("\n".join(rows()) + "\n")
        below = run([csv_path, "--evict-first-below"]).strip()
        if below != "2048":
            failures.append(f"--evict-first-below printed {below!r}, not 2048")

        table = os.path.join(tmp, "table.hpp")
        shutil.copy(TABLE, table)
        before = [l for l in open(table).read().splitlines() if l.startswith("    {")]
        run([csv_path, "--arch", "90", "--gpu", "Test GPU", "--table", table])
        after = [l for l in open(table).read().splitlines() if l.startswith("    {")]
        want = '    {90, "Test GPU", 5.1200, 10.2400, 81.9200, 600, 1200, 600, 20.4800},'
        if want not in after:
            failures.append(f"the entry written is not {want.strip()}:\n" + "\n".join(after))
        for line in before:
            if line not in after:
                failures.append(f"an entry of another GPU was lost: {line.strip()}")
    if failures:
        print("\n".join(failures))
        return 1
    print("tune.py chose as the rows say")
    return 0


if __name__ == "__main__":
    sys.exit(main())
