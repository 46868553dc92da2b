# shellcheck shell=bash
# The Python package's phase of tests/run.sh (sourced there, not run): pip install . with the host
# backend into a virtual environment over this Python's packages ($SCAN_BUILD_ROOT/python-venv, so
# the user's Python is left as it was), then its pytest suite (python/tests). pip packages it needs
# and lacks go into that environment after saying what and why. Sets python_result (the summary
# line) and returns non-zero on a failure.
#
# The build reuses the host configuration's compiler and ccache (the library compiles alike) and
# its own build tree ($SCAN_BUILD_ROOT/python, kept between runs).

python_phase() { # python_phase ROOT BUILD_ROOT LOGS CCACHE_ON
  local root=$1 build_root=$2 logs=$3 ccache_on=$4 venv=$2/python-venv start=$SECONDS
  local py missing=() entry built counts
  python_result=""
  if ! command -v python3 >/dev/null; then
    python_result="python: skipped (no python3)"
    return 0
  fi
  if ! python3 -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    python_result="python: skipped (no Python.h for $(python3 --version 2>&1): install python3-dev)"
    return 0
  fi
  if [ ! -x "$venv/bin/python" ] && ! python3 -m venv --system-site-packages "$venv" >"$logs/python-venv.log" 2>&1; then
    python_result="python: skipped (python3 -m venv failed, see $logs/python-venv.log: install python3-venv)"
    return 0
  fi
  py=$venv/bin/python
  # Each entry: "module|pip requirement|why".
  for entry in "scikit_build_core|scikit-build-core>=0.10|builds the package with CMake (pip install .)" \
    "nanobind|nanobind>=2.0|the extension's bindings" \
    "numpy|numpy|the package's dependency and the tests' references" \
    "pytest|pytest|runs python/tests" \
    "jax|jax|libscan.jax's XLA FFI handlers (built when jax is found) and JAX arrays in the suite"; do
    "$py" -c "import ${entry%%|*}" 2>/dev/null || missing+=("$entry")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    printf '\n== installing with pip into %s (output: %s)\n' "$venv" "$logs/python-pip.log"
    for entry in "${missing[@]}"; do
      IFS='|' read -r _ requirement why <<<"$entry"
      echo "  $requirement: $why"
    done
    local requirements=()
    for entry in "${missing[@]}"; do
      IFS='|' read -r _ requirement _ <<<"$entry"
      requirements+=("$requirement")
    done
    if ! "$py" -m pip install --quiet "${requirements[@]}" >"$logs/python-pip.log" 2>&1; then
      python_result="python: FAILED to install ${requirements[*]} with pip (see $logs/python-pip.log)"
      return 1
    fi
  fi
  local defines=(-C cmake.define.SCAN_BACKEND=host -C cmake.define.SCAN_WARNINGS_AS_ERRORS=ON
    -C "build-dir=$build_root/python")
  # The host configuration's compiler (scikit-build-core would take Python's, g++ where CMake
  # found c++), so that ccache serves the library compiled there.
  local cxx
  cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build_root/host/CMakeCache.txt" 2>/dev/null)
  [ -n "$cxx" ] || cxx=$(command -v c++ || true)
  [ -n "$cxx" ] && defines+=(-C "cmake.define.CMAKE_CXX_COMPILER=$cxx")
  [ "$ccache_on" = 1 ] && defines+=(-C cmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache)
  printf '\n== python: pip install . (host backend) into %s (output: %s)\n' "$venv" "$logs/python-build.log"
  if ! "$py" -m pip install --no-build-isolation --no-deps --force-reinstall -v "${defines[@]}" "$root" \
    >"$logs/python-build.log" 2>&1; then
    grep -E 'error|Error' "$logs/python-build.log" | head -40
    python_result="python: pip install . FAILED after $((SECONDS - start))s (log: $logs/python-build.log)"
    return 1
  fi
  built=$((SECONDS - start))
  start=$SECONDS
  printf '\n== python: pytest python/tests (output: %s)\n' "$logs/python-pytest.log"
  # From the build root, so that the installed package is imported, not python/libscan.
  (cd "$build_root" && "$py" -m pytest -q -rs -p no:cacheprovider "$root/python/tests") \
    >"$logs/python-pytest.log" 2>&1
  local rc=$?
  tail -3 "$logs/python-pytest.log"
  counts=$(grep -E '^[0-9]+ (passed|failed|skipped)|^=+ .*(passed|failed|error)' "$logs/python-pytest.log" | tail -1 | tr -d '=' | sed -E 's/^ +| +$//g')
  python_result="python (host backend): built and installed in ${built}s, tested in $((SECONDS - start))s; pytest: ${counts:-no result}"
  [ $rc = 0 ] || { python_result="$python_result; FAILED (log: $logs/python-pytest.log)"; return 1; }
}
