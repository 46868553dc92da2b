// The kokkos backend's part primitives (orchestration/part_primitives.hpp) as TeamPolicy kernels on
// one execution space instance: one team per part, team-level scans inside (kokkos_team_scan.hpp).
// Inputs and outputs are sequences indexed over the whole range (pointers, or Kokkos::Views of any
// layout, strided subviews included), so Views are scanned where they are, without copies.
// The single pass (kokkos_single_pass.hpp) never waits on another team.
//
// A kernel's body is run_part(team), templated on the team member so that tests can run it with
// several threads per team where Kokkos offers only one (Kokkos::Serial).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>

#include <Kokkos_Core.hpp>

#include <scan/detail/backends/kokkos/kokkos_single_pass.hpp>
#include <scan/detail/backends/kokkos/kokkos_team_scan.hpp>
#include <scan/detail/vocabulary/head_marks.hpp>
#include <scan/detail/vocabulary/lanes.hpp>
#include <scan/detail/vocabulary/lookback_state.hpp>
#include <scan/options.hpp>

namespace scan::kokkos {

// The seed part p starts from: init for the first part, else its predecessor's seed when given.
template <class Out>
KOKKOS_INLINE_FUNCTION maybe<Out> part_seed(std::int64_t p, const maybe<Out>& init,
                                            const Out* seeds) {
  if (p == 0) return init.resolved();
  return seeds ? maybe<Out>{seeds[p - 1], true} : maybe<Out>{};
}

template <class Exec, class InSeq, class Out, class Op> struct reduce_parts_kernel {
  InSeq in;
  std::int64_t n, part;
  Out* totals;
  Op op;

  static std::size_t scratch_bytes(int team_size) {
    return team_scan_scratch_bytes<Exec, Out>(team_size);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const team_member<Exec>& team) const { run_part(team); }

  template <class Member> KOKKOS_INLINE_FUNCTION void run_part(const Member& team) const {
    Op f = op;
    const std::int64_t p = team.league_rank();
    const std::int64_t begin = p * part;
    const std::int64_t count = part < n - begin ? part : n - begin;
    const index_range r = thread_chunk(begin, count, team.team_rank(), team.team_size());
    maybe<Out> prefix, total;
    team_scan_totals(team, team_scan_scratch<Exec, Out>(team), reduce_range<Out>(in, r, f), f,
                     prefix, total);
    if (team.team_rank() == 0) totals[p] = total.value;
  }
};

template <class Exec, class InSeq, class OutSeq, class Out, class Op> struct scan_parts_kernel {
  InSeq in;
  OutSeq out;
  std::int64_t n, part;
  bool inclusive;
  maybe<Out> init;
  const Out* seeds;
  Out* totals;
  Op op;

  static std::size_t scratch_bytes(int team_size) {
    return team_scan_scratch_bytes<Exec, Out>(team_size);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const team_member<Exec>& team) const { run_part(team); }

  template <class Member> KOKKOS_INLINE_FUNCTION void run_part(const Member& team) const {
    Op f = op;
    const std::int64_t p = team.league_rank();
    const std::int64_t begin = p * part;
    const std::int64_t count = part < n - begin ? part : n - begin;
    const maybe<Out> seed = part_seed(p, init, seeds);
    const index_range r = thread_chunk(begin, count, team.team_rank(), team.team_size());
    if (team.team_size() == 1) {
      // One thread owns the part: one pass over it, unless a total without the seed is wanted.
      const maybe<Out> total = totals && seed.present ? reduce_range<Out>(in, r, f) : maybe<Out>{};
      const maybe<Out> last = scan_range(in, out, r, inclusive, seed, f);
      if (totals) totals[p] = seed.present ? total.value : last.value;
      return;
    }
    maybe<Out> prefix, total;
    team_scan_totals(team, team_scan_scratch<Exec, Out>(team), reduce_range<Out>(in, r, f), f,
                     prefix, total);
    scan_range(in, out, r, inclusive, combine(seed, prefix, f), f);
    if (totals && team.team_rank() == 0) totals[p] = total.value;
  }
};

template <class Exec, class OutSeq, class Out, class Op> struct fan_parts_kernel {
  OutSeq out;
  std::int64_t n, part;
  bool inclusive;
  const Out* bases;
  Op op;

  static std::size_t scratch_bytes(int) { return 0; }

  KOKKOS_INLINE_FUNCTION void operator()(const team_member<Exec>& team) const {
    Op f = op;
    const std::int64_t p = team.league_rank() + 1; // part 0 has no base
    const std::int64_t begin = p * part;
    const std::int64_t count = part < n - begin ? part : n - begin;
    const Out base = bases[p - 1];
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const std::int64_t j) {
      const std::int64_t k = begin + j;
      out[k] = !inclusive && j == 0 ? base : f(base, static_cast<Out>(out[k]));
    });
  }
};

template <class Exec> struct kokkos_parts {
  using execution_space = Exec;
  Exec exec;
  // Items per part when positive (tests use it to reach many parts on small inputs); 0 picks them
  // from the execution space's concurrency. At least 2, so that each level of parts shrinks.
  std::int64_t fixed_part_items = 0;

  // Below this many items a part does not pay for its team's launch share.
  static constexpr std::int64_t min_part_items = 1 << 14;
  // Teams larger than this gain little for a chunked scan and cost scratch and barrier steps.
  static constexpr int max_team_size = 256;

  std::int64_t part_items(std::int64_t n, std::size_t, std::size_t) const {
    if (fixed_part_items > 0) return std::max<std::int64_t>(fixed_part_items, 2);
    const std::int64_t concurrency = exec.concurrency();
    // One thread in all (Kokkos::Serial): splitting would only read the input twice.
    if (concurrency <= 1) return std::max<std::int64_t>(n, 1);
    const std::int64_t parts = 4 * concurrency;
    // Kokkos leagues are counted in int.
    return std::max({min_part_items, (n + parts - 1) / parts, (n + INT_MAX - 1) / INT_MAX});
  }

  algorithm automatic_algorithm(std::int64_t, std::size_t, std::size_t) const {
    return algorithm::reduce_then_scan;
  }

  template <class InSeq, class Out, class Op>
  void reduce_parts(InSeq in, std::int64_t n, std::int64_t part, Out* totals, Op op) const {
    launch("libscan:reduce", (n + part - 1) / part,
           reduce_parts_kernel<Exec, InSeq, Out, Op>{in, n, part, totals, op});
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void scan_parts(InSeq in, OutSeq out, std::int64_t n, std::int64_t part, bool inclusive,
                  maybe<Out> init, const Out* seeds, Out* totals, Op op) const {
    launch("libscan:scan", (n + part - 1) / part,
           scan_parts_kernel<Exec, InSeq, OutSeq, Out, Op>{in, out, n, part, inclusive, init, seeds,
                                                           totals, op});
  }

  template <class OutSeq, class Out, class Op>
  void fan_parts(OutSeq out, std::int64_t n, std::int64_t part, bool inclusive, const Out* bases,
                 Op op) const {
    launch("libscan:fan", (n + part - 1) / part - 1,
           fan_parts_kernel<Exec, OutSeq, Out, Op>{out, n, part, inclusive, bases, op});
  }

  template <class InSeq, class OutSeq, class Out, class Op>
  void single_pass(InSeq in, OutSeq out, std::int64_t n, bool inclusive, maybe<Out> init,
                   scan::detail::lookback_state<Out> s, Op op) const {
    const std::int64_t part = (n + s.num_tiles - 1) / s.num_tiles;
    launch(
        "libscan:single", s.num_tiles,
        single_pass_kernel<Exec, InSeq, OutSeq, Out, Op>{in, out, n, part, inclusive, init, s, op});
  }

  // f(i) for i in [0, count) (a functor callable in the execution space); Kokkos shares the
  // indices out whatever their weight.
  template <class F> void for_each(std::int64_t count, F f, std::int64_t /*weight*/ = 1) const {
    if (count <= 0) return;
    Kokkos::parallel_for("libscan:each",
                         Kokkos::RangePolicy<Exec, Kokkos::IndexType<std::int64_t>>(exec, 0, count),
                         each_index<F>{f});
  }

  // Items of a lane per for_each index in a batched scan: a few indices per unit of concurrency,
  // long enough chunks on host spaces, short ones (threads) on GPUs.
  std::int64_t lane_chunk(std::int64_t lanes, std::int64_t length) const {
    constexpr bool on_host =
        Kokkos::SpaceAccessibility<Kokkos::HostSpace, typename Exec::memory_space>::accessible;
    return scan::detail::lane_chunk_for(lanes, length, 4 * std::int64_t{exec.concurrency()},
                                        on_host ? 4096 : 16);
  }

  // words[w] bit b = test(32w + b), for the n items.
  template <class Test> void pack_bits(std::int64_t n, Test test, std::uint32_t* words) const {
    for_each(scan::detail::head_words(n), scan::detail::pack_word<Test>{test, n, words});
  }

  // words[p >> 5] |= 1 << (p & 31) for every p = position(i) >= 0, i in [0, count); the words
  // start zeroed.
  template <class Position>
  void set_bits(std::int64_t count, Position position, std::uint32_t* words) const {
    for_each(count, set_bit<Position>{position, words});
  }

private:
  template <class Position> struct set_bit {
    Position position;
    std::uint32_t* words;
    KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const {
      const std::int64_t p = position(i);
      if (p >= 0) Kokkos::atomic_fetch_or(&words[p >> 5], std::uint32_t{1} << (p & 31));
    }
  };
  template <class F> struct each_index {
    F f;
    KOKKOS_INLINE_FUNCTION void operator()(std::int64_t i) const { f(i); }
  };

  // One team per part; the team size is Kokkos' recommendation for the kernel, capped. Labels stay
  // short enough for std::string's inline buffer: a warm launch allocates nothing.
  template <class Kernel>
  void launch(const char* label, std::int64_t league, const Kernel& kernel) const {
    if (league <= 0) return;
    using policy = Kokkos::TeamPolicy<Exec>;
    policy probe(exec, static_cast<int>(league), Kokkos::AUTO);
    probe.set_scratch_size(0, Kokkos::PerTeam(Kernel::scratch_bytes(max_team_size)));
    const int team =
        std::min(max_team_size, probe.team_size_recommended(kernel, Kokkos::ParallelForTag()));
    policy p(exec, static_cast<int>(league), std::max(team, 1));
    p.set_scratch_size(0, Kokkos::PerTeam(Kernel::scratch_bytes(std::max(team, 1))));
    Kokkos::parallel_for(label, p, kernel);
  }
};

} // namespace scan::kokkos
