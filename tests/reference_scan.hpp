// The reference: a plain serial scan with the front end's signatures, used as the oracle by every
// test and benchmark. It runs on host memory only and checks nothing. Like the library, it
// accumulates a 16-bit float output in float and rounds each output once.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/backends/host/serial_scan.hpp>
#include <scan/detail/vocabulary/rounded.hpp>
#include <scan/operators.hpp>

namespace scan::reference {

template <class In, class Out, class Op>
void serial(const In* in, Out* out, std::int64_t n, bool inclusive, detail::maybe<Out> init,
            Op op) {
  detail::in_accumulator(out, init, [&](auto run_out, auto run_init) {
    host::serial_scan(in, run_out, n, inclusive, run_init, op);
  });
}

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void inclusive_scan(const In* in, Out* out, std::int64_t n, Op op = {}) {
  serial(in, out, n, true, detail::maybe<Out>{}, op);
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const In* in, Out* out, std::int64_t n, std::common_type_t<Out> init,
                    Op op = {}) {
  serial(in, out, n, true, detail::maybe<Out>{init, true}, op);
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const In* in, Out* out, std::int64_t n, std::common_type_t<Out> init,
                    Op op = {}) {
  serial(in, out, n, false, detail::maybe<Out>{init, true}, op);
}

} // namespace scan::reference
