#!/usr/bin/env bash
# The Python package on a GPU machine, in one call (under 9 minutes on an H100):
#   bash python/gpu_session.sh [OUT_DIR]        (default $OUT, else build-gpu-python/out)
# 1. pip install --no-build-isolation --no-deps . with the cuda backend for sm_90 (no ccache),
#    build tree build-gpu-python/ kept, so a second call rebuilds only what changed (a build cut
#    by its timeout goes on where it stopped); libscan.jax's XLA FFI handlers are built when jax
#    is installed;
# 2. the pytest suite with every framework it finds (NumPy, torch, CuPy, JAX on the CPU and GPU);
# 3. the peer's suite: PyTorch's OpInfo samples of the five scans, with the counts;
# 4. a torch.cuda.graph capture and replay; 5. jax.jit calls through the FFI on the GPU;
# 6. libscan.distributed over torch.distributed's Gloo on 2-3 CPU processes (and a stand-in group);
# 7. python/call_cost.py: the host time of one small call and its parts, beside torch.cumsum;
# 8. python/bench.py with the time left (at most 4 minutes), its tables in OUT_DIR/bench.md.
# Every stage has its own timeout and its log in OUT_DIR (written as it runs); OUT_DIR/summary.txt
# lists each stage's result. Needs Python with torch, and nanobind, scikit-build-core and pytest;
# CuPy and JAX are used where installed. PyTorch's OpInfo database imports expecttest: where it is
# missing, a wheel of it in .whl/ (pip download --no-deps expecttest) is installed into OUT_DIR.
# No network access is needed.
# Environment: PYTHON (default python3), SESSION_SECONDS (530), STAGES (a subset of "build pytest
# opinfo cuda-graph jax-jit distributed call-cost bench", to split the session over calls), and
# for a trial elsewhere LIBSCAN_BACKEND (cuda) and BUILD_DIR (build-gpu-python/{wheel_tag}).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-${OUT:-$root/build-gpu-python/out}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
build=${BUILD_DIR:-$root/build-gpu-python/\{wheel_tag\}}
backend=${LIBSCAN_BACKEND:-cuda}
py=${PYTHON:-python3}
limit=${SESSION_SECONDS:-530} # the whole session
start=$SECONDS
summary=$out/summary.txt
: >"$summary"
export XLA_PYTHON_CLIENT_PREALLOCATE=false # JAX shares the GPU with torch and CuPy
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export CUDACXX=/usr/local/cuda/bin/nvcc
fi
status=0
stages=" ${STAGES:-build pytest opinfo cuda-graph jax-jit distributed call-cost bench} "
on() { [[ $stages == *" $1 "* ]]; }

left() { echo $((limit - (SECONDS - start))); }

# stage NAME SECONDS COMMAND...: runs COMMAND with a timeout (cut to the time left), its output in
# OUT_DIR/NAME.log, and a line in the summary (pytest's last line where there is one).
stage() {
  local name=$1 seconds=$2 rc t0=$SECONDS detail
  shift 2
  [ "$seconds" -gt "$(left)" ] && seconds=$(left)
  if [ "$seconds" -le 5 ]; then
    echo "$name: skipped (no time left)" | tee -a "$summary"
    status=1
    return 1
  fi
  printf '\n== %s (timeout %ss, log %s)\n' "$name" "$seconds" "$out/$name.log"
  timeout --kill-after=10 "$seconds" "$@" >"$out/$name.log" 2>&1
  rc=$?
  tail -5 "$out/$name.log"
  detail=$(grep -E '^[= ]*[0-9]+ (passed|failed|skipped|error).* in [0-9.]+s' "$out/$name.log" |
    tail -1 | tr -d '=' | sed -E 's/^ +| +$//g')
  case $rc in
  5) # pytest collected nothing: every module skipped itself (no torch, no GPU...)
    echo "$name: SKIPPED: $(grep -m1 -E '^SKIPPED' "$out/$name.log" | cut -c1-200)" >>"$summary"
    return 0 ;;
  0) echo "$name: ok in $((SECONDS - t0))s${detail:+; $detail}" >>"$summary" ;;
  124 | 137) echo "$name: TIMED OUT after ${seconds}s${detail:+; $detail}" >>"$summary" ;;
  *) echo "$name: FAILED (exit $rc) in $((SECONDS - t0))s${detail:+; $detail}" >>"$summary" ;;
  esac
  [ $rc = 0 ] || status=1
  return $rc
}

{
  date -u
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
  "$py" --version
  "$py" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1
  for m in cupy jax jaxlib nanobind scikit_build_core pytest numpy; do
    "$py" -c "import $m; print('$m', $m.__version__)" 2>&1 | tail -1
  done
} >"$out/environment.log"
cat "$out/environment.log"

if on build && ! stage build "${BUILD_SECONDS:-330}" "$py" -m pip install --no-build-isolation --no-deps --force-reinstall -v \
  -C cmake.define.SCAN_BACKEND="$backend" -C cmake.define.CMAKE_CUDA_ARCHITECTURES=90 \
  -C "build-dir=$build" "$root"; then
  echo "the build failed: see $out/build.log" | tee -a "$summary"
  cat "$summary"
  exit 1
fi
on build && grep -E 'libscan \(Python\)' "$out/build.log" | tee -a "$summary"

# From OUT_DIR, so that the installed package is imported, not python/libscan.
tests=$root/python/tests
cd "$out" || exit 1
pytest_args=(-q -rs -p no:cacheprovider)
on pytest && stage pytest 150 "$py" -m pytest "${pytest_args[@]}" "$tests" \
  --ignore="$tests/test_torch_opinfo.py" --ignore="$tests/test_cuda_graph.py" \
  --ignore="$tests/test_jax_ffi.py" --ignore="$tests/test_torch_distributed.py" \
  --ignore="$tests/test_distributed.py"
if on opinfo && ! "$py" -c 'import expecttest' 2>/dev/null; then
  for wheel in "$root"/.whl/expecttest-*.whl; do
    [ -f "$wheel" ] && "$py" -m pip install -q --no-deps --target "$out/site" "$wheel" &&
      export PYTHONPATH="$out/site${PYTHONPATH:+:$PYTHONPATH}"
  done
fi
on opinfo && stage opinfo 90 "$py" -m pytest "${pytest_args[@]}" "$tests/test_torch_opinfo.py"
on opinfo && grep -E 'samples match torch' "$out/opinfo.log" | sed 's/^ */  /' >>"$summary"
on cuda-graph && stage cuda-graph 60 "$py" -m pytest "${pytest_args[@]}" -v "$tests/test_cuda_graph.py"
on jax-jit && stage jax-jit 90 "$py" -m pytest "${pytest_args[@]}" "$tests/test_jax_ffi.py"
on distributed && stage distributed 90 "$py" -m pytest "${pytest_args[@]}" "$tests/test_torch_distributed.py" \
  "$tests/test_distributed.py"

on call-cost && stage call-cost 90 "$py" "$root/python/call_cost.py"

budget=$(($(left) - 40))
[ $budget -gt 240 ] && budget=240
on bench && stage bench $((budget + 30)) "$py" "$root/python/bench.py" --budget "$budget" \
  --markdown "$out/bench.md"
# The rows the issue's targets quote: 2^28, and dim 0 of the narrow matrices, in int32.
awk '/^\| case /{header=$0; shown=0}
  /^\| (2\^16|2\^28|1048576 x 64, axis 0|4194304 x 16, axis 0) \| int32 /{
    if (!shown) print "  " header; shown=1; print "  " $0}' "$out/bench.md" 2>/dev/null >>"$summary"

printf '\n== summary (%ss in all; logs in %s)\n' "$((SECONDS - start))" "$out"
verdict=$([ $status = 0 ] && echo 'every stage passed' || echo 'FAILED')
echo "total: $((SECONDS - start))s, $verdict" >>"$summary"
cat "$summary"
exit $status
