// Buffer rotation: consecutive calls read and write different copies ("sets") of their buffers,
// cycled over more bytes than the cache holds, so that an input smaller than the cache still
// comes from memory, as it does in a pipeline that wrote it long before the scan.
//
// A call reads `array_bytes` and writes as many: a footprint of twice that. Its sets lie
// stride() bytes apart (array_bytes rounded up to 256), and cycling `cycle_bytes` of footprint
// takes cycle_bytes / footprint + 1 sets (at most capacity / stride() when the buffers have a
// fixed size). A footprint of `streamed_from` bytes or more (0: no such bound) streams through the
// cache anyway: one set. cycle_bytes = 0 asks for no rotation: one set, "resident".
//
// scan_perf cycles three times the cache and streams from twice it; cub_comparison and
// tile_sweep cycle 256 MB with no bound, in buffers of a fixed size.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

namespace scan::perf::kit {

class rotation {
public:
  rotation(std::size_t array_bytes, std::size_t cycle_bytes, std::size_t streamed_from = 0,
           std::size_t capacity = std::numeric_limits<std::size_t>::max())
      : stride_((array_bytes + 255) / 256 * 256) {
    const std::size_t footprint = 2 * array_bytes;
    if (streamed_from > 0 && footprint >= streamed_from) {
      label_ = "streamed";
    } else if (cycle_bytes == 0) {
      label_ = "resident";
    } else {
      std::size_t sets = footprint > 0 ? cycle_bytes / footprint + 1 : 1;
      if (stride_ > 0) sets = std::min(sets, capacity / stride_);
      sets_ = static_cast<std::int64_t>(std::max<std::size_t>(sets, 1));
      label_ = "rotated x" + std::to_string(sets_);
    }
  }

  std::int64_t sets() const { return sets_; }
  std::size_t stride() const { return stride_; } // bytes from one set to the next
  std::size_t bytes() const { return static_cast<std::size_t>(sets_) * stride_; }
  // "rotated xK", "resident" or "streamed": how the timed calls met the cache.
  const std::string& label() const { return label_; }

  // The set of the next call: each call takes the next, round the cycle.
  std::int64_t next() { return next_++ % sets_; }

  // `base` (the start of set 0) moved to set `set`.
  template <class T> T* at(T* base, std::int64_t set) const {
    using byte = std::conditional_t<std::is_const_v<T>, const unsigned char, unsigned char>;
    return reinterpret_cast<T*>(reinterpret_cast<byte*>(base) +
                                static_cast<std::size_t>(set) * stride_);
  }

private:
  std::size_t stride_;
  std::int64_t sets_ = 1;
  std::int64_t next_ = 0;
  std::string label_;
};

} // namespace scan::perf::kit
