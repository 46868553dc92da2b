# Checks that include/scan/ keeps its layers one-way: run by CTest as `layers`
# (cmake -DROOT=<source dir> -P tests/layers.cmake). Every header is in exactly one layer; from the
# top:
#   api                scan/*.hpp not named below: what users include
#   front              scan/detail/*.hpp: checks done, a call routed to a backend or to the compiled
#                      library (compiled_entries.hpp)
#   orchestration      scan/detail/orchestration/ and its segmentation/: the multi-part, segmented,
#                      batched and distributed scans, written once over a backend's primitives
#   backends           scan/detail/backends/<name>/: glue; cuda and hip plug into gpu, and kokkos
#                      into gpu, cuda and hip (Kokkos::Cuda and Kokkos::HIP run those kernels); no
#                      other pair
#   call               scan/detail/call/: the type-erased request and a backend's typed arguments
#   runtime            scan/detail/runtime/: workspaces, the workspace cache, scratch buffers
#   host vocabulary    scan/{communicator,error,options,segments,types}.hpp
#   kernels            scan/detail/kernels/
#   device vocabulary  scan/detail/vocabulary/ and scan/{half,operators}.hpp: what kernels share
#                      (optional values, sequences, head-flagged values, lanes, look-back state)
#   platform           scan/detail/platform/ and scan/config.hpp
# A header includes headers of its own layer and of the layers its `may_include` list names, all
# below it, and nothing outside include/. Device code (kernels, device vocabulary, platform) reaches
# no host-only header through any chain of includes: checked on each one's transitive includes, so
# no kernel sees the options, the communicator or the compiled library's entries.
cmake_minimum_required(VERSION 3.24)
if(NOT DEFINED ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<libscan source dir> -P layers.cmake")
endif()

set(may_include_api front orchestration backends call runtime host_vocabulary kernels
                    device_vocabulary platform)
set(may_include_front orchestration backends call runtime host_vocabulary kernels
                      device_vocabulary platform)
set(may_include_orchestration call runtime host_vocabulary device_vocabulary platform)
set(may_include_backends call runtime host_vocabulary kernels device_vocabulary platform)
set(may_include_call host_vocabulary device_vocabulary platform)
set(may_include_runtime host_vocabulary device_vocabulary platform)
set(may_include_host_vocabulary device_vocabulary platform)
set(may_include_kernels device_vocabulary platform)
set(may_include_device_vocabulary platform)
set(may_include_platform)
set(device_layers kernels device_vocabulary platform)

# The layer of header `path` (relative to include/), "" when it is in none; for backends, `group`
# is the backend's name.
function(layer_of path out_layer out_group)
  set(group "")
  if(path MATCHES "^scan/config\\.hpp$" OR path MATCHES "^scan/detail/platform/[^/]+$")
    set(layer platform)
  elseif(path MATCHES "^scan/(half|operators)\\.hpp$" OR path MATCHES "^scan/detail/vocabulary/[^/]+$")
    set(layer device_vocabulary)
  elseif(path MATCHES "^scan/(communicator|error|options|segments|types)\\.hpp$")
    set(layer host_vocabulary)
  elseif(path MATCHES "^scan/[^/]+$")
    set(layer api)
  elseif(path MATCHES "^scan/detail/[^/]+$")
    set(layer front)
  elseif(path MATCHES "^scan/detail/orchestration/([^/]+|segmentation/[^/]+)$")
    set(layer orchestration)
  elseif(path MATCHES "^scan/detail/backends/([^/]+)/[^/]+$")
    set(layer backends)
    set(group ${CMAKE_MATCH_1})
  elseif(path MATCHES "^scan/detail/call/[^/]+$")
    set(layer call)
  elseif(path MATCHES "^scan/detail/runtime/[^/]+$")
    set(layer runtime)
  elseif(path MATCHES "^scan/detail/kernels/[^/]+$")
    set(layer kernels)
  else()
    set(layer "")
  endif()
  set(${out_layer} "${layer}" PARENT_SCOPE)
  set(${out_group} "${group}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE headers RELATIVE ${ROOT}/include ${ROOT}/include/scan/*)
set(problems)
foreach(header IN LISTS headers)
  layer_of(${header} layer group)
  if(layer STREQUAL "")
    list(APPEND problems "${header}: in no layer")
    continue()
  endif()
  string(MAKE_C_IDENTIFIER "${header}" id)
  set(includes_${id})
  file(STRINGS ${ROOT}/include/${header} lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
      list(APPEND problems "${header}: includes \"${CMAKE_MATCH_1}\" (outside include/scan: use <scan/...>)")
    elseif(line MATCHES "#[ \t]*include[ \t]*<(scan/[^>]+)>")
      set(target ${CMAKE_MATCH_1})
      list(APPEND includes_${id} ${target})
      layer_of(${target} target_layer target_group)
      if(target_layer STREQUAL "")
        list(APPEND problems "${header}: includes ${target}, in no layer")
      elseif(NOT target_layer STREQUAL layer AND NOT target_layer IN_LIST may_include_${layer})
        list(APPEND problems "${header}: includes ${target} (${layer} includes no ${target_layer})")
      elseif(layer STREQUAL "backends" AND target_layer STREQUAL "backends" AND
             NOT group STREQUAL target_group)
        if(NOT (target_group STREQUAL "gpu" AND group MATCHES "^(cuda|hip)$") AND
           NOT (target_group MATCHES "^(gpu|cuda|hip)$" AND group STREQUAL "kokkos"))
          list(APPEND problems "${header}: backend ${group} includes backend ${target_group} (${target})")
        endif()
      endif()
    endif()
  endforeach()
endforeach()

# Device code's transitive includes: every header reached must be device code too.
foreach(header IN LISTS headers)
  layer_of(${header} layer group)
  if(NOT layer IN_LIST device_layers)
    continue()
  endif()
  set(reached)
  set(queue ${header})
  while(queue)
    list(POP_FRONT queue current)
    string(MAKE_C_IDENTIFIER "${current}" id)
    foreach(target IN LISTS includes_${id})
      if(NOT target IN_LIST reached)
        list(APPEND reached ${target})
        layer_of(${target} target_layer target_group)
        if(target_layer IN_LIST device_layers)
          list(APPEND queue ${target})
        else()
          string(CONCAT problem "${header}: device code, reaches ${target} (${target_layer}), "
                                "included by ${current}")
          list(APPEND problems "${problem}")
        endif()
      endif()
    endforeach()
  endwhile()
endforeach()

if(problems)
  list(REMOVE_DUPLICATES problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "include/scan breaks its layers:\n  ${text}")
endif()
list(LENGTH headers count)
message(STATUS "layers: ${count} headers of include/scan, every include points down")
