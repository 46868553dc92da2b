// How the ranks of a distributed scan (scan/distributed.hpp) exchange their totals. NCCL's
// communicators become one through scan::nccl_communicator (scan/nccl.hpp); any other transport
// (MPI, threads standing in for ranks in a test) fills one in the same way.
#pragma once

#include <cstddef>

namespace scan {

struct communicator {
  int rank = 0;  // this rank: its part comes after those of the ranks below it
  int ranks = 0; // how many take part
  void* context = nullptr;
  // Gathers `bytes` from every rank's `send` into `recv` (rank r's at r * bytes), in the memory
  // the scan runs in, ordered on `stream` (the call's options::stream) after the work queued there
  // and before the work queued after it. Throws scan::error when it fails.
  void (*all_gather)(void* context, const void* send, void* recv, std::size_t bytes,
                     void* stream) = nullptr;
};

} // namespace scan
