// Turns a type-erased request from the compiled set back into types: a backend's compiled
// translation units call visit_compiled_for<Op>() with a generic lambda taking (In*, Out*, Op)
// tags. One operator per translation unit keeps build times down (they compile in parallel).
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/call/request.hpp>
#include <scan/detail/call/scan_args.hpp>
#include <scan/detail/orchestration/segmentation/segment_tails.hpp>
#include <scan/error.hpp>
#include <scan/segments.hpp>
#include <scan/types.hpp>

namespace scan::detail {

template <class T> struct type_tag { using type = T; };

// Calls f(type_tag<T>) for the built-in element type t (scan::element_types).
template <class F> void with_element_type(element_type t, F&& f) {
  bool found = false;
  for_each_entry(element_types, [&](const auto& entry) {
    if (entry.kind != t) return;
    found = true;
    f(type_tag<typename std::decay_t<decltype(entry)>::type>{});
  });
  if (!found) throw error("type: not in the compiled set (internal error)");
}

template <class In, class Out> scan_args<In, Out> typed_args(const request& r) {
  scan_args<In, Out> a{
      static_cast<const In*>(r.in), static_cast<Out*>(r.out), r.n, r.inclusive, {}, r.opt};
  if (r.has_init) a.init = {*static_cast<const Out*>(r.init), true};
  return a;
}

// The type a compiled scan of T under Op runs in: a signed integer's unsigned twin where Op sees
// only bits (sum, product and the bitwise operators wrap alike in two's complement), so each
// pair is compiled once for both signednesses. Min and max compare, so they keep the sign.
template <class T, class Op> constexpr auto compiled_type() {
  constexpr bool bits_only =
      std::is_same_v<Op, sum> || std::is_same_v<Op, product> || is_bitwise(operator_kind_of<Op>());
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && bits_only)
    return type_tag<std::make_unsigned_t<T>>{};
  else
    return type_tag<T>{};
}
template <class T, class Op> using compiled_as = typename decltype(compiled_type<T, Op>())::type;

template <class Op, class In, class Out, class F> void visit_compiled_pair(F& f) {
  using RunOut = compiled_as<Out, Op>;
  using RunIn = std::conditional_t<std::is_same_v<In, Out>, RunOut, In>;
  if constexpr (is_compiled<In, Out, Op>())
    f(type_tag<RunIn>{}, type_tag<RunOut>{}, Op{});
  else
    throw error("type: not in the compiled set (internal error)");
}

// Calls f(type_tag<In>, type_tag<Out>, Op) for a request whose operator is Op, with its types as
// compiled_as runs them (a widening keeps its input's sign: it extends it).
template <class Op, class F> void visit_compiled_for(const request& r, F&& f) {
  with_element_type(r.in_type, [&](auto in) {
    with_element_type(r.out_type, [&](auto out) {
      visit_compiled_pair<Op, typename std::decay_t<decltype(in)>::type,
                          typename std::decay_t<decltype(out)>::type>(f);
    });
  });
}

// Calls f(Op{}) for the built-in operator k (scan::operator_kinds).
template <class F> void with_operator(operator_kind k, F&& f) {
  bool found = false;
  for_each_entry(operator_kinds, [&](const auto& entry) {
    if (entry.kind != k) return;
    found = true;
    f(typename std::decay_t<decltype(entry)>::type{});
  });
  if (!found) throw error("op: not in the compiled set (internal error)");
}

// Calls f(description) with the typed segment description (scan/segments.hpp) of a compiled
// segmented request: offsets of 32- or 64-bit integers, 1-byte flags (read as uint8_t), keys of a
// built-in element type under scan::equal_to (integers read as unsigned).
template <class F> void with_segments(const segments_request& s, F&& f) {
  if (s.kind == segments_kind::head_flags)
    return f(head_flags<std::uint8_t>(static_cast<const std::uint8_t*>(s.data)));
  with_element_type(s.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (s.kind == segments_kind::keys) {
      // Integer keys compare equal exactly when their bits do: signed ones run as unsigned.
      using Key = compiled_as<T, bit_xor>;
      f(keys<Key>(static_cast<const Key*>(s.data)));
    } else if constexpr (std::is_integral_v<T> && sizeof(T) >= 4) {
      f(offsets<T>(static_cast<const T*>(s.data), s.num_segments, s.checked));
    } else {
      throw error("offsets: not in the compiled set (internal error)");
    }
  });
}

// Where a compiled segmented scan writes the totals of segments counted from their marks (flags,
// keys); null for none, or totals written around the scan (offsets).
template <class Out> Out* marked_totals_of(const request& r) {
  return totals_from_marks(r) ? static_cast<Out*>(r.totals) : nullptr;
}

// The whole compiled set in one translation unit (the host and kokkos backends).
template <class F> void visit_compiled(const request& r, F&& f) {
  with_operator(r.op, [&](auto op) { visit_compiled_for<decltype(op)>(r, f); });
}

} // namespace scan::detail
