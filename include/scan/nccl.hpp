// Distributed scans (scan/distributed.hpp) over NCCL: scan::nccl_communicator makes a rank's
// scan::communicator from an NCCL communicator the caller owns (the ranks' totals travel by
// ncclAllGather on the call's stream); scan::nccl_devices and scan::device_part give the
// single-process form, one part per GPU of the process:
//
//   scan::nccl_devices gpus({0, 1});                             // ncclCommInitAll, owned
//   std::vector<scan::device_part<int, int>> parts{{d_in0, d_out0, n0, stream0},
//                                                  {d_in1, d_out1, n1, stream1}};
//   scan::inclusive_scan(gpus, parts);                           // returns once all are queued
//
// Needs NCCL's header and library: configure libscan with -DSCAN_WITH_NCCL=ON and link
// libscan::nccl (CUDA's toolkit or the nvidia-nccl-cu* Python package ships them).
#pragma once

#if !__has_include(<nccl.h>)
#error                                                                                             \
    "scan/nccl.hpp needs NCCL's nccl.h: configure libscan with -DSCAN_WITH_NCCL=ON and link libscan::nccl, or add NCCL's include directory"
#endif

#include <exception>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <cuda_runtime.h>
#include <nccl.h>

#include <scan/communicator.hpp>
#include <scan/distributed.hpp>
#include <scan/error.hpp>

namespace scan {

namespace detail {

inline void check_nccl(ncclResult_t result, const char* call) {
  if (result != ncclSuccess) throw error(std::string(call) + ": " + ncclGetErrorString(result));
}

inline void nccl_all_gather(void* context, const void* send, void* recv, std::size_t bytes,
                            void* stream) {
  check_nccl(ncclAllGather(send, recv, bytes, ncclUint8, static_cast<ncclComm_t>(context),
                           static_cast<cudaStream_t>(stream)),
             "ncclAllGather");
}

} // namespace detail

// The communicator keeps `comm`, which must outlive the scans that use it.
inline communicator nccl_communicator(ncclComm_t comm) {
  if (!comm) throw error("comm: null ncclComm_t");
  communicator c;
  detail::check_nccl(ncclCommUserRank(comm, &c.rank), "ncclCommUserRank");
  detail::check_nccl(ncclCommCount(comm, &c.ranks), "ncclCommCount");
  c.context = comm;
  c.all_gather = detail::nccl_all_gather;
  return c;
}

// The ranks of one process, one per GPU: the NCCL communicators ncclCommInitAll sets up for the
// given devices (owned: destroyed with the object), or the caller's (kept, never destroyed).
class nccl_devices {
public:
  explicit nccl_devices(const std::vector<int>& devices) : comms_(devices.size()), owned_(true) {
    if (devices.empty()) throw error("devices: none given");
    detail::check_nccl(
        ncclCommInitAll(comms_.data(), static_cast<int>(devices.size()), devices.data()),
        "ncclCommInitAll");
  }
  explicit nccl_devices(std::vector<ncclComm_t> comms) : comms_(std::move(comms)), owned_(false) {
    if (comms_.empty()) throw error("comms: none given");
    for (ncclComm_t c : comms_)
      if (!c) throw error("comms: a null ncclComm_t");
  }
  ~nccl_devices() {
    if (owned_)
      for (ncclComm_t c : comms_)
        ncclCommDestroy(c);
  }
  nccl_devices(const nccl_devices&) = delete;
  nccl_devices& operator=(const nccl_devices&) = delete;

  int ranks() const { return static_cast<int>(comms_.size()); }
  ncclComm_t comm(int rank) const { return comms_[static_cast<std::size_t>(rank)]; }
  int device(int rank) const {
    int d = 0;
    detail::check_nccl(ncclCommCuDevice(comm(rank), &d), "ncclCommCuDevice");
    return d;
  }

private:
  std::vector<ncclComm_t> comms_;
  bool owned_;
};

// One rank's part in the single-process form: its input, output, count and stream, on the
// rank's device.
template <class In, class Out> struct device_part {
  const In* in;
  Out* out;
  std::int64_t n;
  void* stream; // cudaStream_t of the rank's device; nullptr: its default stream
};

namespace detail {

// Scans every part on a thread of its own (NCCL needs every rank's calls under way at once), on
// the part's device and stream; returns once every scan is queued, rethrowing the first rank's
// error, named.
template <class In, class Out, class Op>
void scan_every_device(const nccl_devices& ranks, const std::vector<device_part<In, Out>>& parts,
                       bool inclusive, const Out* init, Op op, const options& opt) {
  if (static_cast<int>(parts.size()) != ranks.ranks())
    throw error("parts: " + std::to_string(parts.size()) + " given for " +
                std::to_string(ranks.ranks()) + " devices");
  std::vector<std::string> errors(parts.size());
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks.ranks(); ++r)
    threads.emplace_back([&, r] {
      const device_part<In, Out>& p = parts[static_cast<std::size_t>(r)];
      try {
        if (cudaSetDevice(ranks.device(r)) != cudaSuccess) throw error("cudaSetDevice failed");
        options mine = opt;
        mine.stream = p.stream;
        dispatch_distributed<In, Out, Op>(nccl_communicator(ranks.comm(r)), p.in, p.out, p.n,
                                          inclusive, init, op, mine);
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(r)] = e.what();
      }
    });
  for (auto& t : threads)
    t.join();
  for (std::size_t r = 0; r < errors.size(); ++r)
    if (!errors[r].empty()) throw error("part " + std::to_string(r) + ": " + errors[r]);
}

} // namespace detail

// The single-process form of scan/distributed.hpp: parts[r] is rank r's part, on ranks' device r.
template <class In, class Out, class Op = sum>
void inclusive_scan(const nccl_devices& ranks, const std::vector<device_part<In, Out>>& parts,
                    Op op = {}, const options& opt = {}) {
  detail::scan_every_device<In, Out, Op>(ranks, parts, true, nullptr, op, opt);
}

template <class In, class Out, class Op = sum>
void inclusive_scan(const nccl_devices& ranks, const std::vector<device_part<In, Out>>& parts,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::scan_every_device<In, Out, Op>(ranks, parts, true, &init, op, opt);
}

template <class In, class Out, class Op = sum>
void exclusive_scan(const nccl_devices& ranks, const std::vector<device_part<In, Out>>& parts,
                    detail::non_deduced<Out> init, Op op = {}, const options& opt = {}) {
  detail::scan_every_device<In, Out, Op>(ranks, parts, false, &init, op, opt);
}

} // namespace scan
