#!/usr/bin/env bash
# Builds and tests libscan once per backend this machine can build, warnings as errors, and prints
# CTest's summary for each. Installs what it needs with apt-get when it is missing.
#
#   bash tests/run.sh                 every backend available here (host always)
#   SCAN_BACKENDS="host cuda" bash tests/run.sh
#
# host: always. cuda: when nvcc is found (without a GPU it is compiled and its tests report
# skipped). kokkos, hip: when their packages are installed. A backend is only tried when
# backends/<name>/CMakeLists.txt exists. Build trees go to $SCAN_BUILD_ROOT (default build-tests/),
# logs to $OUT/tests (default out/tests). Environment passed to the tests: SCAN_TEST_SEED,
# SCAN_TEST_MAX_N. Exit status: 0 when every build and every test that ran passed.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_root=${SCAN_BUILD_ROOT:-$root/build-tests}
logs=${OUT:-$root/out}/tests
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$logs"

say() { printf '\n== %s\n' "$*"; }

# ---- packages --------------------------------------------------------------------------------
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}
apt_updated=0
apt_install() { # apt_install PACKAGE... ; false when apt-get is missing or the install fails
  command -v apt-get >/dev/null || return 1
  if [ $apt_updated = 0 ]; then
    as_root apt-get update -qq >"$logs/apt-update.log" 2>&1 || return 1
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" \
    >>"$logs/apt-install.log" 2>&1
}
installed() { dpkg -s "$1" >/dev/null 2>&1; }

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v g++ >/dev/null || missing+=(g++)
[ -f /usr/include/doctest/doctest.h ] || installed doctest-dev || missing+=(doctest-dev)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  apt_install "${missing[@]}" || { echo "could not install ${missing[*]} (see $logs/apt-*.log)"; exit 2; }
fi
# libscan needs CMake 3.24 or newer; older distributions get it from pip.
cmake_version=$(cmake --version | head -1 | grep -oE '[0-9]+\.[0-9]+' | head -1)
if [ "$(printf '%s\n3.24\n' "$cmake_version" | sort -V | head -1)" != 3.24 ]; then
  say "cmake $cmake_version is older than 3.24: installing a newer one with pip"
  python3 -m pip install --quiet --user 'cmake>=3.24' >"$logs/pip-cmake.log" 2>&1 ||
    python3 -m pip install --quiet --user --break-system-packages 'cmake>=3.24' \
      >>"$logs/pip-cmake.log" 2>&1 || { echo "could not install cmake >= 3.24"; exit 2; }
  export PATH=$HOME/.local/bin:$PATH
fi
# Optional backends: installed when apt-get can, skipped otherwise.
if [ -f "$root/backends/kokkos/CMakeLists.txt" ] && ! installed libtrilinos-kokkos-dev &&
  ! ls /usr/lib/*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1; then
  say "installing libtrilinos-kokkos-dev"
  apt_install libtrilinos-kokkos-dev || echo "(not available here: the kokkos backend is left out)"
fi
if [ -f "$root/backends/hip/CMakeLists.txt" ] && ! command -v hipcc >/dev/null; then
  say "installing hipcc libamdhip64-dev librocprim-dev"
  apt_install hipcc libamdhip64-dev librocprim-dev || echo "(not available here: the hip backend is left out)"
fi

# ---- which backends --------------------------------------------------------------------------
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc
has_gpu=0
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && has_gpu=1

available() {
  [ -f "$root/backends/$1/CMakeLists.txt" ] || [ "$1" = host ] || return 1
  case $1 in
  host) return 0 ;;
  cuda) [ -n "$nvcc" ] ;;
  kokkos) installed libtrilinos-kokkos-dev || ls /usr/lib/*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1 ;;
  hip) command -v hipcc >/dev/null ;;
  *) return 1 ;;
  esac
}
if [ -n "${SCAN_BACKENDS:-}" ]; then
  backends=$SCAN_BACKENDS
else
  backends=""
  for b in host cuda kokkos hip; do available $b && backends="$backends $b"; done
fi

# ---- build and test --------------------------------------------------------------------------
summary=()
status=0
for b in $backends; do
  dir=$build_root/$b
  args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND="$b" -DSCAN_WARNINGS_AS_ERRORS=ON)
  # The host build runs the host suites and the GPU-kernel emulation; the others skip them.
  [ "$b" = host ] || args+=(-DSCAN_TEST_HOST_SUITES=OFF)
  case $b in
  cuda)
    # Without a GPU: compiled for sm_80 and sm_90 as PTX (the front end checks each architecture;
    # ptxas, which would double the build on two cores, runs where a GPU is: native).
    arch=${SCAN_CUDA_ARCHITECTURES:-$([ $has_gpu = 1 ] && echo native || echo "80-virtual;90-virtual")}
    args+=(-DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="$arch")
    ;;
  hip) args+=(-DCMAKE_CXX_COMPILER="$(command -v hipcc)") ;;
  esac
  say "$b: configure and build ($dir)"
  start=$SECONDS
  if ! cmake -S "$root" -B "$dir" "${args[@]}" >"$logs/$b-configure.log" 2>&1; then
    tail -30 "$logs/$b-configure.log"
    summary+=("$b: configure FAILED (log: $logs/$b-configure.log)")
    status=1
    continue
  fi
  if ! cmake --build "$dir" -j "$jobs" >"$logs/$b-build.log" 2>&1; then
    grep -E 'error|warning' "$logs/$b-build.log" | head -40
    summary+=("$b: build FAILED (log: $logs/$b-build.log)")
    status=1
    continue
  fi
  built=$((SECONDS - start))
  say "$b: test"
  ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error 2>&1 |
    tee "$logs/$b-ctest.log"
  rc=${PIPESTATUS[0]}
  # CTest's result lines: "1/9 Test #3: cuda.sizes ......***Skipped   0.01 sec".
  passed=$(grep -cE 'Test +#[0-9]+: .*[ .]Passed' "$logs/$b-ctest.log")
  skipped=$(grep -cE 'Test +#[0-9]+: .*\*\*\*Skipped' "$logs/$b-ctest.log")
  failed=$(grep -cE 'Test +#[0-9]+: .*(\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception|Not Run)' "$logs/$b-ctest.log")
  [ "$rc" = 0 ] || status=1
  summary+=("$b: built in ${built}s, tested in $((SECONDS - start - built))s: $passed passed, $skipped skipped, $failed failed")
done

say "summary"
for line in "${summary[@]}"; do echo "  $line"; done
[ -z "$backends" ] && { echo "  no backend was built"; status=1; }
exit $status
