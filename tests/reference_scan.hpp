// The reference: a plain serial scan with the front end's signatures, used as the oracle by every
// test and benchmark. It runs on host memory only and checks nothing.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/backends/host/serial_scan.hpp>
#include <scan/operators.hpp>

namespace scan::reference {

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void inclusive_scan(const In* in, Out* out, std::int64_t n, Op op = {}) {
  host::serial_scan(in, out, n, true, detail::maybe<Out>{}, op);
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const In* in, Out* out, std::int64_t n, std::common_type_t<Out> init,
                    Op op = {}) {
  host::serial_scan(in, out, n, true, detail::maybe<Out>{init, true}, op);
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const In* in, Out* out, std::int64_t n, std::common_type_t<Out> init,
                    Op op = {}) {
  host::serial_scan(in, out, n, false, detail::maybe<Out>{init, true}, op);
}

} // namespace scan::reference
