// Unstaged streaming stores (order bit 1) with C aligned / 8 bytes off 16: the raw kernel
// against plain gemm (which takes the plain-store twin for the misaligned C).
#include <tailor/tailor.hpp>
#include "runtime/cpu/cpu_engine.hpp"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>
using namespace tailor;
template <class F> double med(F f) {
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[4] * 1e3;
}
int main() {
  const std::int64_t batch = 2000000;
  GemmProblem p = GemmProblem::make(batch, 3, 10, 1, DType::f64);
  p.alpha_kind = ScalarKind::one, p.beta_kind = ScalarKind::zero;
  p = p.normalized();
  std::vector<double> A(batch * 30), B(batch * 10), C(batch * 3 + 64);
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> u(-1, 1);
  for (auto& x : A) x = u(rng);
  for (auto& x : B) x = u(rng);
  const KernelConfig cfg = KernelConfig::parse("cpu,mats=64,vec=8,rm=3,rn=1,unroll=2,order=3");
  const KernelConfig plain = KernelConfig::parse("cpu,mats=64,vec=8,rm=3,rn=1,unroll=2,order=1");
  cpu::CpuEngine engine;
  engine.set_threads(1);
  auto s = engine.resolve_shared(p, &cfg);
  double* al = C.data() + (reinterpret_cast<std::uintptr_t>(C.data()) % 16 ? 1 : 0);
  double* mis = al + 1;
  for (int round = 0; round < 2; ++round) {
    std::printf("raw streaming kernel, C aligned:     %.2f ms\n", med([&] { s->fn(A.data(), B.data(), al, 1, 0, 0, batch); }));
    std::printf("raw streaming kernel, C 8 off 16:    %.2f ms\n", med([&] { s->fn(A.data(), B.data(), mis, 1, 0, 0, batch); }));
    std::printf("engine.gemm streaming cfg, C 8 off:  %.2f ms\n", med([&] { engine.gemm(p, &cfg, A.data(), B.data(), mis, 1, 0); }));
    std::printf("engine.gemm plain cfg, C 8 off:      %.2f ms\n", med([&] { engine.gemm(p, &plain, A.data(), B.data(), mis, 1, 0); }));
  }
}
