#!/usr/bin/env bash
# libscan's main job on a fresh machine: builds libscan for the best backend here (cuda when a GPU
# answers nvidia-smi and nvcc exists, host otherwise), runs the demo scan (examples/demo.cpp) and a
# short performance run of that backend (scan_perf --quick, full scans), with its tables and plots.
# Installs what is missing with apt-get, after saying what and why: cmake, ninja-build and g++ (the
# build), libcli11-dev (scan_perf's command line), python3-pandas (the tables, results.md) and
# python3-matplotlib (the plots); a newer CMake with pip when the distribution's is older than 3.24.
# What cannot be installed is named where its step is skipped.
#
#   bash examples/demo.sh
#
# Build tree: build-demo/<backend>. Results: $OUT/perf (default out/perf): results.csv,
# results.md, and the plots. Build output: $OUT/demo-configure.log, $OUT/demo-build.log.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/out}
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$out"

say() { printf '\n== %s\n' "$*"; }
# shellcheck source=cmake/packages.sh
source "$root/cmake/packages.sh"

# The python3 on PATH, or the distribution's (where apt-get installs python3-*) behind another.
python_with() { # python_with MODULE: prints the first python3 that imports MODULE
  local p
  for p in python3 /usr/bin/python3; do
    if "$p" -c "import $1" 2>/dev/null; then echo "$p" && return 0; fi
  done
  return 1
}
has_cli11() { [ -f /usr/include/CLI/CLI.hpp ] || dpkg -s libcli11-dev >/dev/null 2>&1; }

# Each entry: "packages|why|required or optional".
plan=()
missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v g++ >/dev/null || missing+=(g++)
[ ${#missing[@]} -gt 0 ] && plan+=("${missing[*]}|to configure and compile libscan and the demo|required")
has_cli11 || plan+=("libcli11-dev|the command line of scan_perf, the short perf run's program|optional")
python_with pandas >/dev/null || plan+=("python3-pandas|perf/report.py, the perf run's tables (results.md)|optional")
python_with matplotlib >/dev/null || plan+=("python3-matplotlib|perf/plot.py, the perf run's plots|optional")
install_plan "$out/demo-apt.log" "optional: its step is skipped without it" ${plan[@]+"${plan[@]}"}
require_cmake_3_24 "$out/demo-pip-cmake.log"

# ---- the backend: cuda needs an NVIDIA GPU, nvcc and the cuda backend's sources --------------
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
gpu="" # the first GPU's name, when nvidia-smi lists one
if ! command -v nvidia-smi >/dev/null; then
  no_gpu="nvidia-smi not found"
elif smi=$(nvidia-smi -L 2>&1) && grep -q '^GPU ' <<<"$smi"; then
  gpu=$(grep -m1 '^GPU ' <<<"$smi" | sed -E 's/^GPU [0-9]+: //; s/ \(UUID.*//')
else
  no_gpu="nvidia-smi -L: $(head -1 <<<"${smi:-no output}")"
fi
nowhere="neither on PATH nor in /usr/local/cuda/bin"

backend=host
args=()
if [ -n "$gpu" ] && [ -n "$nvcc" ] && [ -f "$root/backends/cuda/CMakeLists.txt" ]; then
  backend=cuda
  args+=(-DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="${SCAN_CUDA_ARCHITECTURES:-native}")
  say "NVIDIA GPU: $gpu; nvcc at $nvcc: using the cuda backend"
elif [ -n "$gpu" ] && [ -n "$nvcc" ]; then
  say "NVIDIA GPU: $gpu; nvcc at $nvcc; but this tree has no cuda backend: using the host backend"
elif [ -n "$gpu" ]; then
  say "NVIDIA GPU: $gpu, but no nvcc ($nowhere; the CUDA toolkit has it): using the host backend"
elif [ -n "$nvcc" ]; then
  say "nvcc found at $nvcc, but no NVIDIA GPU ($no_gpu): using the host backend"
else
  say "no NVIDIA GPU ($no_gpu) and no nvcc ($nowhere): using the host backend"
fi

# ---- build: the demo and the perf runner only -------------------------------------------------
build=$root/build-demo/$backend
say "configure and build $build (full output: $out/demo-configure.log, $out/demo-build.log)"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND=$backend \
  -DSCAN_BUILD_TESTS=OFF "${args[@]}" >"$out/demo-configure.log" 2>&1 ||
  { tail -30 "$out/demo-configure.log"; exit 1; }
targets=(--target scan_demo)
grep -q 'scan_perf' "$build/build.ninja" && targets+=(scan_perf)
# Ninja's progress lines ("[3/12] Building CXX object ...": step 3 of 12 done) as they come.
# A shell loop, not awk: mawk (Debian's awk) reads its input in blocks and would print them at the end.
cmake --build "$build" -j "$jobs" "${targets[@]}" 2>&1 | tee "$out/demo-build.log" |
  while IFS= read -r line; do
    if [[ $line =~ ^\[[0-9]+/[0-9]+\] ]]; then printf '  %s\n' "${line:0:96}"; fi
  done || { grep -E 'error' "$out/demo-build.log" | head -30; exit 1; }

say "demo scan"
"$build/examples/scan_demo"

if [ ! -x "$build/perf/scan_perf" ]; then
  if has_cli11; then
    say "the perf runner (scan_perf) was not configured (see $out/demo-configure.log): perf run skipped"
  else
    say "the perf run needs CLI11 for scan_perf's command line, and it is not installed:" \
      "perf run skipped (install it with: sudo apt-get install libcli11-dev)"
  fi
  exit 0
fi

# ---- a short perf run of the chosen backend -----------------------------------------------------
# Full scans only: the plots' titles name the scan, and a blockwise series on them would not be
# what the title says. On the host, more repetitions: its copy (the ceiling the (x copy) fractions
# are taken against) is a memcpy over libscan's thread pool, which a busy machine disturbs.
perf=(--quick --backends "$backend" --ops scan --out "$out/perf")
[ "$backend" = host ] && perf+=(--warmup 5 --min-reps 25 --max-reps 200 --target-ms 60)
[ -t 2 ] || perf+=(--no-progress)
say "short perf run: scan_perf ${perf[*]}"
"$build/perf/scan_perf" "${perf[@]}"
# The Markdown tables (results.md) come from perf/report.py, which needs pandas.
if report_python=$(python_with pandas); then
  "$report_python" "$root/perf/report.py" "$out/perf/results.csv"
else
  echo "(results.md skipped: it needs python3-pandas, which is not installed;"
  echo " sudo apt-get install python3-pandas, then: python3 perf/report.py $out/perf/results.csv)"
fi
if [ "$backend" = host ] && [ -f "$out/perf/results.md" ]; then
  # The runner's report words its copy as a GPU's; on the host it is a memcpy.
  sed -i 's/a device-to-device copy of the input/a host memory copy (memcpy) of the input/' \
    "$out/perf/results.md"
  note="On the host, the copy is a memory copy (memcpy) spread over libscan's thread pool. At small
n it times waking the pool more than moving memory, and on a busy machine it varies from run to
run, so a scan (or std::inclusive_scan, single-threaded) can beat this \"ceiling\" there: read the
(x copy) fractions of small sizes loosely. The demo's plots leave this copy out for that reason."
  printf '\n%s\n' "$note" | tee -a "$out/perf/results.md"
fi
if python=$(python_with matplotlib); then
  csv=$out/perf/results.csv
  if [ "$backend" = host ]; then
    # Without the copy's rows: its line would claim a ceiling that it is not on the host (above).
    csv=$out/perf/results-plotted.csv
    awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == "implementation") col = i }
             NR == 1 || $col != "copy"' "$out/perf/results.csv" >"$csv"
  fi
  "$python" "$root/perf/plot.py" "$csv" --out "$out/perf" >/dev/null &&
    echo "plots: $out/perf/*.png (drawn from $csv)"
else
  echo "(plots skipped: they need python3-matplotlib, which is not installed;"
  echo " sudo apt-get install python3-matplotlib, then: python3 perf/plot.py $out/perf/results.csv)"
fi
