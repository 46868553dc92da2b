#include <scan/detail/backends/host/thread_pool.hpp>

#include <algorithm>
#include <cstdlib>

#if defined(__linux__)
#include <sched.h>
#endif

namespace scan::host {

namespace {

// The CPUs this process may run on (taskset, a container's cpuset), else the machine's.
unsigned available_cpus() {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
    return static_cast<unsigned>(CPU_COUNT(&set));
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

} // namespace

unsigned thread_pool::instance_size() {
  static const unsigned threads = [] {
    if (const char* v = std::getenv("SCAN_HOST_THREADS")) {
      const long requested = std::strtol(v, nullptr, 10);
      if (requested > 0) return static_cast<unsigned>(std::min(requested, 1024L));
    }
    return available_cpus();
  }();
  return threads;
}

thread_pool& thread_pool::instance() {
  static thread_pool pool(instance_size() - 1);
  return pool;
}

thread_pool::thread_pool(unsigned workers) {
  for (unsigned i = 0; i < workers; ++i)
    threads_.emplace_back([this, i] { work(i); });
}

thread_pool::~thread_pool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_)
    t.join();
}

// Takes task indices until none are left; the caller holds no lock.
void thread_pool::drain() {
  for (;;) {
    std::int64_t i;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (next_ >= count_) return;
      i = next_++;
    }
    try {
      (*task_)(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (++finished_ == count_) done_.notify_all();
  }
}

void thread_pool::work(unsigned) {
  std::uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      ++busy_;
    }
    drain();
    std::lock_guard<std::mutex> lock(mutex_);
    if (--busy_ == 0) done_.notify_all();
  }
}

void thread_pool::run(std::int64_t count, task_ref task) {
  if (count <= 0) return;
  if (count == 1) { // one task: the caller runs it, no worker is woken
    task(0);
    return;
  }
  std::lock_guard<std::mutex> call(call_mutex_);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = &task;
    count_ = count;
    next_ = 0;
    finished_ = 0;
    failure_ = nullptr;
    ++generation_;
  }
  // Wake as many workers as there are tasks besides the caller's: a scan on fewer threads than
  // the pool leaves the others asleep.
  const auto helpers = static_cast<std::size_t>(count - 1);
  if (helpers >= threads_.size())
    wake_.notify_all();
  else
    for (std::size_t i = 0; i < helpers; ++i)
      wake_.notify_one();
  drain();
  std::unique_lock<std::mutex> lock(mutex_);
  // Wait for every task and for every worker to leave drain(), so task_ is not used after return.
  done_.wait(lock, [&] { return finished_ == count_ && busy_ == 0; });
  task_ = nullptr;
  if (failure_) std::rethrow_exception(failure_);
}

} // namespace scan::host
