#!/usr/bin/env bash
# One session of the kokkos backend on a machine with an NVIDIA GPU and many cores: build libscan
# over a Kokkos with CUDA (compiled by its nvcc_wrapper), run every kokkos test program, the perf
# rows on Kokkos::Cuda beside Kokkos::parallel_scan, the cuda backend, CUB and a copy, the View
# bench, compute-sanitizer memcheck; then over a Kokkos with OpenMP, the host rows beside
# parallel_scan and the host backend. Logs go to ${OUT:-out}/; the last lines are a summary.
#
#   KOKKOS_CUDA=<prefix> KOKKOS_OPENMP=<prefix> perf/kokkos_session.sh [build] [test] [perf] \
#       [sanitize] [openmp]          (default: all)
#
# KOKKOS_CUDA: an installed Kokkos with Cuda (and any host space); KOKKOS_OPENMP: one with OpenMP
# (no device). SCAN_DEPS: a prefix holding doctest and CLI11 (default .deps). JOBS: build jobs
# (default: the cores). SCAN_TARGETS: what the build stage builds (default everything; a full
# build takes nvcc_wrapper minutes).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
build=${SCAN_BUILD_DIR:-$root/build-kokkos-cuda}
deps=${SCAN_DEPS:-$root/.deps}
mkdir -p "$out"
stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(build test perf sanitize openmp)
want() { [[ " ${stages[*]} " == *" $1 "* ]]; }
summary=()
note() { summary+=("$1"); echo "== $1"; }
jobs=${JOBS:-$(nproc)}

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >"$out/gpu.txt" 2>&1
echo "GPU: $(cat "$out/gpu.txt"); $(nproc) cores; $(date -u +%Y-%m-%d)"

if want build; then
  start=$(date +%s)
  { cmake -S "$root" -B "$build" -G Ninja -DSCAN_BACKEND=kokkos -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_COMPILER="${KOKKOS_CUDA:?}/bin/nvcc_wrapper" \
      -DCMAKE_PREFIX_PATH="$KOKKOS_CUDA;$deps" -DSCAN_WARNINGS_AS_ERRORS=ON &&
    cmake --build "$build" -j "$jobs" ${SCAN_TARGETS:+--target $SCAN_TARGETS}; } \
    >"$out/kokkos_cuda_build.log" 2>&1
  note "build (Kokkos with Cuda, nvcc_wrapper): exit $? in $(($(date +%s) - start)) s"
  grep -E "error|warning" "$out/kokkos_cuda_build.log" | head -20
fi

if want test; then
  start=$(date +%s)
  (cd "$build" && ctest -j 4 --timeout "${TEST_TIMEOUT:-400}" --output-on-failure) \
    >"$out/kokkos_cuda_tests.log" 2>&1
  note "tests (Kokkos::Cuda): exit $? in $(($(date +%s) - start)) s; $(grep -E 'tests passed|tests failed' "$out/kokkos_cuda_tests.log" | tail -1)"
  grep -E "Failed|Not Run|\*\*\*|SKIPPED" "$out/kokkos_cuda_tests.log" | head -20
fi

if want perf; then
  start=$(date +%s)
  "$build/perf/scan_perf" --out "$out/kokkos_cuda_perf" --backends kokkos,cuda \
    --baselines kokkos,cub --types int32,float,int64,double --sizes 2^16,2^20,2^24,2^28 \
    --algorithms automatic --blocks automatic --ops scan --no-progress \
    >"$out/kokkos_cuda_perf.log" 2>&1
  note "perf (Kokkos::Cuda, cuda backend, CUB, copy): exit $? in $(($(date +%s) - start)) s"
  "$build/perf/kokkos_views_bench" >"$out/kokkos_views_bench.md" 2>&1
  note "View bench: exit $?"
  cat "$out/kokkos_views_bench.md"
fi

if want sanitize; then
  # Reduced sizes: every path still runs (one tile, several, ragged tails, strided Views).
  for program in kokkos_views kokkos_views_shared kokkos; do
    start=$(date +%s)
    SCAN_TEST_MAX_N=${SAN_MAX_N:-20000} timeout "${SAN_TIMEOUT:-300}" compute-sanitizer \
      --tool memcheck --error-exitcode 9 "$build/tests/kokkos/scan_test_$program" \
      ${SAN_ARGS:-} >"$out/san_$program.log" 2>&1
    note "compute-sanitizer memcheck scan_test_$program: exit $?, $(grep -c '========= \(Invalid\|Error\)' "$out/san_$program.log") reports, $(tail -1 "$out/san_$program.log"), $(($(date +%s) - start)) s"
  done
fi

if want openmp; then
  start=$(date +%s)
  omp_build=${build}-openmp
  { cmake -S "$root" -B "$omp_build" -G Ninja -DSCAN_BACKEND=kokkos -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="${KOKKOS_OPENMP:?};$deps" -DSCAN_BUILD_TESTS=OFF &&
    cmake --build "$omp_build" -j "$jobs" --target scan_perf kokkos_views_bench; } \
    >"$out/kokkos_openmp_build.log" 2>&1
  note "build (Kokkos with OpenMP): exit $? in $(($(date +%s) - start)) s"
  sizes=2^20,2^22,2^24,2^26,2^28
  # Kokkos::OpenMP bound as its docs advise; the host backend apart, without those variables: its
  # pool threads would inherit the binding of the thread that started Kokkos, and share its core.
  OMP_PROC_BIND=spread OMP_PLACES=threads "$omp_build/perf/scan_perf" \
    --out "$out/kokkos_openmp_perf" --backends kokkos --baselines kokkos --types int32,double \
    --sizes $sizes --algorithms automatic --blocks automatic --ops scan --no-progress \
    >"$out/kokkos_openmp_perf.log" 2>&1 &&
    "$omp_build/perf/scan_perf" --out "$out/host_perf" --backends host --types int32,double \
      --sizes $sizes --algorithms automatic --blocks automatic --ops scan --no-progress \
      >>"$out/kokkos_openmp_perf.log" 2>&1
  note "perf (Kokkos::OpenMP beside parallel_scan; the host backend): exit $? in $(($(date +%s) - start)) s"
  OMP_PROC_BIND=spread OMP_PLACES=threads "$omp_build/perf/kokkos_views_bench" $((1 << 24)) \
    $((1 << 26)) >"$out/kokkos_openmp_views.md" 2>&1
  cat "$out/kokkos_openmp_views.md"
fi

for python in python3 /usr/bin/python3; do
  if "$python" -c "import pandas" 2>/dev/null; then
    for run in kokkos_cuda_perf kokkos_openmp_perf host_perf; do
      [[ -f "$out/$run/results.csv" ]] &&
        "$python" "$root/perf/report.py" "$out/$run/results.csv" >"$out/$run.md" 2>&1
    done
    break
  fi
done
printf '%s\n' "${summary[@]}"
