#!/usr/bin/env bash
# One session on a machine with an NVIDIA GPU: build the CUDA backend, run its test programs,
# compute-sanitizer (memcheck, racecheck, synccheck) on a reduced suite, and the comparison with
# CUB and a device copy. Logs go to ${OUT:-out}/; the last lines printed are a short summary.
#
#   perf/gpu_session.sh [build] [test] [fuzz] [perf] [segmented] [batched] [distributed] [ladders]
#                       [sweep] [sanitize]
#   (default: build test fuzz perf sanitize)
#
# fuzz: the randomized differential suite, FUZZ_CASES (default 200000) cases from 12 threads, and
# a reduced run of it under compute-sanitizer memcheck and racecheck.
# ladders: the classic strategies' test (perf/classic/), then the seeds' ladder slices of scan_perf
# (int32 2^30 every algorithm, block strategy and the blockwise scan beside CUB; seed 3's 10
# million floats); perf/plot.py turns the CSV into the ladder tables.
#
# segmented: perf/segmented_comparison (SEGMENTED_ARGS: its arguments).
# batched: perf/batched_comparison (BATCHED_ARGS: its arguments).
# distributed: where NCCL was found, the distributed scans' tests (a thread per GPU, then a process
# per GPU) and perf/distributed_bench (DISTRIBUTED_ARGS), over every GPU and, where there are more
# than two, over two.
#
# sanitize: SAN_TOOLS (default memcheck racecheck synccheck), SAN_TIMEOUT per process.
# Environment: SCAN_BUILD_DIR (default build-gpu), CUDA_ARCH (default 90), SCAN_DEPS (a prefix
# holding doctest and CLI11, default .deps), PERF_ARGS (extra arguments for cub_comparison),
# SCAN_TARGETS (what the build stage builds; default every program the stages run).
set -uo pipefail
# NVLink multicast stays off: on a shared host it can take every GPU out of service.
export NCCL_NVLS_ENABLE=0
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
build=${SCAN_BUILD_DIR:-$root/build-gpu}
mkdir -p "$out"
stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(build test fuzz perf sanitize)
want() { [[ " ${stages[*]} " == *" $1 "* ]]; }
summary=()
note() { summary+=("$1"); echo "== $1"; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader >"$out/gpu.txt" 2>&1
echo "GPU: $(cat "$out/gpu.txt"); $(date -u +%Y-%m-%d)"

# NCCL for the distributed scans' test: CUDA's own, else pip's nvidia-nccl-cu* package.
nccl=OFF
if [ -f "$(dirname "$(command -v nvcc)")/../include/nccl.h" ] || [ -n "${NCCL_HOME:-}" ]; then
  nccl=ON
elif NCCL_HOME=$(python3 -c 'import nvidia.nccl as m; print(list(m.__path__)[0])' 2>/dev/null); then
  export NCCL_HOME
  nccl=ON
fi

if want build; then
  start=$(date +%s)
  # The ladders time the classic block strategies (the scan_classic library), built for them only.
  classic=OFF
  want ladders && classic=ON
  { cmake -S "$root" -B "$build" -G Ninja -DSCAN_BACKEND=cuda -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" -DCMAKE_PREFIX_PATH="${SCAN_DEPS:-$root/.deps}" \
      -DSCAN_PERF_CLASSIC="$classic" -DSCAN_WITH_NCCL="$nccl" &&
    cmake --build "$build" --target ${SCAN_TARGETS:-scan_test_cuda scan_test_cuda_only \
      scan_test_cuda_reliability_legacy scan_test_cuda_reliability_per-thread scan_test_cuda_fuzz \
      cub_comparison segmented_comparison batched_comparison \
      scan_perf $([ $classic = ON ] && echo scan_classic_test) $([ $nccl = ON ] && echo scan_test_cuda_distributed \
        scan_test_cuda_distributed_processes distributed_bench)}; } \
    >"$out/build.log" 2>&1
  note "build: exit $? in $(($(date +%s) - start)) s"
fi

tests=$build/tests/cuda
if want test; then
  # The suites of the shared body run as separate processes, side by side (as ctest -j would).
  start=$(date +%s)
  mkdir -p "$out/t"
  pids=()
  suites="operators sizes widening half_precision custom errors workspace large algorithms blockwise segmented batched totals"
  for suite in $suites; do
    timeout "${TEST_TIMEOUT:-400}" "$tests/scan_test_cuda" --test-suite=$suite >"$out/t/$suite.log" 2>&1 &
    pids+=($!)
  done
  timeout "${TEST_TIMEOUT:-400}" "$tests/scan_test_cuda_only" >"$out/t/cuda_only.log" 2>&1 &
  pids+=($!)
  results=""
  for pid in "${pids[@]}"; do wait "$pid"; results+=" $?"; done
  # Alone: these fill the device's memory and time shared streams, or use every GPU.
  if [ $nccl = ON ]; then
    for program in distributed distributed_processes; do
      timeout "${TEST_TIMEOUT:-400}" "$tests/scan_test_cuda_$program" >"$out/t/$program.log" 2>&1
      results+=" $?"
    done
  fi
  for default_stream in legacy per-thread; do
    timeout "${TEST_TIMEOUT:-400}" "$tests/scan_test_cuda_reliability_$default_stream" \
      >"$out/t/reliability_$default_stream.log" 2>&1
    results+=" $?"
  done
  for f in "$out"/t/*.log; do echo "## $(basename "$f")"; cat "$f"; done >"$out/tests.log"
  rm -rf "$out/t"
  note "tests ($suites cuda-only$([ $nccl = ON ] && echo ' distributed distributed-processes') reliability-legacy reliability-per-thread): exit codes$results in $(($(date +%s) - start)) s"
  grep -E "^\[doctest\] (test cases|assertions)|SKIPPED|ERROR|FAILED" "$out/tests.log" | head -40
fi

if want fuzz; then
  # The randomized differential suite (tests/fuzz_body.hpp): many cases from 12 host threads over
  # shared, legacy and per-thread streams; then a reduced run under memcheck and racecheck.
  start=$(date +%s)
  SCAN_FUZZ_CASES=${FUZZ_CASES:-200000} SCAN_FUZZ_THREADS=12 timeout "${FUZZ_TIMEOUT:-420}" \
    "$tests/scan_test_cuda_fuzz" >"$out/fuzz.log" 2>&1
  note "fuzz (${FUZZ_CASES:-200000} cases, 12 threads): exit $? in $(($(date +%s) - start)) s; $(grep -iE 'cases run|summary' "$out/fuzz.log" | tail -2)"
  for tool in memcheck racecheck; do
    start=$(date +%s)
    SCAN_FUZZ_CASES=${FUZZ_SAN_CASES:-300} SCAN_FUZZ_THREADS=4 SCAN_TEST_MAX_N=${SAN_MAX_N:-20000} \
      timeout "${SAN_TIMEOUT:-300}" compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$tests/scan_test_cuda_fuzz" >"$out/san_fuzz_$tool.log" 2>&1
    note "compute-sanitizer $tool (fuzz, ${FUZZ_SAN_CASES:-300} cases, n <= ${SAN_MAX_N:-20000}): exit $?, $(grep -c '========= \(Invalid\|Race\|Barrier\|Error\)' "$out/san_fuzz_$tool.log") reports, $(($(date +%s) - start)) s"
  done
fi

if want perf; then
  "$build/perf/cub_comparison" --markdown "$out/cuda_results.md" ${PERF_ARGS:-} >"$out/perf.log" 2>&1
  note "perf: exit $?"
fi
# A comparison program's stage: its table appended to $out/<stage>_results.md, its log printed.
compare() {
  local stage=$1 program=$2 args=$3
  "$build/perf/$program" --markdown "$out/${stage}_results.md" $args >"$out/$stage.log" 2>&1
  note "$stage: exit $?"
  cat "$out/$stage.log"
}
# Segmented scans beside CUB and Thrust by key (perf/segmented_comparison.cu).
want segmented && compare segmented segmented_comparison "${SEGMENTED_ARGS:-}"
# Batched scans along rows and columns beside CUB by key (perf/batched_comparison.cu).
want batched && compare batched batched_comparison "${BATCHED_ARGS:-}"
# Distributed scans over NCCL over the first $1 GPUs: the tests, then perf/distributed_bench.cu.
distributed_over() {
  local gpus=$1 program
  export CUDA_VISIBLE_DEVICES=$(seq -s, 0 $((gpus - 1)))
  for program in distributed distributed_processes; do
    local start=$(date +%s)
    timeout "${TEST_TIMEOUT:-400}" "$tests/scan_test_cuda_$program" \
      >"$out/test_${program}_x$gpus.log" 2>&1
    note "scan_test_cuda_$program over $gpus GPUs: exit $? in $(($(date +%s) - start)) s"
    grep -E "^\[doctest\] (test cases|assertions)|^## rank|SKIPPED|ERROR|FAILED" \
      "$out/test_${program}_x$gpus.log" | head -20
  done
  compare distributed_x$gpus distributed_bench "${DISTRIBUTED_ARGS:-}"
  unset CUDA_VISIBLE_DEVICES
}
if want distributed && [ $nccl = ON ]; then
  all_gpus=$(nvidia-smi -L | grep -c '^GPU')
  distributed_over "$all_gpus"
  [ "$all_gpus" -gt 2 ] && distributed_over 2
fi
if want ladders; then
  start=$(date +%s)
  perf=$build/perf/scan_perf
  timeout "${TEST_TIMEOUT:-400}" "$build/perf/classic/scan_classic_test" >"$out/classic_test.log" 2>&1
  rc=$?
  note "classic strategies' test: exit $rc, $(grep -E '^\[doctest\] (test cases|assertions)' "$out/classic_test.log" | tr '\n' ' ')"
  "$perf" --out "$out/ladders" --backends cuda --types int32 --sizes 2^30 --baselines cub \
    --no-progress >"$out/ladders.log" 2>&1 &&
    "$perf" --out "$out/seed3" --backends cuda --types float --sizes 10000000 \
      --algorithms scan_then_fan --blocks kogge_stone_shared,kogge_stone_double_buffered,brent_kung \
      --ops scan --baselines cub --no-progress >>"$out/ladders.log" 2>&1 &&
    tail -n +2 "$out/seed3/results.csv" >>"$out/ladders/results.csv"
  note "ladders: exit $? in $(($(date +%s) - start)) s"
fi
if want sweep; then
  # Tile shapes of the single pass (perf/tile_sweep.cu), built by nvcc alone.
  OUT=$out bash "$root/perf/tile_sweep.sh" >"$out/sweep.log" 2>&1
  note "sweep: exit $?"
  cat "$out/sweep.log"
fi
if want sanitize; then
  # Reduced sizes: every kernel and every path (one tile, several tiles, ragged tails) still runs.
  # Each suite is its own process, all of a tool's suites side by side (the sanitizers are
  # bound by the host's cores, not the GPU's).
  san() {
    local tool=$1 max=$2 suites=$3 start=$(date +%s) pids=() suite rc=0
    for suite in ${suites//,/ }; do
      SCAN_TEST_MAX_N=$max timeout "${SAN_TIMEOUT:-300}" compute-sanitizer --tool "$tool" \
        --error-exitcode 9 "$tests/scan_test_cuda" --test-suite="$suite" \
        >"$out/san_${tool}_$suite.log" 2>&1 &
      pids+=($!)
    done
    # The staged single pass runs from the tuned tile count on only: the CUDA-only program's case.
    timeout "${SAN_TIMEOUT:-300}" compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$tests/scan_test_cuda_only" --test-case="*staged*" >"$out/san_${tool}_staged.log" 2>&1 &
    pids+=($!)
    local codes=""
    for pid in "${pids[@]}"; do wait "$pid"; codes+=" $?"; done
    note "compute-sanitizer $tool (n <= $max, suites $suites and the staged case): exit codes$codes, $(cat "$out"/san_"${tool}"_*.log | grep -c '========= \(Invalid\|Race\|Barrier\|Error\)') reports, $(($(date +%s) - start)) s"
    grep -h '^\[doctest\] test cases\|ERROR SUMMARY\|RACECHECK SUMMARY' "$out"/san_"${tool}"_*.log | sort | uniq -c
  }
  for tool in ${SAN_TOOLS:-memcheck racecheck synccheck}; do
    case $tool in
    memcheck) san memcheck "${SAN_MAX_N:-20000}" "sizes,half_precision,custom,workspace,algorithms,blockwise,segmented,batched" ;;
    racecheck) san racecheck "${SAN_MAX_N_RACE:-3000}" "sizes,half_precision,custom,algorithms,segmented,batched" ;;
    synccheck) san synccheck "${SAN_MAX_N_RACE:-3000}" "sizes,custom,algorithms,segmented,batched" ;;
    esac
  done
fi

[[ -f $out/perf.log ]] && cat "$out/perf.log"
printf '%s\n' "${summary[@]}"
