// A Kokkos application's use of libscan: the row pointers of a CSR sparse matrix from the number
// of nonzeros in each row (an exclusive scan whose total is the last row pointer), then the column
// indices filled through them, then a check of both.
//
//   kokkos_csr [rows]        (Kokkos options such as --kokkos-threads=4 are accepted too)
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <Kokkos_Core.hpp>
#include <scan/kokkos.hpp>

using exec_space = Kokkos::DefaultExecutionSpace;
using offset = std::int64_t;

// A reproducible sparsity pattern: row i holds count(i) entries, in columns col(i, k).
KOKKOS_INLINE_FUNCTION int row_count(std::int64_t i) {
  return static_cast<int>(static_cast<std::uint64_t>(i) * 2654435761u % 17u); // 0..16, some empty
}
KOKKOS_INLINE_FUNCTION std::int64_t column(std::int64_t i, int k, std::int64_t cols) {
  return (i * 31 + k * 7919) % cols;
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard kokkos(argc, argv);
  const std::int64_t rows = argc > 1 ? std::atoll(argv[1]) : 1000000;
  const std::int64_t cols = rows > 0 ? rows : 1;
  exec_space exec;

  // 1. How many nonzeros each row has, as small integers.
  Kokkos::View<std::uint8_t*> counts("counts", rows);
  Kokkos::parallel_for(
      "count", Kokkos::RangePolicy<exec_space>(exec, 0, rows),
      KOKKOS_LAMBDA(const std::int64_t i) { counts(i) = static_cast<std::uint8_t>(row_count(i)); });

  // 2. row_ptr(i) = nonzeros before row i, widened to 64 bits; row_ptr(rows) = all nonzeros. The
  //    scan and its total are queued on exec; nothing waits until the total is read back.
  Kokkos::View<offset*> row_ptr("row_ptr", rows + 1);
  auto starts = Kokkos::subview(row_ptr, Kokkos::make_pair(std::int64_t{0}, rows));
  auto last = Kokkos::subview(row_ptr, Kokkos::make_pair(rows, rows + 1));
  scan::kokkos::exclusive_scan(exec, counts, scan::kokkos::with_totals(starts, last), offset{0});

  offset nnz = 0;
  Kokkos::deep_copy(exec, nnz, Kokkos::subview(row_ptr, rows));
  exec.fence();

  // 3. Column indices, written through the row pointers.
  Kokkos::View<std::int64_t*> col_idx("col_idx", nnz);
  Kokkos::parallel_for(
      "fill", Kokkos::RangePolicy<exec_space>(exec, 0, rows), KOKKOS_LAMBDA(const std::int64_t i) {
        for (offset j = row_ptr(i); j < row_ptr(i + 1); ++j)
          col_idx(j) = column(i, static_cast<int>(j - row_ptr(i)), cols);
      });

  // 4. Checks: every row holds its count and its columns; the total is the sum of the counts.
  std::int64_t bad_rows = 0, expected_nnz = 0;
  Kokkos::parallel_reduce(
      "check rows", Kokkos::RangePolicy<exec_space>(exec, 0, rows),
      KOKKOS_LAMBDA(const std::int64_t i, std::int64_t& bad) {
        const int c = row_count(i);
        bool ok = row_ptr(i + 1) - row_ptr(i) == c;
        for (int k = 0; ok && k < c; ++k)
          ok = col_idx(row_ptr(i) + k) == column(i, k, cols);
        bad += ok ? 0 : 1;
      },
      bad_rows);
  Kokkos::parallel_reduce(
      "count nonzeros", Kokkos::RangePolicy<exec_space>(exec, 0, rows),
      KOKKOS_LAMBDA(const std::int64_t i, std::int64_t& sum) { sum += row_count(i); },
      expected_nnz);
  exec.fence();

  if (bad_rows != 0 || nnz != expected_nnz) {
    std::printf("FAILED: %lld of %lld rows wrong, nnz %lld (expected %lld)\n",
                static_cast<long long>(bad_rows), static_cast<long long>(rows),
                static_cast<long long>(nnz), static_cast<long long>(expected_nnz));
    return 1;
  }
  std::printf("CSR of %lld rows, %lld nonzeros on %s: row pointers checked\n",
              static_cast<long long>(rows), static_cast<long long>(nnz), exec_space::name());
  return 0;
}
