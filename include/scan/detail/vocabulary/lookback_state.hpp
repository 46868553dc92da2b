// Workspace layout of the single-pass scan's decoupled look-back, shared by every backend.
//
// header[0] is a ticket counter: each block draws a ticket from it, and takes the ticket as its
// tile index where blocks may start in any order (tile_order, below). header[1] is the epoch: the
// sequence number of the last call that used this workspace. A call runs with epoch = header[1] +
// 1 and tags every flag it writes with it, so flags left by earlier calls read as "not ready" and
// no memset is needed between calls. Each block reads the epoch before it draws its ticket (an
// acquire read, or a read-modify-write ticket that orders it), so the block that draws the last
// ticket knows every block has read the epoch: it resets the counter and advances header[1], and
// the next call on the stream sees both. A 61-bit epoch does not wrap in practice.
//
// Each tile has a 16-byte descriptor of two words: flags[2i] = lookback_tag(epoch, status, mark),
// status: aggregate_ready (tile i's reduction is published) or prefix_ready (the inclusive prefix
// through tile i, init included, is published). The value lives in aggregates[i] / prefixes[i],
// written before its flag with release order and read after it with acquire order; or, for values
// of at most 8 bytes, a backend may keep it in flags[2i + 1] and write and read the whole
// descriptor as one 16-byte access (a GPU then needs one round trip per look-back step, not two);
// the tag's mark bit carries what does not fit there (a pair's head beside its 8-byte value).
// Values of 9 to 16 bytes may travel the same way in halves: the low 8 bytes in flags[2i + 1],
// the high 8 in high[2i + 1] beside a copy of the tag in high[2i]; a reader issues both accesses
// at once and takes the value only where both tags agree (both halves of one publication).
// Every backend and every value type writes tags alike, so a flag left by any earlier call reads
// as one of an older epoch. Where the state lies in a workspace: runtime/lookback_workspace.hpp.
#pragma once

#include <cstdint>

#include <scan/config.hpp>

namespace scan::detail {

// How a block finds its tile in the single pass. by_ticket: the ticket it draws, so it waits only
// on tiles whose blocks drew theirs before, whatever order the hardware starts blocks in; it loads
// the tile of its blockIdx while the ticket travels and loads again where they differ.
// by_block_index: its blockIdx, for GPUs that start a grid's blocks in index order (NVIDIA's;
// CUB's scans rely on the same), so the blocks of every tile before it have started. On the H100
// 99% of tickets differed from their block's index, so by ticket nearly every tile was loaded
// twice; by block index the scan took 2% less time at 2^28 items and 10-26% less at 2^22-2^24
// (perf/CUDA_RESULTS.md).
enum class tile_order { by_ticket, by_block_index };

inline constexpr std::uint64_t lookback_aggregate_ready = 1;
inline constexpr std::uint64_t lookback_prefix_ready = 2;

SCAN_HOST_DEVICE constexpr unsigned long long
lookback_tag(std::uint64_t epoch, std::uint64_t status, std::uint64_t mark = 0) {
  return (epoch << 3) | (mark << 2) | status;
}
SCAN_HOST_DEVICE constexpr std::uint64_t lookback_epoch(unsigned long long tag) {
  return tag >> 3;
}
SCAN_HOST_DEVICE constexpr std::uint64_t lookback_status(unsigned long long tag) {
  return tag & 3;
}
SCAN_HOST_DEVICE constexpr std::uint64_t lookback_mark(unsigned long long tag) {
  return (tag >> 2) & 1;
}

template <class T> struct lookback_state {
  unsigned long long* header; // [0] ticket counter, [1] epoch of the last finished call
  unsigned long long* flags;  // 2 words per tile: tag, then the packed value (see above)
  unsigned long long* high;   // 2 words per tile: tag, then a split value's high half
  T* aggregates;
  T* prefixes;
  std::int64_t num_tiles;
};

} // namespace scan::detail
