// libscan for Kokkos applications: scans of Kokkos::Views on an execution space instance (see
// detail/kokkos_views.hpp for the entry points, detail/kokkos_segmented_views.hpp for the
// segmented ones, detail/kokkos_batched_views.hpp for rows and columns of rank-2 Views,
// detail/kokkos_blockwise_views.hpp for blockwise ones, detail/kokkos_view_totals.hpp for totals
// into a View: scan::kokkos::with_totals). Needs libscan configured with SCAN_BACKEND=kokkos;
// Kokkos must be initialized before the first scan.
#pragma once

#if !defined(SCAN_WITH_KOKKOS)
#error "scan/kokkos.hpp needs a libscan built with SCAN_BACKEND=kokkos"
#endif

#include <scan/detail/kokkos_batched_views.hpp>
#include <scan/detail/kokkos_blockwise_views.hpp>
#include <scan/detail/kokkos_segmented_views.hpp>
#include <scan/detail/kokkos_view_totals.hpp>
#include <scan/detail/kokkos_views.hpp>
#include <scan/scan.hpp>
