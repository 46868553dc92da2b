#!/usr/bin/env bash
# Makes the report of a matrix run: DIR/results.md (tables, from DIR/main/results.csv, by
# perf/report.py), the plots and ladders.md (from DIR/results.csv: the main run and the seed-3
# slice), and DIR/RESULTS.md, which perf/RESULTS.md is a copy of (its images under perf/results/).
# Needs no GPU; needs python3 with pandas, and matplotlib for the plots.
#
#   bash perf/write_results.sh DIR
#
# Environment: MATRIX_SECONDS (how long the matrix ran, for the text).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:?usage: write_results.sh DIR}

python3 "$root/perf/report.py" "$dir/main/results.csv" --out "$dir/results.md" >/dev/null
if python3 -c 'import matplotlib' 2>/dev/null; then
  python3 "$root/perf/plot.py" "$dir/results.csv" --out "$dir" --backends cuda >/dev/null
else
  echo "python3 has no matplotlib: no plots"
fi

{
  echo "# libscan performance matrix: latest results"
  echo
  echo "Regenerate on a machine with an NVIDIA GPU (CUDA 12 or newer, CMake, Ninja, python3 with"
  echo "matplotlib for the plots): \`bash perf/run_matrix.sh\`. It builds scan_perf, runs the"
  echo "default matrix${MATRIX_SECONDS:+ (${MATRIX_SECONDS} s on the GPU below, plus the build)} and"
  echo "the seed-3 slice, and writes this file, the CSV, the tables and the plots to out/matrix/."
  echo
  awk 'NR > 2 && /^## /{exit} NR > 2' "$dir/results.md" # the run: devices, date, commit
  echo
  echo "Bars: the blockwise scan at 2^30 int32 reaches 95% of the copy (row 'libscan automatic'"
  echo "of seed 1's ladder); each ladder step is at least as fast, as a fraction of the copy (seed"
  echo "4: of CUB, seed 3: of its first step), as the step the seed reported."
  echo
  [[ -f $dir/ladders.md ]] && cat "$dir/ladders.md"
  echo "## Plots"
  echo
  for f in "$dir"/ladder_seed*.png "$dir"/gbps_cuda_*.png; do
    [[ -f $f ]] && echo "![$(basename "$f" .png)](results/$(basename "$f"))"
  done
  echo
  awk '/^## /{on = 1} on' "$dir/results.md" # the tables
} >"$dir/RESULTS.md"
echo "wrote $dir/RESULTS.md"
