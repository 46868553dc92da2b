# cmake --install: headers, the library and a package config, so that a program outside this tree
# does find_package(libscan CONFIG REQUIRED) and links libscan::libscan.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS scan EXPORT libscanTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/scan DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The header path (custom operators) needs the orchestration and backend headers too.
install(DIRECTORY src backends DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/libscan
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.cuh")

set(SCAN_CONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/libscan)
install(EXPORT libscanTargets NAMESPACE libscan:: DESTINATION ${SCAN_CONFIG_DIR})
configure_package_config_file(cmake/libscanConfig.cmake.in
  ${PROJECT_BINARY_DIR}/libscanConfig.cmake INSTALL_DESTINATION ${SCAN_CONFIG_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/libscanConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/libscanConfig.cmake
  ${PROJECT_BINARY_DIR}/libscanConfigVersion.cmake DESTINATION ${SCAN_CONFIG_DIR})
