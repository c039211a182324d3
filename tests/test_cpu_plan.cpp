// CPU plans without running anything: the structural check of cpu configs, the heuristic
// (legal for every problem), kernel names, the CPU fingerprint, the generated IR, and
// plans from a real SQLite user database under the CPU's fingerprint.
#include <doctest/doctest.h>

#include <random>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/cpu_tune.hpp"
#include "tests/test_db_util.hpp"
#include "tuning_db/plan_sources.hpp"

using namespace tailor;

namespace {
GemmProblem norm(const std::string& s) {
  GemmProblem p = GemmProblem::parse(s);
  return p.normalized();
}
}  // namespace

TEST_CASE("check_cpu accepts the knobs' ranges and names what is wrong: f32 100x3x25x1, f64 10x8x8x8") {
  const GemmProblem skinny = norm("f32 100x3x25x1"), sq = norm("f64 10x8x8x8");
  CHECK_FALSE(gen::check_cpu(skinny, cpu::make_config(64, 16, 3, 1, 4, 1)));
  CHECK_FALSE(gen::check_cpu(sq, cpu::make_config(1, 8, 8, 1, 8, 0)));
  CHECK_FALSE(gen::check_cpu(sq, cpu::make_config(1 << 20, 1, 1, 1, 64, 0)));
  struct Bad {
    GemmProblem p;
    KernelConfig c;
    const char* why;
  };
  KernelConfig gpu_knob = cpu::make_config(1, 1, 1, 1, 1, 0);
  gpu_knob.threads = 256;
  const Bad bad[] = {
      {sq, gpu_knob, "GPU families"},
      {sq, cpu::make_config(0, 1, 1, 1, 1, 0), "mats"},
      {sq, cpu::make_config(1, 3, 1, 1, 1, 0), "vec = 3"},
      {sq, cpu::make_config(1, 16, 1, 1, 1, 0), "64 bytes"},  // 16 doubles
      {sq, cpu::make_config(1, 8, 9, 1, 1, 0), "rm = 9"},
      {sq, cpu::make_config(1, 8, 1, 2, 1, 0), "rn = 2"},     // 8 columns are one vector of 8
      {skinny, cpu::make_config(1, 4, 1, 2, 1, 1), "rn = 2"},  // N = 1
      {skinny, cpu::make_config(1, 1, 1, 1, 0, 0), "unroll"},
      {skinny, cpu::make_config(1, 1, 1, 1, 1, 128), "order"},
      {skinny, cpu::make_config(1, 4, 1, 1, 1, 64 | 1), "needs prefetching"},
      {skinny, cpu::make_config(1, 4, 1, 1, 1, 9), "packed B (8) needs the outer product"},
      {norm("f64 2x300x300x300"), cpu::make_config(1, 8, 1, 1, 1, 8), "exceeds 256 KB"},  // 703 KB
      {norm("f32 10x3x5x1"), cpu::make_config(1, 16, 1, 1, 1, 1), "wider than K"},
      {sq, cpu::make_config(1, 2, 12, 6, 1, 0), "at most 64"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.c.to_string());
    const auto why = gen::check_cpu(b.p, b.c);
    REQUIRE(why);
    CHECK_MESSAGE(why->find(b.why) != std::string::npos, *why);
  }
  // The GPU generator's check forwards cpu configs.
  CHECK(gen::check(sq, cpu::make_config(1, 3, 1, 1, 1, 0), DeviceInfo::sm90_model()));
}

TEST_CASE("streaming stores are honoured only for short whole runs of a packed C: f32 2x2x2, 33x33x33, padded C") {
  const GemmProblem tiny = norm("f32 1000x2x2x2"), big = norm("f32 1000x33x33x33");
  CHECK(cpu::streams(tiny, cpu::make_config(64, 2, 2, 1, 2, 2)));       // 16 bytes a block
  CHECK_FALSE(cpu::streams(tiny, cpu::make_config(64, 2, 2, 1, 2, 0)));  // not asked for
  CHECK(cpu::streams(norm("f64 1000x16x16x16"), cpu::make_config(64, 8, 1, 2, 2, 2)));         // one 128-byte row
  CHECK_FALSE(cpu::streams(norm("f64 1000x16x16x16"), cpu::make_config(64, 8, 2, 2, 2, 2)));   // 256 bytes
  CHECK_FALSE(cpu::streams(big, cpu::make_config(64, 16, 1, 1, 2, 2)));  // a row in two column blocks
  CHECK(cpu::streams(norm("f64 1000x3x25x1"), cpu::make_config(64, 8, 3, 1, 2, 3)));  // dot product, 24 bytes
  GemmProblem padded = GemmProblem::parse("f32 1000x2x2x2");
  padded.ldc = 3;
  CHECK_FALSE(cpu::streams(padded.normalized(), cpu::make_config(64, 2, 2, 1, 2, 2)));
}

TEST_CASE("a column-major C is computed as its transpose: knobs speak of the canonical orientation") {
  // C column-major 3 x 200: canonically 200 x 3, so rn counts vectors along M = 3.
  GemmProblem p = GemmProblem::parse("f32 10x3x7x200");
  p.layout_c = Layout::col;
  p = p.normalized();
  CHECK_FALSE(gen::check_cpu(p, cpu::make_config(1, 4, 16, 1, 1, 0)));  // rm = 16 <= 200 canonical rows
  CHECK(gen::check_cpu(p, cpu::make_config(1, 4, 1, 2, 1, 0)));        // 2 vectors of 4 > 3 columns
}

TEST_CASE("the cpu heuristic is legal for 2000 random problems, for AVX-512, AVX2 and SSE hosts") {
  std::mt19937_64 rng(3);
  auto pick = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
  cpu::CpuInfo hosts[3];
  hosts[0].vector_bytes = 64, hosts[1].vector_bytes = 32, hosts[2].vector_bytes = 16;
  for (int i = 0; i < 2000; ++i) {
    GemmProblem p = GemmProblem::make(pick(1, 1000), pick(1, 200), pick(1, 200), pick(1, 200),
                                      pick(0, 1) ? DType::f32 : DType::f64);
    p.layout_a = pick(0, 1) ? Layout::row : Layout::col;
    p.layout_b = pick(0, 1) ? Layout::row : Layout::col;
    p.layout_c = pick(0, 1) ? Layout::row : Layout::col;
    if (pick(0, 5) == 0) p.broadcast_b();
    p = p.normalized();
    for (const auto& h : hosts) {
      const KernelConfig c = cpu::heuristic(p, h);
      CAPTURE(p.to_string());
      CAPTURE(c.to_string());
      REQUIRE_FALSE(gen::check_cpu(p, c));
    }
    if (i % 100 == 0)
      for (const KernelConfig& c : cpu::candidates(p, hosts[i % 3], 2)) REQUIRE_FALSE(gen::check_cpu(p, c));
  }
}

TEST_CASE("cpu kernel names spell the problem and the config, with a hash of strides other than tight ones") {
  const GemmProblem p = norm("f64 1000000x3x25x1");
  const KernelConfig c = cpu::make_config(636, 8, 3, 1, 8, 1);
  CHECK(cpu::kernel_name(p, c) == "tailor_f64_cpu_m3k25n1_rrr_e10_T636_v8_r3x1_u8_o1");
  GemmProblem q = p;
  q.lda = 30;
  q = q.normalized();
  CHECK(cpu::kernel_name(q, c).find("tailor_f64_cpu_m3k25n1_rrr_e10_T636_v8_r3x1_u8_o1_h") == 0);
  GemmProblem b = GemmProblem::parse("f32 1000000x1x3x3");
  b.broadcast_b();
  b.beta_kind = ScalarKind::general;
  CHECK(cpu::kernel_name(b.normalized(), cpu::make_config(1, 4, 1, 1, 3, 0)) ==
        "tailor_f32_cpu_m1k3n3_rrr_e1b_bB_T1_v4_r1x1_u3_o0");
}

TEST_CASE("the CPU fingerprint names the model, the vector ISA and the cores") {
  const cpu::CpuInfo& h = cpu::host_cpu();
  const std::string fp = h.fingerprint();
  CHECK(fp.find(h.model) == 0);
  CHECK(fp.find("|" + h.isa + "|") != std::string::npos);
  CHECK(fp.find(std::to_string(h.cores) + " cores") != std::string::npos);
  CHECK(h.vector_bytes >= 8);
  CHECK(cpu::usable_cpus() >= 1);
}

TEST_CASE("generated IR for f64 *x3x25x1 has the sizes and strides as constants and uses fma") {
  if (!cpu::jit_available()) {
    CHECK_THROWS_AS(cpu::compile(norm("f64 10x3x25x1"), cpu::make_config(1, 1, 1, 1, 1, 0)), Error);
    return;
  }
  const GemmProblem p = norm("f64 10x3x25x1");
  const std::string ir = cpu::ir_text(p, cpu::make_config(4, 8, 3, 1, 8, 1), false);
  CHECK(ir.find("define void @tailor_f64_cpu_m3k25n1_rrr_e10_T4_v8_r3x1_u8_o1(ptr noalias") != std::string::npos);
  CHECK(ir.find("mul i64 %b, 75") != std::string::npos);  // A's batch stride
  CHECK(ir.find("<8 x double>") != std::string::npos);
  if (cpu::host_cpu().fma) CHECK(ir.find("@llvm.fma.v8f64") != std::string::npos);
  CHECK(ir.find("llvm.masked.load") != std::string::npos);  // K = 25: a tail of 1
  const std::string opt = cpu::ir_text(p, cpu::make_config(4, 8, 3, 1, 8, 1), true);
  CHECK(opt.find("alloca") == std::string::npos);  // accumulators promoted to registers
}

TEST_CASE("a cpu record in a real SQLite user database serves its problem under the CPU's fingerprint") {
  dbtest::TempDir dir;
  const std::string path = dir / "tuning.db";
  GemmProblem p = norm("f64 5000x3x25x1");
  p.alpha_kind = ScalarKind::one, p.beta_kind = ScalarKind::zero;
  const std::string fp = cpu::host_cpu().fingerprint();
  {
    auto db = db::TuningDb::open(path, db::TuningDb::Mode::read_write);
    db->upsert(dbtest::record(p, "cpu,mats=32,vec=4,rm=1,rn=1,unroll=2,order=1", 1e-4, 1, 8, true, fp));
    // Another CPU's record of the same problem, and this CPU's record of another problem.
    db->upsert(dbtest::record(p, "cpu,mats=7,vec=8,rm=3,rn=1,unroll=2,order=1", 1e-5, 1, 8, true, "Other CPU|avx2|8 cores"));
    db->upsert(dbtest::record(norm("f64 5000x3x26x1"), "cpu,mats=9,vec=8,rm=3,rn=1,unroll=2,order=1", 1e-5, 1, 8,
                              true, fp));
  }
  const auto sources = cpu::db_sources(path, "");
  const Plan plan = cpu::decide(p, cpu::host_cpu(), sources);
  CHECK(plan.origin == PlanOrigin::user);
  CHECK(plan.config.to_string() == "cpu,mats=32,vec=4,rm=1,rn=1,unroll=2,order=1");
  CHECK(plan.kernel_name == cpu::kernel_name(p, plan.config));
  // Other scalar kinds: no record, the heuristic.
  GemmProblem q = p;
  q.beta_kind = ScalarKind::one;
  CHECK(cpu::decide(q, cpu::host_cpu(), sources).origin == PlanOrigin::heuristic);
  // A record whose config is illegal for its problem is skipped (the heuristic serves).
  GemmProblem r = norm("f64 5000x2x25x1");
  {
    auto db = db::TuningDb::open(path, db::TuningDb::Mode::read_write);
    db->upsert(dbtest::record(r, "cpu,mats=32,vec=4,rm=3,rn=1,unroll=2,order=1", 1e-4, 1, 8, false, fp));
  }
  const Plan pr = cpu::decide(r, cpu::host_cpu(), cpu::db_sources(path, ""));
  CHECK(pr.origin == PlanOrigin::heuristic);
  CHECK_FALSE(gen::check_cpu(r, pr.config));
}
