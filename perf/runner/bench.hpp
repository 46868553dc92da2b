// The per-backend bench interface: each backend the runner can time (host, cuda, kokkos) is one
// implementation, listed by make_benches(). A bench times libscan and its own baselines on its own
// memory, after checking every configuration against the host reference.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "perf/runner/measurement.hpp"
#include "perf/runner/plan.hpp"

namespace scan::perf {

// Where a bench sends what it measured and how far it got.
struct recorder {
  std::function<void(const measurement&)> record;
  // A configuration the backend rejects as unsupported (options error): skipped, not failed.
  std::function<void(const std::string& what, const std::string& reason)> skip;
  std::function<void(const std::string& what)> fail;
  // One unit of planned work done (a variant at a type, kind and size), with a label.
  std::function<void(const std::string& label)> advance;
};

class bench {
public:
  virtual ~bench() = default;
  virtual scan::backend id() const = 0;
  virtual bool is_gpu() const = 0;
  // Empty when the bench can run on this machine, else why not (e.g. no CUDA device).
  virtual std::string unavailable() const = 0;
  virtual device_info device() const = 0;
  // Baselines beside the copy, e.g. {"cub", "thrust"}.
  virtual std::vector<std::string> baselines() const = 0;
  // Times every variant at every type, kind and size of the plan.
  virtual void run(const run_plan& plan, const std::vector<variant>& variants, recorder& rec) = 0;
};

std::unique_ptr<bench> make_host_bench();
#if defined(SCAN_PERF_WITH_CUDA)
std::unique_ptr<bench> make_cuda_bench();
#endif
#if defined(SCAN_PERF_WITH_KOKKOS)
std::unique_ptr<bench> make_kokkos_bench();
#endif

} // namespace scan::perf
