// Batched scans: every row, or every column, of a row-major matrix scanned on its own, and
// strided 1-D scans:
//   in (2 x 3) [1 2 3 | 4 5 6]  along rows     ->  [1 3 6 | 4 9 15]
//                               along columns  ->  [1 2 3 | 5 7 9]
//
//   scan::batched_inclusive_scan(scan::matrix(d_in, rows, cols, ld), scan::matrix(d_out, rows,
//                                cols, ld_out), scan::along::columns);           // sums
//   scan::batched_inclusive_scan(in, out, along, op, opts);
//   scan::batched_inclusive_scan(in, out, along, init, op, opts);   // each row/column from init
//   scan::batched_exclusive_scan(in, out, along, init, op, opts);
//   scan::strided_inclusive_scan(d_in, in_stride, d_out, out_stride, n[, init], op, opts);
//   scan::strided_exclusive_scan(d_in, in_stride, d_out, out_stride, n, init, op, opts);
//   scan::batched_inclusive_scan(in, scan::with_totals(out, d_totals), along);  // and totals
//
// A matrix is row-major: element (r, c) is data[r * ld + c], the leading dimension ld >= cols
// (in elements; a column-major matrix is the transpose: swap rows with cols and the axis). The
// input and output have one shape and each its own ld; in place means the same data and ld.
// Strides are in elements, at least 1. Types, operators and errors are those of scan.hpp;
// options::workspace, algorithm and block are not used. Rows that lie back to back run as
// blockwise scans (scan/blockwise.hpp), a stride-1 scan as scan.hpp's.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include <scan/blockwise.hpp>
#include <scan/detail/header_path.hpp>
#include <scan/error.hpp>
#include <scan/scan.hpp>

namespace scan {

template <class T> struct matrix {
  T* data = nullptr;
  std::int64_t rows = 0, cols = 0;
  std::int64_t ld = 0; // elements from one row's start to the next's

  matrix() = default;
  matrix(T* data_, std::int64_t rows_, std::int64_t cols_, std::int64_t ld_)
      : data(data_), rows(rows_), cols(cols_), ld(ld_) {}
  matrix(T* data_, std::int64_t rows_, std::int64_t cols_) : matrix(data_, rows_, cols_, cols_) {}
};

namespace detail {

template <class T> void check_matrix(const matrix<T>& m, const char* name) {
  const std::string arg(name);
  if (m.rows < 0 || m.cols < 0)
    throw error(arg + ": negative shape " + std::to_string(m.rows) + " x " +
                std::to_string(m.cols));
  if (m.rows > 1 && m.ld < m.cols)
    throw error(arg + ".ld: leading dimension " + std::to_string(m.ld) +
                " is less than cols = " + std::to_string(m.cols));
}

inline void check_stride(std::int64_t stride, const char* name) {
  if (stride < 1)
    throw error(std::string(name) + ": strides must be at least 1 element, got " +
                std::to_string(stride));
}

template <class InT, class Out, class Op>
void dispatch_batched(const matrix<InT>& in, const matrix<Out>& out, along axis, bool inclusive,
                      const Out* init, Op op, const options& opt, totals_target<Out> totals = {}) {
  using In = std::remove_const_t<InT>;
  check_matrix(in, "in");
  check_matrix(out, "out");
  if (out.rows != in.rows || out.cols != in.cols)
    throw error("out: a " + std::to_string(out.rows) + " x " + std::to_string(out.cols) +
                " matrix for a " + std::to_string(in.rows) + " x " + std::to_string(in.cols) +
                " input; they must have one shape");
  const In* src = in.data;
  const bool back_to_back = in.rows <= 1 || (in.ld == in.cols && out.ld == out.cols);
  if (axis == along::rows && back_to_back && in.cols > 0)
    return dispatch_blockwise<In, Out, Op>(src, out.data, in.rows * in.cols, in.cols, inclusive,
                                           init, op, opt, totals);
  lanes_layout at;
  if (axis == along::rows)
    at = {in.rows, in.cols, {in.ld, 1}, {out.ld, 1}};
  else
    at = {in.cols, in.rows, {1, in.ld}, {1, out.ld}};
  dispatch_lanes<In, Out, Op>(src, out.data, at, inclusive, init, op, opt, totals);
}

template <class In, class Out, class Op>
void dispatch_strided(const In* in, std::int64_t in_stride, Out* out, std::int64_t out_stride,
                      std::int64_t n, bool inclusive, const Out* init, Op op, const options& opt,
                      totals_target<Out> totals = {}) {
  check_stride(in_stride, "in_stride");
  check_stride(out_stride, "out_stride");
  if (in_stride == 1 && out_stride == 1)
    return dispatch<In, Out, Op>(in, out, n, inclusive, init, op, opt, totals);
  if (n < 0) throw error("n: negative element count " + std::to_string(n));
  const lanes_layout at{1, n, {0, in_stride}, {0, out_stride}};
  dispatch_lanes<In, Out, Op>(in, out, at, inclusive, init, op, opt, totals);
}

} // namespace detail

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void batched_inclusive_scan(const matrix<In>& in, const matrix<Out>& out, along axis, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_batched(in, out, axis, true, static_cast<const Out*>(nullptr), op, opt);
}

template <class In, class Out, class Op = sum>
void batched_inclusive_scan(const matrix<In>& in, const matrix<Out>& out, along axis,
                            detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_batched(in, out, axis, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void batched_exclusive_scan(const matrix<In>& in, const matrix<Out>& out, along axis,
                            detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::dispatch_batched(in, out, axis, false, &init, op, opt);
}

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void strided_inclusive_scan(const In* in, std::int64_t in_stride, Out* out, std::int64_t out_stride,
                            std::int64_t n, Op op = {}, const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out, out_stride, n, true, nullptr, op, opt);
}

template <class In, class Out, class Op = sum>
void strided_inclusive_scan(const In* in, std::int64_t in_stride, Out* out, std::int64_t out_stride,
                            std::int64_t n, detail::non_deduced<Out> init, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out, out_stride, n, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void strided_exclusive_scan(const In* in, std::int64_t in_stride, Out* out, std::int64_t out_stride,
                            std::int64_t n, detail::non_deduced<Out> init, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out, out_stride, n, false, &init, op, opt);
}

// The same, with a total per row (along rows) or per column into out.totals, or the strided
// scan's one total (scan/totals.hpp).
template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void batched_inclusive_scan(const matrix<In>& in, const with_totals<matrix<Out>, Out>& out,
                            along axis, Op op = {}, const options& opt = {}) {
  detail::dispatch_batched(in, out.out, axis, true, static_cast<const Out*>(nullptr), op, opt,
                           {out.totals, true});
}

template <class In, class Out, class Op = sum>
void batched_inclusive_scan(const matrix<In>& in, const with_totals<matrix<Out>, Out>& out,
                            along axis, detail::non_deduced<Out> init, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_batched(in, out.out, axis, true, &init, op, opt, {out.totals, true});
}

template <class In, class Out, class Op = sum>
void batched_exclusive_scan(const matrix<In>& in, const with_totals<matrix<Out>, Out>& out,
                            along axis, detail::non_deduced<Out> init, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_batched(in, out.out, axis, false, &init, op, opt, {out.totals, true});
}

template <class In, class Out, class Op = sum,
          std::enable_if_t<!std::is_convertible_v<Op, Out>, int> = 0>
void strided_inclusive_scan(const In* in, std::int64_t in_stride, with_totals<Out*, Out> out,
                            std::int64_t out_stride, std::int64_t n, Op op = {},
                            const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out.out, out_stride, n, true, nullptr, op,
                                        opt, {out.totals, true});
}

template <class In, class Out, class Op = sum>
void strided_inclusive_scan(const In* in, std::int64_t in_stride, with_totals<Out*, Out> out,
                            std::int64_t out_stride, std::int64_t n, detail::non_deduced<Out> init,
                            Op op = {}, const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out.out, out_stride, n, true, &init, op, opt,
                                        {out.totals, true});
}

template <class In, class Out, class Op = sum>
void strided_exclusive_scan(const In* in, std::int64_t in_stride, with_totals<Out*, Out> out,
                            std::int64_t out_stride, std::int64_t n, detail::non_deduced<Out> init,
                            Op op = {}, const options& opt = {}) {
  detail::dispatch_strided<In, Out, Op>(in, in_stride, out.out, out_stride, n, false, &init, op,
                                        opt, {out.totals, true});
}

} // namespace scan
