#!/usr/bin/env bash
# Builds and tests libscan once per backend this machine can build, warnings as errors, and prints
# for each what passed, what was skipped and why, and what failed. Installs what it needs with
# apt-get when it is missing, after saying what and why.
#
#   bash tests/run.sh                 every backend available here (host always)
#   SCAN_BACKENDS="host cuda" bash tests/run.sh
#   SCAN_BACKENDS="host python" bash tests/run.sh     the host backend and the Python package
#
# host: always. cuda: when nvcc is found (without a GPU it is compiled and its tests report
# skipped). kokkos, hip: when their packages are installed or can be (only those SCAN_BACKENDS
# names, when it is set). A backend is only tried when backends/<name>/CMakeLists.txt exists.
# kokkos-openmp: the kokkos backend once more, against a Kokkos 4 with OpenMP and Serial that this
# script builds from a source tarball ($SCAN_KOKKOS_SOURCE, else ../shared/deps/kokkos-*.tar.gz
# beside the checkout) and installs into $SCAN_BUILD_ROOT/kokkos-4-install, reused on later runs;
# without a tarball (or that install) it is reported skipped.
# Every configuration runs host.only (warm host scans allocate nothing, whatever device backend is
# built beside the host one); the other host suites and the GPU-kernel emulation run in host's.
# A configuration's tests run while the next one builds; their output is printed when they end.
# The order (host, kokkos, kokkos-openmp, cuda, hip) puts the configurations whose suites run
# long (host, Kokkos on the CPU) beside the long builds, and the device ones, whose suites only
# skip without their GPU, last.
# With ccache, the host, cuda and Kokkos 3 configurations share a cache ($SCAN_CCACHE_DIR, default
# in the build root).
# Build trees go to $SCAN_BUILD_ROOT (default build-tests/), logs to $OUT/tests (default
# out/tests). Parallel jobs: $SCAN_JOBS (default: the number of cores). Environment passed to the
# tests: SCAN_TEST_SEED, SCAN_TEST_MAX_N.
#
# python: the Python package, pip install . (host backend) into a virtual environment and its pytest
# suite (tests/python_package.sh), when SCAN_BACKENDS is unset or names it.
# Exit status: 0 when every build and every test that ran passed; a skipped test is never counted
# as passed, and the summary keeps the install test (consumer.install) apart from the suites.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_root=${SCAN_BUILD_ROOT:-$root/build-tests}
logs=${OUT:-$root/out}/tests
jobs=${SCAN_JOBS:-$(nproc 2>/dev/null || echo 2)}
mkdir -p "$logs"

say() { printf '\n== %s\n' "$*"; }

# ---- packages --------------------------------------------------------------------------------
# shellcheck source=cmake/packages.sh
source "$root/cmake/packages.sh"
apt_log=$logs/apt.log
installed() { dpkg -s "$1" >/dev/null 2>&1; }
has_kokkos() { installed libtrilinos-kokkos-dev || ls /usr/lib/*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1; }
# The backend a configuration builds: kokkos-openmp is the kokkos backend against another Kokkos.
backend_of() { echo "${1%%-*}"; }
# A backend this run is asked for: every one when SCAN_BACKENDS is unset.
wanted() { [ -z "${SCAN_BACKENDS:-}" ] || [[ " $SCAN_BACKENDS " == *" $1 "* ]]; }

# nvcc: on the PATH, else CUDA's default place.
nvcc=$(command -v nvcc || true)
[ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc=/usr/local/cuda/bin/nvcc

# Each entry: "packages|why|required or optional".
plan=()
need_tools=()
command -v cmake >/dev/null || need_tools+=(cmake)
command -v ninja >/dev/null || need_tools+=(ninja-build)
command -v g++ >/dev/null || need_tools+=(g++)
[ ${#need_tools[@]} -gt 0 ] && plan+=("${need_tools[*]}|to configure and compile|required")
[ -f /usr/include/doctest/doctest.h ] || installed doctest-dev ||
  plan+=("doctest-dev|the test framework|required")
[ -f /usr/include/CLI/CLI.hpp ] || installed libcli11-dev ||
  plan+=("libcli11-dev|the perf programs' command lines (compiled and smoke-tested here)|optional")
python3 -c 'import pandas' 2>/dev/null || /usr/bin/python3 -c 'import pandas' 2>/dev/null ||
  plan+=("python3-pandas|perf/report.py, which the perf.report test runs|optional")
command -v ccache >/dev/null ||
  plan+=("ccache|to compile once what several configurations compile alike (the host backend)|optional")
command -v doxygen >/dev/null ||
  plan+=("doxygen|the API reference, which the docs test builds with warnings as errors|optional")
if wanted kokkos && [ -f "$root/backends/kokkos/CMakeLists.txt" ] && ! has_kokkos; then
  plan+=("libtrilinos-kokkos-dev|to build and test the kokkos backend|optional")
fi
if wanted hip && [ -f "$root/backends/hip/CMakeLists.txt" ] && ! command -v hipcc >/dev/null; then
  plan+=("hipcc libamdhip64-dev librocprim-dev|to compile the hip backend; no AMD GPU needed|optional")
fi
# The README's MPI example is compiled in the cuda configuration where NCCL is beside nvcc.
if wanted cuda && [ -n "$nvcc" ] && [ -f "$(dirname "$nvcc")/../include/nccl.h" ] &&
  ! command -v mpicxx >/dev/null; then
  plan+=("libopenmpi-dev|to compile the distributed scans' MPI example (examples/distributed_mpi.cpp)|optional")
fi
optional_note="optional: left out if it cannot be installed"
# SCAN_BACKENDS=host bash tests/run.sh installs only what the host backend needs.
[[ " ${plan[*]}" == *"|optional"* ]] && [ -z "${SCAN_BACKENDS:-}" ] &&
  optional_note="$optional_note; SCAN_BACKENDS=host installs only what the host backend needs"
install_plan "$apt_log" "$optional_note" ${plan[@]+"${plan[@]}"}
require_cmake_3_24 "$logs/pip-cmake.log"

# ---- which backends --------------------------------------------------------------------------
has_gpu=0
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && has_gpu=1

# ---- Kokkos 4 (OpenMP + Serial) for kokkos-openmp, built from source -------------------------
kokkos4_prefix=$build_root/kokkos-4-install
kokkos4_stamp=$kokkos4_prefix/libscan-kokkos-source # the tarball the install was built from
kokkos4_installed() { ls "$kokkos4_prefix"/lib*/cmake/Kokkos/KokkosConfig.cmake >/dev/null 2>&1; }
# The source tarball: $SCAN_KOKKOS_SOURCE, else the newest ../shared/deps/kokkos-*.tar.gz beside
# the checkout; empty when there is none.
kokkos4_source=${SCAN_KOKKOS_SOURCE:-}
if [ -z "$kokkos4_source" ]; then
  kokkos4_source=$(printf '%s\n' "$root"/../shared/deps/kokkos-*.tar.gz | sort -V | tail -1)
  if [ -f "$kokkos4_source" ]; then
    kokkos4_source=$(cd "$(dirname "$kokkos4_source")" && pwd)/$(basename "$kokkos4_source")
  else
    kokkos4_source=""
  fi
fi
# Whether the install is there and came from that tarball (or no tarball names another one).
kokkos4_current() {
  kokkos4_installed &&
    { [ -z "$kokkos4_source" ] || [ "$(cat "$kokkos4_stamp" 2>/dev/null)" = "$(basename "$kokkos4_source")" ]; }
}
kokkos4_version() {
  sed -nE 's/^ *set\(PACKAGE_VERSION "([^"]+)"\).*/\1/p' "$kokkos4_prefix"/lib*/cmake/Kokkos/KokkosConfigVersion.cmake 2>/dev/null | head -1
}
# Builds and installs Kokkos 4 from $kokkos4_source unless kokkos4_current; sets kokkos4_note
# (for the summary line) or, on failure, kokkos4_error.
build_kokkos4() {
  local src=$build_root/kokkos-4-src bld=$build_root/kokkos-4-build start=$SECONDS gen=()
  kokkos4_note="" kokkos4_error=""
  if kokkos4_current; then
    kokkos4_note="Kokkos $(kokkos4_version) OpenMP+Serial, install reused"
    return 0
  fi
  if [ ! -f "$kokkos4_source" ]; then
    kokkos4_error="FAILED: Kokkos source $kokkos4_source (SCAN_KOKKOS_SOURCE): no such file"
    return 1
  fi
  say "Kokkos 4: build $(basename "$kokkos4_source") with OpenMP and Serial, install into" \
    "$kokkos4_prefix (full output: $logs/kokkos-4-configure.log, $logs/kokkos-4-build.log)"
  rm -rf "$src" "$bld" "$kokkos4_prefix"
  mkdir -p "$src"
  if ! tar -xzf "$kokkos4_source" -C "$src" || [ ! -f "$src/kokkos/CMakeLists.txt" ]; then
    kokkos4_error="could not unpack $kokkos4_source into $src (expected a top folder kokkos/)"
    return 1
  fi
  command -v ninja >/dev/null && gen=(-G Ninja)
  if ! cmake -S "$src/kokkos" -B "$bld" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
    -DCMAKE_INSTALL_PREFIX="$kokkos4_prefix" -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON \
    >"$logs/kokkos-4-configure.log" 2>&1; then
    tail -30 "$logs/kokkos-4-configure.log"
    kokkos4_error="Kokkos 4 configure FAILED (log: $logs/kokkos-4-configure.log)"
    return 1
  fi
  cmake --build "$bld" -j "$jobs" 2>&1 | show_progress "$logs/kokkos-4-build.log" "$start"
  if [ "${PIPESTATUS[0]}" != 0 ] || ! cmake --install "$bld" >>"$logs/kokkos-4-build.log" 2>&1; then
    grep -E 'error' "$logs/kokkos-4-build.log" | head -40
    kokkos4_error="Kokkos 4 build FAILED (log: $logs/kokkos-4-build.log)"
    return 1
  fi
  basename "$kokkos4_source" >"$kokkos4_stamp"
  rm -rf "$src" "$bld"
  kokkos4_note="Kokkos $(kokkos4_version) OpenMP+Serial, compiled from source in $((SECONDS - start))s"
}

available() {
  [ -f "$root/backends/$(backend_of "$1")/CMakeLists.txt" ] || [ "$1" = host ] || return 1
  case $1 in
  host) return 0 ;;
  cuda) [ -n "$nvcc" ] ;;
  kokkos) has_kokkos ;;
  kokkos-openmp) return 0 ;; # built here; reported skipped when there is no source tarball
  hip) command -v hipcc >/dev/null ;;
  *) return 1 ;;
  esac
}
if [ -n "${SCAN_BACKENDS:-}" ]; then
  backends=$(tr ' ' '\n' <<<"$SCAN_BACKENDS" | grep -vx 'python' | tr '\n' ' ')
else
  backends=""
  for b in host kokkos kokkos-openmp cuda hip; do available $b && backends="$backends $b"; done
fi
say "backends:$([ -n "$backends" ] && echo " $backends")"
for b in $backends; do
  case $b in
  cuda)
    if [ -z "$nvcc" ]; then
      echo "  cuda: no nvcc found (PATH, /usr/local/cuda/bin): its configuration will fail"
    elif [ $has_gpu = 1 ]; then
      echo "  cuda: nvcc at $nvcc, a GPU answers nvidia-smi: built for it and tested on it"
    else
      echo "  cuda: nvcc at $nvcc, no NVIDIA GPU: compiled only; its suites will report skipped"
    fi
    ;;
  hip) echo "  hip: hipcc at $(command -v hipcc || echo '(not found)'); without an AMD GPU its suites report skipped" ;;
  kokkos-openmp)
    if kokkos4_current; then
      echo "  kokkos-openmp: Kokkos $(kokkos4_version) (OpenMP, Serial) installed in $kokkos4_prefix" \
        "(from $(cat "$kokkos4_stamp" 2>/dev/null || echo 'an unknown tarball')): reused"
    elif [ -n "$kokkos4_source" ] && [ ! -f "$kokkos4_source" ]; then
      echo "  kokkos-openmp: SCAN_KOKKOS_SOURCE=$kokkos4_source: no such file; this configuration will fail"
    elif [ -n "$kokkos4_source" ]; then
      echo "  kokkos-openmp: Kokkos 4 (OpenMP, Serial) built from $kokkos4_source into $kokkos4_prefix first"
    else
      echo "  kokkos-openmp: no Kokkos source tarball (SCAN_KOKKOS_SOURCE unset, none in $(cd "$root/.." && pwd)/shared/deps/): skipped"
    fi
    ;;
  esac
done

# ---- build and test --------------------------------------------------------------------------
# Reads the build's output: all of it into the log, and to the terminal ninja's progress lines
# ("[12/57] Building CXX object ...": step 12 of 57 done; cut to the terminal's width) with the
# seconds since the start; after 30 s without a finished step, a line saying so.
show_progress() { # show_progress LOG START
  local log=$1 start=$2 line="" partial="" last="" width=${COLUMNS:-100}
  : >"$log"
  while :; do
    if IFS= read -r -t 30 line; then
      line=$partial$line
      partial=""
      printf '%s\n' "$line" >>"$log"
      if [[ $line =~ ^\[[0-9]+/[0-9]+\] ]]; then
        last=${line%%]*}
        last=${last#[}
        line=$(printf '  %4ds %s' $((SECONDS - start)) "$line")
        printf '%s\n' "${line:0:width}"
      fi
    elif [ $? -gt 128 ]; then # timed out: keep what was read of an unfinished line
      partial=$partial$line
      printf '  %4ds   ... still building (%s steps done)\n' $((SECONDS - start)) "${last:-no}"
    else
      [ -n "$partial$line" ] && printf '%s\n' "$partial$line" >>"$log"
      return 0
    fi
  done
}

# Prints each skipped test of a CTest run with the reason its program gave ("SKIPPED: <reason>"),
# from the run's LastTest.log, which holds every test's output.
skip_reasons() { # skip_reasons BUILD_DIR TEST...
  local dir=$1
  shift
  awk -v want=" $* " '
    /^[0-9]+\/[0-9]+ Test: / { name = $3 }
    /^SKIPPED: / && name != "" && index(want, " " name " ") && !(name in why) {
      why[name] = substr($0, 10)
    }
    END { n = split(want, names, " "); for (i = 1; i <= n; ++i)
            printf "  %s: %s\n", names[i], (names[i] in why) ? why[names[i]] : "no reason printed" }
  ' "$dir/Testing/Temporary/LastTest.log" 2>/dev/null
}

# count PATTERN: the suites (every test but the install test) of $results whose result matches.
count() { grep -v '^consumer\.install ' <<<"$results" | grep -cE " ($1)" || true; }

# Tests one configuration: CTest into $logs/CONFIG-ctest.log, then its summary line into
# $logs/CONFIG-summary and CTest's exit status into $logs/CONFIG-status.
test_config() { # test_config CONFIG DIR NOTE BUILT_SECONDS [ENV...]
  local b=$1 dir=$2 note=$3 built=$4 start=$SECONDS rc results passed skipped failed
  local skipped_names reasons="" why="" install_test
  shift 4
  rm -f "$logs/$b-summary" "$logs/$b-status"
  env "$@" ctest --test-dir "$dir" -j "$jobs" --output-on-failure --no-tests=error \
    >"$logs/$b-ctest.log" 2>&1
  rc=$?
  # CTest's result lines: "1/9 Test #3: cuda.sizes ......***Skipped   0.01 sec".
  results=$(grep -E '^ *[0-9]+/[0-9]+ Test +#[0-9]+: ' "$logs/$b-ctest.log" |
    sed -E 's/^.*Test +#[0-9]+: ([^ ]+) .*(Passed|\*\*\*Skipped|\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception|\*\*\*Not Run|Not Run).*$/\1 \2/')
  passed=$(count 'Passed')
  skipped=$(count '\*\*\*Skipped')
  failed=$(count '\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception|\*\*\*Not Run|Not Run')
  skipped_names=$(grep -v '^consumer\.install ' <<<"$results" | awk '$2 == "***Skipped" { print $1 }')
  if [ -n "$skipped_names" ]; then
    # shellcheck disable=SC2086 # one word per test name
    reasons=$(skip_reasons "$dir" $skipped_names)
    printf '\n%s: skipped (a skip is not a pass):\n%s\n' "$b" "$reasons" >>"$logs/$b-ctest.log"
  fi
  # Each distinct reason once, with the number of tests that gave it, for the summary line.
  [ -z "$reasons" ] || why=$(sed -E 's/^  [^:]+: //' <<<"$reasons" | sort | uniq -c | sort -rn |
    awk '{ n = $1; sub(/^ *[0-9]+ /, "")
           printf("%s%d test%s: %s", (NR > 1) ? "; " : "", n, (n > 1) ? "s" : "", $0) }')
  case $(grep '^consumer\.install ' <<<"$results" | awk '{ print $2 }') in
  Passed) install_test=passed ;;
  '***Skipped') install_test=skipped ;;
  '') install_test="not run" ;;
  *) install_test=FAILED ;;
  esac
  [ "$rc" = 0 ] || [ $((passed + skipped + failed)) -gt 0 ] || failed="? (ctest exited $rc)"
  echo "$b${note:+ ($note)}: built in ${built}s, tested in $((SECONDS - start))s; suites: $passed passed, $skipped skipped$([ -n "$why" ] && echo " ($why)"), $failed failed; install test: $install_test" \
    >"$logs/$b-summary"
  echo "$rc" >"$logs/$b-status"
}

# A configuration's tests run while the next one builds: each phase leaves a core idle at times
# (a last long compile, a last long test, OpenMP threads asleep), and the other fills it.
# finish_tests waits for the running ones, prints their output and takes their summary line.
tests_pid="" tests_of=""
finish_tests() {
  [ -n "$tests_pid" ] || return 0
  wait "$tests_pid"
  say "$tests_of: tests (output: $logs/$tests_of-ctest.log)"
  cat "$logs/$tests_of-ctest.log"
  result_of[$tests_of]=$(cat "$logs/$tests_of-summary" 2>/dev/null || echo "$tests_of: tests FAILED to report")
  [ "$(cat "$logs/$tests_of-status" 2>/dev/null)" = 0 ] || status=1
  tests_pid="" tests_of=""
}

declare -A result_of # each configuration's summary line
# Whether kokkos-openmp builds here: other configurations leave it what it builds anyway.
kokkos4_runs=0
if [[ " $backends " == *" kokkos-openmp "* ]] && { [ -n "$kokkos4_source" ] || kokkos4_installed; }; then
  kokkos4_runs=1
fi
# ccache: the host, cuda and Kokkos 3 configurations compile the host backend (about a minute) and
# the front end with the same g++ and the same preprocessed source (their -D and -I differ, which
# ccache's preprocessor mode does not count), so the second and third get them from the cache.
# Only their C++ compiler goes through it: nothing else is compiled alike twice. Its cache lives
# in the build root ($SCAN_CCACHE_DIR to share another): a fresh clone starts empty.
ccache_on=0
command -v ccache >/dev/null && ccache_on=1 && export CCACHE_DIR=${SCAN_CCACHE_DIR:-$build_root/ccache}
status=0
for b in $backends; do
  dir=$build_root/$b
  args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND="$(backend_of "$b")" -DSCAN_WARNINGS_AS_ERRORS=ON)
  # Five translation units of the shared test body pay on many cores; on a few, one costs less.
  [ "$jobs" -le 4 ] && args+=(-DSCAN_TEST_BODY_PARTS=1)
  case $b in
  host | cuda | kokkos) [ $ccache_on = 1 ] && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache) ;;
  esac
  # The host build runs the host suites and the GPU-kernel emulation; the others run host.only
  # alone (warm host scans allocate nothing: the host backend's checks ask this configuration's
  # device backend about pointers); the other host suites run once, in the host build.
  [ "$b" = host ] || args+=(-DSCAN_TEST_HOST_SUITES=OFF)
  note=""       # said after the configuration's name on its summary line
  test_env=()   # environment of its ctest run
  case $b in
  # When kokkos-openmp runs, it builds and smoke-tests the perf runner (host and kokkos slices)
  # and the examples: the host configuration leaves them to it.
  host)
    if [ $kokkos4_runs = 1 ]; then
      args+=(-DSCAN_BUILD_PERF=OFF -DSCAN_BUILD_EXAMPLES=OFF)
      note="perf programs and examples left to kokkos-openmp"
    fi
    ;;
  cuda)
    # Without a GPU: compiled for sm_90 as PTX, the front end's check of every kernel (ptxas, and
    # a second architecture, would each add a third to the build on two cores); native where a
    # GPU is.
    arch=${SCAN_CUDA_ARCHITECTURES:-$([ $has_gpu = 1 ] && echo native || echo "90-virtual")}
    args+=(-DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES="$arch")
    # Without a GPU the programs that time it are left out too (the perf runner, whose host slice
    # another configuration runs, and those beside CUB: no library code), and its fuzz program,
    # which could only report skipped; its test programs, which can only be compiled, are built at
    # -O0 (tests/CMakeLists.txt).
    # The library's CUDA code is compiled without optimization there too (in a third of the time;
    # a GPU machine's build, perf/gpu_session.sh, compiles and runs it optimized): its C++ units,
    # the host backend among them, keep their flags and so their cache entries.
    [ $has_gpu = 1 ] || args+=(-DSCAN_BUILD_PERF=OFF -DSCAN_BUILD_COMPARISONS=OFF
      -DSCAN_BUILD_FUZZ=OFF -DSCAN_TEST_OPTIMIZATION=-O0
      "-DCMAKE_CUDA_FLAGS_RELEASE=-O0 -Xcicc -O0 -DNDEBUG")
    # With NCCL beside CUDA, the distributed scans' NCCL test is compiled (run where a GPU is).
    [ -f "$(dirname "$nvcc")/../include/nccl.h" ] && args+=(-DSCAN_WITH_NCCL=ON)
    ;;
  # The perf programs and examples hold no HIP code: the host (or kokkos-openmp) build compiles them.
  # Device code for one target, gfx90a (MI200), unless SCAN_HIP_TARGETS says otherwise: each more
  # adds half the build again.
  # Without an AMD GPU (rocminfo finds none) its fuzz program, which could only report skipped,
  # is left out, and its test program is compiled at -O0.
  hip)
    args+=(-DCMAKE_CXX_COMPILER="$(command -v hipcc)" -DSCAN_BUILD_PERF=OFF -DSCAN_BUILD_EXAMPLES=OFF
      -DSCAN_HIP_TARGETS="${SCAN_HIP_TARGETS:-gfx90a}")
    # The library too is then compiled without optimization (hipcc compiles all of it, the host
    # backend included: about 700 s of a two-core machine at -O3); host.only runs it.
    rocminfo 2>/dev/null | grep -q gfx || args+=(-DSCAN_BUILD_FUZZ=OFF -DSCAN_TEST_OPTIMIZATION=-O0
      "-DCMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG")
    ;;
  # When kokkos-openmp runs too, it compiles and runs the Kokkos perf programs, examples, fuzz
  # program and the shared body's suites (the same sources): the Kokkos 3 configuration builds the
  # library and its Kokkos-specific programs (Views, team kernels, an uninitialized Kokkos) only.
  kokkos)
    if [ $kokkos4_runs = 1 ]; then
      args+=(-DSCAN_BUILD_PERF=OFF -DSCAN_BUILD_EXAMPLES=OFF -DSCAN_BUILD_FUZZ=OFF
        -DSCAN_TEST_SHARED_BODY=OFF)
      note="perf programs, examples, fuzz and shared suites left to kokkos-openmp"
    fi
    ;;
  kokkos-openmp)
    if [ -z "$kokkos4_source" ] && ! kokkos4_installed; then
      result_of[$b]="$b: skipped: no Kokkos source tarball (set SCAN_KOKKOS_SOURCE to a kokkos-*.tar.gz, or put one in $(cd "$root/.." && pwd)/shared/deps/)"
      continue
    fi
    if ! build_kokkos4; then
      result_of[$b]="$b: $kokkos4_error"
      status=1
      continue
    fi
    note=$kokkos4_note
    args+=(-DCMAKE_PREFIX_PATH="$kokkos4_prefix")
    # CTest runs $jobs programs at once, each with OMP_NUM_THREADS threads: more threads than
    # cores. Unbound threads that sleep while they wait (passive): with spinning ones the suites
    # took four times as long on two cores.
    test_env=(OMP_NUM_THREADS="${OMP_NUM_THREADS:-2}" OMP_PROC_BIND="${OMP_PROC_BIND:-false}"
      OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-passive}")
    ;;
  esac
  say "$b: configure and build in $dir, $jobs jobs (full output: $logs/$b-configure.log, $logs/$b-build.log)"
  start=$SECONDS
  if ! cmake -S "$root" -B "$dir" "${args[@]}" >"$logs/$b-configure.log" 2>&1; then
    tail -30 "$logs/$b-configure.log"
    result_of[$b]="$b: configure FAILED (log: $logs/$b-configure.log)"
    status=1
    continue
  fi
  cmake --build "$dir" -j "$jobs" 2>&1 | show_progress "$logs/$b-build.log" "$start"
  if [ "${PIPESTATUS[0]}" != 0 ]; then
    grep -E 'error|warning' "$logs/$b-build.log" | head -40
    result_of[$b]="$b: build FAILED after $((SECONDS - start))s (log: $logs/$b-build.log)"
    status=1
    continue
  fi
  built=$((SECONDS - start))
  finish_tests
  say "$b: built in ${built}s; its tests run while the next configuration builds (output: $logs/$b-ctest.log)"
  test_config "$b" "$dir" "$note" "$built" "${test_env[@]}" &
  tests_pid=$! tests_of=$b
done
# The Python package (python/): pip install . with the host backend, then its pytest suite, while
# the last configuration's tests run.
python_result=""
if wanted python; then
  # shellcheck source=tests/python_package.sh
  source "$root/tests/python_package.sh"
  python_phase "$root" "$build_root" "$logs" "$ccache_on" || status=1
fi
finish_tests

say "summary (logs: $logs)"
for b in $backends; do [ -n "${result_of[$b]:-}" ] && echo "  ${result_of[$b]}"; done
[ -n "$python_result" ] && echo "  $python_result"
[ -z "$backends" ] && { echo "  no backend was built"; status=1; }
echo "  result: $([ $status = 0 ] && echo 'every build and every test that ran passed' || echo FAILED)"
exit $status
