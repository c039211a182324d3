// Which operands of the slab on the FP64 tensor cores can be read free of bank conflicts,
// without a GPU: reads "M K N" lines on stdin and prints "M K N a b kb heuristic", a and b 1
// where that operand's fragment reads can be made conflict-free (gen::mma_perm for the slab
// the heuristic's rule builds: a warp for each 16 rows, one matrix), kb the KB that A and B
// take, and the heuristic's pick for a batch of 4000 on the sm_90 model.
// Build as bench/offline/dispatch_check.cpp, with this file.
#include <cstdio>
#include <iostream>
#include <sstream>
#include "generator/generator.hpp"
using namespace tailor;
int main() {
  const DeviceInfo d = DeviceInfo::sm90_model();
  std::int64_t m, k, n;
  while (std::cin >> m >> k >> n) {
    const GemmProblem p = GemmProblem::make(4000, m, k, n, DType::f64).normalized();
    KernelConfig c;
    c.family = Family::slab;
    c.mma = 1, c.tma = 1, c.cs = 1, c.mats = 1, c.vec = 1;
    c.rm = 1, c.rn = static_cast<int>((n + 15) / 16);
    c.threads = static_cast<int>(32 * ((m + 15) / 16));
    std::printf("%lld %lld %lld %d %d %.1f %s\n", static_cast<long long>(m), static_cast<long long>(k),
                static_cast<long long>(n), gen::mma_perm(p, c, 'A').has_value(), gen::mma_perm(p, c, 'B').has_value(),
                static_cast<double>((m * k + k * n) * 8) / 1024, gen::heuristic(p, d, 16).to_string().c_str());
  }
}
