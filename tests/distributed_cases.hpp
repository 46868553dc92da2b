// The distributed scan's cases (scan/distributed.hpp) for any group of ranks: every rank's part of
// the result equals the host reference's slice of the scan of the whole array. Random part sizes
// (every part empty, one rank holding everything, parts across tile and part boundaries), a
// non-commutative operator, a widening pair, inclusive and exclusive, with and without init, in
// place; sums of doubles bit for bit from run to run.
//
// A Group gives the ranks and their memory:
//   int ranks() const;
//   bool holds(int rank) const;        whether this process runs the rank (a process per GPU
//                                      holds one and checks its part alone)
//   template <class F> void run(F f);  f(rank, communicator, options), a thread per held rank
//   template <class T> T* upload(int rank, const T* host, std::int64_t n);   memory of the rank
//   template <class T> T* poisoned(int rank, std::int64_t n);                its bytes all 0xa5
//   template <class T> std::vector<T> download(int rank, const T* p, std::int64_t n);  after f's
//                                                     scan: the rank's stream is waited for
//   void release(int rank, void* p);
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include "tests/reference_scan.hpp"
#include "tests/test_operators.hpp"
#include <scan/distributed.hpp>

namespace scan_test::distributed {

struct generator {
  std::uint64_t state;
  std::uint64_t next() {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 31)) * 0x9e3779b97f4a7c15ull;
    return z ^ (z >> 29);
  }
  std::int64_t below(std::int64_t n) { return static_cast<std::int64_t>(next() % n); }
};

// Doubles are multiples of 1/8 below 2^10: every partial sum is exact in any order.
template <class T> T draw(generator& g) {
  if constexpr (std::is_same_v<T, affine>)
    return affine::draw(g);
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(static_cast<double>(g.below(16384)) / 8.0 - 1024.0);
  else
    return static_cast<T>(g.next());
}

// Runs the scan on every rank of `group` over parts of these sizes; the outputs, per rank.
template <class Group, class In, class Out, class Op>
std::vector<std::vector<Out>> run_ranks(Group& group, const std::vector<In>& in,
                                        const std::vector<std::int64_t>& sizes, bool inclusive,
                                        scan::detail::maybe<Out> init, Op op, bool in_place) {
  const int ranks = group.ranks();
  std::vector<std::int64_t> first(static_cast<std::size_t>(ranks) + 1, 0);
  for (int r = 0; r < ranks; ++r)
    first[r + 1] = first[r] + sizes[r];
  std::vector<std::vector<Out>> got(static_cast<std::size_t>(ranks));
  std::vector<std::string> errors(static_cast<std::size_t>(ranks));
  group.run([&](int r, const scan::communicator& comm, const scan::options& opt) {
    try {
      const std::int64_t n = sizes[r];
      In* d_in = group.template upload<In>(r, in.data() + first[r], n);
      Out* d_out = nullptr;
      if constexpr (std::is_same_v<In, Out>)
        d_out = in_place ? d_in : group.template poisoned<Out>(r, n);
      else
        d_out = group.template poisoned<Out>(r, n);
      if (inclusive && init.present)
        scan::inclusive_scan(comm, static_cast<const In*>(d_in), d_out, n, init.value, op, opt);
      else if (inclusive)
        scan::inclusive_scan(comm, static_cast<const In*>(d_in), d_out, n, op, opt);
      else
        scan::exclusive_scan(comm, static_cast<const In*>(d_in), d_out, n, init.value, op, opt);
      got[r] = group.template download<Out>(r, d_out, n);
      if (static_cast<void*>(d_out) != static_cast<void*>(d_in)) group.release(r, d_out);
      group.release(r, d_in);
    } catch (const std::exception& e) {
      errors[r] = e.what();
    }
  });
  for (int r = 0; r < ranks; ++r)
    CHECK_MESSAGE(errors[r].empty(), "rank " << r << " threw: " << errors[r]);
  return got;
}

template <class Group, class In, class Out, class Op>
void check(Group& group, const std::vector<std::int64_t>& sizes, bool inclusive,
           scan::detail::maybe<Out> init, Op op, bool in_place, std::uint64_t seed) {
  std::int64_t n = 0;
  for (std::int64_t s : sizes)
    n += s;
  generator g{seed};
  std::vector<In> in(static_cast<std::size_t>(n));
  for (auto& x : in)
    x = draw<In>(g);
  std::vector<Out> want(in.size());
  scan::reference::serial(in.data(), want.data(), n, inclusive, init, op);
  const auto got = run_ranks(group, in, sizes, inclusive, init, op, in_place);
  std::string layout;
  for (std::int64_t s : sizes)
    layout += std::to_string(s) + " ";
  INFO("parts " << layout << "inclusive " << inclusive << " init " << init.present << " in place "
                << in_place << " seed " << seed);
  std::int64_t begin = 0;
  for (int r = 0; r < group.ranks(); ++r) {
    const auto& part = got[r];
    if (!group.holds(r)) {
      begin += sizes[r];
      continue;
    }
    std::int64_t bad = -1;
    if (static_cast<std::int64_t>(part.size()) != sizes[r]) bad = 0;
    for (std::int64_t i = 0; bad < 0 && i < sizes[r]; ++i)
      if (!(part[i] == want[begin + i])) bad = i;
    CHECK_MESSAGE(bad < 0, "rank " << r << ": first wrong item " << bad << " of " << sizes[r]);
    begin += sizes[r];
  }
}

// Part sizes for `ranks` ranks: the layouts named above, then random ones up to `largest`.
inline std::vector<std::vector<std::int64_t>> layouts(int ranks, std::int64_t largest,
                                                      std::uint64_t seed) {
  std::vector<std::vector<std::int64_t>> all;
  all.emplace_back(ranks, 0);
  all.emplace_back(ranks, 0);
  all.back()[ranks / 2] = largest;
  all.emplace_back(ranks, 1);
  generator g{seed};
  for (int k = 0; k < 6; ++k) {
    std::vector<std::int64_t> sizes(static_cast<std::size_t>(ranks));
    for (auto& s : sizes)
      s = g.below(4) == 0 ? 0 : g.below(k < 3 ? 5000 : largest + 1);
    all.push_back(sizes);
  }
  return all;
}

// Every case above on a group: int32 sums (in place too), an int64 max, uint8 counts into
// int64 offsets, the non-commutative composition of affine maps, and double sums.
template <class Group> void check_group(Group& group, std::int64_t largest) {
  const int ranks = group.ranks();
  std::uint64_t seed = 1000 * static_cast<std::uint64_t>(ranks);
  for (const auto& sizes : layouts(ranks, largest, seed)) {
    ++seed;
    check<Group, std::int32_t, std::int32_t>(group, sizes, true, {}, scan::sum{}, false, seed);
    check<Group, std::int32_t, std::int32_t>(group, sizes, false, {7, true}, scan::sum{}, true,
                                             seed);
    check<Group, std::int64_t, std::int64_t>(group, sizes, true, {-5, true}, scan::max{}, false,
                                             seed);
    check<Group, std::uint8_t, std::int64_t>(group, sizes, false, {0, true}, scan::sum{}, false,
                                             seed);
    check<Group, affine, affine>(group, sizes, true, {affine{3, 1}, true}, then{}, false, seed);
    check<Group, affine, affine>(group, sizes, false, {affine{1, 0}, true}, then{}, true, seed);
    check<Group, double, double>(group, sizes, true, {}, scan::sum{}, false, seed);
  }
}

// Doubles that do not sum exactly: two runs give the same bits.
template <class Group> void check_repeatable(Group& group, std::int64_t largest) {
  std::vector<std::int64_t> sizes(static_cast<std::size_t>(group.ranks()), largest);
  sizes[0] = largest / 3;
  std::int64_t n = 0;
  for (std::int64_t s : sizes)
    n += s;
  generator g{77};
  std::vector<double> in(static_cast<std::size_t>(n));
  for (auto& x : in)
    x = static_cast<double>(g.next() >> 11) * 0x1.0p-53 - 0.3;
  const auto first =
      run_ranks(group, in, sizes, true, scan::detail::maybe<double>{}, scan::sum{}, false);
  const auto second =
      run_ranks(group, in, sizes, true, scan::detail::maybe<double>{}, scan::sum{}, false);
  for (int r = 0; r < group.ranks(); ++r) {
    if (!group.holds(r)) continue;
    const bool same =
        first[r].size() == second[r].size() &&
        std::memcmp(first[r].data(), second[r].data(), first[r].size() * sizeof(double)) == 0;
    CHECK_MESSAGE(same, "rank " << r << ": two runs differ");
  }
}

} // namespace scan_test::distributed
