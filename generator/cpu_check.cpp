// Structural validation of cpu-family configs: the legal range of each knob of the LLVM
// ORC path (runtime/cpu/). Needs no LLVM, so tuning databases can be verified in any
// build. The knobs speak of the canonical orientation (runtime/cpu/cpu_shape.hpp: a
// column-major C is computed as its transpose):
//   mats    matrices per task of the thread pool, 1 .. 2^20
//   vec     SIMD width in elements, a power of two, at most 64 bytes (AVX-512)
//   rm, rn  register block: rm rows x rn vectors of C (order 0) or rm x rn outputs (order 1)
//   unroll  unroll factor of the loop over K (order 0: steps of 1, order 1: steps of vec)
//   order   bit 0: 0 outer product (vectors along C's rows), 1 dot product (vectors along K);
//           bit 1: streaming (non-temporal) stores of C, for outputs that go to memory anyway;
//           bit 2: column blocks outer, row blocks inner (a panel of B stays in L1);
//           bit 3: B packed into contiguous panels on the stack (outer product only, at
//                  most 256 KB): rows of a panel back to back, whatever B's strides;
//           bit 4: software prefetch of a later matrix's A and B during the reduction;
//           bit 5: staged streaming stores: each matrix's C through a buffer on the stack,
//                  whole lines of C stored aligned and non-temporal (honoured where C is
//                  packed and a matrix's C is at most 64 KB; bit 1 is then ignored);
//           bit 6: with bit 4, prefetch into L2 rather than L1
#include <fmt/format.h>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_shape.hpp"

namespace tailor::gen {

std::optional<std::string> check_cpu(const GemmProblem& problem, const KernelConfig& c) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  if (c.threads || c.minb != 1 || c.grid || c.bm || c.bn || c.bk)
    return std::string("threads, minb, grid, bm, bn, bk belong to the GPU families (a cpu config has t=0)");
  if (c.rows != 0 || c.tr != 0 || c.cols != 0) return std::string("rows, tr and cols apply to the GPU families only");
  if (c.mats < 1 || c.mats > 1 << 20) return fmt::format("mats = {} must be in [1, 2^20]", c.mats);
  if (c.vec != 1 && c.vec != 2 && c.vec != 4 && c.vec != 8 && c.vec != 16)
    return fmt::format("vec = {} must be 1, 2, 4, 8 or 16", c.vec);
  if (c.vec * p.esize() > 64)
    return fmt::format("vec = {} {} elements is wider than 64 bytes", c.vec, to_string(p.dtype));
  if (c.order < 0 || c.order > 127)
    return fmt::format(
        "order = {} must be 0 or 1 (outer or dot product), plus 2 for streaming stores, plus 4 for columns outer, "
        "plus 8 for packed B, plus 16 for prefetching, plus 32 for staged streaming stores, plus 64 for "
        "prefetching into L2",
        c.order);
  if ((c.order & 64) && !(c.order & 16))
    return fmt::format("order = {}: prefetching into L2 (64) needs prefetching (16)", c.order);
  if (c.rm < 1 || c.rn < 1 || c.rm > 16 || c.rn > 16 || c.rm * c.rn > 64)
    return fmt::format("register block {}x{} must have sides in [1, 16] and at most 64 accumulators", c.rm, c.rn);
  if (c.unroll < 1 || c.unroll > 64) return fmt::format("unroll = {} must be in [1, 64]", c.unroll);
  const cpu::CpuShape s = cpu::cpu_shape(p);
  if (c.rm > s.m) return fmt::format("rm = {} exceeds the {} rows of the (canonical) output", c.rm, s.m);
  if ((c.order & 8) && (c.order & 1)) return fmt::format("order = {}: packed B (8) needs the outer product", c.order);
  if ((c.order & 8) && cpu::packed_b_elems(p, c) * p.esize() > 256 * 1024)
    return fmt::format("order = {}: the packed B of {} KB exceeds 256 KB", c.order,
                       cpu::packed_b_elems(p, c) * p.esize() / 1024);
  if (c.order % 2 == 0) {
    const std::int64_t vectors = (s.n + c.vec - 1) / c.vec;
    if (c.rn > vectors)
      return fmt::format("rn = {} vectors of {} exceed the {} columns of the (canonical) output", c.rn, c.vec, s.n);
  } else {
    if (c.rn > s.n) return fmt::format("rn = {} exceeds the {} columns of the (canonical) output", c.rn, s.n);
    if (c.vec > cpu::pow2_ceil(s.k)) return fmt::format("vec = {} is wider than K = {} needs", c.vec, s.k);
  }
  return std::nullopt;
}

}  // namespace tailor::gen
