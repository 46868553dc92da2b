#!/usr/bin/env bash
# Builds libscan's HIP backend and its test program on HIP's NVIDIA platform (hipcc driving nvcc),
# so that the HIP suite runs on an NVIDIA GPU where no AMD GPU is at hand.
#
# HIP 5.2's NVIDIA headers compile against CUDA 11 only (CUDA 12 removed the texture references
# and cudaDeviceProp fields they use), and PyPI's CUDA 11.8 compiler wheel holds ptxas but no nvcc.
# So this assembles CUDA 11.8 into $CUDA_118 (default /opt/cuda-11.8-hip): nvcc, cicc, cudafe++,
# fatbinary, nvlink and ptxas from Debian bookworm's non-free nvidia-cuda-toolkit package, runtime
# headers, libcudart and libdevice from PyPI's nvidia-cuda-*-cu11 wheels. CUDA 11.8 takes g++ 11
# as host compiler (Debian's g++-11). Needs root for apt and pip downloads.
#
# Usage: tests/hip/nvidia/build.sh [build-dir]   (default build-hip-nvidia)
#   SCAN_HIP_TARGETS  NVIDIA targets (default sm_90)
# The test program then runs with LD_LIBRARY_PATH=$CUDA_118/lib64 (libcudart.so.11.0).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${1:-$root/build-hip-nvidia}
cuda=${CUDA_118:-/opt/cuda-11.8-hip}
work=${TMPDIR:-/tmp}/scan-cuda-11.8

assemble_cuda() {
  echo "assembling CUDA 11.8 in $cuda"
  mkdir -p "$work/lists/partial" "$work/debs" "$work/wheels"
  cat >"$work/sources.list" <<'EOF'
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main non-free
EOF
  local apt=(-o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$work/lists")
  apt-get "${apt[@]}" update -qq
  (cd "$work/debs" && apt-get "${apt[@]}" download nvidia-cuda-toolkit)
  python3 -m pip download -q --no-deps --only-binary=:all: --platform manylinux2014_x86_64 \
    -d "$work/wheels" nvidia-cuda-runtime-cu11==11.8.89 nvidia-cuda-nvcc-cu11==11.8.89
  rm -rf "$work/x" && mkdir -p "$work/x"
  dpkg -x "$work"/debs/nvidia-cuda-toolkit_*.deb "$work/x"
  for w in "$work"/wheels/*.whl; do python3 -m zipfile -e "$w" "$work/x"; done
  local deb=$work/x/usr wheel=$work/x/nvidia
  rm -rf "$cuda" && mkdir -p "$cuda/bin" "$cuda/include" "$cuda/lib64/stubs" "$cuda/nvvm/libdevice"
  cp "$deb/lib/nvidia-cuda-toolkit/bin/nvcc" "$deb/lib/nvidia-cuda-toolkit/bin/cicc" "$cuda/bin/"
  cp -r "$deb/lib/nvidia-cuda-toolkit/bin/crt" "$cuda/bin/"
  for tool in cudafe++ fatbinary nvlink ptxas bin2c; do cp "$deb/bin/$tool" "$cuda/bin/"; done
  chmod +x "$cuda"/bin/*
  cp -r "$wheel/cuda_runtime/include/." "$cuda/include/"
  cp -r "$wheel/cuda_nvcc/include/crt" "$wheel/cuda_nvcc/include/fatbinary_section.h" "$cuda/include/"
  cp "$wheel/cuda_nvcc/nvvm/libdevice/libdevice.10.bc" "$cuda/nvvm/libdevice/"
  cp "$wheel/cuda_runtime/lib/libcudart.so.11.0" "$cuda/lib64/"
  ln -sf libcudart.so.11.0 "$cuda/lib64/libcudart.so"
  # hipcc links -lcuda; the driver itself comes from the machine that runs the program.
  printf 'void cuGetErrorString(void){}\n' | gcc -shared -Wl,-soname,libcuda.so.1 -x c - -o "$cuda/lib64/stubs/libcuda.so"
  cat >"$cuda/bin/nvcc.profile" <<'EOF'
TOP              = $(_HERE_)/..
NVVMIR_LIBRARY_DIR = $(TOP)/nvvm/libdevice
LD_LIBRARY_PATH += $(TOP)/lib64:
PATH            += $(TOP)/bin:
INCLUDES        +=  "-I$(TOP)/include" $(_SPACE_)
LIBRARIES        =+ $(_SPACE_) "-L$(TOP)/lib64" "-L$(TOP)/lib64/stubs"
CUDAFE_FLAGS    +=
PTXAS_FLAGS     +=
EOF
}

[[ -x $cuda/bin/nvcc ]] || assemble_cuda
command -v g++-11 >/dev/null || { apt-get update -qq && apt-get install -y -qq g++-11 >/dev/null; }
"$cuda/bin/nvcc" --version | tail -1

export HIP_PLATFORM=nvidia CUDA_PATH=$cuda SCAN_NVCC_HOST_COMPILER=g++-11
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSCAN_BACKEND=hip \
  -DCMAKE_CXX_COMPILER="$here/hipcc" -DSCAN_HIP_TARGETS="${SCAN_HIP_TARGETS:-sm_90}" \
  -DSCAN_BUILD_PERF=OFF -DSCAN_BUILD_EXAMPLES=OFF
time cmake --build "$build" --target scan_test_hip
echo "built $build; run: LD_LIBRARY_PATH=$cuda/lib64 $build/tests/hip/scan_test_hip"
