# Run by CTest (cmake -P): installs the libscan build in BUILD_DIR into a fresh prefix under
# WORK_DIR, configures and builds the consumer project SOURCE_DIR against that prefix only, runs
# it, and removes WORK_DIR when all went well.
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()

function(step what)
  message(STATUS "consumer test: ${what}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer test: ${what} failed (${rc}): ${ARGN}")
  endif()
endfunction()

set(prefix ${WORK_DIR}/prefix)
# The parent build's prefix path (dependencies such as Kokkos), after the fresh prefix. Its
# separators are escaped (\;) so that step() passes -DCMAKE_PREFIX_PATH=... as one argument.
set(search "${prefix}")
if(PREFIX_PATH)
  string(REPLACE "|" "\\;" more "${PREFIX_PATH}")
  string(APPEND search "\\;${more}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})

step("install into ${prefix}" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
set(cuda)
if(CUDA_COMPILER)
  set(cuda -DCMAKE_CUDA_COMPILER=${CUDA_COMPILER})
endif()
step("configure" ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER} ${cuda} "-DCMAKE_PREFIX_PATH=${search}"
  -DEXPECTED_PREFIX=${prefix} -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
step("build" ${CMAKE_COMMAND} --build ${WORK_DIR}/build)
step("run" ${WORK_DIR}/build/consumer)
if(EXISTS ${WORK_DIR}/build/consumer_custom)
  step("run the custom operator (nvcc)" ${WORK_DIR}/build/consumer_custom)
endif()
# Only include/scan at the top of the installed include directory.
file(GLOB top RELATIVE ${prefix}/include ${prefix}/include/*)
if(NOT top STREQUAL "scan")
  message(FATAL_ERROR "consumer test: the installed include directory holds '${top}', not scan/ alone")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
