#!/usr/bin/env bash
# libscan's main job on a fresh machine: installs what is missing (apt-get), builds libscan for the
# best backend here (cuda when a GPU answers nvidia-smi and nvcc exists, host otherwise), runs the
# demo scan (examples/demo.cpp) and a short performance run (scan_perf --quick), and plots it when
# python3 has matplotlib.
#
#   bash examples/demo.sh
#
# Build tree: build-demo/<backend>. Results: $OUT/perf (default out/perf): results.csv,
# results.md, and the plots.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/out}
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$out"

say() { printf '\n== %s\n' "$*"; }
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v g++ >/dev/null || missing+=(g++)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# libscan needs CMake 3.24 or newer; older distributions get it from pip.
cmake_version=$(cmake --version | head -1 | grep -oE '[0-9]+\.[0-9]+' | head -1)
if [ "$(printf '%s\n3.24\n' "$cmake_version" | sort -V | head -1)" != 3.24 ]; then
  say "cmake $cmake_version is older than 3.24: installing a newer one with pip"
  python3 -m pip install --quiet --user 'cmake>=3.24' ||
    python3 -m pip install --quiet --user --break-system-packages 'cmake>=3.24'
  export PATH=$HOME/.local/bin:$PATH
fi

nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
backend=host
args=()
if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && [ -n "$nvcc" ] &&
  [ -f "$root/backends/cuda/CMakeLists.txt" ]; then
  backend=cuda
  args+=(-DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="${SCAN_CUDA_ARCHITECTURES:-native}")
  say "GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); building the cuda backend"
else
  say "no usable NVIDIA GPU and nvcc: building the host backend"
fi

build=$root/build-demo/$backend
say "configure and build ($build)"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND=$backend \
  -DSCAN_BUILD_TESTS=OFF "${args[@]}" >"$out/demo-configure.log" 2>&1 ||
  { tail -30 "$out/demo-configure.log"; exit 1; }
targets=(--target scan_demo)
grep -q 'scan_perf' "$build/build.ninja" && targets+=(scan_perf)
cmake --build "$build" -j "$jobs" "${targets[@]}" >"$out/demo-build.log" 2>&1 ||
  { grep -E 'error' "$out/demo-build.log" | head -30; exit 1; }

say "demo scan"
"$build/examples/scan_demo"

if [ -x "$build/perf/scan_perf" ]; then
  say "short perf run: scan_perf --quick (results in $out/perf)"
  "$build/perf/scan_perf" --quick --no-progress --out "$out/perf"
  if python3 -c 'import matplotlib' 2>/dev/null; then
    python3 "$root/perf/plot.py" "$out/perf/results.csv" --out "$out/perf" >/dev/null &&
      echo "plots: $out/perf/*.png"
  else
    echo "(python3 with matplotlib draws the plots: python3 perf/plot.py $out/perf/results.csv)"
  fi
else
  say "the perf runner (perf/, target scan_perf) is not in this tree yet: skipped"
fi
