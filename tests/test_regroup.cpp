// The batch's rows regrouped (KernelConfig::rows): where they can be, what the regrouped
// problem is, that every generator entry point answers for it, the heuristic's choice and
// the tuner's candidates, and NVRTC compiles of the heuristic's regrouped kernels (sm_90).
#include <doctest/doctest.h>

#include <array>
#include <set>
#include <string>

#include "generator/generator.hpp"
#include "generator/search_space.hpp"
#include "runtime/nvrtc.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {
const DeviceInfo kDev = DeviceInfo::sm90_model();

GemmProblem shared_b(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n, DType t) {
  GemmProblem p = GemmProblem::make(batch, m, k, n, t);
  p.broadcast_b();
  return p.normalized();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("config rows round trip, GPU families only") {
  KernelConfig c = KernelConfig::parse("slab,t=64,minb=1,mats=4,vec=2,rm=2,rn=5,grid=0,cs=1,tma=1");
  c.rows = 30;
  CHECK(c.to_string() == "slab,t=64,minb=1,mats=4,vec=2,rm=2,rn=5,grid=0,cs=1,tma=1,rows=30");
  CHECK(KernelConfig::parse(c.to_string()) == c);
  const KernelConfig t = KernelConfig::parse("tiled,t=128,minb=2,bm=64,bn=24,bk=8,vec=2,rm=2,rn=3,grid=0,mma=1,st=4,rows=604838");
  CHECK(t.rows == 604838);
  CHECK(KernelConfig::parse(t.to_string()) == t);
  CHECK_THROWS_AS(KernelConfig::parse("cpu,mats=1,vec=8,rm=1,rn=1,unroll=1,order=0,rows=4"), Error);
}

TEST_CASE("regroup_check: which batches' rows form one stack against one B") {
  // B shared, A and C packed row-major: any divisor of batch x M other than M.
  const GemmProblem p = shared_b(1000, 3, 15, 8, DType::f32);
  CHECK_FALSE(gen::regroup_check(p, 3000));
  CHECK_FALSE(gen::regroup_check(p, 30));
  CHECK_FALSE(gen::regroup_check(p, 1));
  CHECK(gen::regroup_check(p, 3));     // the matrices as given
  CHECK(gen::regroup_check(p, 7));     // does not divide 3000
  CHECK(gen::regroup_check(p, 0));
  CHECK(gen::regroup_check(p, 6000));
  // A batch of one: its B serves every regrouped matrix.
  CHECK_FALSE(gen::regroup_check(GemmProblem::make(1, 20000, 20, 2, DType::f32).normalized(), 16));
  // B per matrix, with a batch: no.
  CHECK(contains(*gen::regroup_check(GemmProblem::make(1000, 3, 15, 8, DType::f32).normalized(), 30), "B must be shared"));
  // Column-major A or C: no.
  GemmProblem q = shared_b(1000, 3, 15, 8, DType::f32);
  q.layout_a = Layout::col, q.lda = kAuto, q.stride_a = kAuto;
  CHECK(contains(*gen::regroup_check(q.normalized(), 30), "row-major"));
  q = shared_b(1000, 3, 15, 8, DType::f32);
  q.layout_c = Layout::col, q.ldc = kAuto, q.stride_c = kAuto;
  CHECK(contains(*gen::regroup_check(q.normalized(), 30), "row-major"));
  // Rows of A not evenly spaced across matrices (a gap after each matrix): no.
  q = shared_b(1000, 3, 15, 8, DType::f32);
  q.stride_a = 3 * 15 + 5;
  CHECK(contains(*gen::regroup_check(q.normalized(), 30), "batch strides"));
  // Padded rows evenly spaced (lda 17, batch stride 3 x 17): yes.
  q = shared_b(1000, 3, 15, 8, DType::f32);
  q.lda = 17, q.stride_a = 3 * 17, q.ldc = 9, q.stride_c = 3 * 9;
  CHECK_FALSE(gen::regroup_check(q.normalized(), 30));
}

TEST_CASE("regroup: the same rows as matrices of R rows sharing B, with the leading dimensions kept") {
  GemmProblem p = shared_b(1000, 3, 15, 8, DType::f64);
  p.lda = 17, p.stride_a = 3 * 17, p.ldc = 9, p.stride_c = 3 * 9;
  p = p.normalized();
  const GemmProblem q = gen::regroup(p, 30);
  CHECK(q.batch == 100);
  CHECK(q.m == 30);
  CHECK(q.k == 15);
  CHECK(q.n == 8);
  CHECK(q.lda == 17);
  CHECK(q.ldc == 9);
  CHECK(q.stride_a == 30 * 17);
  CHECK(q.stride_b == 0);
  CHECK(q.stride_c == 30 * 9);
  // Every operand spans the same memory as before.
  CHECK(q.stride_a * (q.batch - 1) + q.span_a() == p.stride_a * (p.batch - 1) + p.span_a());
  CHECK(q.span_b() == p.span_b());
  CHECK(q.stride_c * (q.batch - 1) + q.span_c() == p.stride_c * (p.batch - 1) + p.span_c());
  const GemmProblem one = gen::regroup(p, 3000);
  CHECK(one.batch == 1);
  CHECK(one.m == 3000);
  CHECK(one.min_bytes() == p.min_bytes());
}

TEST_CASE("a config with rows: every generator entry point answers for the regrouped problem") {
  const GemmProblem p = shared_b(1000, 3, 15, 8, DType::f32);
  const GemmProblem q = gen::regroup(p, 30);
  KernelConfig c = gen::heuristic_as_given(q, kDev);
  REQUIRE(c.rows == 0);
  KernelConfig r = c;
  r.rows = 30;
  CHECK_FALSE(gen::check(p, r, kDev));
  CHECK(gen::kernel_name(p, r) == gen::kernel_name(q, c));
  CHECK(gen::generate(p, r).text == gen::generate(q, c).text);
  const LaunchShape a = gen::launch_shape(p, r, kDev), b = gen::launch_shape(q, c, kDev);
  CHECK(a.grid == b.grid);
  CHECK(a.block == b.block);
  CHECK(a.smem_bytes == b.smem_bytes);
  CHECK(gen::smem_bytes(p, r) == gen::smem_bytes(q, c));
  CHECK(gen::predict_seconds(p, r, kDev) == gen::predict_seconds(q, c, kDev));
  CHECK(gen::run_problem(p, r) == q);
  CHECK(gen::run_problem(p, c) == p);
  r.rows = 7;
  CHECK(contains(*gen::check(p, r, kDev), "must divide"));
  r.rows = -1;
  CHECK(gen::check(p, r, kDev));
  r.rows = 30;
  CHECK(contains(*gen::check(GemmProblem::make(1000, 3, 15, 8, DType::f32).normalized(), r, kDev), "B must be shared"));
}

TEST_CASE("heuristic: single rows against a large shared B, and single skinny products, regrouped") {
  // Single rows (M = 1) against a shared B of 2-6 K doubles: the slab keeps B whole in every
  // CTA for a few rows; one tall product (or longer matrices) is predicted far faster.
  using Dims = std::array<std::int64_t, 3>;
  for (const Dims& d : {Dims{117924, 110, 49}, Dims{138888, 57, 78}, Dims{200000, 64, 64}}) {
    const auto [batch, k, n] = d;
    const GemmProblem p = shared_b(batch, 1, k, n, DType::f64);
    const KernelConfig c = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(c.to_string());
    CHECK(c.rows > 1);
    CHECK_FALSE(gen::check(p, c, kDev));
  }
  // A batch of one tall skinny product (N of 1-2): short matrices sharing B.
  for (const Dims& d : {Dims{1874937, 9, 1}, Dims{1704528, 20, 2}}) {
    const auto [m, k, n] = d;
    const GemmProblem p = GemmProblem::make(1, m, k, n, m == 1874937 ? DType::f64 : DType::f32).normalized();
    const KernelConfig c = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(c.to_string());
    CHECK(c.rows > 0);
    CHECK(c.rows <= 128);
    CHECK(c.family == Family::slab);
    CHECK_FALSE(gen::check(p, c, kDev));
  }
  // Not regroupable (B per matrix, or column-major C): the matrices as given.
  CHECK(gen::heuristic(GemmProblem::make(117924, 1, 110, 49, DType::f64).normalized(), kDev).rows == 0);
  CHECK(gen::regroup_options(GemmProblem::make(117924, 1, 110, 49, DType::f64).normalized(), kDev).empty());
  // A problem the matrices as given serve within the margin keeps them.
  CHECK(gen::heuristic(shared_b(781250, 3, 4, 4, DType::f64), kDev).rows == 0);
}

TEST_CASE("heuristic: stacks of 1-3 columns that would take thin FMA tiles run as short matrices") {
  // One tall product, or a shared B's stack, with N of 1-3: the thin 128 x 4 FMA tile gives
  // way to matrices of 2 rows (1 where 2 does not divide) in the threads' slabs.
  struct Case {
    std::int64_t batch, m, k, n;
    DType t;
  };
  for (const Case& x : {Case{1, 7500000, 2, 3, DType::f32}, Case{1, 3125000, 3, 3, DType::f64},
                        Case{1, 1249280, 27, 3, DType::f32}, Case{12677, 58, 48, 3, DType::f32},
                        Case{1, 4099, 33, 3, DType::f32}}) {
    const GemmProblem p = x.batch > 1 ? shared_b(x.batch, x.m, x.k, x.n, x.t)
                                      : GemmProblem::make(1, x.m, x.k, x.n, x.t).normalized();
    const KernelConfig as_given = gen::heuristic_as_given(p, kDev);
    const KernelConfig c = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(c.to_string());
    CHECK(c.family == Family::slab);
    CHECK(c.tma == 0);
    CHECK(c.rows == (x.m * x.batch % 2 == 0 ? 2 : 1));
    CHECK_FALSE(gen::check(p, c, kDev));
    if (x.batch == 1) CHECK(as_given.family == Family::tiled);
  }
  // Not where the pick is a DMMA tile (f64 with longer reductions: the short matrices lost).
  const GemmProblem d = GemmProblem::make(1, 398000, 46, 1, DType::f64).normalized();
  const KernelConfig c = gen::heuristic(d, kDev);
  CHECK(c.family == Family::tiled);
  CHECK(c.mma == 1);
  CHECK(c.rows == 0);
}

TEST_CASE("search space: regroupable problems get regrouped candidates, all valid") {
  const GemmProblem p = shared_b(46992, 3, 116, 17, DType::f64);
  const auto cands = gen::candidates(p, kDev, 16, 512);
  int regrouped = 0;
  for (const auto& x : cands) {
    CAPTURE(x.config.to_string());
    CHECK_FALSE(gen::check(p, x.config, kDev));
    if (x.config.rows > 0) ++regrouped;
  }
  CHECK(regrouped >= 24);
  for (const auto& x : gen::candidates(GemmProblem::make(46992, 3, 116, 17, DType::f64).normalized(), kDev, 16, 512))
    CHECK(x.config.rows == 0);
}

TEST_CASE("nvrtc: the heuristic's regrouped kernels compile for sm_90, every scalar kind") {
  const GemmProblem probs[] = {shared_b(117924, 1, 110, 49, DType::f64), shared_b(46992, 3, 116, 17, DType::f64),
                               GemmProblem::make(1, 1874937, 9, 1, DType::f64).normalized(),
                               GemmProblem::make(1, 1704528, 20, 2, DType::f32).normalized()};
  int compiled = 0;
  for (GemmProblem p : probs)
    for (ScalarKind beta : {ScalarKind::zero, ScalarKind::general}) {
      p.beta_kind = beta;
      const KernelConfig c = gen::heuristic(p, kDev);
      CAPTURE(p.to_string());
      CAPTURE(c.to_string());
      REQUIRE(c.rows > 0);
      const detail::CompiledKernel k = detail::compile(gen::generate(p, c), "sm_90");
      CHECK_FALSE(k.cubin.empty());
      CHECK(k.name == gen::kernel_name(p, c));
      ++compiled;
    }
  CHECK(compiled == 8);
}

TEST_CASE("search space: each regrouping's candidates are its own, the heuristic's kernel for it among them") {
  const GemmProblem p = shared_b(104762, 8, 120, 29, DType::f32);
  const auto options = gen::regroup_options(p, kDev);
  REQUIRE(options.size() >= 3);
  std::set<int> top;
  for (std::size_t i = 0; i < 3; ++i) top.insert(options[i].config.rows);
  std::set<int> seen_rows;
  std::set<std::string> configs;
  for (const auto& x : gen::candidates(p, kDev, 16, 100000)) {
    configs.insert(x.config.to_string());
    if (x.config.rows > 0) {
      CHECK(top.count(x.config.rows) == 1);
      seen_rows.insert(x.config.rows);
    }
  }
  CHECK(seen_rows == top);
  for (int r : top) {
    KernelConfig h = gen::heuristic_as_given(gen::regroup(p, r), kDev);
    CHECK(h.rows == 0);
    h.rows = r;
    CAPTURE(h.to_string());
    CHECK(configs.count(h.to_string()) == 1);
  }
}

TEST_CASE("regroup_options: single rows past 2^30 in all still regroup into short matrices") {
  const GemmProblem p = shared_b((std::int64_t(1) << 30) + 2, 1, 2, 2, DType::f32);
  CHECK(gen::regroup_check(p, p.batch));  // one product of more than 2^30 rows: no
  CHECK_FALSE(gen::regroup_check(p, 2));
  const auto options = gen::regroup_options(p, kDev);
  CHECK_FALSE(options.empty());
  for (const gen::Candidate& x : options) {
    CHECK(x.config.rows >= 2);
    CHECK(x.config.rows <= 128);
    CHECK(x.predicted_s > 0);
    CHECK_FALSE(gen::check(p, x.config, kDev));
  }
}

TEST_CASE("regroup refuses what regroup_check refuses") {
  const GemmProblem p = shared_b(1000, 3, 15, 8, DType::f32);
  CHECK_THROWS_AS(gen::regroup(p, 7), Error);
  CHECK_THROWS_AS(gen::regroup(p, 6000), Error);
  CHECK_THROWS_AS(gen::regroup(GemmProblem::make(1000, 3, 15, 8, DType::f32).normalized(), 30), Error);
  try {
    gen::regroup(p, 7);
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::invalid_config);
    CHECK(contains(e.what(), "must divide"));
  }
}
