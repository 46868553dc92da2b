#!/usr/bin/env bash
# Regenerates this GPU's run-time entry of the CUDA tuning file: runs perf/tile_sweep.cu's --hints
# sweep, then its --from and --delays sweeps with the tile loads the first chose (through
# perf/tile_sweep.sh), and hands their CSV rows to perf/tune.py, which rewrites
# include/scan/detail/backends/cuda/cuda_tuning.hpp. The sweeps' tables go to
# ${OUT:-out}/tile_sweep.md, the rows to ${OUT:-out}/tune.csv. Takes a few minutes on an H100.
# The file names the rows it came from: to commit it, store them under perf/results/ and rerun
# perf/tune.py on them there (as the last line printed says); CTest perf.tuning_regenerates
# checks the file against the rows it names.
# TILE_SWEEP_BIN: a sweep program built beforehand from this tree (else it is built here).
# TUNE_REPEATS (default 3): runs of each sweep; perf/tune.py takes each cell's median, since one
# run's cells at 2^20-2^24 vary by a few percent from run to run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
mkdir -p "$out"
rm -f "$out/tune.csv"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
# One build of the sweep program for every sweep.
bin=${TILE_SWEEP_BIN:-}
if [ -z "$bin" ]; then
  bin=$(mktemp -d)/tile_sweep
  trap 'rm -rf "$(dirname "$bin")"' EXIT
fi
repeats=${TUNE_REPEATS:-3}
for _ in $(seq "$repeats"); do
  OUT=$out TILE_SWEEP_BIN=$bin bash "$root/perf/tile_sweep.sh" --hints --csv "$out/tune.csv"
done
below=$(python3 "$root/perf/tune.py" "$out/tune.csv" --evict-first-below)
for _ in $(seq "$repeats"); do
  for sweep in --from --delays; do
    OUT=$out TILE_SWEEP_BIN=$bin bash "$root/perf/tile_sweep.sh" $sweep --evict-first-below \
      "$below" --csv "$out/tune.csv"
  done
done
python3 "$root/perf/tune.py" "$out/tune.csv" --arch "$arch" --gpu "$gpu"
echo "to commit: cp $out/tune.csv perf/results/tune_<gpu>.csv && python3 perf/tune.py" \
  "perf/results/tune_<gpu>.csv --arch $arch --gpu \"$gpu\""
