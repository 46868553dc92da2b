#!/usr/bin/env bash
# The full performance matrix on a machine with an NVIDIA GPU, the one command behind
# perf/RESULTS.md: builds scan_perf for the cuda backend, runs the default matrix (every
# backend, algorithm, block strategy, type and size beside the copy, CUB and Thrust), the slice
# of seed 3's ladder (10 million floats), draws the plots and writes RESULTS.md.
#
#   bash perf/run_matrix.sh
#
# Results in $MATRIX_OUT (default out/matrix): results.csv, results.md, ladders.md, *.png,
# RESULTS.md (perf/write_results.sh: python3 with pandas, and matplotlib for the plots),
# matrix.log. The build needs CLI11 (libcli11-dev, or installed under SCAN_DEPS). Environment:
# SCAN_PERF (an already built scan_perf: no build), SCAN_BUILD_DIR (default build-perf),
# SCAN_DEPS (a prefix holding CLI11, default .deps), CUDA_ARCH (default 90), MATRIX_ARGS (extra
# scan_perf flags for the main run), SCAN_GIT_COMMIT (the commit to record where the tree has no
# .git).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${MATRIX_OUT:-$root/out/matrix}
build=${SCAN_BUILD_DIR:-$root/build-perf}
mkdir -p "$out"

perf=${SCAN_PERF:-}
if [[ -z $perf ]]; then
  start=$(date +%s)
  cmake -S "$root" -B "$build" -G Ninja -DSCAN_BACKEND=cuda -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" -DCMAKE_PREFIX_PATH="${SCAN_DEPS:-$root/.deps}" \
    -DSCAN_BUILD_TESTS=OFF -DSCAN_BUILD_EXAMPLES=OFF \
    >"$out/build.log" 2>&1
  cmake --build "$build" --target scan_perf >>"$out/build.log" 2>&1
  echo "built scan_perf in $(($(date +%s) - start)) s"
  perf=$build/perf/scan_perf
fi

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true

# The default matrix: sizes 2^10, 2^12, ..., 2^30 on the GPU, up to 2^24 on the host.
start=$(date +%s)
"$perf" --out "$out/main" ${MATRIX_ARGS:-} 2>&1 | tee "$out/matrix.log"
main_s=$(($(date +%s) - start))
# Seed 3's ladder: 10 million floats through ScanThenFan with its three block scans.
"$perf" --out "$out/seed3" --backends cuda --types float --sizes 10000000 \
  --algorithms scan_then_fan --blocks kogge_stone_shared,kogge_stone_double_buffered,brent_kung \
  --ops scan --baselines cub --no-progress >"$out/seed3.log" 2>&1 ||
  echo "seed 3 slice failed (see $out/seed3.log)"
echo "default matrix: ${main_s} s"

# One CSV for the plots: the main run and the seed-3 slice.
cp "$out/main/results.csv" "$out/results.csv"
[[ -f $out/seed3/results.csv ]] && tail -n +2 "$out/seed3/results.csv" >>"$out/results.csv"
MATRIX_SECONDS=$main_s bash "$root/perf/write_results.sh" "$out"
