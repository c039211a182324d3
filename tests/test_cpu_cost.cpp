// The host-or-device cost model on a table of cases, with fixed constants (those of a
// 16-thread host beside an H200 behind PCIe, see runtime/cpu/cost_model.hpp): tiny work
// stays on the CPU, memory-bound work stays on the CPU (copies cost more than reading),
// large compute-bound work goes to the GPU, close calls are measured, and measurements
// settle them.
#include <doctest/doctest.h>

#include "runtime/cpu/cost_model.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;
using cpu::Side;

namespace {

cpu::CostConstants h200_host() {
  cpu::CostConstants k;
  k.cpu_call_s = 0.1e-6, k.cpu_pool_s = 10e-6;
  k.cpu_bw_thread = 12e9, k.cpu_bw_all = 80e9;
  k.cpu_flops_thread_f32 = 60e9, k.cpu_flops_thread_f64 = 30e9;
  k.gpu_fixed_s = 30e-6, k.bw_h2d = 20e9, k.bw_d2h = 20e9;
  k.gpu_bw = 3e12, k.gpu_flops_f32 = 20e12, k.gpu_flops_f64 = 10e12;
  return k;
}

GemmProblem prob(const std::string& s, double beta = 0) {
  GemmProblem p = GemmProblem::parse(s);
  p.alpha_kind = ScalarKind::one, p.beta_kind = scalar_kind(beta);
  return p.normalized();
}

}  // namespace

TEST_CASE("host-or-device decisions on a table of cases (16 CPU threads, H200 behind PCIe)") {
  const cpu::CostConstants k = h200_host();
  struct Row {
    const char* problem;
    int threads;
    Side choice;
    bool explore;
  };
  const Row rows[] = {
      {"f32 1x5x10x5", 16, Side::cpu, false},           // 11 us on a GPU through PyTorch, 1-2 us on a CPU
      {"f32 1000x5x10x5", 16, Side::cpu, false},        // 0.5 MB
      {"f64 1000000x3x25x1", 16, Side::cpu, false},     // the seed: 824 MB, memory-bound
      {"f32 4000000x2x2x2", 16, Side::cpu, false},      // memory-bound, C as large as A
      {"f64 1365x128x128x128", 16, Side::cpu, false},   // 5.7 GFLOP on 16 threads (12 ms) vs 537 MB of copies (27 ms)
      {"f64 1365x128x128x128", 1, Side::gpu, false},    // one thread: 191 ms against 27 ms
      {"f32 100x512x512x512", 16, Side::gpu, false},    // 26.8 GFLOP in 2 tasks of 64 matrices: 224 ms vs 17 ms
      {"f32 2730x128x128x128", 8, Side::cpu, true},     // 24 ms vs 27 ms: close, measured
      {"f64 1x1000x1000x1000", 16, Side::gpu, false},   // one matrix, one thread: 67 ms vs 1.4 ms
  };
  for (const Row& r : rows) {
    CAPTURE(r.problem);
    CAPTURE(r.threads);
    const GemmProblem p = prob(r.problem);
    const cpu::HostEstimate e = cpu::estimate(p, r.threads, 64, k);
    CAPTURE(e.cpu_s);
    CAPTURE(e.gpu_s);
    CHECK(e.choice == r.choice);
    CHECK(e.explore == r.explore);
    CHECK(e.cpu_s > 0);
    CHECK(e.gpu_s > k.gpu_fixed_s);
  }
}

TEST_CASE("the estimates follow the roofline: f32 1x5x10x5 costs the call, the seed costs its bytes") {
  const cpu::CostConstants k = h200_host();
  const cpu::HostEstimate tiny = cpu::estimate(prob("f32 1x5x10x5"), 16, 64, k);
  CHECK(tiny.cpu_threads_used == 1);  // far below the pool's threshold
  CHECK(tiny.cpu_s < 1e-6);
  CHECK(tiny.gpu_s > 30e-6);
  const GemmProblem seed = prob("f64 1000000x3x25x1");
  const cpu::HostEstimate e = cpu::estimate(seed, 16, 636, k);
  CHECK(e.cpu_threads_used == 16);
  CHECK(e.cpu_s == doctest::Approx(k.cpu_call_s + k.cpu_pool_s + seed.min_bytes() / 80e9).epsilon(1e-9));
  CHECK(e.bytes_in == doctest::Approx(8.0 * (75e6 + 25e6)));
  CHECK(e.bytes_out == doctest::Approx(8.0 * 3e6));
  // beta != 0 or a padded C: C goes in as well.
  CHECK(cpu::estimate(prob("f64 1000000x3x25x1", 0.5), 16, 636, k).bytes_in == doctest::Approx(8.0 * 103e6));
  // Few tasks limit the threads: 10 matrices of 64 per task is one task.
  CHECK(cpu::estimate(prob("f64 10x64x64x64"), 16, 64, k).cpu_threads_used == 1);
}

TEST_CASE("close calls are settled by measuring each side once, then the faster one is kept") {
  cpu::HostEstimate e;
  e.cpu_s = 1e-3, e.gpu_s = 0.8e-3, e.choice = Side::gpu, e.explore = true;
  cpu::Step s = cpu::settle(e, -1, -1);
  CHECK(s.side == Side::gpu);
  CHECK(s.measure);
  s = cpu::settle(e, -1, 0.9e-3);
  CHECK(s.side == Side::cpu);
  CHECK(s.measure);
  s = cpu::settle(e, 0.7e-3, 0.9e-3);
  CHECK(s.side == Side::cpu);
  CHECK_FALSE(s.measure);
  s = cpu::settle(e, 1.2e-3, 0.9e-3);
  CHECK(s.side == Side::gpu);
  CHECK_FALSE(s.measure);
  e.explore = false;  // a clear call is never measured
  s = cpu::settle(e, -1, -1);
  CHECK(s.side == Side::gpu);
  CHECK_FALSE(s.measure);
}
