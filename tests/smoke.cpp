#include <cstdio>
#include <vector>
#include <scan/scan.hpp>
#include "backends/host/reference_scan.hpp"
int main() {
  for (long n : {0L, 1L, 5L, 100000L, 3000000L}) {
    std::vector<int> in(n), out(n, -1), ref(n);
    for (long i = 0; i < n; ++i)
      in[i] = int(i % 7) - 3;
    for (auto algo : {scan::algorithm::single_pass, scan::algorithm::reduce_then_scan,
                      scan::algorithm::scan_then_fan}) {
      scan::options o;
      o.algorithm = algo;
      scan::exclusive_scan(in.data(), out.data(), n, 10, scan::sum{}, o);
      scan::reference::exclusive_scan(in.data(), ref.data(), n, 10);
      if (out != ref) {
        std::printf("FAIL n=%ld algo=%d\n", n, int(algo));
        return 1;
      }
      auto lam = [](int a, int b) { return a + b; };
      scan::inclusive_scan(in.data(), out.data(), n, lam, o);
      scan::reference::inclusive_scan(in.data(), ref.data(), n);
      if (out != ref) {
        std::printf("FAIL custom n=%ld algo=%d\n", n, int(algo));
        return 1;
      }
    }
  }
  std::puts("ok");
}
