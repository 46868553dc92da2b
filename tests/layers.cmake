# Checks that include/scan/ keeps its layers one-way (README, "Layout"): run by CTest as `layers`
# (cmake -DROOT=<source dir> -P tests/layers.cmake). From the top:
#   api            scan/scan.hpp, blockwise.hpp, segmented.hpp, kokkos.hpp
#   front          scan/detail/*.hpp: checks done, a call routed to a backend
#   orchestration  scan/detail/orchestration/
#   backends       scan/detail/backends/<name>/: glue; cuda and hip plug into gpu, and kokkos into
#                  gpu, cuda and hip (Kokkos::Cuda and Kokkos::HIP run those kernels); no other pair
#   kernels        scan/detail/kernels/
#   platform       scan/detail/platform/
# and, usable from every layer, the vocabulary: scan/{config,error,half,operators,options,segments,types}.hpp
# and scan/detail/core/. A header includes only its own layer and those below it, and nothing
# outside include/.
if(NOT DEFINED ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<libscan source dir> -P layers.cmake")
endif()

function(layer_of path out_rank out_group)
  set(group "")
  if(path MATCHES "^scan/(config|error|half|operators|options|segments|types)\\.hpp$" OR path MATCHES "^scan/detail/core/")
    set(rank 99)
  elseif(path MATCHES "^scan/[^/]+$")
    set(rank 0)
  elseif(path MATCHES "^scan/detail/[^/]+$")
    set(rank 1)
  elseif(path MATCHES "^scan/detail/orchestration/")
    set(rank 2)
  elseif(path MATCHES "^scan/detail/backends/([^/]+)/")
    set(rank 3)
    set(group ${CMAKE_MATCH_1})
  elseif(path MATCHES "^scan/detail/kernels/")
    set(rank 4)
  elseif(path MATCHES "^scan/detail/platform/")
    set(rank 5)
  else()
    set(rank -1)
  endif()
  set(${out_rank} ${rank} PARENT_SCOPE)
  set(${out_group} "${group}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE headers RELATIVE ${ROOT}/include ${ROOT}/include/scan/*)
set(problems)
foreach(header IN LISTS headers)
  layer_of(${header} rank group)
  if(rank EQUAL -1)
    list(APPEND problems "${header}: in no layer")
    continue()
  endif()
  file(STRINGS ${ROOT}/include/${header} lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
      list(APPEND problems "${header}: includes \"${CMAKE_MATCH_1}\" (outside include/scan: use <scan/...>)")
    elseif(line MATCHES "#[ \t]*include[ \t]*<(scan/[^>]+)>")
      set(target ${CMAKE_MATCH_1})
      layer_of(${target} target_rank target_group)
      if(target_rank EQUAL 99)
        continue() # the vocabulary
      endif()
      if(rank EQUAL 99)
        list(APPEND problems "${header}: the vocabulary includes ${target}")
      elseif(target_rank LESS rank)
        list(APPEND problems "${header}: includes ${target}, a layer above it")
      elseif(rank EQUAL 3 AND target_rank EQUAL 3 AND NOT group STREQUAL target_group)
        if(NOT (target_group STREQUAL "gpu" AND group MATCHES "^(cuda|hip)$") AND
           NOT (target_group MATCHES "^(gpu|cuda|hip)$" AND group STREQUAL "kokkos"))
          list(APPEND problems "${header}: backend ${group} includes backend ${target_group} (${target})")
        endif()
      endif()
    endif()
  endforeach()
endforeach()
if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "include/scan breaks its layers:\n  ${text}")
endif()
list(LENGTH headers count)
message(STATUS "layers: ${count} headers of include/scan, every include points down")
