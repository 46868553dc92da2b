// Team-level building blocks of the kokkos backend, portable to every execution space. A team
// owns one part: each of its threads takes one contiguous chunk, reduces it, the team scans the
// thread totals in scratch memory, and each thread then scans its chunk from its prefix.
//
// Kokkos' own team-level parallel_scan assumes a sum with a zero identity; libscan's operators
// may have no identity and may not commute, so the thread totals are scanned here with presence
// flags (maybe<Out>) and always combined left to right.
#pragma once

#include <cstdint>

#include <Kokkos_Core.hpp>

#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::kokkos {

template <class T> using maybe = scan::detail::maybe<T>;

template <class Exec> using team_member = typename Kokkos::TeamPolicy<Exec>::member_type;

// a op b where either side may be absent.
template <class Out, class Op>
KOKKOS_INLINE_FUNCTION maybe<Out> combine(const maybe<Out>& a, const maybe<Out>& b, Op& op) {
  if (!a.present) return b;
  if (!b.present) return a;
  return {op(a.value, b.value), true};
}

// Items [begin, end) of a sequence (global indices).
struct index_range {
  std::int64_t begin;
  std::int64_t end;
};

// Thread `rank` of `size` gets one contiguous chunk of the `count` items from `begin`; trailing
// threads may get none, leading ones never do while items remain.
KOKKOS_INLINE_FUNCTION index_range thread_chunk(std::int64_t begin, std::int64_t count, int rank,
                                                int size) {
  const std::int64_t per = (count + size - 1) / size;
  const std::int64_t lo = rank * per < count ? rank * per : count;
  const std::int64_t hi = lo + per < count ? lo + per : count;
  return {begin + lo, begin + hi};
}

// Reduction of in[r.begin, r.end) in the output type; absent when the range is empty.
template <class Out, class InSeq, class Op>
KOKKOS_INLINE_FUNCTION maybe<Out> reduce_range(const InSeq& in, index_range r, Op& op) {
  maybe<Out> acc;
  if (r.begin >= r.end) return acc;
  acc = {static_cast<Out>(in[r.begin]), true};
  for (std::int64_t j = r.begin + 1; j < r.end; ++j)
    acc.value = op(acc.value, static_cast<Out>(in[j]));
  return acc;
}

// Scans in[r) into out[r) from `seed` when present and returns the running value after the last
// item. An exclusive scan without a seed leaves its first output unwritten. Safe in place: each
// item is read before its output is written.
template <class InSeq, class OutSeq, class Out, class Op>
KOKKOS_INLINE_FUNCTION maybe<Out> scan_range(const InSeq& in, const OutSeq& out, index_range r,
                                             bool inclusive, maybe<Out> seed, Op& op) {
  Out acc = seed.value;
  bool have = seed.present;
  for (std::int64_t j = r.begin; j < r.end; ++j) {
    const Out x = static_cast<Out>(in[j]);
    if (!inclusive && have) out[j] = acc;
    acc = have ? op(acc, x) : x;
    have = true;
    if (inclusive) out[j] = acc;
  }
  return {acc, have};
}

template <class Exec, class T>
using team_scratch_view =
    Kokkos::View<T*, typename Exec::scratch_memory_space, Kokkos::MemoryUnmanaged>;

// The scratch a team of `team_size` threads needs for team_scan_totals.
template <class Exec, class Out> std::size_t team_scan_scratch_bytes(int team_size) {
  return team_scratch_view<Exec, maybe<Out>>::shmem_size(static_cast<std::size_t>(team_size));
}

// Takes the scratch of team_scan_totals from the team's scratch memory. Each call takes new
// memory: a kernel takes it once and passes it to every team_scan_totals it makes.
template <class Exec, class Out, class Member>
KOKKOS_INLINE_FUNCTION maybe<Out>* team_scan_scratch(const Member& team) {
  return team_scratch_view<Exec, maybe<Out>>(team.team_scratch(0),
                                             static_cast<std::size_t>(team.team_size()))
      .data();
}

// Exclusive scan of the team's thread totals (Kogge-Stone over team scratch `s`, log2(team size)
// steps): `prefix` is the combination of the totals of threads before this one, `total` that of
// the whole team. Every thread of the team must call it; it may be called again after a barrier.
template <class Member, class Out, class Op>
KOKKOS_INLINE_FUNCTION void team_scan_totals(const Member& team, maybe<Out>* s, maybe<Out> mine,
                                             Op& op, maybe<Out>& prefix, maybe<Out>& total) {
  const int t = team.team_rank();
  const int size = team.team_size();
  if (size == 1) {
    prefix = {};
    total = mine;
    return;
  }
  s[t] = mine;
  team.team_barrier();
  for (int d = 1; d < size; d *= 2) {
    const maybe<Out> left = t >= d ? s[t - d] : maybe<Out>{};
    team.team_barrier();
    mine = combine(left, mine, op);
    s[t] = mine;
    team.team_barrier();
  }
  prefix = t > 0 ? s[t - 1] : maybe<Out>{};
  total = s[size - 1];
}

} // namespace scan::kokkos
