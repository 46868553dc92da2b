// Two neighbouring lanes of 4-byte integers scanned as one lane of 8-byte pairs (columns with
// lane stride 1, orchestration/lanes.hpp): a GPU thread then loads 8 bytes of a row at a time,
// as for int64, and each tile holds twice the bytes for the same look-back (H100, int32 columns,
// fraction of a copy: 1048576 x 64 0.77 -> 0.81, 1024 x 65536 0.90 -> 0.93, 16384 x 16384 0.92 ->
// 0.95). Each half of a pair is combined with its own lane only: exact operators on integers give
// the results of the lanes scanned one by one.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/config.hpp>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/maybe.hpp>
#include <scan/operators.hpp>

namespace scan::detail {

template <class T> struct alignas(2 * sizeof(T)) lane_pair { T first, second; };
template <class T> inline constexpr bool groups_exactly<lane_pair<T>> = groups_exactly<T>;

// The operator applied to each half.
template <class Op> struct pairwise {
  Op op;
  template <class T>
  SCAN_HOST_DEVICE lane_pair<T> operator()(const lane_pair<T>& a, const lane_pair<T>& b) const {
    auto f = op; // operators need not be const-callable
    return {f(a.first, b.first), f(a.second, b.second)};
  }
};

// Whether a call of these sequence types hands raw pointers to `Out` items, read and written as
// they are (no conversion between the input and the output type): what both pair routes need.
template <class InSeq, class OutSeq, class Out> constexpr bool raw_pointer_items() {
  if constexpr (std::is_pointer_v<InSeq> && std::is_pointer_v<OutSeq>) {
    using in_item = std::remove_cv_t<std::remove_pointer_t<InSeq>>;
    using out_item = std::remove_pointer_t<OutSeq>;
    return std::is_same_v<in_item, Out> && std::is_same_v<out_item, Out>;
  } else {
    return false;
  }
}

// Whether a call of these sequence types may take pairs: raw 4-byte integers. Not floats: their
// pairs look back in order with 8-byte words and measured slower at every shape (H100, columns:
// 1048576 x 64 0.73 -> 0.56 of a copy, 16384 x 16384 0.90 -> 0.75; perf/BATCHED_RESULTS.md).
template <class InSeq, class OutSeq, class Out> constexpr bool pairs_possible() {
  return raw_pointer_items<InSeq, OutSeq, Out>() && std::is_integral_v<Out> && sizeof(Out) == 4;
}

// Whether this layout takes pairs: lanes next to each other, an even number of them, rows that
// start on 8-byte boundaries; `from_lanes`: the backend's least number of lanes for it.
inline bool pairs_apply(const lanes_layout& at, const void* in, const void* out,
                        std::int64_t from_lanes) {
  const auto even = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 8 == 0; };
  return at.lanes >= from_lanes && at.lanes % 2 == 0 && at.in.lane == 1 && at.out.lane == 1 &&
         at.in.item % 2 == 0 && at.out.item % 2 == 0 && even(in) && even(out);
}
// Two lanes of 4-byte numbers summed, rows of two back to back: one lane of pairs, contiguous,
// that a flat scan takes (orchestration/lanes.hpp). Floats too: the flat single pass looks back in
// order. Sums alone, the common call, so that each compiled type adds one more flat scan.
template <class InSeq, class OutSeq, class Out, class Op> constexpr bool flat_pairs_possible() {
  return raw_pointer_items<InSeq, OutSeq, Out>() && std::is_arithmetic_v<Out> && sizeof(Out) == 4 &&
         std::is_same_v<Op, sum>;
}
inline bool flat_pairs_apply(const lanes_layout& at, const void* in, const void* out) {
  return at.lanes == 2 && at.in.item == 2 && at.out.item == 2 && pairs_apply(at, in, out, 2);
}

template <class T> constexpr maybe<lane_pair<T>> paired_init(const maybe<T>& init) {
  return {{init.value, init.value}, init.present};
}

constexpr lanes_layout paired(const lanes_layout& at) {
  return {at.lanes / 2, at.length, {1, at.in.item / 2}, {1, at.out.item / 2}};
}

} // namespace scan::detail
