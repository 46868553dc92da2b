// Turns a type-erased request from the compiled set back into types: a backend's compiled
// translation units call visit_compiled() with a generic lambda taking (In*, Out*, Op) tags.
// Splitting by operator (visit_compiled_for<Op>) lets a backend spread the set over several
// translation units to keep build times down.
#pragma once

#include <cstdint>
#include <type_traits>

#include "scan/detail/request.hpp"
#include "scan/error.hpp"
#include "scan/types.hpp"

namespace scan::detail {

template <class T> struct type_tag { using type = T; };

template <class F> void with_element_type(element_type t, F&& f) {
  switch (t) {
  case element_type::i8:
    return f(type_tag<std::int8_t>{});
  case element_type::u8:
    return f(type_tag<std::uint8_t>{});
  case element_type::i16:
    return f(type_tag<std::int16_t>{});
  case element_type::u16:
    return f(type_tag<std::uint16_t>{});
  case element_type::i32:
    return f(type_tag<std::int32_t>{});
  case element_type::u32:
    return f(type_tag<std::uint32_t>{});
  case element_type::i64:
    return f(type_tag<std::int64_t>{});
  case element_type::u64:
    return f(type_tag<std::uint64_t>{});
  case element_type::f32:
    return f(type_tag<float>{});
  case element_type::f64:
    return f(type_tag<double>{});
  case element_type::other:
    break;
  }
  throw error("type: not in the compiled set (internal error)");
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

template <class F> void visit_compiled(const request& r, F&& f) {
  switch (r.op) {
  case operator_kind::sum:
    return visit_compiled_for<sum>(r, f);
  case operator_kind::product:
    return visit_compiled_for<product>(r, f);
  case operator_kind::min:
    return visit_compiled_for<min>(r, f);
  case operator_kind::max:
    return visit_compiled_for<max>(r, f);
  case operator_kind::bit_and:
    return visit_compiled_for<bit_and>(r, f);
  case operator_kind::bit_or:
    return visit_compiled_for<bit_or>(r, f);
  case operator_kind::bit_xor:
    return visit_compiled_for<bit_xor>(r, f);
  case operator_kind::other:
    break;
  }
  throw error("op: not in the compiled set (internal error)");
}

} // namespace scan::detail
