#include <cstdio>
#include "generator/generator.hpp"
#include "runtime/nvrtc.hpp"
using namespace tailor;
int main() {
  GemmProblem p = GemmProblem::parse("f64 49867x38x9x8"); p.broadcast_a(); p = p.normalized();
  KernelConfig c = KernelConfig::parse("slab,t=416,minb=2,mats=32,vec=2,rm=3,rn=8,grid=0,cs=1,tma=1");
  auto k = detail::compile(gen::generate(p, c), "sm_90");
  std::printf("nvrtc %d regs %d spills %d\nLOG[%zu]:\n%s\nEND\n", detail::nvrtc_version(), k.registers, k.spill_stores, k.log.size(), k.log.c_str());
  k.registers = -7; detail::parse_resource_report(k);
  std::printf("reparsed regs %d\n", k.registers);
}
