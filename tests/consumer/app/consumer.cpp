// An out-of-tree libscan user compiled by a plain C++ compiler: built-in operators through the
// compiled library, a custom operator through the header path, and an argument error, all on
// the host backend (built into every libscan). Exits non-zero on any wrong result.
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include <scan/scan.hpp>
#include <scan/version.hpp>

namespace {

// "The last non-zero value so far": associative, not commutative. Callable on a device too: a
// kokkos libscan over a Kokkos with CUDA is used through Kokkos' nvcc_wrapper, which compiles
// this file for the GPU as well.
struct last_nonzero {
  SCAN_HOST_DEVICE int operator()(int a, int b) const { return b != 0 ? b : a; }
};

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("consumer: FAILED: %s\n", what);
    ++failures;
  }
}

} // namespace

int main() {
  scan::options opt;
  opt.backend = scan::backend::host;
  const std::int64_t n = (std::int64_t{1} << 20) + 7; // several parts

  // Counts to offsets: uint8 in, int64 out, accumulated in 64 bits.
  std::vector<std::uint8_t> counts(n);
  for (std::int64_t i = 0; i < n; ++i)
    counts[i] = static_cast<std::uint8_t>(200 + i % 56);
  std::vector<std::int64_t> offsets(n);
  scan::exclusive_scan(counts.data(), offsets.data(), n, std::int64_t{0}, scan::sum{}, opt);
  std::int64_t acc = 0;
  bool ok = true;
  for (std::int64_t i = 0; i < n; ++i) {
    ok = ok && offsets[i] == acc;
    acc += counts[i];
  }
  expect(ok, "exclusive uint8 -> int64 sum");

  // A built-in operator in place, and a custom one through the header path.
  std::vector<int> v(n);
  for (std::int64_t i = 0; i < n; ++i)
    v[i] = i % 1000 == 0 ? static_cast<int>(i) : 0;
  std::vector<int> last(n);
  scan::inclusive_scan(v.data(), last.data(), n, last_nonzero{}, opt);
  ok = true;
  for (std::int64_t i = 0; i < n; ++i)
    ok = ok && last[i] == static_cast<int>(i / 1000 * 1000);
  expect(ok, "inclusive custom operator");
  scan::inclusive_scan(v.data(), v.data(), n, scan::max{}, opt);
  expect(v == last, "inclusive max in place");

  // Bad input: an error that names the argument, and nothing written.
  try {
    scan::inclusive_scan(static_cast<const int*>(nullptr), last.data(), n, scan::sum{}, opt);
    expect(false, "null input accepted");
  } catch (const scan::error& e) {
    expect(std::string(e.what()).rfind("in:", 0) == 0, "error message names the input");
  }

  // The package's version (libscan_VERSION) is the headers' version.
  expect(std::string(LIBSCAN_PACKAGE_VERSION) == SCAN_VERSION_STRING,
         "libscan_VERSION equals SCAN_VERSION_STRING");

  std::printf("consumer: %s (libscan built with the %s backend)\n", failures ? "FAILED" : "ok",
              LIBSCAN_BACKEND_NAME);
  return failures ? 1 : 0;
}
