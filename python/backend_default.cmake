# The backend a Python build picks when SCAN_BACKEND is not given: cuda where nvcc is found (on
# the PATH, CUDACXX or /usr/local/cuda/bin), host otherwise. pip install . -C
# cmake.define.SCAN_BACKEND=host (or cuda) chooses.
if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
  find_program(scan_nvcc nvcc)
  if(NOT scan_nvcc) # CUDA's default place, off the PATH (pip's build environment)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
endif()
if(NOT DEFINED SCAN_BACKEND AND NOT DEFINED CACHE{SCAN_BACKEND})
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(SCAN_BACKEND cuda CACHE STRING "Device backend to build: cuda, hip, kokkos or host")
  else()
    set(SCAN_BACKEND host CACHE STRING "Device backend to build: cuda, hip, kokkos or host")
  endif()
  message(STATUS "libscan (Python): SCAN_BACKEND=${SCAN_BACKEND} (nvcc: ${CMAKE_CUDA_COMPILER})")
endif()
