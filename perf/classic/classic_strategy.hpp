// The classic block strategies, each a block scan of the seeds' designs or a step towards libscan's
// tuned one: Kogge-Stone in global or shared memory, double-buffered, Brent-Kung, Blelloch, one
// item per thread with warp shuffles (warp_shuffle_ptx: PTX predicated adds), and thread
// coarsening. Plain C++: the perf runner lists them in every build.
#pragma once

#include <string_view>

#include <scan/options.hpp>

namespace scan::classic {

enum class strategy {
  kogge_stone_global,
  kogge_stone_shared,
  kogge_stone_double_buffered,
  brent_kung,
  blelloch,
  warp_shuffle,
  warp_shuffle_ptx,
  thread_coarsened,
};

// Each strategy's name, listed once (also the perf runner's block axis, after "automatic").
inline constexpr enum_name<strategy> strategy_names[] = {
    {strategy::kogge_stone_global, "kogge_stone_global"},
    {strategy::kogge_stone_shared, "kogge_stone_shared"},
    {strategy::kogge_stone_double_buffered, "kogge_stone_double_buffered"},
    {strategy::brent_kung, "brent_kung"},
    {strategy::blelloch, "blelloch"},
    {strategy::warp_shuffle, "warp_shuffle"},
    {strategy::warp_shuffle_ptx, "warp_shuffle_ptx"},
    {strategy::thread_coarsened, "thread_coarsened"}};

constexpr std::string_view to_string(strategy s) {
  return name_of(strategy_names, s);
}

} // namespace scan::classic
