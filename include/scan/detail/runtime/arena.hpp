// A bump allocator over one workspace buffer: the orchestration carves per-level part totals and
// look-back state out of it, so a warm call allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>

#include <scan/error.hpp>

namespace scan::detail {

// Every carve starts on this boundary: enough for 16-byte vector access and for cache lines.
inline constexpr std::size_t arena_alignment = 256;

constexpr std::size_t align_up(std::size_t bytes) {
  return (bytes + arena_alignment - 1) / arena_alignment * arena_alignment;
}

constexpr std::size_t carve_bytes(std::int64_t count, std::size_t element_size) {
  return align_up(static_cast<std::size_t>(count) * element_size);
}

template <class T> constexpr std::size_t carve_bytes(std::int64_t count) {
  return carve_bytes(count, sizeof(T));
}

class arena {
public:
  arena() = default;
  arena(void* base, std::size_t bytes) : base_(static_cast<unsigned char*>(base)), bytes_(bytes) {}

  template <class T> T* take(std::int64_t count) {
    const std::size_t need = carve_bytes<T>(count);
    if (used_ + need > bytes_) throw error("workspace: exhausted (internal sizing error)");
    T* p = reinterpret_cast<T*>(base_ + used_);
    used_ += need;
    return p;
  }

private:
  unsigned char* base_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t used_ = 0;
};

} // namespace scan::detail
