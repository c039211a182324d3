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
//           bit 2: column blocks outer, row blocks inner (a panel of B stays in L1)
#include <fmt/format.h>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_shape.hpp"

namespace tailor::gen {

std::optional<std::string> check_cpu(const GemmProblem& problem, const KernelConfig& c) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  if (c.threads || c.minb != 1 || c.grid || c.bm || c.bn || c.bk)
    return std::string("threads, minb, grid, bm, bn, bk belong to the GPU families (a cpu config has t=0)");
  if (c.mats < 1 || c.mats > 1 << 20) return fmt::format("mats = {} must be in [1, 2^20]", c.mats);
  if (c.vec != 1 && c.vec != 2 && c.vec != 4 && c.vec != 8 && c.vec != 16)
    return fmt::format("vec = {} must be 1, 2, 4, 8 or 16", c.vec);
  if (c.vec * p.esize() > 64)
    return fmt::format("vec = {} {} elements is wider than 64 bytes", c.vec, to_string(p.dtype));
  if (c.order < 0 || c.order > 7)
    return fmt::format(
        "order = {} must be 0 or 1 (outer or dot product), plus 2 for streaming stores, plus 4 for columns outer",
        c.order);
  if (c.rm < 1 || c.rn < 1 || c.rm > 16 || c.rn > 16 || c.rm * c.rn > 64)
    return fmt::format("register block {}x{} must have sides in [1, 16] and at most 64 accumulators", c.rm, c.rn);
  if (c.unroll < 1 || c.unroll > 64) return fmt::format("unroll = {} must be in [1, 64]", c.unroll);
  const cpu::CpuShape s = cpu::cpu_shape(p);
  if (c.rm > s.m) return fmt::format("rm = {} exceeds the {} rows of the (canonical) output", c.rm, s.m);
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
