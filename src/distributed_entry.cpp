// The library's entry for distributed scans (scan/distributed.hpp): the checks of every scan,
// those of the communicator and options, and the backend's compiled distributed scan.
#include <string>

#include <scan/detail/compiled_entries.hpp>
#include <scan/error.hpp>
#include "src/backend_registry.hpp"

namespace scan::detail {
namespace {

void check_communicator(const communicator& comm) {
  if (comm.ranks < 1)
    throw error("comm: " + std::to_string(comm.ranks) +
                " ranks; a communicator has at least one (is it set up?)");
  if (comm.rank < 0 || comm.rank >= comm.ranks)
    throw error("comm: rank " + std::to_string(comm.rank) + " is not in [0, " +
                std::to_string(comm.ranks) + ")");
  if (!comm.all_gather) throw error("comm: all_gather is null");
}

const backend_entry& distributed_entry(backend b) {
  const backend_entry* entry = find_backend(b);
  if (!entry || !entry->run_distributed_compiled)
    throw error("options.backend: " + std::string(to_string(b)) + " has no distributed scan");
  return *entry;
}

} // namespace

backend check_distributed(const request& r, const communicator& comm) {
  check_communicator(comm);
  if (r.opt.workspace.data || r.opt.workspace.bytes)
    throw error("options.workspace: a distributed scan uses the library's workspace; leave it "
                "empty");
  if (r.opt.algorithm != algorithm::automatic && r.opt.algorithm != algorithm::reduce_then_scan)
    throw error("options.algorithm: a distributed scan runs reduce_then_scan (one reduction, the "
                "exchange, one scan), not " +
                std::string(to_string(r.opt.algorithm)));
  const backend b = check(r);
  distributed_entry(b);
  return b;
}

void run_compiled_distributed(const request& r, const communicator& comm) {
  const backend b = check_distributed(r, comm);
  distributed_entry(b).run_distributed_compiled(r, comm); // n == 0 too: the exchange needs it
}

} // namespace scan::detail
