// Structural validation of cpu-family configs: the legal range of each knob of the LLVM
// ORC path. Needs no LLVM, so tuning databases can be verified in any build.
#include <fmt/format.h>

#include "generator/generator.hpp"

namespace tailor::gen {

std::optional<std::string> check_cpu(const GemmProblem& p, const KernelConfig& c) {
  if (c.mats < 1 || c.mats > 1 << 20) return fmt::format("mats = {} must be in [1, 2^20]", c.mats);
  if (c.vec != 1 && c.vec != 2 && c.vec != 4 && c.vec != 8 && c.vec != 16)
    return fmt::format("vec = {} must be 1, 2, 4, 8 or 16", c.vec);
  if (c.rm < 1 || c.rn < 1 || c.rm > 16 || c.rn > 16 || c.rm * c.rn > 64)
    return fmt::format("register block {}x{} must have sides in [1, 16] and at most 64 outputs", c.rm, c.rn);
  if (c.rm > p.m || c.rn > p.n) return fmt::format("register block {}x{} exceeds the {}x{} output", c.rm, c.rn, p.m, p.n);
  if (c.unroll < 1 || c.unroll > 64) return fmt::format("unroll = {} must be in [1, 64]", c.unroll);
  if (c.order < 0 || c.order > 1) return fmt::format("order = {} must be 0 or 1", c.order);
  if (c.threads || c.minb != 1 || c.grid || c.bm || c.bn || c.bk)
    return std::string("threads, minb, grid, bm, bn, bk belong to the GPU families");
  return std::nullopt;
}

}  // namespace tailor::gen
