// Half-precision element types a plain C++ program can name without GPU headers:
//   scan::half      IEEE 754 binary16 (CUDA's and HIP's __half)
//   scan::bfloat16  the upper half of a float (CUDA's __nv_bfloat16, HIP's hip_bfloat16)
// Each is 16 bits of storage with the vendor type's layout, so the vendor types are accepted as
// they are (scan/types.hpp maps them here). Conversions round the same way on every backend: to
// float exactly, from float to nearest, ties to even; in software, or in one instruction on
// NVIDIA devices (a NaN's payload may differ).
//
// A scan whose output is half or bfloat16 accumulates in float and rounds each output once
// (scan::accumulator_t); it does not accumulate in 16 bits, which loses precision within a few
// thousand items.
#pragma once

#include <cstdint>
#include <type_traits>

#include <scan/config.hpp>

namespace scan {

namespace detail {

SCAN_HOST_DEVICE inline float float_of_bits(std::uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  float f;
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
#endif
}

SCAN_HOST_DEVICE inline std::uint32_t bits_of_float(float f) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(f);
#else
  std::uint32_t u;
  __builtin_memcpy(&u, &f, sizeof u);
  return u;
#endif
}

// `kept` shifted right by `shift` (1..31 bits dropped), rounded to nearest, ties to even.
SCAN_HOST_DEVICE inline std::uint32_t round_shift(std::uint32_t kept, int shift) {
  const std::uint32_t dropped = kept & ((1u << shift) - 1u);
  const std::uint32_t halfway = 1u << (shift - 1);
  const std::uint32_t r = kept >> shift;
  return r + (dropped > halfway || (dropped == halfway && (r & 1u)) ? 1u : 0u);
}

SCAN_HOST_DEVICE inline float binary16_to_float(std::uint16_t h) {
#if defined(__CUDA_ARCH__) // the same conversion in one instruction
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
#else
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1fu;
  std::uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1fu) return float_of_bits(sign | 0x7f800000u | (mantissa << 13)); // inf, NaN
  if (exponent != 0) return float_of_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  if (mantissa == 0) return float_of_bits(sign); // +-0
  // A subnormal: mantissa * 2^-24, normalized into a float.
  int e = 113;
  while (!(mantissa & 0x400u)) {
    mantissa <<= 1;
    --e;
  }
  return float_of_bits(sign | (static_cast<std::uint32_t>(e) << 23) | ((mantissa & 0x3ffu) << 13));
#endif
}

SCAN_HOST_DEVICE inline std::uint16_t float_to_binary16(float f) {
#if defined(__CUDA_ARCH__) // the same rounding in one instruction (NaNs come out as 0x7fff)
  std::uint16_t h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
#else
  const std::uint32_t u = bits_of_float(f);
  const auto sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
  const std::uint32_t a = u & 0x7fffffffu;
  if (a > 0x7f800000u) // NaN: stays a quiet NaN with the top of its payload
    return static_cast<std::uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
  if (a >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u); // >= 65520: inf
  if (a >= 0x38800000u) // a normal half: rebias, round 13 bits off (a carry may reach inf)
    return static_cast<std::uint16_t>(sign | round_shift(a - 0x38000000u, 13));
  if (a <= 0x33000000u) return sign; // at most 2^-25: rounds to zero
  // A subnormal half: the 24-bit mantissa scaled to units of 2^-24.
  const int exponent = static_cast<int>(a >> 23);
  const std::uint32_t mantissa = (a & 0x7fffffu) | 0x800000u;
  return static_cast<std::uint16_t>(sign | round_shift(mantissa, 126 - exponent));
#endif
}

SCAN_HOST_DEVICE inline float bfloat16_to_float(std::uint16_t b) {
  return float_of_bits(static_cast<std::uint32_t>(b) << 16);
}

SCAN_HOST_DEVICE inline std::uint16_t float_to_bfloat16(float f) {
  const std::uint32_t u = bits_of_float(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((u >> 16) | 0x40u); // NaN
  return static_cast<std::uint16_t>(round_shift(u, 16)); // overflow rounds to inf, as it should
}

} // namespace detail

struct alignas(2) half {
  std::uint16_t bits;

  half() = default;
  SCAN_HOST_DEVICE explicit half(float f) : bits(detail::float_to_binary16(f)) {}
  SCAN_HOST_DEVICE operator float() const { return detail::binary16_to_float(bits); }
};

struct alignas(2) bfloat16 {
  std::uint16_t bits;

  bfloat16() = default;
  SCAN_HOST_DEVICE explicit bfloat16(float f) : bits(detail::float_to_bfloat16(f)) {}
  SCAN_HOST_DEVICE operator float() const { return detail::bfloat16_to_float(bits); }
};

// The type a scan whose output is T accumulates in: T, except float for the 16-bit floats.
template <class T> struct accumulator { using type = T; };
template <> struct accumulator<half> { using type = float; };
template <> struct accumulator<bfloat16> { using type = float; };
template <class T> using accumulator_t = typename accumulator<std::remove_cv_t<T>>::type;
// Whether a scan into T accumulates in another type (and rounds each output once).
template <class T>
inline constexpr bool accumulates_apart = !std::is_same_v<accumulator_t<T>, std::remove_cv_t<T>>;

} // namespace scan
