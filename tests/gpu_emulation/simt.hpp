// A CPU emulation of the SIMT execution model, for testing the vendor-neutral kernels of
// scan/detail/kernels/ on machines without a GPU (CI). Each thread of a block is a fiber
// (fiber_switch.hpp) on one OS thread; __syncthreads and the warp exchanges behind shuffles and
// ballots are barriers between fibers, and each round of the scheduler resumes the fibers in a new
// random order, so code relying on an order between barriers (a race on a GPU) gives wrong results
// here too. Blocks run one after another in blockIdx order. A barrier that cannot complete (a
// barrier in divergent code, a wait on a block that has not started) is reported as a deadlock
// instead of hanging.
#pragma once

#include "fiber_switch.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace simt {

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
};

inline dim3 thread_idx, block_idx, block_dim, grid_dim;

class block_runner {
public:
  static constexpr int warp = 32;
  static constexpr std::size_t exchange_bytes = 64; // largest value a shuffle moves

  static block_runner& current() { return *active(); }

  // Runs body() once per thread of each block of the grid.
  static void launch(unsigned grid, unsigned threads, const std::function<void()>& body) {
    block_runner r(threads, body);
    grid_dim = {grid, 1, 1};
    block_dim = {threads, 1, 1};
    for (unsigned b = 0; b < grid; ++b) {
      block_idx = {b, 1, 1};
      r.run_block();
    }
  }

  // __syncthreads(): every live thread of the block arrives.
  void sync_block() { wait(block_, live_); }

  // __syncwarp(): every live lane of the calling thread's warp arrives.
  void sync_current_warp() { sync_warp(current_ / warp); }

  // A warp exchange: every lane publishes `bytes`, then reads lane `source`'s.
  void exchange(const void* mine, void* theirs, std::size_t size, int source) {
    if (size > exchange_bytes) throw std::logic_error("simt: exchanged value too large");
    const int w = current_ / warp;
    std::memcpy(slots_[current_].data(), mine, size);
    sync_warp(w);
    const int src = w * warp + source;
    std::memcpy(theirs, slots_[src < threads() ? src : current_].data(), size);
    sync_warp(w);
  }

  void yield() { fibers_[current_].context.switch_to(scheduler_); }

private:
  struct fiber {
    fiber_context context;
    std::unique_ptr<char[]> stack;
    bool done = false;
  };
  struct barrier {
    int arrived = 0;
    unsigned generation = 0;
  };

  static block_runner*& active() {
    static block_runner* r = nullptr;
    return r;
  }

  block_runner(unsigned threads, const std::function<void()>& body)
      : body_(body), fibers_(threads), slots_(threads), warps_((threads + warp - 1) / warp) {}

  int threads() const { return static_cast<int>(fibers_.size()); }

  void sync_warp(int w) {
    int live = 0;
    for (int l = w * warp; l < (w + 1) * warp && l < threads(); ++l)
      live += !fibers_[l].done;
    wait(warps_[w], live);
  }

  void wait(barrier& b, int expected) {
    const unsigned g = b.generation;
    if (++b.arrived == expected) {
      b.arrived = 0;
      ++b.generation;
      ++events_;
      return;
    }
    while (b.generation == g)
      yield();
  }

  // A fiber's first frame: it never returns, the scheduler never resumes a finished fiber.
  [[noreturn]] static void entry() {
    block_runner& r = current();
    r.body_();
    r.fibers_[r.current_].done = true;
    --r.live_;
    ++r.events_;
    r.fibers_[r.current_].context.switch_to(r.scheduler_);
    std::abort();
  }

  void run_block() {
    active() = this;
    live_ = threads();
    block_ = {};
    for (auto& w : warps_)
      w = {};
    constexpr std::size_t stack_bytes = 256 * 1024;
    for (auto& f : fibers_) {
      f.done = false;
      if (!f.stack) f.stack.reset(new char[stack_bytes]);
      f.context.start(f.stack.get(), stack_bytes, &block_runner::entry);
    }
    // Rounds in which no barrier opened and no thread finished: every live thread is waiting.
    int idle_rounds = 0;
    std::vector<int> order(fibers_.size());
    std::iota(order.begin(), order.end(), 0);
    while (live_ > 0) {
      const std::uint64_t before = events_;
      std::shuffle(order.begin(), order.end(), random_);
      for (int t : order) {
        if (fibers_[t].done) continue;
        current_ = t;
        thread_idx = {static_cast<unsigned>(t), 0, 0};
        scheduler_.switch_to(fibers_[t].context);
      }
      idle_rounds = events_ != before ? 0 : idle_rounds + 1;
      if (idle_rounds > 3)
        throw std::runtime_error("simt: deadlock in block " + std::to_string(block_idx.x) +
                                 " (a barrier not reached by every thread, or a wait on a "
                                 "block that runs later)");
    }
    active() = nullptr;
  }

  std::function<void()> body_;
  std::vector<fiber> fibers_;
  std::vector<std::array<unsigned char, exchange_bytes>> slots_;
  std::vector<barrier> warps_;
  barrier block_;
  fiber_context scheduler_;
  int current_ = 0;
  int live_ = 0;
  std::uint64_t events_ = 0;
  std::minstd_rand random_{20261121};
};

} // namespace simt
