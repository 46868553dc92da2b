# shellcheck shell=bash
# Shell functions for the two commands (examples/demo.sh, tests/run.sh): install what they need
# with apt-get after saying what and why, and a CMake new enough for libscan. Sourced, not run.
#
# A plan is an array of "packages|why|required or optional" entries. install_plan prints every
# entry, then installs each; a required one that cannot be installed stops the caller (exit 2), an
# optional one is left out.

# Runs a command as root: directly, or through sudo; false when neither is possible.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi
}

packages_updated=0
# apt_install LOG PACKAGE...: false when apt-get is missing or the install fails.
apt_install() {
  local log=$1
  shift
  command -v apt-get >/dev/null || return 1
  if [ $packages_updated = 0 ]; then
    as_root apt-get update -qq >>"$log" 2>&1 || return 1
    packages_updated=1
  fi
  # Waits for the package lock rather than failing when another apt-get holds it.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    -o DPkg::Lock::Timeout=600 "$@" >>"$log" 2>&1
}

# install_plan LOG OPTIONAL_NOTE [ENTRY...]: OPTIONAL_NOTE follows each optional entry's reason.
install_plan() {
  local log=$1 note=$2 entry pkgs why kind
  shift 2
  [ $# -gt 0 ] || return 0
  printf '\n== installing with apt-get (output: %s)\n' "$log"
  for entry in "$@"; do
    IFS='|' read -r pkgs why kind <<<"$entry"
    echo "  $pkgs: $why$([ "$kind" = optional ] && echo " ($note)")"
  done
  for entry in "$@"; do
    IFS='|' read -r pkgs why kind <<<"$entry"
    # shellcheck disable=SC2086 # one word per package
    if apt_install "$log" $pkgs; then
      echo "  installed $pkgs"
    elif [ "$kind" = required ]; then
      echo "could not install $pkgs (not root and no sudo, no apt-get, or see $log);"
      echo "install it yourself, e.g. sudo apt-get install $pkgs"
      exit 2
    else
      echo "  could not install $pkgs (see $log): left out"
    fi
  done
}

# require_cmake_3_24 LOG: libscan needs CMake 3.24 or newer; older distributions get it from pip
# (into ~/.local, put first on PATH).
require_cmake_3_24() {
  local log=$1 version
  version=$(cmake --version | head -1 | grep -oE '[0-9]+\.[0-9]+' | head -1)
  [ "$(printf '%s\n3.24\n' "$version" | sort -V | head -1)" = 3.24 ] && return 0
  printf '\n== cmake %s is older than 3.24 (libscan'"'"'s minimum): installing cmake>=3.24 with pip into ~/.local (output: %s)\n' \
    "$version" "$log"
  python3 -m pip install --quiet --user 'cmake>=3.24' >"$log" 2>&1 ||
    python3 -m pip install --quiet --user --break-system-packages 'cmake>=3.24' >>"$log" 2>&1 ||
    { echo "could not install cmake >= 3.24"; exit 2; }
  export PATH=$HOME/.local/bin:$PATH
}
