#!/usr/bin/env bash
# Builds perf/tile_sweep.cu with nvcc alone (no library build) and runs it; the table goes to
# ${OUT:-out}/tile_sweep.md. Arguments go to the program (--delays, --staging, --from, ...).
# CUDA_ARCH (default 90). TILE_SWEEP_BIN: where the program is built and kept (perf/tune.sh builds
# it once for its three sweeps); a program already there is run as it is. Without it, the program
# is built and removed after.
# Needs CLI11's headers: libcli11-dev, or CLI11_INCLUDE (a folder holding CLI/CLI.hpp; default
# .deps/include).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
mkdir -p "$out"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
bin=${TILE_SWEEP_BIN:-$out/tile_sweep.bin}
if [ ! -x "$bin" ]; then
  "$nvcc" -std=c++17 -O3 -arch=sm_"${CUDA_ARCH:-90}" -I"$root" -I"$root/include" \
    -I"${CLI11_INCLUDE:-$root/.deps/include}" \
    "$root/perf/tile_sweep.cu" -o "$bin"
fi
"$bin" --markdown "$out/tile_sweep.md" "$@"
[ -n "${TILE_SWEEP_BIN:-}" ] || rm -f "$bin"
