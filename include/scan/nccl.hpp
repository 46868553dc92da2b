// A scan::communicator (scan/distributed.hpp) over an NCCL communicator the caller owns: the
// ranks' totals travel by ncclAllGather on the call's stream. Needs NCCL's header and library:
// configure libscan with -DSCAN_WITH_NCCL=ON and link libscan::nccl (CUDA's toolkit or the
// nvidia-nccl-cu* Python package ships them).
#pragma once

#if !__has_include(<nccl.h>)
#error                                                                                             \
    "scan/nccl.hpp needs NCCL's nccl.h: configure libscan with -DSCAN_WITH_NCCL=ON and link libscan::nccl, or add NCCL's include directory"
#endif

#include <string>

#include <cuda_runtime.h>
#include <nccl.h>

#include <scan/detail/core/communicator.hpp>
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

} // namespace scan
