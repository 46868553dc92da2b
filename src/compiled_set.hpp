// Turns a type-erased request from the compiled set back into types: a backend's compiled
// translation units call visit_compiled_for<Op>() with a generic lambda taking (In*, Out*, Op)
// tags. One operator per translation unit keeps build times down (they compile in parallel).
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/core/request.hpp>
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

// Calls f(type_tag<In>, type_tag<Out>, Op) for a request whose operator is Op.
template <class Op, class F> void visit_compiled_for(const request& r, F&& f) {
  with_element_type(r.in_type, [&](auto in) {
    with_element_type(r.out_type, [&](auto out) {
      using In = typename decltype(in)::type;
      using Out = typename decltype(out)::type;
      if constexpr (is_compiled<In, Out, Op>())
        f(in, out, Op{});
      else
        throw error("type: not in the compiled set (internal error)");
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
// built-in element type under scan::equal_to.
template <class F> void with_segments(const segments_request& s, F&& f) {
  if (s.kind == segments_kind::head_flags)
    return f(head_flags<std::uint8_t>(static_cast<const std::uint8_t*>(s.data)));
  with_element_type(s.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (s.kind == segments_kind::keys) {
      f(keys<T>(static_cast<const T*>(s.data)));
    } else if constexpr (std::is_integral_v<T> && sizeof(T) >= 4) {
      f(offsets<T>(static_cast<const T*>(s.data), s.num_segments, s.checked));
    } else {
      throw error("offsets: not in the compiled set (internal error)");
    }
  });
}

// The whole compiled set in one translation unit (the host and kokkos backends).
template <class F> void visit_compiled(const request& r, F&& f) {
  with_operator(r.op, [&](auto op) { visit_compiled_for<decltype(op)>(r, f); });
}

} // namespace scan::detail
