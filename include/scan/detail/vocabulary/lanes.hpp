// Batched scans (scan/batched.hpp) as lanes: `lanes` independent scans of `length` items each,
// laid out with strides, so that rows and columns of a matrix with leading dimensions and a
// strided 1-D sequence are one shape:
//   along rows     lanes = rows, length = cols, lane stride = ld, item stride = 1;
//   along columns  lanes = cols, length = rows, lane stride = 1,  item stride = ld;
//   strided 1-D    lanes = 1,    length = n,    item stride = stride.
// Item j of lane l is at base + l * lane + j * item (in elements), for the input and the output
// alike, each with its own strides.
#pragma once

#include <cstdint>

#include <scan/config.hpp>

namespace scan {

// The axis a batched scan runs along (scan/batched.hpp): each row on its own (the contiguous one),
// or each column.
enum class along { rows, columns };

} // namespace scan

namespace scan::detail {

struct lane_strides {
  std::int64_t lane = 0, item = 0; // in elements

  SCAN_HOST_DEVICE std::int64_t at(std::int64_t l, std::int64_t j) const {
    return l * lane + j * item;
  }
};

struct lanes_layout {
  std::int64_t lanes = 0, length = 0;
  lane_strides in, out;

  constexpr bool empty() const { return lanes == 0 || length == 0; }
  constexpr std::int64_t items() const { return lanes * length; }
};

// Elements from a base to one past the last item a layout reaches (0 when empty).
constexpr std::int64_t extent(const lanes_layout& at, const lane_strides& s) {
  return at.empty() ? 0 : (at.lanes - 1) * s.lane + (at.length - 1) * s.item + 1;
}

// Items of a lane that one index of a backend's for_each scans (orchestration/lanes.hpp): the
// whole lane when there are `enough` lanes to fill the backend, else chunks of at least
// `min_chunk` items that together make about `enough` indices.
constexpr std::int64_t lane_chunk_for(std::int64_t lanes, std::int64_t length, std::int64_t enough,
                                      std::int64_t min_chunk) {
  if (lanes >= enough || length <= min_chunk) return length;
  const std::int64_t chunks = (enough + lanes - 1) / lanes;
  const std::int64_t chunk = (length + chunks - 1) / chunks;
  return chunk < min_chunk ? min_chunk : chunk;
}

} // namespace scan::detail
