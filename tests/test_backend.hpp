// The contract between the backend-neutral test bodies (scan_test_body.hpp, and the randomized
// fuzz_body.hpp) and a backend. Each backend's fixture header
// (tests/<backend>/<backend>_fixture.hpp) defines `struct test_backend` with these members; each
// test program includes it and then one body, which holds the test cases and main():
//
//   static constexpr scan::backend id;                  // the backend under test
//   static std::string skip_reason();                   // empty when it can run here, else why not
//                                                       // (e.g. "no CUDA device: <runtime error>")
//   static scan::options options();                     // backend and stream for each call
//   template <class T> static T* allocate(std::int64_t n);        // memory its scans accept
//   template <class T> static void release(T* p);
//   template <class T> static void upload(T* dst, const T* src, std::int64_t n);    // host -> it
//   template <class T> static void download(T* dst, const T* src, std::int64_t n);  // it -> host
//   static void synchronize();                          // wait for work queued on its stream
//   static std::int64_t max_test_items();               // the largest n this machine can hold
//                                                       // (in + out as uint8), for the > 2^31 case
//
// Optional:
//   using session = <RAII type>;                        // held by main() around the whole run,
//                                                       // e.g. Kokkos::ScopeGuard
//   static constexpr bool rejects_host_pointers = true;  // the runtime tells a plain host pointer
//                                                       // from the backend's memory and the
//                                                       // backend rejects it ("in: ... host")
//   static constexpr int sweep_log2 = 22;               // the int32 sweep over every size goes
//                                                       // to 2^sweep_log2 + 1 (default 24: the
//                                                       // GPU single pass stages from 2^24 on)
//
// Optional, read by the shared cases' call_scan, call_blockwise, call_segmented, call_batched and
// call_strided helpers:
//   struct calls;   // static bool flat(inclusive, with_init, <call_scan's arguments>), blockwise,
//                   // segmented, batched and strided: make the call through another API (the
//                   // Kokkos View fixture's Views) and return true, or return false for arguments
//                   // that API cannot express (a negative n), which then go to the pointer API
//
// Optional, read by fuzz_body.hpp only:
//   static void* create_stream();                       // a new stream for options.stream; with
//   static void destroy_stream(void* stream);           // these five, cases run on streams of
//   static void* per_thread_stream();                   // four kinds: a thread's own, one shared
//   template <class T>                                  // by all threads, nullptr (the legacy
//   static void upload(T* dst, const T* src, std::int64_t n, void* stream);   // default stream)
//   template <class T>                                  // and this one (cudaStreamPerThread);
//   static void download(T* dst, const T* src, std::int64_t n, void* stream); // copies ordered
//                                                       // on `stream`; download returns when the
//                                                       // data is on the host. Without them:
//                                                       // nullptr only, and synchronize()
//   static constexpr bool concurrent_callers = false;   // scans must not be called from several
//                                                       // host threads at once (default: true)
//   static constexpr bool floats_repeat = false;        // floating-point results need not repeat
//                                                       // bit for bit (default: they must)
//   static constexpr std::int64_t fuzz_max_n = 5001;    // the largest n to draw
//   static constexpr const char* name = "...";          // printed instead of the backend's name
//   template <class In, class Out, class Op>            // the fixture's own entry point instead
//   static void scan(const In* in, Out* out,            // of the public API (init: null for an
//                    std::int64_t n, bool inclusive,    // inclusive scan without one), and its
//                    const Out* init, Op op,            // workspace_bytes: the GPU emulation's,
//                    const scan::options& opt);         // which no libscan build holds
//   template <class In, class Out>
//   static std::size_t workspace_bytes(std::int64_t n, const scan::options& opt);
//
// A program whose skip_reason() is non-empty prints "SKIPPED: <reason>" and exits with 77, which
// CTest reports as skipped (SKIP_RETURN_CODE), never as passed. So does a run in which every
// selected case had to skip (e.g. the > 2^31 case on a machine without the memory).
//
// tests/<backend>/CMakeLists.txt builds the program, links libscan::libscan and doctest::doctest,
// and calls scan_add_test_suites(<backend> <target>) (tests/CMakeLists.txt): one CTest test per
// doctest suite, named <backend>.<suite>, skip code 77.
//
// Each tests/<backend>/CMakeLists.txt also builds scan_test_<backend>_fuzz from <backend>_fuzz
// (fuzz_body.hpp over the same fixture) and registers it as <backend>.fuzz, skip code 77;
// tests/gpu_emulation/ does the same for the emulated GPU backend (gpu_emulation.fuzz).
//
// Environment: SCAN_TEST_SEED repeats a run; SCAN_TEST_MAX_N caps n (sanitizer runs). The fuzz
// test's own variables are listed at the top of fuzz_body.hpp.
#pragma once

#include <type_traits>

namespace scan_tests {

// The optional `floats_repeat` member, for both bodies.
template <class B, class = void> struct floats_repeat : std::true_type {};
template <class B>
struct floats_repeat<B, std::void_t<decltype(B::floats_repeat)>>
    : std::bool_constant<B::floats_repeat> {};

// The optional `sweep_log2` member.
template <class B, class = void> struct sweep_log2 : std::integral_constant<int, 24> {};
template <class B>
struct sweep_log2<B, std::void_t<decltype(B::sweep_log2)>>
    : std::integral_constant<int, B::sweep_log2> {};

// The optional `calls` member, and the one of a fixture without it: every call to the pointer API.
struct pointer_calls {
  template <class... Args> static bool flat(const Args&...) { return false; }
  template <class... Args> static bool blockwise(const Args&...) { return false; }
  template <class... Args> static bool segmented(const Args&...) { return false; }
  template <class... Args> static bool batched(const Args&...) { return false; }
  template <class... Args> static bool strided(const Args&...) { return false; }
};
template <class B, class = void> struct calls_of { using type = pointer_calls; };
template <class B> struct calls_of<B, std::void_t<typename B::calls>> {
  using type = typename B::calls;
};
template <class B> using calls_t = typename calls_of<B>::type;

} // namespace scan_tests
