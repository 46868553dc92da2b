// A persistent pool of worker threads for the host backend: threads are started once, so a warm
// call neither creates threads nor allocates. Calls from several threads take turns.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace scan::host {

// A non-owning reference to a callable `void(std::int64_t)`: unlike std::function it never
// allocates, so a warm scan makes no allocation. The callable must outlive the run() call.
class task_ref {
public:
  template <class F>
  task_ref(const F& f) // implicit: callers pass their lambdas as they are
      : object_(&f), call_([](const void* o, std::int64_t i) { (*static_cast<const F*>(o))(i); }) {}
  void operator()(std::int64_t i) const { call_(object_, i); }

private:
  const void* object_;
  void (*call_)(const void*, std::int64_t);
};

class thread_pool {
public:
  static thread_pool& instance();
  // The threads instance() has (the calling thread included), known without starting them:
  // SCAN_HOST_THREADS when the environment sets it to a positive count, else the CPUs the
  // process may run on.
  static unsigned instance_size();

  explicit thread_pool(unsigned workers);
  ~thread_pool();
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }

  // Runs task(0) ... task(count - 1) on the pool and the calling thread; returns when all are
  // done. The first exception a task throws is rethrown here. A single task runs on the calling
  // thread alone, without taking the pool.
  void run(std::int64_t count, task_ref task);

private:
  void work(unsigned id);
  void drain();

  std::vector<std::thread> threads_;
  std::mutex call_mutex_; // one run() at a time
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const task_ref* task_ = nullptr;
  std::int64_t count_ = 0, next_ = 0, finished_ = 0;
  std::uint64_t generation_ = 0;
  unsigned busy_ = 0;
  bool stop_ = false;
  std::exception_ptr failure_;
};

} // namespace scan::host
