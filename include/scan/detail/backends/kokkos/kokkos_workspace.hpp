// Scratch memory of the kokkos backend (the Memory type of runtime/workspace.hpp): Kokkos
// allocations in the execution space's memory space, cached per execution space type and keyed by
// instance.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>

#include <scan/detail/runtime/arena.hpp>
#include <scan/detail/runtime/workspace.hpp>
#include <scan/error.hpp>

namespace scan::kokkos {

template <class Exec> struct kokkos_memory {
  using memory_space = typename Exec::memory_space;
  Exec exec{};

  void* allocate(std::size_t bytes, void*) const {
    try {
      return Kokkos::kokkos_malloc<memory_space>("libscan workspace",
                                                 scan::detail::align_up(bytes));
    } catch (const std::exception& e) {
      throw error("workspace: allocating " + std::to_string(bytes) + " bytes in " +
                  memory_space::name() + " failed: " + e.what());
    }
  }

  // Only a growing cache releases, while warming up: waiting for all work is acceptable there and
  // keeps a buffer alive until the kernels of every instance that used it are done.
  void release(void* p, void*) const {
    Kokkos::fence();
    Kokkos::kokkos_free<memory_space>(p);
  }

  void zero(void* p, std::size_t bytes, void*) const {
    Kokkos::View<unsigned char*, memory_space, Kokkos::MemoryUnmanaged> v(
        static_cast<unsigned char*>(p), bytes);
    Kokkos::deep_copy(exec, v, static_cast<unsigned char>(0));
  }

  void copy_to_host(void* host, const void* p, std::size_t bytes, void*) const {
    Kokkos::View<const unsigned char*, memory_space, Kokkos::MemoryUnmanaged> from(
        static_cast<const unsigned char*>(p), bytes);
    Kokkos::View<unsigned char*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> to(
        static_cast<unsigned char*>(host), bytes);
    Kokkos::deep_copy(exec, to, from);
    exec.fence();
  }

  // The key is the instance's (instance_key below); one instance shared by threads is one slot.
  scan::detail::stream_key identify(void* key) const {
    return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key)), {}};
  }
  bool capturing(void*) const { return false; }
  void release_unordered(const std::vector<void*>& buffers) const {
    Kokkos::fence();
    for (void* p : buffers)
      Kokkos::kokkos_free<memory_space>(p);
  }
};

// One cache per execution space type for the whole program, emptied when Kokkos finalizes (its
// allocations must not outlive Kokkos; a later Kokkos session allocates afresh).
template <class Exec> scan::detail::workspace_cache<kokkos_memory<Exec>>& workspace_cache() {
  static scan::detail::workspace_cache<kokkos_memory<Exec>> cache;
  static std::atomic<bool> hooked{false};
  if (!hooked.exchange(true))
    Kokkos::push_finalize_hook([] {
      cache.clear();
      hooked = false;
    });
  return cache;
}

// The cache key of an instance: instances that may run concurrently get separate buffers.
template <class Exec> void* instance_key(const Exec& exec) {
  return reinterpret_cast<void*>(static_cast<std::uintptr_t>(exec.impl_instance_id()) + 1);
}

} // namespace scan::kokkos
