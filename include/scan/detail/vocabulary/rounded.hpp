// Scans whose output type accumulates in another (scan::accumulator_t: the 16-bit floats in
// float): the orchestration runs in the accumulator, and this write-only output sequence rounds
// each result once as it stores it.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/config.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/detail/vocabulary/sequence.hpp>
#include <scan/half.hpp>

namespace scan::detail {

template <class OutSeq> struct rounded_results {
  using stored = sequence_value_t<OutSeq>;
  using value_type = accumulator_t<stored>;
  static constexpr bool write_only = true;
  OutSeq out;

  struct item_ref {
    OutSeq out;
    std::int64_t i;
    SCAN_HOST_DEVICE const item_ref& operator=(const value_type& v) const {
      out[i] = stored(v);
      return *this;
    }
  };

  SCAN_HOST_DEVICE rounded_results operator+(std::int64_t i) const { return {out + i}; }
  SCAN_HOST_DEVICE item_ref operator[](std::int64_t i) const { return {out, i}; }
};

// Calls f(out, init) with the output and init a scan into `out` runs on: rounded_results and the
// accumulator for the 16-bit floats, themselves otherwise.
template <class OutSeq, class Out, class F>
void in_accumulator(OutSeq out, maybe<Out> init, F&& f) {
  if constexpr (accumulates_apart<Out>) {
    using Acc = accumulator_t<Out>;
    f(rounded_results<OutSeq>{out}, maybe<Acc>{static_cast<Acc>(init.value), init.present});
  } else {
    f(out, init);
  }
}

} // namespace scan::detail
