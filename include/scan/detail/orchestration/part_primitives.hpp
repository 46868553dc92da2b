// The contract between the shared orchestration and a backend. A backend hands the orchestration
// a `Parts` object (bound to its stream or execution space) with these members; everything about
// how many parts, how deep the recursion goes and where part totals live is decided by the
// orchestration (orchestrate.hpp, multi_part.hpp).
//
//   std::int64_t part_items(std::int64_t n, std::size_t in_size, std::size_t out_size) const;
//       Items per part for an n-item scan between elements of these sizes (a tile for a GPU, a
//       thread's share on the host). An input of at most one part is scanned by one scan_parts
//       call. Kernels templated on the types must use the same sizes-only rule.
//
//   algorithm automatic_algorithm(std::int64_t n, std::size_t in_size,
//                                 std::size_t out_size) const;
//       The backend's choice for algorithm::automatic.
//
//   template <class In, class Out, class Op>
//   void reduce_parts(const In* in, std::int64_t n, std::int64_t part, Out* totals, Op op);
//       totals[i] = in[i*part] op ... op in[min(n, (i+1)*part) - 1], in the output type.
//
//   template <class In, class Out, class Op>
//   void scan_parts(const In* in, Out* out, std::int64_t n, std::int64_t part, bool inclusive,
//                   maybe<Out> init, const Out* seeds, Out* totals, Op op);
//       Scans each part independently. Part 0 starts from `init` when present (init.resolved():
//       from *init.at when set, read on the device); part i >= 1 starts
//       from seeds[i-1] when `seeds` is not null, else from nothing. An exclusive part that
//       starts from nothing leaves its first output unspecified. When `totals` is not null,
//       totals[i] receives part i's reduction (without init or seed). Safe in place (out == in).
//
//   template <class Out, class Op>
//   void fan_parts(Out* out, std::int64_t n, std::int64_t part, bool inclusive,
//                  const Out* bases, Op op);
//       For each part i >= 1: inclusive: out[j] = bases[i-1] op out[j]; exclusive: the part's
//       first element becomes bases[i-1] and the others bases[i-1] op out[j].
//
//   template <class In, class Out, class Op>
//   void single_pass(const In* in, Out* out, std::int64_t n, bool inclusive, maybe<Out> init,
//                    lookback_state<Out> state, Op op);
//       One launch over tiles of part_items(n, sizeof(In), sizeof(Out)) with decoupled look-back
//       (vocabulary/lookback_state.hpp holds the state's protocol). Backends without it name it
//       unsupported.
//
//   template <class F> void for_each(std::int64_t count, F f, std::int64_t weight = 1);
//       f(i) for every i in [0, count), in any order and concurrently; each call touches about
//       `weight` items (how a host backend groups indices into tasks).
//
//   std::int64_t lane_chunk(std::int64_t lanes, std::int64_t length) const;
//       Items of one lane that one for_each index scans in a batched scan (lanes.hpp).
//
// Each call is ordered after the previous one on the backend's stream; none synchronises with
// the host.
#pragma once
