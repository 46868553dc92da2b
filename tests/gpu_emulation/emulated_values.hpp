// Values and operators the emulation tests scan: a mixing hash for inputs, and two associative,
// non-commutative operators of 8, 16 and 32 bytes (the test body's own, tests/scan_test_body.hpp,
// carry host/device annotations and printing these tests do not need).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace emulation {

std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// x -> a*x + b modulo 2^32: associative, not commutative; 8 bytes (packed descriptors).
struct affine {
  std::uint32_t a, b;
  bool operator==(const affine& o) const { return a == o.a && b == o.b; }
};
struct then {
  affine operator()(const affine& f, const affine& g) const { return {g.a * f.a, g.a * f.b + g.b}; }
};
// 2x2 matrices modulo 2^32: 16 bytes (too large for a global-scratch slot of 256 items, and
// kept beside the look-back descriptors rather than packed into them).
struct mat2 {
  std::uint32_t m[4];
  bool operator==(const mat2& o) const { return std::memcmp(m, o.m, sizeof m) == 0; }
};
struct matmul {
  mat2 operator()(const mat2& x, const mat2& y) const {
    mat2 z;
    z.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2];
    z.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];
    z.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2];
    z.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];
    return z;
  }
};

// Two 2x2 matrices side by side: 32 bytes, wider than a vector word (tiles load and store each
// item as two words).
struct mat2_pair {
  mat2 first, second;
  bool operator==(const mat2_pair& o) const { return first == o.first && second == o.second; }
};
struct matmul_pair {
  mat2_pair operator()(const mat2_pair& x, const mat2_pair& y) const {
    return {matmul{}(x.first, y.first), matmul{}(x.second, y.second)};
  }
};

template <class T> T value(std::uint64_t i) {
  const std::uint64_t r = mix(i);
  if constexpr (std::is_same_v<T, affine>)
    return {static_cast<std::uint32_t>(r) | 1u, static_cast<std::uint32_t>(r >> 32)};
  else if constexpr (std::is_same_v<T, mat2>)
    // Odd diagonal, even elsewhere: an odd determinant, so no product of them collapses to zero
    // modulo 2^32 (random small entries made every prefix past a few hundred items zero, which
    // hid any misordering).
    return mat2{{2 * static_cast<std::uint32_t>(r % 5) + 1,
                 2 * static_cast<std::uint32_t>((r >> 8) % 5),
                 2 * static_cast<std::uint32_t>((r >> 16) % 5),
                 2 * static_cast<std::uint32_t>((r >> 24) % 5) + 1}};
  else if constexpr (std::is_same_v<T, mat2_pair>)
    return {value<mat2>(i), value<mat2>(~i)};
  else
    return static_cast<T>(r % 1000) - static_cast<T>(500);
}

} // namespace emulation
