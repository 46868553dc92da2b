#include "axis_layout.hpp"

#include <algorithm>
#include <cstdlib>

namespace scan::python {

std::int64_t axis_plan::calls() const {
  if (!fits) return -1;
  if (empty) return 0;
  std::int64_t count = kind == shape::strided ? batch.size : 1;
  for (const lane_axis& a : outer)
    count *= a.size;
  return count;
}

namespace {

// The lane axes (all but `axis`, of more than one index), in any order since lanes are
// independent: by the input's strides, largest first, with neighbours folded into one where the
// inner one's extent is the outer one's stride in the input and the output (an F-order array's
// lanes fold as a C-order array's do).
std::vector<lane_axis> folded_lanes(const std::vector<std::int64_t>& shape,
                                    const std::vector<std::int64_t>& in,
                                    const std::vector<std::int64_t>& out, int axis) {
  std::vector<lane_axis> sorted;
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (static_cast<int>(d) != axis && shape[d] != 1) sorted.push_back({shape[d], in[d], out[d]});
  std::stable_sort(sorted.begin(), sorted.end(), [](const lane_axis& a, const lane_axis& b) {
    return std::llabs(a.in) > std::llabs(b.in);
  });
  std::vector<lane_axis> lanes;
  for (const lane_axis& next : sorted) {
    if (!lanes.empty()) {
      lane_axis& last = lanes.back();
      if (last.in == next.in * next.size && last.out == next.out * next.size) {
        last = {last.size * next.size, next.in, next.out};
        continue;
      }
    }
    lanes.push_back(next);
  }
  return lanes;
}

} // namespace

axis_plan plan_axis(const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& in,
                    const std::vector<std::int64_t>& out, int axis) {
  axis_plan p;
  p.n = shape[axis];
  p.empty = std::any_of(shape.begin(), shape.end(), [](std::int64_t s) { return s == 0; });
  if (p.empty) return p; // no item: no stride matters
  // One item per lane: its stride does not matter.
  p.item_in = p.n == 1 ? 1 : in[axis];
  p.item_out = p.n == 1 ? 1 : out[axis];
  if (p.item_in < 1 || p.item_out < 1) {
    p.fits = false;
    return p;
  }
  std::vector<lane_axis> lanes = folded_lanes(shape, in, out, axis);
  if (lanes.empty()) {
    p.kind = p.item_in == 1 && p.item_out == 1 ? axis_plan::shape::flat : axis_plan::shape::strided;
    return p;
  }
  // A matrix needs its leading dimension to be at least its row length (scan::matrix).
  const auto pick = [&](auto&& fits_matrix) {
    auto best = lanes.end();
    for (auto it = lanes.begin(); it != lanes.end(); ++it)
      if (fits_matrix(*it) && (best == lanes.end() || it->size > best->size)) best = it;
    return best;
  };
  auto chosen = lanes.end();
  if (p.item_in == 1 && p.item_out == 1) {
    chosen = pick([&](const lane_axis& a) { return a.in >= p.n && a.out >= p.n; });
    p.kind = axis_plan::shape::rows;
  }
  if (chosen == lanes.end()) {
    chosen = pick([&](const lane_axis& a) {
      return a.in == 1 && a.out == 1 && p.item_in >= a.size && p.item_out >= a.size;
    });
    p.kind = axis_plan::shape::columns;
  }
  if (chosen == lanes.end()) { // no matrix: one strided call per lane, over the innermost axis
    chosen = lanes.end() - 1;
    p.kind = axis_plan::shape::strided;
  }
  p.batch = *chosen;
  lanes.erase(chosen);
  p.outer = lanes;
  return p;
}

} // namespace scan::python
