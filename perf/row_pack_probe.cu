// Probe: a column scan of a row-major matrix with few columns (C = cols = ld) as a flat scan of
// its rows, each row one item of C values under the lane-wise operator, beside main's batched
// column scan and a device copy of the same bytes. Median of 30 calls after 5 warm-ups, each
// timed with CUDA events on one stream. Checks both results against the host's column sums
// (bit for bit: the items make every order of addition exact).
//   row_pack_probe [log2 items, default 26]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include <scan/batched.hpp>
#include <scan/scan.hpp>

namespace {

template <class T, int C> struct alignas(C * sizeof(T) >= 16 ? 16 : C * sizeof(T)) row { T v[C]; };
struct lanewise_sum {
  template <class T, int C>
  __host__ __device__ row<T, C> operator()(const row<T, C>& a, const row<T, C>& b) const {
    row<T, C> r;
    for (int i = 0; i < C; ++i)
      r.v[i] = a.v[i] + b.v[i];
    return r;
  }
};

void check(cudaError_t e) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA: %s\n", cudaGetErrorString(e));
    std::exit(1);
  }
}

template <class F> double median_ms(cudaStream_t s, F&& f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 5; ++i)
    f();
  std::vector<float> t;
  for (int i = 0; i < 30; ++i) {
    cudaEventRecord(a, s);
    f();
    cudaEventRecord(b, s);
    check(cudaEventSynchronize(b));
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class T, int C> void probe(const char* type, long long n, cudaStream_t s) {
  const long long rows = n / C;
  const size_t bytes = static_cast<size_t>(rows) * C * sizeof(T);
  T *in, *out, *ref;
  check(cudaMalloc(&in, bytes));
  check(cudaMalloc(&out, bytes));
  check(cudaMalloc(&ref, bytes));
  std::vector<T> h(static_cast<size_t>(rows) * C);
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = static_cast<T>(static_cast<int>((i * 2654435761u >> 7) % 7) - 3);
  check(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  scan::options opt;
  opt.stream = s;
  const auto mat_in = scan::matrix(static_cast<const T*>(in), rows, C, C);
  const auto batched = [&] {
    scan::batched_inclusive_scan(mat_in, scan::matrix(ref, rows, C, C), scan::along::columns,
                                 scan::sum{}, opt);
  };
  using R = row<T, C>;
  const auto packed = [&] {
    scan::inclusive_scan(reinterpret_cast<const R*>(in), reinterpret_cast<R*>(out), rows,
                         lanewise_sum{}, opt);
  };
  const auto copy = [&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, s); };
  const double tc = median_ms(s, copy), tb = median_ms(s, batched), tp = median_ms(s, packed);
  // Poisoned on the scans' stream, so that a result left unwritten cannot pass.
  check(cudaMemsetAsync(ref, 0xff, bytes, s));
  check(cudaMemsetAsync(out, 0xff, bytes, s));
  batched();
  packed();
  check(cudaStreamSynchronize(s));
  std::vector<T> a(h.size()), b(h.size());
  check(cudaMemcpy(a.data(), ref, bytes, cudaMemcpyDeviceToHost));
  check(cudaMemcpy(b.data(), out, bytes, cudaMemcpyDeviceToHost));
  // The host's column sums, in double. Items of -3..3 keep every partial sum a small integer,
  // exact in float too, whatever order a path adds in.
  long long bad = 0;
  std::vector<double> running(C, 0.0);
  for (size_t i = 0; i < h.size(); ++i) {
    double& r = running[i % C];
    r += static_cast<double>(h[i]);
    if (static_cast<double>(a[i]) != r) ++bad;
    if (static_cast<double>(b[i]) != r) ++bad;
  }
  std::printf("| %s | %lld x %d | %.4f | %.4f | %.4f | %.2f | %.2f | %s |\n", type, rows, C, tc, tb,
              tp, tc / tb, tc / tp, bad ? "WRONG" : "ok");
  cudaFree(in);
  cudaFree(out);
  cudaFree(ref);
}

template <class T, int... C> void probe_columns(const char* type, long long n, cudaStream_t s) {
  (probe<T, C>(type, n, s), ...);
}

} // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 26;
  const long long n = 1LL << lg;
  cudaStream_t s;
  check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  std::printf("%s, 2^%d items\n\n| type | rows x cols | copy ms | batched ms | rows as packs ms "
              "| batched / copy | packs / copy | check |\n|---|---|--:|--:|--:|--:|--:|---|\n",
              p.name, lg);
  probe_columns<int, 2, 4, 8, 16, 32>("int32", n, s);
  probe_columns<float, 2, 4, 8, 16>("float", n, s);
  probe_columns<double, 2, 4, 8>("double", n, s);
  cudaStreamDestroy(s);
  return 0;
}
