// The warp scan with PTX predicated combines: `shfl.sync.up.b32 r|p` yields the in-range
// predicate with the shuffled value, and `@p add` (min, max) uses it directly, saving the
// lane-index compare of the plain shuffle scan. Used for sums of 32- and 64-bit integers and
// floating-point values and for min/max of integers; every other type and operator falls back
// to the generic shuffle scan (kernels/warp_scan.cuh).
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/detail/kernels/warp_scan.cuh>
#include <scan/operators.hpp>

namespace scan::gpu {

// One shuffle step of a 32-bit value: x = op(shfl_up(x, d), x) where lane - d exists.
#define SCAN_PTX_STEP32(OPCODE, CONSTRAINT)                                                        \
  asm("{ .reg .b32 y; .reg .pred p;\n\t"                                                           \
      "shfl.sync.up.b32 y|p, %0, %1, 0, 0xffffffff;\n\t"                                           \
      "@p " OPCODE " %0, y, %0; }"                                                                 \
      : "+" CONSTRAINT(x)                                                                          \
      : "r"(d))
// The same for a 64-bit value, moved as two 32-bit halves.
#define SCAN_PTX_STEP64(OPCODE, CONSTRAINT)                                                        \
  asm("{ .reg .b32 lo, hi; .reg .b64 y; .reg .pred p;\n\t"                                         \
      "mov.b64 {lo, hi}, %0;\n\t"                                                                  \
      "shfl.sync.up.b32 lo|p, lo, %1, 0, 0xffffffff;\n\t"                                          \
      "shfl.sync.up.b32 hi, hi, %1, 0, 0xffffffff;\n\t"                                            \
      "mov.b64 y, {lo, hi};\n\t"                                                                   \
      "@p " OPCODE " %0, y, %0; }"                                                                 \
      : "+" CONSTRAINT(x)                                                                          \
      : "r"(d))

template <class T>
inline constexpr bool is_word = std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8);
template <class T, class Op>
inline constexpr bool has_ptx_warp_scan =
    (std::is_same_v<Op, scan::sum> &&
     (is_word<T> || std::is_same_v<T, float> || std::is_same_v<T, double>)) ||
    ((std::is_same_v<Op, scan::min> || std::is_same_v<Op, scan::max>)&&is_word<T>);

struct ptx_warp_scan {
  template <int Lanes = 32, class T, class Op>
  __device__ __forceinline__ static T inclusive(T x, Op op) {
    if constexpr (!has_ptx_warp_scan<T, Op>) {
      return gpu::shuffle_warp_scan::inclusive<Lanes>(x, op);
    } else {
      constexpr bool is_signed = std::is_signed_v<T>;
#pragma unroll
      for (int d = 1; d < Lanes; d *= 2) {
        if constexpr (std::is_same_v<T, float>) {
          SCAN_PTX_STEP32("add.rn.f32", "f");
        } else if constexpr (std::is_same_v<T, double>) {
          SCAN_PTX_STEP64("add.rn.f64", "d");
        } else if constexpr (sizeof(T) == 4) {
          if constexpr (std::is_same_v<Op, scan::sum>)
            SCAN_PTX_STEP32("add.u32", "r");
          else if constexpr (std::is_same_v<Op, scan::min> && is_signed)
            SCAN_PTX_STEP32("min.s32", "r");
          else if constexpr (std::is_same_v<Op, scan::min>)
            SCAN_PTX_STEP32("min.u32", "r");
          else if constexpr (is_signed)
            SCAN_PTX_STEP32("max.s32", "r");
          else
            SCAN_PTX_STEP32("max.u32", "r");
        } else {
          if constexpr (std::is_same_v<Op, scan::sum>)
            SCAN_PTX_STEP64("add.u64", "l");
          else if constexpr (std::is_same_v<Op, scan::min> && is_signed)
            SCAN_PTX_STEP64("min.s64", "l");
          else if constexpr (std::is_same_v<Op, scan::min>)
            SCAN_PTX_STEP64("min.u64", "l");
          else if constexpr (is_signed)
            SCAN_PTX_STEP64("max.s64", "l");
          else
            SCAN_PTX_STEP64("max.u64", "l");
        }
      }
      return x;
    }
  }
};

#undef SCAN_PTX_STEP32
#undef SCAN_PTX_STEP64

} // namespace scan::gpu
