/// @file
/// libscan's version. The top-level CMakeLists.txt reads these three numbers for
/// `project(libscan VERSION ...)`, so the installed package's `libscan_VERSION` is the same.
#pragma once

/// Major version: changes that break source compatibility.
#define SCAN_VERSION_MAJOR 0
/// Minor version: additions.
#define SCAN_VERSION_MINOR 1
/// Patch version: fixes.
#define SCAN_VERSION_PATCH 0

#define SCAN_DETAIL_STRINGIFY_(x) #x
#define SCAN_DETAIL_STRINGIFY(x) SCAN_DETAIL_STRINGIFY_(x)
/// The version as "major.minor.patch".
#define SCAN_VERSION_STRING                                                                        \
  SCAN_DETAIL_STRINGIFY(SCAN_VERSION_MAJOR)                                                        \
  "." SCAN_DETAIL_STRINGIFY(SCAN_VERSION_MINOR) "." SCAN_DETAIL_STRINGIFY(SCAN_VERSION_PATCH)
