#!/usr/bin/env bash
# The host backend's measurements on any Linux machine (no GPU needed): builds the host backend
# with host_comparison and scan_perf, then writes to ${OUT:-out/host}:
#   comparison.md  libscan beside one thread of std::inclusive_scan, a one-thread memcpy and a
#                  memcpy over the pool's threads, 2^10..2^MAX items (host_comparison)
#   threads.md     libscan on 1, 2, 4, ... threads from every size, 2^12..2^22 (--sweep threads)
#   tiles.md       the single pass on all threads at several tile sizes, 2^20..2^MAX, for
#                  1-, 4- and 8-byte items (--sweep tiles)
#   matrix/        scan_perf's host rows (std, copy, every algorithm), 2^10..2^MAX
# and the machine (lscpu, uptime) to machine.txt. host_tuning.hpp's thresholds are read off
# threads.md and tiles.md.
#
#   bash perf/host_session.sh [comparison] [threads] [tiles] [matrix]     (default: all)
#
# Environment: MAX (log2 of the largest size, default 28), TYPES (default
# int8,int16,int32,int64,float,double), SCAN_DEPS (a prefix holding doctest and CLI11, default
# .deps), SCAN_BUILD_DIR (default build-host-perf), SCAN_HOST_THREADS (the pool's threads).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out/host}
build=${SCAN_BUILD_DIR:-$root/build-host-perf}
deps=${SCAN_DEPS:-$root/.deps}
max=${MAX:-28}
types=${TYPES:-int8,int16,int32,int64,float,double}
mkdir -p "$out"
stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(comparison threads tiles matrix)
want() { [[ " ${stages[*]} " == *" $1 "* ]]; }

{ lscpu; echo; uptime; echo "SCAN_HOST_THREADS=${SCAN_HOST_THREADS:-}"; } >"$out/machine.txt" 2>&1
start=$(date +%s)
{ cmake -S "$root" -B "$build" -G Ninja -DSCAN_BACKEND=host -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$deps" -DSCAN_BUILD_TESTS=OFF -DSCAN_BUILD_EXAMPLES=OFF &&
  cmake --build "$build" -j "$(nproc)" --target host_comparison scan_perf; } >"$out/build.log" 2>&1 ||
  { echo "build failed: see $out/build.log"; tail -20 "$out/build.log"; exit 1; }
echo "built in $(($(date +%s) - start)) s; $(nproc) cores, load: $(uptime | sed 's/.*average: //')"
bin=$build/perf

want comparison && "$bin/host_comparison" --types "$types" --min 10 --max "$max" \
  --markdown "$out/comparison.md" >"$out/comparison.log" 2>&1
want threads && "$bin/host_comparison" --sweep threads --types "$types" --min 12 --max 22 \
  --target-ms 30 --markdown "$out/threads.md" >"$out/threads.log" 2>&1
want tiles && "$bin/host_comparison" --sweep tiles --types int8,int32,double --min 20 \
  --max "$max" --target-ms 30 --markdown "$out/tiles.md" >"$out/tiles.log" 2>&1
want matrix && "$bin/scan_perf" --backends host --algorithms automatic,single_pass \
  --blocks automatic --ops scan --types "$types" --sizes "2^10..2^$max:2" --max-reps 100 \
  --no-progress --out "$out/matrix" >"$out/matrix.log" 2>&1
echo "load after: $(uptime | sed 's/.*average: //'); results in $out"
