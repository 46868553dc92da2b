// The operators the Python functions need beyond libscan's built-in ones, for float and double:
// log(exp(a) + exp(b)) (cumulative_logsumexp) and a maximum and minimum that carry NaN forward as
// NumPy's do (cumulative_max / cumulative_min of floats; scan::max keeps the first of two values it
// cannot order). They run through libscan's header path, instantiated in custom_operators.cpp,
// which the backend's compiler builds (nvcc for cuda) so that they run on device arrays too.
#pragma once

#include <cmath>
#include <limits>
#include <string_view>
#include <tuple>

#include <scan/config.hpp>
#include <scan/options.hpp>
#include <scan/types.hpp>

#include "axis_layout.hpp"
#include "typed_calls.hpp"

namespace scan::python {

struct log_add_exp {
  template <class T> SCAN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    const T hi = a < b ? b : a, lo = a < b ? a : b;
    if (lo != lo || hi != hi) return a != a ? a : b;        // NaN
    if (lo == -T(INFINITY) || hi == T(INFINITY)) return hi; // no inf - inf

    return hi + std::log1p(std::exp(lo - hi));
  }
  template <class T> static T identity() { return -std::numeric_limits<T>::infinity(); }
};

struct nan_max {
  template <class T> SCAN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a != a ? a : (b != b || a < b) ? b : a;
  }
  template <class T> static T identity() { return -std::numeric_limits<T>::infinity(); }
};

struct nan_min {
  template <class T> SCAN_HOST_DEVICE T operator()(const T& a, const T& b) const {
    return a != a ? a : (b != b || b < a) ? b : a;
  }
  template <class T> static T identity() { return std::numeric_limits<T>::infinity(); }
};

inline constexpr std::tuple custom_operators{
    named<log_add_exp, int>{0, "logaddexp"},
    named<nan_max, int>{1, "nan_max"},
    named<nan_min, int>{2, "nan_min"},
};

// Whether `op` names a custom operator, and runs plan p with it from in to out, both of type t
// (float or double; "dtype: ..." otherwise).
bool is_custom_operator(std::string_view op);
void run_custom_axis(const axis_plan& p, const void* in, void* out, element_type t,
                     std::string_view op, bool inclusive, const init_value& init,
                     const options& opt);

} // namespace scan::python
