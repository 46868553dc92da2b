# cmake --install: headers, the library and a package config, so that a program outside this tree
# does find_package(libscan CONFIG REQUIRED) and links libscan::libscan.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS scan EXPORT libscanTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Everything a user's file includes, the header path's kernels too, lies under <scan/...>. A
# build holds one device backend: the others' glue stays out of its package.
# (A kokkos build over a Kokkos with CUDA or HIP holds that GPU backend too.)
set(scan_held ${SCAN_BACKEND})
if(SCAN_BACKEND STREQUAL "kokkos" AND NOT SCAN_KOKKOS_NATIVE STREQUAL "none")
  list(APPEND scan_held ${SCAN_KOKKOS_NATIVE})
endif()
set(scan_other_backends cuda hip kokkos)
list(REMOVE_ITEM scan_other_backends ${scan_held})
set(scan_excluded)
foreach(other IN LISTS scan_other_backends)
  list(APPEND scan_excluded PATTERN "backends/${other}" EXCLUDE)
endforeach()
if(NOT scan_held MATCHES "cuda|hip")
  list(APPEND scan_excluded PATTERN "backends/gpu" EXCLUDE PATTERN "kernels" EXCLUDE
       PATTERN "platform" EXCLUDE)
endif()
if(NOT SCAN_BACKEND STREQUAL "kokkos")
  list(APPEND scan_excluded PATTERN "kokkos*.hpp" EXCLUDE)
endif()
install(DIRECTORY include/scan DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} ${scan_excluded})

set(SCAN_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/libscan)
install(EXPORT libscanTargets NAMESPACE libscan:: DESTINATION ${SCAN_CONFIG_DIR})
configure_package_config_file(cmake/libscanConfig.cmake.in
  ${PROJECT_BINARY_DIR}/libscanConfig.cmake INSTALL_DESTINATION ${SCAN_CONFIG_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/libscanConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/libscanConfig.cmake
  ${PROJECT_BINARY_DIR}/libscanConfigVersion.cmake DESTINATION ${SCAN_CONFIG_DIR})
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/libscan)
