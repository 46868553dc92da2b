#!/usr/bin/env bash
# Size and build time of libscan.a for SCAN_BACKEND=cuda: builds the `scan` target alone (no tests,
# perf or examples) for each architecture list given, and prints one Markdown row each.
#
#   perf/library_size.sh [source dir] [architectures...]     (default: this tree, "90" "80;90")
#
# Extra configure options go in SCAN_SIZE_OPTIONS (e.g. -DCMAKE_CUDA_FLAGS=-lineinfo). Build trees
# go to ${SCAN_SIZE_BUILD:-/tmp/libscan-size}. CPU time is user + system of the whole build.
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
shift || true
archs=("$@")
[[ ${#archs[@]} -eq 0 ]] && archs=("90" "80;90")
jobs=$(nproc 2>/dev/null || echo 2)
echo "| source | architectures | libscan.a MB | build wall s ($jobs jobs) | build CPU s |"
echo "|---|---|---|---|---|"
for arch in "${archs[@]}"; do
  dir=${SCAN_SIZE_BUILD:-/tmp/libscan-size}/$(echo "$arch" | tr ';' '_')-$(basename "$root")
  rm -rf "$dir" && mkdir -p "$(dirname "$dir")"
  cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND=cuda \
    -DCMAKE_CUDA_ARCHITECTURES="$arch" -DSCAN_BUILD_TESTS=OFF -DSCAN_BUILD_PERF=OFF \
    -DSCAN_BUILD_EXAMPLES=OFF ${SCAN_SIZE_OPTIONS:-} >"$dir.configure.log" 2>&1
  TIMEFORMAT='%R %U %S' # wall, then user and system CPU of the build and its children
  { time cmake --build "$dir" --target scan -j "$jobs" >"$dir.build.log" 2>&1; } 2>"$dir.time" ||
    { echo "build failed: $dir.build.log" >&2; exit 1; }
  read -r wall user sys <"$dir.time"
  awk -v src="$(basename "$root")" -v arch="$arch" -v bytes="$(stat -c %s "$dir/libscan.a")" \
    -v wall="$wall" -v cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" \
    'BEGIN { printf "| %s | %s | %.1f | %.0f | %.0f |\n", src, arch, bytes / 1e6, wall, cpu }'
done
