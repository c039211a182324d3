// The CPU path's view of a problem: its canonical orientation and the element strides of
// each operand. A product with a column-major C is computed as its transpose
// (C^T = B^T A^T, which has a row-major output), so every CPU kernel writes rows of C and
// the knobs of a cpu-family config always speak of that canonical orientation:
//   order 0  "outer product": the register block is rm rows x rn vectors of `vec` columns
//            of C; each step over K loads a vector of B's row and broadcasts A's elements.
//   order 1  "dot product": the register block is rm rows x rn columns of C; each output is
//            a vector of `vec` partial sums along K, reduced (pairwise, in a fixed order) at
//            the end. Suits N = 1 and other skinny outputs.
//   order + 2  streaming (non-temporal) stores of C: for large outputs that would otherwise
//            be read into the cache before they are overwritten.
//   order + 4  column blocks outer, row blocks inner: a panel of B stays in L1 while the
//            rows of A stream past it (large matrices); otherwise rows outer.
//   order + 8  B packed into contiguous panels on the stack (outer product only).
//   order + 16 software prefetch of a later matrix's A and B during the reduction.
//   order + 32 staged streaming stores: C through a stack buffer, whole aligned lines out.
//   order + 64 with 16: prefetch into L2 rather than L1.
// Header-only and LLVM-free: the structural check (generator/cpu_check.cpp), the heuristic
// and the code generator share it.
#pragma once

#include <cstdint>

#include "tailor/config.hpp"
#include "tailor/problem.hpp"

namespace tailor::cpu {

/// A normalised problem in the orientation the CPU kernels compute: C row-major.
/// Element (i, j) of an operand X sits at X + i * X_rs + j * X_cs within one matrix.
struct CpuShape {
  std::int64_t m = 1, k = 1, n = 1;
  std::int64_t a_rs = 1, a_cs = 1;  ///< A (m x k)
  std::int64_t b_rs = 1, b_cs = 1;  ///< B (k x n)
  std::int64_t c_rs = 1;            ///< C (m x n), unit column stride
  std::int64_t stride_a = 0, stride_b = 0, stride_c = 0;  ///< batch strides (0: broadcast)
  bool swapped = false;  ///< true when A and B are the caller's B^T and A^T
};

/// The canonical orientation of a normalised problem.
inline CpuShape cpu_shape(const GemmProblem& p) {
  CpuShape s;
  const std::int64_t a_rs = p.layout_a == Layout::row ? p.lda : 1, a_cs = p.layout_a == Layout::row ? 1 : p.lda;
  const std::int64_t b_rs = p.layout_b == Layout::row ? p.ldb : 1, b_cs = p.layout_b == Layout::row ? 1 : p.ldb;
  if (p.layout_c == Layout::row) {
    s.m = p.m, s.k = p.k, s.n = p.n;
    s.a_rs = a_rs, s.a_cs = a_cs, s.b_rs = b_rs, s.b_cs = b_cs;
    s.stride_a = p.stride_a, s.stride_b = p.stride_b;
  } else {
    // C^T (n x m, row-major with row stride ldc) = B^T (n x k) @ A^T (k x m).
    s.m = p.n, s.k = p.k, s.n = p.m;
    s.a_rs = b_cs, s.a_cs = b_rs, s.b_rs = a_cs, s.b_cs = a_rs;
    s.stride_a = p.stride_b, s.stride_b = p.stride_a;
    s.swapped = true;
  }
  s.c_rs = p.ldc;
  s.stride_c = p.stride_c;
  return s;
}

/// Smallest power of two >= v (v >= 1).
constexpr std::int64_t pow2_ceil(std::int64_t v) {
  std::int64_t r = 1;
  while (r < v) r <<= 1;
  return r;
}

/// Columns of an outer-product block of `cols` columns padded to whole segments: full
/// vectors of `vec`, then the tail in the smallest power of two that holds it.
constexpr std::int64_t padded_cols(std::int64_t cols, std::int64_t vec) {
  const std::int64_t rest = cols % vec;
  return cols / vec * vec + (rest ? (vec < pow2_ceil(rest) ? vec : pow2_ceil(rest)) : 0);
}

/// Elements of the packed-B buffer of an outer-product config with order bit 3 (8): one
/// panel (K x padded block width) with columns outer (bit 2), else every panel of B.
inline std::int64_t packed_b_elems(const GemmProblem& p, const KernelConfig& c) {
  const CpuShape s = cpu_shape(p);
  const std::int64_t bw = std::int64_t(c.rn) * c.vec;
  const std::int64_t nb = s.n / bw, rest = s.n % bw;
  const std::int64_t last = rest ? padded_cols(rest, c.vec) : 0;
  if (c.order & 4) return s.k * (nb ? (bw > last ? bw : last) : last);
  return s.k * (nb * bw + last);
}

}  // namespace tailor::cpu
