// The library's entry for blockwise scans (scan/blockwise.hpp) and batched scans
// (scan/batched.hpp, which run as blockwise requests over a layout): the checks of every scan, the
// segment length or the layout, and the backend's compiled blockwise scan.
#include <string>

#include <scan/detail/compiled_entries.hpp>
#include <scan/error.hpp>
#include "src/backend_registry.hpp"

namespace scan::detail {

namespace {

// An in-place batched scan reads and writes each item at one address.
void check_layout(const request& r) {
  if (r.in == r.out && r.n > 0 &&
      (r.lanes.in.lane != r.lanes.out.lane || r.lanes.in.item != r.lanes.out.item))
    throw error("out: an in-place batched scan (out == in) needs the input's strides, got "
                "input strides " +
                std::to_string(r.lanes.in.lane) + "/" + std::to_string(r.lanes.in.item) +
                " and output strides " + std::to_string(r.lanes.out.lane) + "/" +
                std::to_string(r.lanes.out.item) + " (lane/item, in elements)");
}

} // namespace

backend check_blockwise(const request& r) {
  if (r.batched)
    check_layout(r);
  else if (r.segment < 1)
    throw error("segment: a blockwise scan needs segments of at least 1 item, got " +
                std::to_string(r.segment));
  const backend b = check(r);
  entry_offering(b, &backend_entry::run_blockwise_compiled, r.batched ? "batched" : "blockwise");
  return b;
}

void run_compiled_blockwise(const request& r) {
  const backend b = check_blockwise(r);
  with_compiled_totals(b, r, [&] {
    if (r.n > 0) find_backend(b)->run_blockwise_compiled(r);
  });
}

} // namespace scan::detail
