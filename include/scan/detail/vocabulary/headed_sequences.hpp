// A segmented scan's input and output as sequences of (value, head) pairs (headed.hpp), so that a
// flat scan under restart_at_heads scans every segment on its own, on any backend, through any
// orchestration. `Heads` says whether item i starts a segment:
//   every_nth   consecutive segments of one length (blockwise scans);
//   head_bits   a bitmap of segment starts (marked from offsets, flags or keys: head_marks.hpp).
#pragma once

#include <cstdint>

#include <scan/config.hpp>
#include <scan/detail/vocabulary/headed.hpp>
#include <scan/detail/vocabulary/maybe.hpp>

namespace scan::detail {

struct every_nth {
  std::int64_t segment;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const { return i % segment == 0; }
};

struct head_bits {
  const std::uint32_t* words;
  SCAN_HOST_DEVICE bool operator()(std::int64_t i) const {
    return (words[i >> 5] >> (i & 31)) & 1u;
  }
};

// in[i] as a pair, init folded into each segment's first item. Offset like a pointer (s + i).
template <class InSeq, class Heads, class Out, class Op> struct headed_items {
  using value_type = headed<Out>;
  InSeq in;
  Heads heads;
  maybe<Out> init;
  Op op;
  std::int64_t first = 0;

  SCAN_HOST_DEVICE headed_items operator+(std::int64_t i) const {
    headed_items s = *this;
    s.first += i;
    return s;
  }
  SCAN_HOST_DEVICE headed<Out> operator[](std::int64_t i) const {
    return pair(in[first + i], heads(first + i));
  }

  // An item's pair from its value and head, read by the caller (kernels staging the values).
  template <class Value> SCAN_HOST_DEVICE headed<Out> pair(const Value& v, bool head) const {
    Out x = static_cast<Out>(v);
    if (head && init.present) {
      Op f = op; // operators need not be const-callable
      x = f(init.value, x);
    }
    return {x, head ? 1 : 0};
  }
};

// Writes a pair's value to out[i]; an exclusive scan writes init at each segment's head instead
// (the pair there holds the previous segment's total). Write-only (vocabulary/sequence.hpp).
template <class OutSeq, class Heads, class Out> struct headed_results {
  using value_type = headed<Out>;
  static constexpr bool write_only = true;
  OutSeq out;
  Heads heads;
  bool exclusive;
  Out init;
  std::int64_t first = 0;

  struct item_ref {
    const headed_results* to;
    std::int64_t i;
    SCAN_HOST_DEVICE const item_ref& operator=(const headed<Out>& v) const {
      to->out[i] = to->exclusive && to->heads(i) ? to->init : v.value;
      return *this;
    }
  };

  SCAN_HOST_DEVICE headed_results operator+(std::int64_t i) const {
    headed_results s = *this;
    s.first += i;
    return s;
  }
  SCAN_HOST_DEVICE item_ref operator[](std::int64_t i) const { return {this, first + i}; }
};

} // namespace scan::detail
