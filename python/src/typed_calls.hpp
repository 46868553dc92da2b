// The typed side of the extension: a plan's calls (axis_layout.hpp) and segmented scans run
// through libscan's public entry points for one input type, output type and operator, and the
// run-time choice of those types from scan::element_types and scan::operator_kinds.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include <scan/batched.hpp>
#include <scan/error.hpp>
#include <scan/options.hpp>
#include <scan/scan.hpp>
#include <scan/segmented.hpp>
#include <scan/types.hpp>

#include "axis_layout.hpp"

namespace scan::python {

// The scan's initial value as Python gave it (a bool, int or float), or none.
struct init_value {
  enum class kind { none, integer, unsigned_integer, floating };
  kind given = kind::none;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double f = 0;
};

// How a segmented scan's segments arrive: the array's data, its element type, the segment count
// (offsets: one less than their number).
enum class segments_kind { offsets, flags, keys };
struct segments_ref {
  segments_kind kind = segments_kind::offsets;
  const void* data = nullptr;
  element_type type = element_type::other;
  std::int64_t num_segments = 0;
};

template <class T>
constexpr bool is_float_like =
    std::is_floating_point_v<T> || std::is_same_v<T, half> || std::is_same_v<T, bfloat16>;

template <class T> T from_float(double value) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16>)
    return T(static_cast<float>(value));
  else
    return static_cast<T>(value);
}

// The identity of op in T: what an exclusive scan starts from when no initial value is given.
// A custom operator supplies its own (`Op::identity<T>()`).
template <class T, class Op> T identity_of() {
  constexpr double inf = std::numeric_limits<double>::infinity();
  if constexpr (std::is_same_v<Op, product>)
    return from_float<T>(1);
  else if constexpr (std::is_same_v<Op, max>) {
    if constexpr (is_float_like<T>)
      return from_float<T>(-inf);
    else
      return std::numeric_limits<T>::lowest();
  } else if constexpr (std::is_same_v<Op, min>) {
    if constexpr (is_float_like<T>)
      return from_float<T>(inf);
    else
      return std::numeric_limits<T>::max();
  } else if constexpr (std::is_same_v<Op, bit_and>)
    return static_cast<T>(~T{0});
  else if constexpr (std::is_same_v<Op, sum> || std::is_same_v<Op, bit_or> ||
                     std::is_same_v<Op, bit_xor>)
    return from_float<T>(0);
  else
    return Op::template identity<T>();
}

// The initial value in Out, or op's identity; "initial: ..." when it does not fit.
template <class Out, class Op> Out initial_value(const init_value& v) {
  using kind = init_value::kind;
  if (v.given == kind::none) return identity_of<Out, Op>();
  if constexpr (is_float_like<Out>) {
    const double value = v.given == kind::floating           ? v.f
                         : v.given == kind::unsigned_integer ? static_cast<double>(v.u)
                                                             : static_cast<double>(v.i);
    return from_float<Out>(value);
  } else {
    if (v.given == kind::floating) throw error("initial: a float for a scan into an integer type");
    const bool fits =
        v.given == kind::unsigned_integer
            ? v.u <= static_cast<std::uint64_t>(std::numeric_limits<Out>::max())
            : (std::is_signed_v<Out> || v.i >= 0) &&
                  v.i >= static_cast<std::int64_t>(std::numeric_limits<Out>::lowest()) &&
                  (v.i < 0 || static_cast<std::uint64_t>(v.i) <=
                                  static_cast<std::uint64_t>(std::numeric_limits<Out>::max()));
    if (!fits)
      throw error("initial: " +
                  (v.given == kind::unsigned_integer ? std::to_string(v.u) : std::to_string(v.i)) +
                  " does not fit the output type");
    return v.given == kind::unsigned_integer ? static_cast<Out>(v.u) : static_cast<Out>(v.i);
  }
}

// Runs every call of plan p from in to out (their data; offsets in elements), each lane from init.
template <class In, class Out, class Op>
void run_plan(const axis_plan& p, const In* in, Out* out, bool inclusive, Out init, Op op,
              const options& opt) {
  using shape = axis_plan::shape;
  for_each_call(p, [&](std::int64_t in_offset, std::int64_t out_offset) {
    const In* i = in + in_offset;
    Out* o = out + out_offset;
    if (p.kind == shape::flat) {
      if (inclusive)
        inclusive_scan(i, o, p.n, init, op, opt);
      else
        exclusive_scan(i, o, p.n, init, op, opt);
    } else if (p.kind == shape::strided) {
      if (inclusive)
        strided_inclusive_scan(i, p.item_in, o, p.item_out, p.n, init, op, opt);
      else
        strided_exclusive_scan(i, p.item_in, o, p.item_out, p.n, init, op, opt);
    } else {
      const bool rows = p.kind == shape::rows;
      const auto a = rows ? matrix<const In>(i, p.batch.size, p.n, p.batch.in)
                          : matrix<const In>(i, p.n, p.batch.size, p.item_in);
      const auto b = rows ? matrix<Out>(o, p.batch.size, p.n, p.batch.out)
                          : matrix<Out>(o, p.n, p.batch.size, p.item_out);
      const along axis = rows ? along::rows : along::columns;
      if (inclusive)
        batched_inclusive_scan(a, b, axis, init, op, opt);
      else
        batched_exclusive_scan(a, b, axis, init, op, opt);
    }
  });
}

// Calls f(segments) with the scan::offsets, scan::head_flags or scan::keys that s describes.
template <class F> void with_segments(const segments_ref& s, F&& f) {
  bool found = false;
  if (s.kind == segments_kind::flags) { // any 1-byte flag: non-zero starts a segment
    found = true;
    f(head_flags<std::uint8_t>(static_cast<const std::uint8_t*>(s.data)));
  }
  for_each_entry(element_types, [&](const auto& entry) {
    using T = typename std::decay_t<decltype(entry)>::type;
    if (entry.kind != s.type || found) return;
    if (s.kind == segments_kind::keys) {
      found = true;
      f(keys<T>(static_cast<const T*>(s.data)));
    }
    if constexpr (std::is_integral_v<T> && sizeof(T) >= 4) {
      if (s.kind == segments_kind::offsets) {
        found = true;
        f(offsets<T>(static_cast<const T*>(s.data), s.num_segments));
      }
    }
  });
  if (!found)
    throw error(s.kind == segments_kind::offsets
                    ? "offsets: offsets must be 32- or 64-bit integers"
                    : "segments: an element type libscan does not compare");
}

template <class In, class Out, class Op>
void run_segmented(const In* in, Out* out, std::int64_t n, const segments_ref& s, bool inclusive,
                   Out init, Op op, Out* totals, const options& opt) {
  with_segments(s, [&](const auto& segments) {
    if (totals) {
      if (inclusive)
        segmented_inclusive_scan(in, with_totals<Out*, Out>(out, totals), n, segments, init, op,
                                 opt);
      else
        segmented_exclusive_scan(in, with_totals<Out*, Out>(out, totals), n, segments, init, op,
                                 opt);
    } else if (inclusive) {
      segmented_inclusive_scan(in, out, n, segments, init, op, opt);
    } else {
      segmented_exclusive_scan(in, out, n, segments, init, op, opt);
    }
  });
}

template <class T> struct type_tag { using type = T; };

// Calls f(type_tag<In>, type_tag<Out>, Op) for the combination (in, out, op) when the compiled
// library holds it (scan::is_compiled); returns whether it did.
template <class F>
bool with_compiled_types(element_type in, element_type out, operator_kind op, F&& f) {
  bool found = false;
  for_each_entry(element_types, [&](const auto& i) {
    if (i.kind != in) return;
    for_each_entry(element_types, [&](const auto& o) {
      if (o.kind != out) return;
      for_each_entry(operator_kinds, [&](const auto& k) {
        using In = typename std::decay_t<decltype(i)>::type;
        using Out = typename std::decay_t<decltype(o)>::type;
        using Op = typename std::decay_t<decltype(k)>::type;
        if constexpr (is_compiled<In, Out, Op>()) {
          if (k.kind == op) {
            found = true;
            f(type_tag<In>{}, type_tag<Out>{}, Op{});
          }
        }
      });
    });
  });
  return found;
}

} // namespace scan::python
