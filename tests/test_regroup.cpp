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
#include "runtime/reference.hpp"
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

// A shared by the batch, B and C column-major with each matrix's columns after the last's.
GemmProblem shared_a_cols(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n, DType t) {
  GemmProblem p = GemmProblem::make(batch, m, k, n, t);
  p.broadcast_a();
  p.layout_b = Layout::col, p.ldb = kAuto, p.stride_b = kAuto;
  p.layout_c = Layout::col, p.ldc = kAuto, p.stride_c = kAuto;
  return p.normalized();
}

// The float64 reference of a problem written into C's memory as the problem lays C out.
std::vector<double> reference_in_memory(const GemmProblem& p, const std::vector<double>& a, const std::vector<double>& b,
                                        std::int64_t c_elems) {
  const std::vector<double> ref = detail::reference_gemm(p, a.data(), b.data(), nullptr, 1.0, 0.0);
  std::vector<double> mem(static_cast<std::size_t>(c_elems), 0.0);
  for (std::int64_t e = 0; e < p.batch; ++e)
    for (std::int64_t i = 0; i < p.m; ++i)
      for (std::int64_t j = 0; j < p.n; ++j) {
        const std::int64_t at = e * p.stride_c + (p.layout_c == Layout::row ? i * p.ldc + j : j * p.ldc + i);
        mem[static_cast<std::size_t>(at)] = ref[static_cast<std::size_t>((e * p.m + i) * p.n + j)];
      }
  return mem;
}
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

TEST_CASE("transposed: the same memory as C^T = B^T A^T, vector operands row-major") {
  // A shared, B and C column-major: the transpose's A (the caller's B^T) and C are
  // row-major and its B (the caller's A^T) is shared, so its rows stack.
  const GemmProblem p = shared_a_cols(10, 4, 6, 3, DType::f64);
  const GemmProblem t = gen::transposed(p);
  CHECK(t.batch == 10);
  CHECK(t.m == 3);
  CHECK(t.k == 6);
  CHECK(t.n == 4);
  CHECK(t.layout_a == Layout::row);
  CHECK(t.lda == p.ldb);
  CHECK(t.stride_a == p.stride_b);
  CHECK(t.layout_b == Layout::col);
  CHECK(t.bcast_b());
  CHECK(t.layout_c == Layout::row);
  CHECK(t.ldc == p.ldc);
  CHECK(t.stride_c == p.stride_c);
  for (std::int64_t r : {1, 2, 5, 6, 10, 15, 30}) CHECK_FALSE(gen::regroup_check(t, r));
  CHECK(gen::regroup_check(t, 3));  // M of the transpose
  CHECK(gen::regroup_check(t, 7));
  CHECK(contains(*gen::regroup_check(p, 6), "tr = 1"));
  const GemmProblem q = gen::regroup(t, 6);
  CHECK(q.batch == 5);
  CHECK(q.m == 6);
  CHECK(q.n == 4);
  CHECK(q.bcast_b());
  CHECK(q.stride_a == 6 * q.lda);
  CHECK(q.stride_c == 6 * q.ldc);
  KernelConfig c = gen::heuristic_as_given(q, kDev);
  c.rows = 6, c.tr = 1;
  CHECK_FALSE(gen::check(p, c, kDev));
  CHECK(gen::run_problem(p, c).to_string() == q.to_string());
  CHECK(gen::kernel_name(p, c) == gen::kernel_name(q, gen::heuristic_as_given(q, kDev)) + "_tr");
  c.rows = 3;
  CHECK(contains(*gen::check(p, c, kDev), "transposed: rows = 3"));
  // Row-major with N = 1 (a batch of vectors times one matrix): the vectors are rows of the
  // transpose's A and C.
  GemmProblem v = GemmProblem::make(12, 5, 7, 1, DType::f32);
  v.broadcast_a();
  const GemmProblem tv = gen::transposed(v.normalized());
  CHECK(tv.layout_a == Layout::row);
  CHECK(tv.lda == 7);
  CHECK(tv.layout_c == Layout::row);
  CHECK(tv.ldc == 5);
  CHECK_FALSE(gen::regroup_check(tv, 12));
  CHECK_FALSE(gen::regroup_check(tv, 4));
  CHECK(gen::regroup_check(tv, 1));  // M of the transpose
  // Not evenly spaced columns, both operands shared, or A per matrix: the transpose's rows
  // do not stack.
  GemmProblem g = shared_a_cols(10, 4, 6, 3, DType::f64);
  g.stride_c = 3 * 4 + 2;
  CHECK(contains(*gen::regroup_check(gen::transposed(g.normalized()), 6), "batch strides"));
  GemmProblem both = shared_a_cols(10, 4, 6, 3, DType::f64);
  both.broadcast_b();
  CHECK(gen::regroup_check(gen::transposed(both.normalized()), 6));
  GemmProblem own = GemmProblem::make(10, 4, 6, 3, DType::f64);
  own.layout_b = Layout::col, own.ldb = kAuto, own.stride_b = kAuto;
  own.layout_c = Layout::col, own.ldc = kAuto, own.stride_c = kAuto;
  CHECK(gen::regroup_check(gen::transposed(own.normalized()), 6));
  // Any problem transposes: row-major everything becomes column-major everything.
  const GemmProblem r = gen::transposed(GemmProblem::make(7, 3, 5, 2, DType::f32).normalized());
  CHECK(r.m == 2);
  CHECK(r.n == 3);
  CHECK(r.layout_a == Layout::col);
  CHECK(r.layout_b == Layout::col);
  CHECK(r.layout_c == Layout::col);
  // tr is for the GPU families, 0 or 1, and round-trips its text.
  KernelConfig k = KernelConfig::parse("tiled,t=128,minb=1,bm=64,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4,rows=40,tr=1");
  CHECK(k.tr == 1);
  CHECK(KernelConfig::parse(k.to_string()) == k);
  CHECK_THROWS_AS(KernelConfig::parse("cpu,mats=1,vec=8,rm=1,rn=1,unroll=1,order=0,tr=1"), Error);
  // Built in code rather than parsed, a cpu config with tr or rows is still refused, by the
  // CPU path's own check as well.
  KernelConfig cpu = KernelConfig::parse("cpu,mats=1,vec=8,rm=1,rn=1,unroll=1,order=0");
  cpu.tr = 1;
  CHECK(contains(*gen::check_cpu(p, cpu), "GPU families only"));
  CHECK(contains(*gen::check(p, cpu, kDev), "GPU families only"));
  cpu.tr = 0, cpu.rows = 6;
  CHECK(contains(*gen::check_cpu(p, cpu), "GPU families only"));
  cpu.rows = 0, cpu.cols = 4;
  CHECK(contains(*gen::check_cpu(p, cpu), "GPU families only"));
  k.rows = 0, k.tr = 2;
  CHECK(contains(*gen::check(p, k, kDev), "tr = 2"));
}

TEST_CASE("heuristic: a shared A times a batch of long vectors runs as the transpose's stacked rows") {
  // The slab as given re-reads the shared A for every vector; the transpose's rows against
  // one shared A^T are one product (or a few short matrices) that reads it once a tile.
  GemmProblem v = GemmProblem::make(118296, 267, 50, 1, DType::f32);
  v.broadcast_a();
  v = v.normalized();
  const KernelConfig h = gen::heuristic(v, kDev);
  CAPTURE(h.to_string());
  CHECK(h.tr == 1);
  CHECK(gen::predict_seconds(v, h, kDev) < 0.5 * gen::predict_seconds(v, gen::heuristic_as_given(v, kDev), kDev));
  int transposed = 0;
  for (const auto& x : gen::candidates(v, kDev, 16, 256)) {
    CAPTURE(x.config.to_string());
    CHECK_FALSE(gen::check(v, x.config, kDev));
    if (x.config.tr) ++transposed;
  }
  CHECK(transposed > 24);
  // K of 1-2: the slab as given (it is bound by writing C).
  GemmProblem k2 = GemmProblem::make(901226, 29, 1, 1, DType::f32);
  k2.broadcast_a();
  CHECK(gen::heuristic(k2.normalized(), kDev).tr == 0);
  // The transpose's 128 x 64 tiles of 8 x 8 give way to 64 x 64 of 8 x 4 from K of 9, and to
  // the matrices as given below.
  GemmProblem narrow = GemmProblem::make(375997, 61, 36, 1, DType::f32);
  narrow.broadcast_a();
  const KernelConfig n64 = gen::heuristic(narrow.normalized(), kDev);
  CAPTURE(n64.to_string());
  CHECK(n64.tr == 1);
  CHECK(n64.bm == 64);
  CHECK(n64.bn == 64);
  CHECK(n64.rn == 4);
  CHECK_FALSE(gen::check(narrow.normalized(), n64, kDev));
  GemmProblem shortk = GemmProblem::make(439835, 55, 5, 1, DType::f32);
  shortk.broadcast_a();
  CHECK(gen::heuristic(shortk.normalized(), kDev) == gen::heuristic_as_given(shortk.normalized(), kDev));
  // A column-major C: the transpose's candidates (row-major C^T) among the tuner's.
  GemmProblem col = GemmProblem::make(2000, 20, 30, 40, DType::f64);
  col.layout_c = Layout::col;
  int tr = 0;
  for (const auto& x : gen::candidates(col.normalized(), kDev, 16, 100000)) tr += x.config.tr;
  CHECK(tr > 0);
}

TEST_CASE("heuristic: a single tall product with 1-3 columns and K of 1-32 runs as 16-row matrices or single rows") {
  // Where the pick is a slab or an FMA tile: the threads' slab of 16-row matrices cut from
  // the stack for N = 1 and 3, single rows for N = 2 (and N = 1 where 16 does not divide).
  for (const auto& [m, k, n, dt, rows] :
       {std::tuple{5356864, 6, 1, DType::f32, 16}, std::tuple{5356868, 6, 1, DType::f32, 1},
        std::tuple{3124083, 4, 2, DType::f64, 1}, std::tuple{3618944, 5, 2, DType::f64, 1},
        std::tuple{2343744, 7, 1, DType::f64, 16}, std::tuple{4166656, 9, 1, DType::f32, 16},
        std::tuple{2771712, 7, 3, DType::f32, 16}, std::tuple{1088400, 30, 2, DType::f32, 1}}) {
    const GemmProblem p = GemmProblem::make(1, m, k, n, dt).normalized();
    const KernelConfig h = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(h.to_string());
    CHECK(h.family == Family::slab);
    CHECK(h.rows == rows);
    CHECK_FALSE(h.tma);
    CHECK_FALSE(h.mma);
    CHECK_FALSE(gen::check(p, h, kDev));
  }
  // Not with a batch of matrices against a shared B (as given, 0.88-1.11x there), nor with
  // wider outputs or longer reductions, nor single rows for N = 3.
  CHECK(gen::heuristic(shared_b(416666, 9, 4, 1, DType::f64), kDev).rows != 1);
  CHECK(gen::heuristic(GemmProblem::make(1, 4166656, 40, 1, DType::f32).normalized(), kDev).rows != 16);
  CHECK(gen::heuristic(GemmProblem::make(1, 2678528, 6, 4, DType::f64).normalized(), kDev).rows != 16);
  CHECK(gen::heuristic(GemmProblem::make(1, 4686922, 1, 3, DType::f64).normalized(), kDev).rows != 1);
}

TEST_CASE("heuristic: a single tall f32 product with K of 1-2 runs on bulk-copied slabs of at most 160 threads") {
  // Bound by writing C: the model's first slab whose C leaves by bulk copies (93-98 % of copy
  // on the H200 where the 16-row or single-row matrices ran 73-91 %). f64 keeps those.
  for (const auto& [m, k, n] : {std::tuple{9374992, 1, 3}, std::tuple{12500000, 2, 1}, std::tuple{10977616, 1, 2},
                                std::tuple{12218448, 1, 3}, std::tuple{15917664, 1, 3}}) {
    const GemmProblem p = GemmProblem::make(1, m, k, n, DType::f32).normalized();
    const KernelConfig h = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(h.to_string());
    CHECK(h.family == Family::slab);
    CHECK(h.tma == 1);
    CHECK(h.cs == 1);
    CHECK(h.rows > 1);
    CHECK(h.threads <= 160);
    CHECK_FALSE(gen::check(p, h, kDev));
  }
  const KernelConfig f64 = gen::heuristic(GemmProblem::make(1, 4687488, 1, 3, DType::f64).normalized(), kDev);
  CHECK_FALSE(f64.tma);
  // K of 3 keeps the threads' slabs of 16 rows.
  const KernelConfig k3 = gen::heuristic(GemmProblem::make(1, 2771712, 3, 3, DType::f32).normalized(), kDev);
  CHECK_FALSE(k3.tma);
  CHECK(k3.rows == 16);
}

TEST_CASE("run_problem describes the same product: the float64 reference of each regrouping and transpose fills C alike") {
  struct Case {
    GemmProblem p;
    int tr;
    std::vector<std::int64_t> rows;  // 0: the problem (or its transpose) as given
  };
  GemmProblem vec = GemmProblem::make(12, 5, 7, 1, DType::f64);
  vec.broadcast_a();
  GemmProblem padded = shared_b(6, 4, 5, 3, DType::f64);
  padded.lda = 7, padded.stride_a = 4 * 7, padded.ldc = 5, padded.stride_c = 4 * 5;
  GemmProblem mixed = GemmProblem::make(3, 4, 5, 6, DType::f64);
  mixed.layout_a = Layout::col, mixed.lda = 6, mixed.stride_a = 40, mixed.ldc = 9, mixed.stride_c = 40;
  const Case cases[] = {{shared_a_cols(10, 4, 6, 3, DType::f64), 1, {0, 1, 2, 5, 6, 15, 30}},
                        {vec.normalized(), 1, {0, 2, 3, 4, 12}},
                        {padded.normalized(), 0, {1, 2, 3, 6, 8, 12, 24}},
                        {GemmProblem::make(1, 36, 4, 2, DType::f64).normalized(), 0, {1, 4, 9, 12}},
                        {mixed.normalized(), 1, {0}}};
  int compared = 0;
  for (const Case& x : cases) {
    const GemmProblem& p = x.p;
    CAPTURE(p.to_string());
    std::vector<double> a(static_cast<std::size_t>(detail::operand_elems(p, 'A')));
    std::vector<double> b(static_cast<std::size_t>(detail::operand_elems(p, 'B')));
    detail::fill_random(a.data(), DType::f64, static_cast<std::int64_t>(a.size()), 11);
    detail::fill_random(b.data(), DType::f64, static_cast<std::int64_t>(b.size()), 12);
    const std::int64_t c_elems = detail::operand_elems(p, 'C');
    const std::vector<double> want = reference_in_memory(p, a, b, c_elems);
    for (std::int64_t r : x.rows) {
      CAPTURE(r);
      KernelConfig c = KernelConfig::parse("slab,t=64,minb=1,mats=1,vec=1,rm=1,rn=1,grid=0");
      c.rows = static_cast<int>(r), c.tr = x.tr;
      if (r > 0) REQUIRE_FALSE(gen::regroup_check(x.tr ? gen::transposed(p) : p, r));
      const GemmProblem q = gen::run_problem(p, c);
      // The transpose's A is the caller's B, its B the caller's A.
      const std::vector<double>& qa = x.tr ? b : a;
      const std::vector<double>& qb = x.tr ? a : b;
      CHECK(detail::operand_elems(q, 'A') <= static_cast<std::int64_t>(qa.size()));
      CHECK(detail::operand_elems(q, 'B') <= static_cast<std::int64_t>(qb.size()));
      CHECK(detail::operand_elems(q, 'C') <= c_elems);
      CHECK(reference_in_memory(q, qa, qb, c_elems) == want);
      ++compared;
    }
  }
  CHECK(compared == 24);
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
  // way to matrices of 2 rows (1 where 2 does not divide) in the threads' slabs; a single
  // product with N = 3 and K up to 32 to 16-row matrices where those are a threads' slab (in
  // f32 from K = 3: K of 1-2 takes bulk-copied slabs, the test above).
  struct Case {
    std::int64_t batch, m, k, n;
    DType t;
    int rows;
  };
  for (const Case& x : {Case{1, 7500000, 3, 3, DType::f32, 16}, Case{1, 3125000, 3, 3, DType::f64, 2},
                        Case{1, 1249280, 27, 3, DType::f32, 2}, Case{12677, 58, 48, 3, DType::f32, 2},
                        Case{1, 4099, 33, 3, DType::f32, 1}}) {
    const GemmProblem p = x.batch > 1 ? shared_b(x.batch, x.m, x.k, x.n, x.t)
                                      : GemmProblem::make(1, x.m, x.k, x.n, x.t).normalized();
    const KernelConfig as_given = gen::heuristic_as_given(p, kDev);
    const KernelConfig c = gen::heuristic(p, kDev);
    CAPTURE(p.to_string());
    CAPTURE(c.to_string());
    CHECK(c.family == Family::slab);
    CHECK(c.tma == 0);
    CHECK(c.rows == x.rows);
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
  // The transposes' kernels (A shared, the batch's columns of C as rows of C^T): the
  // heuristic's pick for each regrouped transpose, compiled with rows and tr set; their
  // operands swap on entry.
  GemmProblem v = GemmProblem::make(118296, 267, 50, 1, DType::f32);
  v.broadcast_a();
  v = v.normalized();
  for (std::int64_t r : {118296, 8, 1})
    for (const GemmProblem& p : {v, shared_a_cols(40000, 12, 30, 3, DType::f64)}) {
      const GemmProblem t = gen::transposed(p);
      if (gen::regroup_check(t, r)) continue;
      KernelConfig c = gen::heuristic_as_given(gen::regroup(t, r), kDev);
      c.rows = static_cast<int>(r), c.tr = 1;
      CAPTURE(p.to_string());
      CAPTURE(c.to_string());
      REQUIRE_FALSE(gen::check(p, c, kDev));
      const KernelSource src = gen::generate(p, c);
      CHECK(contains(src.text, "::run(B, A, C, alpha, beta, batch);"));
      const detail::CompiledKernel k = detail::compile(src, "sm_90");
      CHECK_FALSE(k.cubin.empty());
      CHECK(k.name == gen::kernel_name(p, c));
      ++compiled;
    }
  CHECK(compiled == 8 + 4);  // 1 row is M of the vectors' transpose, 118296 does not divide 120000
}

TEST_CASE("heuristic: f32 with B shared on a DMMA tile runs as one tall product only where the rows stack") {
  // 3007x66x92x106 f32 with B shared: the 32 x 112 DMMA tile as given pads M from 66 to 96, so
  // the batch's rows run as one tall product on the 64 x 64 DMMA tile (f32_dmma_stack).
  const GemmProblem p = shared_b(3007, 66, 92, 106, DType::f32);
  const KernelConfig c = gen::heuristic(p, kDev);
  CAPTURE(c.to_string());
  CHECK(c.mma == 1);
  CHECK(c.rows == 3007 * 66);
  CHECK(c.bm == 64);
  CHECK(c.bn == 64);
  CHECK_FALSE(gen::check(p, c, kDev));
  // Padded leading dimensions with each matrix's rows after the last's still stack.
  GemmProblem padded = p;
  padded.lda = 96, padded.ldc = 112, padded.stride_a = 66 * 96, padded.stride_c = 66 * 112;
  padded = padded.normalized();
  CHECK(gen::heuristic(padded, kDev).rows == 3007 * 66);
  // A gap between matrices, column-major A, or f64: the tile as given, never regrouped.
  GemmProblem gap = p;
  gap.stride_a = 66 * 92 + 4;
  gap = gap.normalized();
  GemmProblem col_a = p;
  col_a.layout_a = Layout::col, col_a.lda = kAuto, col_a.stride_a = kAuto;
  col_a = col_a.normalized();
  for (const GemmProblem& q : {gap, col_a}) {
    const KernelConfig h = gen::heuristic(q, kDev);
    CAPTURE(q.to_string());
    CAPTURE(h.to_string());
    CHECK(h.mma == 1);
    CHECK(h.rows == 0);
  }
  CHECK(gen::heuristic(shared_b(3007, 66, 92, 106, DType::f64), kDev).rows != 3007 * 66);
  // The stack's kernels compile, padded or not, beta 0 and general.
  int compiled = 0;
  for (GemmProblem q : {p, padded})
    for (ScalarKind beta : {ScalarKind::zero, ScalarKind::general}) {
      q.beta_kind = beta;
      const KernelConfig h = gen::heuristic(q, kDev);
      REQUIRE(h.rows == 3007 * 66);
      const detail::CompiledKernel k = detail::compile(gen::generate(q, h), "sm_90");
      CHECK_FALSE(k.cubin.empty());
      CHECK(k.spill_stores == 0);
      ++compiled;
    }
  CHECK(compiled == 4);
}

TEST_CASE("search space: each regrouping's candidates are its own, the heuristic's kernel for it among them") {
  const GemmProblem p = shared_b(104762, 8, 120, 29, DType::f32);
  const auto options = gen::regroup_options(p, kDev);
  REQUIRE(options.size() >= 3);
  std::set<int> top;
  for (std::size_t i = 0; i < 3; ++i) {
    REQUIRE(options[i].config.tr == 0);  // B shared: the batch's own rows, not the transpose's
    top.insert(options[i].config.rows);
  }
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

// The batch's columns side by side (KernelConfig::cols): A shared, B and C row-major.
namespace {
GemmProblem shared_a(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n, DType t) {
  GemmProblem p = GemmProblem::make(batch, m, k, n, t);
  p.broadcast_a();
  return p.normalized();
}
}  // namespace

TEST_CASE("config cols round trip, tiled family only") {
  KernelConfig c = KernelConfig::parse("tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,cols=8");
  CHECK(c.cols == 8);
  CHECK(c.to_string() == "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,cols=8");
  CHECK(KernelConfig::parse(c.to_string()) == c);
  CHECK_THROWS_AS(KernelConfig::parse("slab,t=64,minb=1,mats=4,vec=2,rm=2,rn=5,grid=0,cols=4"), Error);
  CHECK_THROWS_AS(KernelConfig::parse("cpu,mats=1,vec=8,rm=1,rn=1,unroll=1,order=0,cols=4"), Error);
}

TEST_CASE("cols_check and column_groups: which batches' columns stand side by side, as what product") {
  const GemmProblem p = shared_a(1001, 67, 45, 8, DType::f64);
  CHECK_FALSE(gen::cols_check(p, 8));
  CHECK_FALSE(gen::cols_check(p, 1001));
  CHECK(contains(*gen::cols_check(p, 1), "must be in [2, batch"));
  CHECK(contains(*gen::cols_check(p, 1002), "must be in [2, batch"));
  CHECK(contains(*gen::cols_check(GemmProblem::make(1001, 67, 45, 8, DType::f64).normalized(), 8), "A must be shared"));
  CHECK(contains(*gen::cols_check(shared_a_cols(1001, 67, 45, 8, DType::f64), 8), "row-major"));
  CHECK(gen::cols_check(shared_a(1, 67, 45, 8, DType::f64), 2));
  // ceil(1001 / 8) = 126 matrices of 64 columns sharing A, described packed.
  const GemmProblem q = gen::column_groups(p, 8);
  CHECK(q.batch == 126);
  CHECK(q.m == 67);
  CHECK(q.k == 45);
  CHECK(q.n == 64);
  CHECK(q.bcast_a());
  CHECK(q.ldb == 64);
  CHECK(q.stride_b == 45 * 64);
  CHECK(q.stride_c == 67 * 64);
  CHECK_THROWS_AS(gen::column_groups(p, 1), Error);
}

TEST_CASE("a config with cols: the group matrix's kernel, the caller's batch and strides") {
  GemmProblem p = shared_a(1001, 67, 45, 8, DType::f64);
  const GemmProblem q = gen::column_groups(p, 8);
  const KernelConfig c = KernelConfig::parse("tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3");
  KernelConfig g = c;
  g.cols = 8;
  CHECK_FALSE(gen::check(p, g, kDev));
  CHECK(gen::run_problem(p, g) == q);
  CHECK(gen::launch_batch(p, g) == 1001);  // the kernel takes the caller's batch
  CHECK(gen::launch_batch(p, c) == 1001);
  CHECK(gen::kernel_name(p, g) == gen::kernel_name(q, c) + "_c8");
  const LaunchShape a = gen::launch_shape(p, g, kDev), b = gen::launch_shape(q, c, kDev);
  CHECK(a.grid == b.grid);  // 126 matrices x 2 tiles of 64 rows
  CHECK(a.grid == 126 * 2);
  CHECK(gen::predict_seconds(p, g, kDev) == gen::predict_seconds(q, c, kDev));
  const std::string text = gen::generate(p, g).text;
  CHECK(contains(text, "static constexpr int NG = 8, G = 8;"));
  CHECK(contains(text, "B_LD = 8, B_STRIDE = 2880;"));  // the caller's ld, 8 of its matrices a step
  CHECK(contains(text, "C_LD = 8, C_STRIDE = 4288;"));
  CHECK(contains(text, "B_GSTRIDE = 360, C_GSTRIDE = 536;"));
  CHECK(contains(gen::generate(p, c).text, "static constexpr int NG = 0, G = 1;"));
  // Padded leading dimensions and gaps between matrices: the caller's, and vectors that fit
  // them (ldb = 5: single elements), named apart from the tight layout's kernel.
  GemmProblem pad = GemmProblem::make(1001, 67, 45, 8, DType::f64);
  pad.broadcast_a();
  pad.ldb = 10, pad.stride_b = 45 * 10 + 1, pad.ldc = 9, pad.stride_c = 67 * 9;
  pad = pad.normalized();
  CHECK_FALSE(gen::check(pad, g, kDev));
  const std::string ptext = gen::generate(pad, g).text;
  CHECK(contains(ptext, "B_LD = 10, B_STRIDE = 3608;"));
  CHECK(contains(ptext, "B_GSTRIDE = 451, C_GSTRIDE = 603;"));
  CHECK(contains(ptext, "B_LV = 1"));  // a stride of 451 doubles: no pairs
  CHECK(gen::kernel_name(pad, g) != gen::kernel_name(p, g));
  // Refusals: the slab family, combined with rows or tr, a group past the batch.
  KernelConfig s = gen::heuristic_as_given(p, kDev);
  REQUIRE(s.family == Family::slab);
  s.cols = 8;
  CHECK(contains(*gen::check(p, s, kDev), "tiled family"));
  g.tr = 1;
  CHECK(contains(*gen::check(p, g, kDev), "does not combine"));
  g.tr = 0, g.cols = 2000;
  CHECK(contains(*gen::check(p, g, kDev), "must be in [2, batch"));
  g.cols = -3;
  CHECK(gen::check(p, g, kDev));
}

TEST_CASE("regroup_options and the tuner: column groupings for a shared A, none elsewhere") {
  const GemmProblem p = shared_a(7211, 279, 46, 8, DType::f64);
  int cols = 0;
  for (const gen::Candidate& o : gen::regroup_options(p, kDev)) {
    CAPTURE(o.config.to_string());
    if (!o.config.cols) continue;
    ++cols;
    CHECK(o.config.family == Family::tiled);
    CHECK_FALSE(gen::check(p, o.config, kDev));
  }
  CHECK(cols >= 3);
  int tuned = 0;
  for (const gen::Candidate& x : gen::candidates(p, kDev, 16, 512)) {
    CAPTURE(x.config.to_string());
    CHECK_FALSE(gen::check(p, x.config, kDev));
    if (x.config.cols) ++tuned;
  }
  CHECK(tuned >= 24);
  for (const GemmProblem& q : {GemmProblem::make(7211, 279, 46, 8, DType::f64).normalized(),
                               shared_a_cols(7211, 279, 46, 8, DType::f64), shared_a(7211, 279, 46, 1, DType::f64)})
    for (const gen::Candidate& o : gen::regroup_options(q, kDev)) CHECK(o.config.cols == 0);
}

TEST_CASE("nvrtc: column-group kernels compile for sm_90 (FMA and DMMA tiles, odd N, padded strides)") {
  struct Shape {
    std::int64_t batch, m, k, n;
    DType t;
    const char* config;
  };
  const Shape shapes[] = {
      {7211, 279, 46, 8, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,cols=8"},
      {1001, 67, 45, 3, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3,cols=7"},
      {52374, 317, 41, 2, DType::f32, "tiled,t=128,minb=1,bm=64,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4,cols=48"},
      {503, 40, 9, 3, DType::f32, "tiled,t=64,minb=1,bm=32,bn=32,bk=8,vec=4,rm=4,rn=4,grid=1,cols=64"},
  };
  int compiled = 0;
  for (const Shape& s : shapes) {
    const GemmProblem p = shared_a(s.batch, s.m, s.k, s.n, s.t);
    const KernelConfig c = KernelConfig::parse(s.config);
    CAPTURE(p.to_string());
    REQUIRE_FALSE(gen::check(p, c, kDev));
    const detail::CompiledKernel k = detail::compile(gen::generate(p, c), "sm_90");
    CHECK_FALSE(k.cubin.empty());
    CHECK(k.name == gen::kernel_name(p, c));
    ++compiled;
  }
  CHECK(compiled == 4);
}

TEST_CASE("heuristic: a shared A times narrow row-major matrices runs as column groups where the model finds it") {
  // f64: where the model puts the best grouping at 0.7 of the matrices as given or less.
  const KernelConfig a = gen::heuristic(shared_a(7211, 279, 46, 8, DType::f64), kDev);
  CAPTURE(a.to_string());
  CHECK(a.cols > 1);
  CHECK(a.family == Family::tiled);
  CHECK(a.mma == 1);
  CHECK(gen::heuristic(shared_a(49867, 38, 9, 8, DType::f64), kDev).cols == 0);
  // f32 (FMA tiles): only where the shared A has 9000 elements or more.
  CHECK(gen::heuristic(shared_a(52374, 317, 41, 2, DType::f32), kDev).cols > 1);
  CHECK(gen::heuristic(shared_a(41666, 31, 119, 6, DType::f32), kDev).cols == 0);
  // Not without a shared A, nor with column-major B and C (the transpose's rows serve).
  CHECK(gen::heuristic(GemmProblem::make(7211, 279, 46, 8, DType::f64).normalized(), kDev).cols == 0);
  CHECK(gen::heuristic(shared_a_cols(7211, 279, 46, 8, DType::f64), kDev).cols == 0);
}
