// Replaces the global operator new of the host-only test program with one that counts calls
// (a file of its own, so no call site sees new and free side by side).
#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> count{0};
}

long allocation_count() {
  return count.load();
}

void* operator new(std::size_t bytes) {
  ++count;
  if (void* p = std::malloc(bytes ? bytes : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
