// How a scan along one axis of an N-D array (any strides, in elements) becomes calls of libscan's
// flat, strided and batched scans, without copying: the axis is scanned in every lane (every
// index of the other axes); lanes whose strides fold into one become the rows or columns of a
// scan::matrix, and the rest are iterated, one call per index.
#pragma once

#include <cstdint>
#include <vector>

namespace scan::python {

// One axis of the lanes: its size and the strides of the input and the output along it.
struct lane_axis {
  std::int64_t size = 1, in = 0, out = 0;
};

// The calls of a scan along `axis`:
//   flat      one lane, both strides 1                      (scan::inclusive_scan)
//   strided   one lane per call                             (scan::strided_inclusive_scan)
//   rows      `batch.size` lanes of stride-1 items,         (scan::batched_..., along::rows)
//             leading dimensions batch.in / batch.out
//   columns   `batch.size` lanes side by side (stride 1),   (scan::batched_..., along::columns)
//             items `item_in` / `item_out` apart
// each made once per index of `outer` (and, for strided, of `batch`).
struct axis_plan {
  enum class shape { flat, strided, rows, columns };
  shape kind = shape::flat;
  std::int64_t n = 0;                     // items along the axis
  std::int64_t item_in = 1, item_out = 1; // strides along the axis
  lane_axis batch;                        // the lanes one call scans (rows, columns), or iterates
  std::vector<lane_axis> outer;           // the lanes iterated around the calls
  bool fits = true;   // false: the axis' stride is below 1 (reversed or broadcast): no call fits
  bool empty = false; // nothing to scan (an axis of size 0)

  // The number of calls (0 when empty; -1 when no call fits).
  std::int64_t calls() const;
};

// Shapes and strides of the input and the output (the same shape), the axis in [0, ndim).
axis_plan plan_axis(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& in,
                    const std::vector<std::int64_t>& out, int axis);

// Calls f(in_offset, out_offset) (in elements) once per call of the plan.
template <class F> void for_each_call(const axis_plan& p, F&& f) {
  if (p.empty || !p.fits) return;
  const bool per_lane = p.kind == axis_plan::shape::strided;
  std::vector<lane_axis> iterated = p.outer;
  if (per_lane) iterated.push_back(p.batch);
  std::vector<std::int64_t> index(iterated.size(), 0);
  std::int64_t in_offset = 0, out_offset = 0;
  for (;;) {
    f(in_offset, out_offset);
    std::size_t d = iterated.size();
    for (; d > 0; --d) { // odometer: the innermost axis turns fastest
      lane_axis& a = iterated[d - 1];
      if (++index[d - 1] < a.size) {
        in_offset += a.in;
        out_offset += a.out;
        break;
      }
      in_offset -= a.in * (a.size - 1);
      out_offset -= a.out * (a.size - 1);
      index[d - 1] = 0;
    }
    if (d == 0) return;
  }
}

} // namespace scan::python
