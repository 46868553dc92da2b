// The single-pass scan of the kokkos backend: decoupled look-back (vocabulary/lookback_state.hpp)
// in one TeamPolicy launch, portable to every execution space because no team ever waits on
// another.
//
// Kokkos promises no forward progress between teams (Kokkos::Serial runs them one after another;
// other spaces may not run a later team until an earlier one ends). So where a predecessor tile
// has published nothing yet, the looking team reduces that tile's input itself. A tile writes its
// output only after publishing its inclusive prefix (with a fence between), and the looking team
// re-reads the predecessor's flag after its own reduction (again with a fence between): if the
// flag is still empty, the input it read was not yet overwritten by an in-place scan; if not, it
// takes the published value instead.
#pragma once

#include <cstdint>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_team_scan.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>

namespace scan::kokkos {

// Flag status values: nothing published by this call yet, or vocabulary/lookback_state.hpp's two.
inline constexpr std::uint64_t lookback_none = 0;
using scan::detail::lookback_aggregate_ready;
using scan::detail::lookback_epoch;
using scan::detail::lookback_prefix_ready;
using scan::detail::lookback_status;
using scan::detail::lookback_tag;

template <class Exec, class InSeq, class OutSeq, class Out, class Op> struct single_pass_kernel {
  InSeq in;
  OutSeq out;
  std::int64_t n, part;
  bool inclusive;
  maybe<Out> init;
  scan::detail::lookback_state<Out> s;
  Op op;

  // What thread 0 tells the rest of its team, through team scratch and a barrier.
  struct shared_state {
    std::int64_t tile;
    std::uint64_t epoch;
    std::uint64_t status; // the flag status thread 0 read for the tile being looked at
    bool done;            // the look-back has reached an inclusive prefix
    maybe<Out> prefix;    // the combination of the tiles looked at so far
  };
  using shared_view = team_scratch_view<Exec, shared_state>;

  static std::size_t scratch_bytes(int team_size) {
    return team_scan_scratch_bytes<Exec, Out>(team_size) + shared_view::shmem_size(1);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const team_member<Exec>& team) const { run_part(team); }

  template <class Member> KOKKOS_INLINE_FUNCTION void run_part(const Member& team) const {
    Op f = op;
    maybe<Out>* totals = team_scan_scratch<Exec, Out>(team);
    shared_view shared(team.team_scratch(0), 1);
    const bool lead = team.team_rank() == 0;
    if (lead) draw_tile(shared(0));
    team.team_barrier();
    const std::int64_t tile = shared(0).tile;
    const std::uint64_t epoch = shared(0).epoch;

    const index_range r = tile_chunk(team, tile);
    maybe<Out> thread_prefix, aggregate;
    team_scan_totals(team, totals, reduce_range<Out>(in, r, f), f, thread_prefix, aggregate);
    maybe<Out> seed = init;
    if (tile > 0) {
      if (lead) publish(tile, epoch, lookback_aggregate_ready, aggregate.value);
      seed = look_back(team, totals, shared, tile, epoch, f);
    }
    if (lead) publish(tile, epoch, lookback_prefix_ready, combine(seed, aggregate, f).value);
    team.team_barrier();
    // In place, other teams may still read this tile's input: write only after the flag above.
    Kokkos::memory_fence();
    scan_range(in, out, r, inclusive, combine(seed, thread_prefix, f), f);
  }

private:
  template <class Member>
  KOKKOS_INLINE_FUNCTION index_range tile_chunk(const Member& team, std::int64_t tile) const {
    const std::int64_t begin = tile * part;
    const std::int64_t count = part < n - begin ? part : n - begin;
    return thread_chunk(begin, count, team.team_rank(), team.team_size());
  }

  // Tiles are numbered by a ticket counter, so a team only looks back at tiles already started.
  // Each team reads the epoch before drawing its ticket; the team drawing the last ticket knows
  // that all have read it and readies the header for the next call.
  KOKKOS_INLINE_FUNCTION void draw_tile(shared_state& sh) const {
    const std::uint64_t epoch = Kokkos::atomic_fetch_add(&s.header[1], 0ull) + 1;
    Kokkos::memory_fence();
    const auto tile = static_cast<std::int64_t>(Kokkos::atomic_fetch_add(&s.header[0], 1ull));
    if (tile == s.num_tiles - 1) {
      Kokkos::atomic_exchange(&s.header[0], 0ull);
      Kokkos::atomic_exchange(&s.header[1], static_cast<unsigned long long>(epoch));
    }
    sh.tile = tile;
    sh.epoch = epoch;
  }

  KOKKOS_INLINE_FUNCTION void publish(std::int64_t tile, std::uint64_t epoch, std::uint64_t status,
                                      const Out& value) const {
    if (status == lookback_prefix_ready)
      s.prefixes[tile] = value;
    else
      s.aggregates[tile] = value;
    Kokkos::memory_fence();
    Kokkos::atomic_exchange(&s.flags[2 * tile], lookback_tag(epoch, status));
    Kokkos::memory_fence();
  }

  // The status tile j published in this call, lookback_none when nothing yet.
  KOKKOS_INLINE_FUNCTION std::uint64_t status_of(std::int64_t j, std::uint64_t epoch) const {
    const std::uint64_t flag = Kokkos::atomic_fetch_add(&s.flags[2 * j], 0ull);
    Kokkos::memory_fence();
    return lookback_epoch(flag) == epoch ? lookback_status(flag) : lookback_none;
  }

  // The exclusive prefix of `tile` (init included): predecessors' values combined right to left
  // until one with an inclusive prefix, or tile 0 reached. Every thread of the team calls it.
  template <class Member>
  KOKKOS_INLINE_FUNCTION maybe<Out> look_back(const Member& team, maybe<Out>* totals,
                                              const shared_view& shared, std::int64_t tile,
                                              std::uint64_t epoch, Op& f) const {
    const bool lead = team.team_rank() == 0;
    if (lead) shared(0).prefix = {};
    for (std::int64_t j = tile - 1;; --j) {
      if (lead) shared(0).status = status_of(j, epoch);
      team.team_barrier();
      maybe<Out> reduced;
      if (shared(0).status == lookback_none) {
        // Nothing published: the team reduces tile j itself (all threads, team-uniform branch).
        maybe<Out> ignored;
        team_scan_totals(team, totals, reduce_range<Out>(in, tile_chunk(team, j), f), f, ignored,
                         reduced);
        Kokkos::memory_fence(); // the input reads above come before the flag is read again
        team.team_barrier();
        if (lead) shared(0).status = status_of(j, epoch);
      }
      if (lead) {
        const std::uint64_t status = shared(0).status;
        maybe<Out> value = reduced;
        if (status == lookback_prefix_ready)
          value = {s.prefixes[j], true};
        else if (status == lookback_aggregate_ready)
          value = {s.aggregates[j], true};
        bool done = status == lookback_prefix_ready;
        if (!done && j == 0) {
          value = combine(init, value, f);
          done = true;
        }
        shared(0).prefix = combine(value, shared(0).prefix, f);
        shared(0).done = done;
      }
      team.team_barrier();
      if (shared(0).done) break;
    }
    return shared(0).prefix;
  }
};

} // namespace scan::kokkos
