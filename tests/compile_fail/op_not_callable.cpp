// Must not compile: the operator cannot combine two ints. CTest's api.op_static_assert expects a
// single error, the static_assert naming `op` (tests/expect_compile_error.cmake).
#include <string>

#include <scan/scan.hpp>

struct joins_strings {
  std::string operator()(const std::string& a, const std::string& b) const { return a + b; }
};

int main() {
  int a[4] = {1, 2, 3, 4};
  scan::inclusive_scan(a, a, 4, joins_strings{});
}
