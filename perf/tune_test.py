#!/usr/bin/env python3
"""The choices of perf/tune.py on sweep rows made up for the purpose (CTest perf.tune_choice).

Rows of a GPU of 100 multiprocessors, two types, 128 to 16384 tiles, three runs of each sweep with
one wild cell (each value is its cells' median):
- --hints: evict-first loads 10% faster below 2048 tiles, 5% slower from there (the last run has
  the policy twice as fast at 4096 tiles: a table of the last run's cells would move the count);
- --from: staged from 512 tiles best at every size;
- --delays: no sleep best below 1024 tiles, 600 ns from there, 1200 ns from 8192 tiles.
tune.py must print 2048 for --evict-first-below and write the entry those rows imply, keeping the
other entries of the file; its shape choice is checked on two made-up tables.

With --regenerate (CTest perf.tuning_regenerates): each vendor's generated tuning file, rewritten
from nothing by the commands its notes name (the stored sweep rows, perf/results/tune_*.csv) and
its perf/tuning/<vendor>.json, must equal the committed file byte for byte.
"""
import importlib.util
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TUNE = os.path.join(HERE, "tune.py")
ROOT = os.path.dirname(HERE)


def tune_module():
    spec = importlib.util.spec_from_file_location("tune", TUNE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tune = tune_module()
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
    r = subprocess.run([sys.executable, TUNE] + args, capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        sys.exit(f"tune.py {' '.join(args)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


def choices():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        csv_path = os.path.join(tmp, "sweep.csv")
        with open(csv_path, "w") as f:
            f.write("\n".join(rows()) + "\n")
        below = run([csv_path, "--evict-first-below"]).strip()
        if below != "2048":
            failures.append(f"--evict-first-below printed {below!r}, not 2048")

        table = os.path.join(tmp, "cuda_tuning.hpp")
        shutil.copy(tune.tuning_file("cuda"), table)
        before, _ = tune.read_entries(table)
        run([csv_path, "--arch", "90", "--gpu", "Test GPU", "--out", table])
        after, _ = tune.read_entries(table)
        want = '{90, "Test GPU", 5.1200, 10.2400, 81.9200, 600, 1200, 600, 20.4800},'
        if want not in after:
            failures.append(f"the entry written is not {want}:\n" + "\n".join(after))
        for line in before:
            if line not in after:
                failures.append(f"an entry of another GPU was lost: {line}")
    # Shapes: 256x128B wins with 4 blocks for integers and 3 for floats (2.0 against 2.07); with
    # the float rows' costs the other way round, 128x64B/8 wins both.
    shape_rows = {("shapes", "int32", 1): {"256x128B/3": 1.1, "256x128B/4": 1.0, "128x64B/8": 1.05},
                  ("shapes", "float", 1): {"256x128B/3": 1.0, "256x128B/4": 1.3, "128x64B/8": 1.02}}
    if tune.choose_shape(shape_rows) != [256, 128, 4, 3]:
        failures.append(f"choose_shape gave {tune.choose_shape(shape_rows)}, not 256 128 4 3")
    shape_rows[("shapes", "float", 1)] = {"256x128B/3": 1.2, "256x128B/4": 1.3, "128x64B/8": 1.0}
    if tune.choose_shape(shape_rows) != [128, 64, 8, 8]:
        failures.append(f"choose_shape gave {tune.choose_shape(shape_rows)}, not 128 64 8 8")
    if failures:
        print("\n".join(failures))
        return 1
    print("tune.py chose as the rows say")
    return 0


def regenerate():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for vendor in ("cuda", "hip"):
            committed = tune.tuning_file(vendor)
            out = os.path.join(tmp, f"{vendor}_tuning.hpp")
            open(out, "w").close()  # from nothing: no entries
            _, notes = tune.read_entries(committed)
            commands = [shlex.split(n.split("`")[1]) for n in notes]
            if vendor == "cuda" and not commands:
                failures.append(f"{committed} names no command that wrote its entries")
            for command in commands:
                if command[:2] != ["python3", "perf/tune.py"]:
                    failures.append(f"{committed}: not a tune.py command: {shlex.join(command)}")
                    continue
                if not os.path.exists(os.path.join(ROOT, command[2])):
                    failures.append(f"{committed}: {command[2]} is not stored (perf/results/)")
                    continue
                run(command[2:] + ["--out", out])
            if not commands:
                run(["--vendor", vendor, "--out", out])
            if open(out, "rb").read() != open(committed, "rb").read():
                diff = subprocess.run(["diff", "-u", committed, out], capture_output=True,
                                      text=True).stdout
                failures.append(f"{os.path.relpath(committed, ROOT)} differs from what "
                                f"perf/tune.py writes:\n{diff}")
    if failures:
        print("\n".join(failures))
        return 1
    print("the generated tuning files are what perf/tune.py writes from the stored sweeps")
    return 0


if __name__ == "__main__":
    sys.exit(regenerate() if sys.argv[1:] == ["--regenerate"] else choices())
