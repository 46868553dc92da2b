# Finds an installed Kokkos and makes its Kokkos::kokkos target usable as found. Used by the kokkos
# backend and by the installed libscan package config.
#
# Some packaged builds export include directories that do not exist: Debian's Trilinos build of
# Kokkos 3.4 points Kokkos::kokkos at <prefix>/lib/include, while its Kokkos_INCLUDE_DIRS variable
# names the real directory (/usr/include/trilinos). scan_repair_kokkos_includes() drops missing
# directories from the target and adds Kokkos_INCLUDE_DIRS in their place, so users never patch
# their system. A healthy Kokkos (e.g. 4.x from its own CMake build) is left untouched.
include_guard(GLOBAL)

function(scan_repair_kokkos_includes)
  if(NOT TARGET Kokkos::kokkos)
    return()
  endif()
  set(target Kokkos::kokkos)
  get_target_property(aliased Kokkos::kokkos ALIASED_TARGET)
  if(aliased)
    set(target ${aliased})
  endif()
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  if(NOT dirs)
    return()
  endif()
  set(kept)
  set(missing)
  foreach(dir IN LISTS dirs)
    # Generator expressions are kept as they are: they cannot be checked here.
    if(dir MATCHES "^\\$<" OR EXISTS "${dir}")
      list(APPEND kept "${dir}")
    else()
      list(APPEND missing "${dir}")
    endif()
  endforeach()
  if(NOT missing)
    return()
  endif()
  set(found)
  foreach(dir IN LISTS Kokkos_INCLUDE_DIRS)
    get_filename_component(dir "${dir}" ABSOLUTE)
    if(EXISTS "${dir}/Kokkos_Core.hpp")
      list(APPEND found "${dir}")
    endif()
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "Kokkos::kokkos names missing include directories (${missing}) and "
                        "Kokkos_INCLUDE_DIRS ('${Kokkos_INCLUDE_DIRS}') holds no Kokkos_Core.hpp; "
                        "set Kokkos_DIR to a complete Kokkos installation")
  endif()
  list(APPEND kept ${found})
  list(REMOVE_DUPLICATES kept)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${kept}")
  message(STATUS "libscan: Kokkos::kokkos include directories repaired: ${missing} -> ${found}")
endfunction()

# scan_find_kokkos([REQUIRED] [QUIET]): find_package(Kokkos CONFIG ...) plus the repair above.
macro(scan_find_kokkos)
  find_package(Kokkos CONFIG ${ARGN})
  if(Kokkos_FOUND)
    scan_repair_kokkos_includes()
  endif()
endmacro()
