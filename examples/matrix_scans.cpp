// Batched scans on the host backend (plain C++, runs on every machine): cumulative sums along the
// rows and down the columns of a row-major matrix stored with padding (a leading dimension larger
// than its width), and a running maximum over every third item of a sequence. Each result is
// checked against a serial loop; the program exits non-zero on a mismatch.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <scan/batched.hpp>

int main() {
  scan::options host;
  host.backend = scan::backend::host;

  // A 4 x 5 matrix in rows of 8 floats (3 of padding, which the scans leave alone).
  const std::int64_t rows = 4, cols = 5, ld = 8;
  std::vector<float> a(static_cast<std::size_t>(rows * ld), -1.0f);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      a[r * ld + c] = static_cast<float>(r + 1) * 0.5f + static_cast<float>(c);
  std::vector<float> along_rows(a.size(), -1.0f), down_columns(a.size(), -1.0f);
  const scan::matrix<const float> in(a.data(), rows, cols, ld);
  scan::batched_inclusive_scan(in, scan::matrix<float>(along_rows.data(), rows, cols, ld),
                               scan::along::rows, scan::sum{}, host);
  scan::batched_inclusive_scan(in, scan::matrix<float>(down_columns.data(), rows, cols, ld),
                               scan::along::columns, scan::sum{}, host);

  // Every third reading of an interleaved log: its running maximum.
  const std::vector<std::int32_t> log{5, 0, 0, 3, 0, 0, 9, 0, 0, 4, 0, 0, 11, 0, 0};
  std::vector<std::int32_t> peak(5);
  scan::strided_inclusive_scan(log.data(), 3, peak.data(), 1, 5, scan::max{}, host);

  int bad = 0;
  for (std::int64_t r = 0; r < rows; ++r) {
    float acc = 0;
    for (std::int64_t c = 0; c < cols; ++c) {
      acc += a[r * ld + c];
      bad += along_rows[r * ld + c] != acc;
    }
    for (std::int64_t c = cols; c < ld; ++c)
      bad += along_rows[r * ld + c] != -1.0f || down_columns[r * ld + c] != -1.0f;
  }
  for (std::int64_t c = 0; c < cols; ++c) {
    float acc = 0;
    for (std::int64_t r = 0; r < rows; ++r) {
      acc += a[r * ld + c];
      bad += down_columns[r * ld + c] != acc;
    }
  }
  std::int32_t high = log[0];
  for (std::int64_t i = 0; i < 5; ++i) {
    high = log[3 * i] > high ? log[3 * i] : high;
    bad += peak[i] != high;
  }
  std::printf("last row along rows:");
  for (std::int64_t c = 0; c < cols; ++c)
    std::printf(" %g", static_cast<double>(along_rows[(rows - 1) * ld + c]));
  std::printf("\nlast row down columns:");
  for (std::int64_t c = 0; c < cols; ++c)
    std::printf(" %g", static_cast<double>(down_columns[(rows - 1) * ld + c]));
  std::printf("\nrunning peak:");
  for (std::int32_t v : peak)
    std::printf(" %d", v);
  std::printf("\n%s\n", bad ? "MISMATCH" : "ok");
  return bad ? 1 : 0;
}
