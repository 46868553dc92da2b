#!/usr/bin/env bash
# Regenerates this GPU's entry of the CUDA tuning table: runs perf/tile_sweep.cu's --from and
# --delays sweeps (through perf/tile_sweep.sh) and hands their CSV rows to perf/tune.py, which
# rewrites include/scan/detail/backends/cuda/cuda_tuning_table.hpp. The sweeps' tables go to
# ${OUT:-out}/tile_sweep.md, the rows to ${OUT:-out}/tune.csv. Takes a few minutes on an H100.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
mkdir -p "$out"
rm -f "$out/tune.csv"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
# One build of the sweep program for both sweeps.
bin=$(mktemp -d)/tile_sweep
trap 'rm -rf "$(dirname "$bin")"' EXIT
OUT=$out TILE_SWEEP_BIN=$bin bash "$root/perf/tile_sweep.sh" --from --csv "$out/tune.csv"
OUT=$out TILE_SWEEP_BIN=$bin bash "$root/perf/tile_sweep.sh" --delays --csv "$out/tune.csv"
python3 "$root/perf/tune.py" "$out/tune.csv" --arch "$arch" --gpu "$gpu"
