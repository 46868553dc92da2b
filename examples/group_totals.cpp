// Segmented scans on the host backend (plain C++, runs on every machine): CSR row offsets from a
// degree array (the entry count as the scan's total), a running total within each row and each
// row's sum (segments by offsets, with totals), and a per-group running total of a sorted log
// (scan by key). Each result is checked against a serial loop; the program
// exits non-zero on a mismatch.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <scan/scan.hpp>
#include <scan/segmented.hpp>

int main() {
  scan::options host;
  host.backend = scan::backend::host;

  // Row degrees -> CSR row pointers: an exclusive sum, its total (the entry count) as the last.
  const std::vector<std::uint8_t> degree{3, 0, 2, 4, 1};
  const auto rows = static_cast<std::int64_t>(degree.size());
  std::vector<std::int64_t> row_ptr(degree.size() + 1);
  scan::exclusive_scan(degree.data(), scan::with_totals(row_ptr.data(), row_ptr.data() + rows),
                       rows, std::int64_t{0}, scan::sum{}, host);

  // A value per nonzero; the running total within each row, and each row's sum.
  const std::int64_t nnz = row_ptr[rows];
  std::vector<double> value(static_cast<std::size_t>(nnz)), within(value.size()), row_sum(rows);
  for (std::int64_t i = 0; i < nnz; ++i)
    value[i] = 0.5 * static_cast<double>(i + 1);
  scan::segmented_inclusive_scan(value.data(), scan::with_totals(within.data(), row_sum.data()),
                                 nnz, scan::offsets(row_ptr.data(), rows), 0.0, scan::sum{}, host);

  // A sorted log of (group, amount): the running total of each group.
  const std::vector<std::int32_t> group{7, 7, 7, 2, 2, 9};
  const std::vector<std::int64_t> amount{10, 20, 5, 1, 1, 100};
  std::vector<std::int64_t> running(amount.size());
  scan::segmented_inclusive_scan(amount.data(), running.data(),
                                 static_cast<std::int64_t>(amount.size()), scan::keys(group.data()),
                                 scan::sum{}, host);

  int bad = 0;
  std::int64_t start = 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    bad += row_ptr[r] != start;
    start += degree[r];
    double acc = 0;
    for (std::int64_t i = row_ptr[r]; i < row_ptr[r + 1]; ++i) {
      acc += value[i];
      bad += within[i] != acc;
    }
    bad += row_sum[r] != acc;
  }
  bad += row_ptr[rows] != start;
  std::int64_t total = 0;
  for (std::size_t i = 0; i < amount.size(); ++i) {
    total = i > 0 && group[i] == group[i - 1] ? total + amount[i] : amount[i];
    bad += running[i] != total;
  }
  std::printf("row_ptr:");
  for (std::int64_t p : row_ptr)
    std::printf(" %lld", static_cast<long long>(p));
  std::printf("\nwithin rows:");
  for (double v : within)
    std::printf(" %g", v);
  std::printf("\nrow sums:");
  for (double v : row_sum)
    std::printf(" %g", v);
  std::printf("\nrunning per group:");
  for (std::int64_t v : running)
    std::printf(" %lld", static_cast<long long>(v));
  std::printf("\n%s\n", bad ? "MISMATCH" : "ok");
  return bad ? 1 : 0;
}
