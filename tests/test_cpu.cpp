// CPU path numerics: a seeded randomized sweep of problems (every K in 1..64, odd M and
// N, batch 1 to a few thousand, broadcast A and B, row- and column-major operands,
// padded leading dimensions and batch strides, alpha and beta other than the defaults)
// run through the CPU engine with its own plan and with a random legal config, on one
// thread and on three, against the float64 reference with a NaN-poisoned output. The
// elements of C's buffer outside every output matrix must come back untouched, and the
// result must be bitwise the same whatever the thread count. Also: the prepared-kernel
// API, the thread pool, the tuner, and gemm on a machine without a GPU.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <random>
#include <thread>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_engine.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/cpu_shape.hpp"
#include "runtime/cpu/cpu_tune.hpp"
#include "runtime/cpu/thread_pool.hpp"
#include "runtime/reference.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {

std::int64_t pick(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}

double tolerance(DType d) { return d == DType::f32 ? 2e-6 : 1e-13; }

// A random cpu config that passes the structural check, or nullopt.
std::optional<KernelConfig> random_config(std::mt19937_64& rng, const GemmProblem& p) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    // both products, store policies, block orders, packed B, prefetching, staged stores
    const int order = static_cast<int>(pick(rng, 0, 127));
    const int vec = 1 << pick(rng, 0, p.dtype == DType::f32 ? 4 : 3);
    const int rm = static_cast<int>(pick(rng, 1, 8)), rn = static_cast<int>(pick(rng, 1, 4));
    const int unroll = pick(rng, 0, 5) == 0 ? 64 : static_cast<int>(pick(rng, 1, 8));
    const KernelConfig c = cpu::make_config(static_cast<int>(pick(rng, 1, 64)), vec, rm, rn, unroll, order);
    if (!gen::check_cpu(p, c)) return c;
  }
  return std::nullopt;
}

struct Case {
  GemmProblem p;  // normalised, scalar kinds set
  double alpha = 1, beta = 0;
  std::string label() const { return fmt::format("{} alpha={} beta={}", p.to_string(), alpha, beta); }
};

std::vector<Case> make_cases() {
  std::mt19937_64 rng(20261129);
  std::vector<Case> cases;
  const double alphas[] = {1.0, -0.75, 2.5, 0.0}, betas[] = {0.0, 1.0, 0.5};
  for (int i = 0; i < 160; ++i) {
    GemmProblem p;
    p.dtype = pick(rng, 0, 1) ? DType::f64 : DType::f32;
    p.k = i < 64 ? i + 1 : pick(rng, 1, 64);  // every K in 1..64 at least once
    const bool big = i % 23 == 5;
    p.m = big ? pick(rng, 41, 130) : pick(rng, 1, 40);
    p.n = big ? pick(rng, 41, 130) : pick(rng, 1, 40);
    // A quarter of the cases carry enough work for the pool (about 0.3 to 2 MB).
    const double per = double(p.m * p.k + p.k * p.n + p.m * p.n) * (p.dtype == DType::f32 ? 4 : 8);
    p.batch = i % 4 == 1 ? std::max<std::int64_t>(2, static_cast<std::int64_t>(pick(rng, 300, 2000) * 1e3 / per))
                         : pick(rng, 1, 40);
    if (big) p.batch = std::min<std::int64_t>(p.batch, 6);
    p.layout_a = pick(rng, 0, 3) == 0 ? Layout::col : Layout::row;
    p.layout_b = pick(rng, 0, 3) == 0 ? Layout::col : Layout::row;
    p.layout_c = pick(rng, 0, 3) == 0 ? Layout::col : Layout::row;
    if (pick(rng, 0, 4) == 0) p.lda = (p.layout_a == Layout::row ? p.k : p.m) + pick(rng, 1, 5);
    if (pick(rng, 0, 4) == 0) p.ldc = (p.layout_c == Layout::row ? p.n : p.m) + pick(rng, 1, 3);
    const int bc = static_cast<int>(pick(rng, 0, 9));
    if (bc == 0) p.broadcast_a();
    if (bc == 1) p.broadcast_b();
    GemmProblem n = p.normalized();
    if (pick(rng, 0, 5) == 0) n.stride_c += pick(rng, 1, 7);  // gaps between output matrices
    Case c;
    c.alpha = alphas[pick(rng, 0, 3)];
    c.beta = betas[pick(rng, 0, 2)];
    n.alpha_kind = scalar_kind(c.alpha), n.beta_kind = scalar_kind(c.beta);
    c.p = n.normalized();
    cases.push_back(c);
  }
  return cases;
}

// Buffers of one case: inputs, C's initial contents (NaN when beta = 0), the reference.
struct Buffers {
  std::vector<char> a, b, c0;
  std::vector<double> ref;
  std::vector<bool> is_out;  // element of C's buffer that is an output
};

Buffers make_buffers(const Case& cs, std::uint64_t seed) {
  const GemmProblem& p = cs.p;
  Buffers buf;
  const std::int64_t na = detail::operand_elems(p, 'A'), nb = detail::operand_elems(p, 'B'),
                     nc = detail::operand_elems(p, 'C');
  buf.a.resize(na * p.esize()), buf.b.resize(nb * p.esize()), buf.c0.resize(nc * p.esize());
  detail::fill_random(buf.a.data(), p.dtype, na, seed);
  detail::fill_random(buf.b.data(), p.dtype, nb, seed + 1);
  if (p.beta_kind == ScalarKind::zero) detail::fill_nan(buf.c0.data(), p.dtype, nc);
  else detail::fill_random(buf.c0.data(), p.dtype, nc, seed + 2);
  buf.ref = detail::reference_gemm(p, buf.a.data(), buf.b.data(), buf.c0.data(), cs.alpha, cs.beta);
  buf.is_out.assign(static_cast<std::size_t>(nc), false);
  for (std::int64_t bi = 0; bi < p.batch; ++bi)
    for (std::int64_t i = 0; i < p.m; ++i)
      for (std::int64_t j = 0; j < p.n; ++j)
        buf.is_out[static_cast<std::size_t>(bi * p.stride_c +
                                            (p.layout_c == Layout::row ? i * p.ldc + j : j * p.ldc + i))] = true;
  return buf;
}

// Elements of C outside the outputs equal C's initial contents, bit for bit.
bool gaps_untouched(const Case& cs, const Buffers& buf, const std::vector<char>& c) {
  const std::size_t es = static_cast<std::size_t>(cs.p.esize());
  for (std::size_t e = 0; e < buf.is_out.size(); ++e)
    if (!buf.is_out[e] && std::memcmp(c.data() + e * es, buf.c0.data() + e * es, es) != 0) return false;
  return true;
}

}  // namespace

TEST_CASE("cpu path: randomized sweep against the float64 reference, 1 and 3 threads, bitwise equal") {
  if (!cpu::jit_available()) {
    MESSAGE("this build has no CPU path (TAILOR_WITH_LLVM=OFF)");
    return;
  }
  cpu::CpuEngine engine;
  std::mt19937_64 rng(7);
  int pooled = 0, forced = 0;
  std::uint64_t seed = 100;
  for (const Case& cs : make_cases()) {
    CAPTURE(cs.label());
    const Buffers buf = make_buffers(cs, seed);
    seed += 8;
    std::vector<std::optional<KernelConfig>> configs{std::nullopt};
    if (auto c = random_config(rng, cs.p)) configs.push_back(c), ++forced;
    for (const auto& cfg : configs) {
      CAPTURE(cfg ? cfg->to_string() : std::string("(plan)"));
      std::vector<char> first;
      for (int threads : {1, 3}) {
        CAPTURE(threads);
        engine.set_threads(threads);
        std::vector<char> c = buf.c0;
        engine.gemm(cs.p, cfg ? &*cfg : nullptr, buf.a.data(), buf.b.data(), c.data(), cs.alpha, cs.beta);
        const double err = detail::max_rel_err(cs.p, c.data(), buf.ref);
        CHECK_MESSAGE(err <= tolerance(cs.p.dtype), "max relative error ", err);
        CHECK_MESSAGE(gaps_untouched(cs, buf, c), "an element of C outside the outputs changed");
        if (first.empty()) first = c;
        else CHECK_MESSAGE(std::memcmp(first.data(), c.data(), c.size()) == 0, "3 threads differ from 1 thread");
      }
      pooled += engine.resolve(cs.p, cfg ? &*cfg : nullptr).pooled;
    }
  }
  CHECK(forced > 100);  // the sweep really covers configs other than the plan's
  CHECK(pooled > 20);   // and batches split over the pool
}

TEST_CASE("cpu path: every K in 1..64 for f64 8x3xKx1 (the seed's shape) with both loop orders") {
  if (!cpu::jit_available()) return;
  cpu::CpuEngine engine;
  for (std::int64_t k = 1; k <= 64; ++k)
    for (int order : {0, 1}) {
      Case cs;
      cs.p = GemmProblem::make(8, 3, k, 1, DType::f64);
      cs.p.alpha_kind = ScalarKind::one, cs.p.beta_kind = ScalarKind::zero;
      cs.p = cs.p.normalized();
      const KernelConfig c = order == 0 ? cpu::make_config(4, 1, 3, 1, 4, 0)
                                        : cpu::make_config(4, static_cast<int>(std::min<std::int64_t>(8, cpu::pow2_ceil(k))), 3, 1, 2, 1);
      CAPTURE(cs.label());
      CAPTURE(c.to_string());
      REQUIRE(!gen::check_cpu(cs.p, c));
      const Buffers buf = make_buffers(cs, 1000 + k);
      std::vector<char> out = buf.c0;
      engine.gemm(cs.p, &c, buf.a.data(), buf.b.data(), out.data(), 1.0, 0.0);
      CHECK(detail::max_rel_err(cs.p, out.data(), buf.ref) <= 1e-14);
    }
}

TEST_CASE("cpu path: dot products over a row-major B of 2 to 5 columns, every K in 1..40, NaN-free zero lanes") {
  // B's columns are gathered from a few whole-vector loads of the rows they span and one
  // shuffle each (b_cs = 1); the lanes past K in the last step must be zeros, and B holds
  // infinities just past its rows so that a lane read from there would show.
  if (!cpu::jit_available()) return;
  cpu::CpuEngine engine;
  for (DType d : {DType::f32, DType::f64})
    for (std::int64_t n = 2; n <= 5; ++n)
      for (std::int64_t k = 1; k <= 40; ++k) {
        Case cs;
        cs.p = GemmProblem::make(3, 5, k, n, d);
        cs.p.alpha_kind = ScalarKind::one, cs.p.beta_kind = ScalarKind::zero;
        cs.p = cs.p.normalized();
        const int vec = static_cast<int>(std::min<std::int64_t>(d == DType::f32 ? 16 : 8, cpu::pow2_ceil(k)));
        const KernelConfig c = cpu::make_config(1, vec, 2, static_cast<int>(std::min<std::int64_t>(n, 3)), 2, 1);
        CAPTURE(cs.label());
        CAPTURE(c.to_string());
        REQUIRE(!gen::check_cpu(cs.p, c));
        Buffers buf = make_buffers(cs, 500 + k);
        std::vector<char> b = buf.b;
        const std::size_t es = static_cast<std::size_t>(cs.p.esize());
        b.resize(b.size() + 64 * es);
        for (std::size_t e = buf.b.size() / es; e < b.size() / es; ++e) {
          if (d == DType::f32) {
            const float inf = INFINITY;
            std::memcpy(b.data() + e * es, &inf, es);
          } else {
            const double inf = INFINITY;
            std::memcpy(b.data() + e * es, &inf, es);
          }
        }
        std::vector<char> out = buf.c0;
        engine.gemm(cs.p, &c, buf.a.data(), b.data(), out.data(), 1.0, 0.0);
        CHECK(detail::max_rel_err(cs.p, out.data(), buf.ref) <= tolerance(d));
      }
}

TEST_CASE("cpu path: staged streaming stores of C at every alignment, tasks of a few matrices, 1 and 3 threads") {
  // Order bit 5 writes whole lines of C with aligned streaming stores and the lines shared
  // with other tasks' matrices masked: C starting at each element offset within a line,
  // matrices of C shorter than a line, a line, and several lines, tasks of 1 to 7
  // matrices; the bytes just outside C must stay untouched and the result must be
  // bitwise the plain-store kernel's.
  if (!cpu::jit_available()) return;
  cpu::CpuEngine engine;
  struct Shape {
    std::int64_t m, k, n;
    DType d;
  };
  const Shape shapes[] = {{2, 3, 2, DType::f32}, {3, 4, 5, DType::f32}, {4, 4, 4, DType::f32}, {16, 5, 16, DType::f32},
                          {3, 3, 3, DType::f64}, {5, 7, 9, DType::f64}, {8, 8, 8, DType::f64}};
  for (const Shape& sh : shapes)
    for (int mats : {1, 3, 7}) {
      Case cs;
      cs.p = GemmProblem::make(301, sh.m, sh.k, sh.n, sh.d);
      cs.p.alpha_kind = ScalarKind::one, cs.p.beta_kind = ScalarKind::zero;
      cs.p = cs.p.normalized();
      const int es = static_cast<int>(cs.p.esize());
      const int vec = static_cast<int>(std::min<std::int64_t>(64 / es, cpu::pow2_ceil(sh.n)));
      const KernelConfig staged = cpu::make_config(mats, vec, 1, 1, 2, 16 | 32);
      const KernelConfig plain = cpu::make_config(mats, vec, 1, 1, 2, 16);
      CAPTURE(cs.label());
      CAPTURE(staged.to_string());
      REQUIRE(!gen::check_cpu(cs.p, staged));
      const Buffers buf = make_buffers(cs, 77);
      std::vector<char> want = buf.c0;
      engine.set_threads(1);
      engine.gemm(cs.p, &plain, buf.a.data(), buf.b.data(), want.data(), 1.0, 0.0);
      REQUIRE(detail::max_rel_err(cs.p, want.data(), buf.ref) <= tolerance(cs.p.dtype));
      const std::size_t bytes = buf.c0.size(), guard = 128;
      for (int off = 0; off < 64; off += es)
        for (int threads : {1, 3}) {
          CAPTURE(off);
          CAPTURE(threads);
          engine.set_threads(threads);
          std::vector<char> mem(bytes + 2 * guard + 64, '\x5a');
          const std::size_t base = (64 - reinterpret_cast<std::uintptr_t>(mem.data()) % 64) % 64 + guard + off;
          std::memcpy(mem.data() + base, buf.c0.data(), bytes);
          engine.gemm(cs.p, &staged, buf.a.data(), buf.b.data(), mem.data() + base, 1.0, 0.0);
          CHECK(std::memcmp(mem.data() + base, want.data(), bytes) == 0);
          bool guards = true;
          for (std::size_t i = 0; i < mem.size(); ++i)
            if ((i < base || i >= base + bytes) && mem[i] != '\x5a') guards = false;
          CHECK_MESSAGE(guards, "a byte outside C changed");
        }
    }
}

TEST_CASE("prepared CpuKernel f32 1x5x10x5: computes, checks its arguments, outlives its runtime") {
  if (!cpu::jit_available()) return;
  CpuKernel k;
  CHECK_FALSE(k);
  CHECK_THROWS_AS(k(nullptr, nullptr, nullptr), Error);
  std::vector<float> a(50), b(50), c(25), c2(25);
  detail::fill_random(a.data(), DType::f32, 50, 1);
  detail::fill_random(b.data(), DType::f32, 50, 2);
  const GemmProblem p = GemmProblem::make(1, 5, 10, 5, DType::f32);
  {
    Runtime rt(-1);  // no GPU: CPU only
    k = rt.prepare_cpu(p);
  }
  REQUIRE(k);
  CHECK(k.plan().kernel_name.find("tailor_f32_cpu_m5k10n5") == 0);
  detail::fill_nan(c.data(), DType::f32, 25);
  k(a.data(), b.data(), c.data());
  GemmProblem pk = p.normalized();
  const auto ref = detail::reference_gemm(pk, a.data(), b.data(), nullptr, 1.0, 0.0);
  CHECK(detail::max_rel_err(pk, c.data(), ref) <= 2e-6);
  // The raw function computes the same.
  detail::fill_nan(c2.data(), DType::f32, 25);
  k.fn()(a.data(), b.data(), c2.data(), 1.0, 0.0, 0, 1);
  CHECK(std::memcmp(c.data(), c2.data(), sizeof(float) * 25) == 0);
  auto code = [&](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.code();
    }
    return ErrorCode::internal_error;
  };
  CHECK(code([&] { k(a.data(), b.data(), c.data(), 1.0, 0.5); }) == ErrorCode::invalid_argument);  // beta kind
  CHECK(code([&] { k(a.data(), nullptr, c.data()); }) == ErrorCode::null_pointer);
  CHECK(code([&] { k(a.data(), b.data(), a.data() + 10); }) == ErrorCode::overlapping_output);
  CHECK(code([&] { k(reinterpret_cast<const char*>(a.data()) + 2, b.data(), c.data()); }) ==
        ErrorCode::misaligned_pointer);
}

TEST_CASE("gemm on host pointers without a GPU runs on the CPU path: f64 37x7x9x5 alpha=2 beta=0.5") {
  if (!cpu::jit_available()) return;
  Runtime rt(-1);
  CHECK_FALSE(rt.has_gpu());
  CHECK(rt.has_cpu_path());
  Case cs;
  cs.alpha = 2, cs.beta = 0.5;
  cs.p = GemmProblem::make(37, 7, 9, 5, DType::f64);
  cs.p.alpha_kind = ScalarKind::general, cs.p.beta_kind = ScalarKind::general;
  cs.p = cs.p.normalized();
  const Buffers buf = make_buffers(cs, 5);
  std::vector<char> c = buf.c0;
  rt.gemm(GemmProblem::make(37, 7, 9, 5, DType::f64), buf.a.data(), buf.b.data(), c.data(), 2.0, 0.5);
  CHECK(detail::max_rel_err(cs.p, c.data(), buf.ref) <= 1e-13);
  // A cpu config through gemm_with; a GPU config says there is no GPU, leaving C alone.
  c = buf.c0;
  rt.gemm_with(cs.p, cpu::make_config(3, 4, 2, 1, 2, 0), buf.a.data(), buf.b.data(), c.data(), 2.0, 0.5);
  CHECK(detail::max_rel_err(cs.p, c.data(), buf.ref) <= 1e-13);
  c = buf.c0;
  try {
    rt.gemm_with(cs.p, KernelConfig::parse("slab,t=64,mats=8,vec=1,rm=1,rn=1,grid=0"), buf.a.data(), buf.b.data(),
                 c.data(), 2.0, 0.5);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::device_unavailable);
  }
  CHECK(c == buf.c0);
  // Threads are configurable; 0 restores the default; results do not change.
  rt.set_cpu_threads(3);
  CHECK(rt.cpu_threads() == 3);
  rt.set_cpu_threads(0);
  CHECK(rt.cpu_threads() >= 1);
  CHECK_THROWS_AS(rt.set_cpu_threads(-2), Error);
}

TEST_CASE("thread pool: every task runs once, also with two callers at once") {
  cpu::ThreadPool pool(3);
  CHECK(pool.threads() == 3);
  for (std::int64_t ntasks : {0, 1, 2, 7, 1000}) {
    std::vector<std::atomic<int>> hits(static_cast<std::size_t>(ntasks));
    auto fn = [](const void* ctx, std::int64_t t) {
      (*static_cast<std::vector<std::atomic<int>>*>(const_cast<void*>(ctx)))[static_cast<std::size_t>(t)]++;
    };
    auto caller = [&] { pool.run(ntasks, fn, &hits); };
    std::thread other(caller);
    caller();
    other.join();
    for (std::int64_t t = 0; t < ntasks; ++t) CHECK(hits[static_cast<std::size_t>(t)] == 2);
  }
}

TEST_CASE("tune_cpu f32 3000x4x6x4: a verified winner under the CPU's fingerprint within the budget") {
  if (!cpu::jit_available()) return;
  GemmProblem p = GemmProblem::make(3000, 4, 6, 4, DType::f32);
  p.alpha_kind = ScalarKind::one, p.beta_kind = ScalarKind::general;
  int lines = 0;
  cpu::TuneOptions o;
  o.log = [&](const std::string&) { ++lines; };
  o.sets = 2;
  const auto t0 = std::chrono::steady_clock::now();
  const db::TuningRecord r = cpu::tune_cpu(p, 1.5, 2, o);
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(r.verified);
  CHECK(r.device == cpu::host_cpu().fingerprint());
  CHECK(r.align_bytes == 4);
  CHECK(r.problem == p.normalized());
  CHECK(r.config.family == Family::cpu);
  CHECK_FALSE(gen::check_cpu(r.problem, r.config));
  CHECK(r.median_s > 0);
  CHECK(r.p20_s <= r.median_s);
  CHECK(r.median_s <= r.p80_s);
  CHECK(r.heuristic_s > 0);
  CHECK(r.candidates_tried >= 2);
  CHECK(r.max_rel_err <= 1e-5);
  CHECK(lines >= r.candidates_tried);
  CHECK(took < 15.0);
}

TEST_CASE("tune_cpu times its seeds right after the heuristic, and --candidates caps the rest") {
  if (!cpu::jit_available()) return;
  GemmProblem p = GemmProblem::make(2000, 8, 16, 8, DType::f32);
  p.alpha_kind = ScalarKind::one, p.beta_kind = ScalarKind::zero;
  const auto cands = cpu::candidates(p.normalized(), cpu::host_cpu(), 2);
  REQUIRE(cands.size() >= 4);
  const KernelConfig seed = cands.back();  // the search's last: never reached with a cap of 2
  std::vector<std::string> lines;
  cpu::TuneOptions o;
  o.log = [&](const std::string& l) {
    if (l.rfind("  ", 0) == 0 && l.find(" ms") != std::string::npos) lines.push_back(l);  // timed configs, in order
  };
  o.sets = 2;
  o.seeds = {seed, cands.front(), seed};  // the heuristic and a repeat are not timed twice
  o.max_candidates = 2;
  const db::TuningRecord r = cpu::tune_cpu(p, 2.0, 2, o);
  CHECK(r.verified);
  CHECK(r.candidates_tried == 3);  // the heuristic, the seed, one more
  REQUIRE(lines.size() >= 3);
  CHECK(lines[0].find(cands.front().to_string()) != std::string::npos);
  CHECK(lines[1].find(seed.to_string()) != std::string::npos);
}

namespace {
// Runs `cfg` with C `off` bytes past a 64-byte boundary (from C's initial bytes); true when
// C then holds exactly `want`.
bool same_at_offset(cpu::CpuEngine& engine, const Case& cs, const KernelConfig& cfg, const Buffers& buf,
                    const std::vector<char>& want, int off) {
  const std::size_t bytes = buf.c0.size();
  std::vector<char> mem(bytes + 128, '\x5a');
  const std::size_t base = (64 - reinterpret_cast<std::uintptr_t>(mem.data()) % 64) % 64 + off;
  std::memcpy(mem.data() + base, buf.c0.data(), bytes);
  engine.gemm(cs.p, &cfg, buf.a.data(), buf.b.data(), mem.data() + base, 1.0, 0.0);
  return std::memcmp(mem.data() + base, want.data(), bytes) == 0;
}
}  // namespace

TEST_CASE("cpu path: unstaged streaming stores get a plain-store twin for a C off 16 bytes, same results") {
  // Order bit 1 without a staging buffer: vector streaming stores are honoured only at
  // aligned addresses, so a C 8 bytes off 16 runs the same kernel with plain stores.
  if (!cpu::jit_available()) return;
  cpu::CpuEngine engine;
  engine.set_threads(1);
  Case cs;
  cs.p = GemmProblem::make(301, 3, 10, 1, DType::f64);
  cs.p.alpha_kind = ScalarKind::one, cs.p.beta_kind = ScalarKind::zero;
  cs.p = cs.p.normalized();
  const KernelConfig streaming = cpu::make_config(7, 8, 3, 1, 2, 1 | 2);
  const KernelConfig staged = cpu::make_config(7, 8, 3, 1, 2, 1 | 2 | 32);
  const KernelConfig plain = cpu::make_config(7, 8, 3, 1, 2, 1);
  REQUIRE(!gen::check_cpu(cs.p, streaming));
  auto twin = [&](const KernelConfig& c) { return engine.resolve_shared(cs.p, &c)->fn_any_c != nullptr; };
  CHECK(twin(streaming));
  CHECK(!twin(staged));
  CHECK(!twin(plain));
  const Buffers buf = make_buffers(cs, 91);
  std::vector<char> want = buf.c0;
  engine.gemm(cs.p, &plain, buf.a.data(), buf.b.data(), want.data(), 1.0, 0.0);
  REQUIRE(detail::max_rel_err(cs.p, want.data(), buf.ref) <= tolerance(cs.p.dtype));
  for (int off : {0, 8, 16, 24}) {
    CAPTURE(off);
    CHECK(same_at_offset(engine, cs, streaming, buf, want, off));
  }
}

TEST_CASE("cpu path: unstaged streaming stores for every block width, at every alignment of C, same results") {
  // Order bit 1 stores a block's run of C with vector streaming stores only where the run
  // starts 16-byte aligned by construction (matrix, row block and column block widths),
  // element by element elsewhere: column blocks of 1 to 5 elements (12, 20, 24 bytes...)
  // at every element offset of C must give the plain-store kernel's bytes and never
  // fault (an aligned vector streaming store at an unaligned address does).
  if (!cpu::jit_available()) return;
  cpu::CpuEngine engine;
  engine.set_threads(1);
  struct Shape {
    std::int64_t m, k, n;
    DType d;
  };
  const Shape shapes[] = {{1, 3, 12, DType::f32}, {2, 3, 8, DType::f32}, {2, 3, 6, DType::f64}, {3, 2, 4, DType::f64}};
  int ran = 0;
  for (const Shape& sh : shapes)
    for (int order : {0, 1})
      for (int rm : {1, 2})
        for (int rn = 1; rn <= 5; ++rn)
          for (int vec : {1, 2, 4}) {
            Case cs;
            cs.p = GemmProblem::make(23, sh.m, sh.k, sh.n, sh.d);
            cs.p.alpha_kind = ScalarKind::one, cs.p.beta_kind = ScalarKind::zero;
            cs.p = cs.p.normalized();
            const KernelConfig streaming = cpu::make_config(3, vec, rm, rn, 1, order | 2);
            const KernelConfig plain = cpu::make_config(3, vec, rm, rn, 1, order);
            if (gen::check_cpu(cs.p, streaming)) continue;
            CAPTURE(cs.label());
            CAPTURE(streaming.to_string());
            const Buffers buf = make_buffers(cs, 5 + rn);
            std::vector<char> want = buf.c0;
            engine.gemm(cs.p, &plain, buf.a.data(), buf.b.data(), want.data(), 1.0, 0.0);
            REQUIRE(detail::max_rel_err(cs.p, want.data(), buf.ref) <= tolerance(cs.p.dtype));
            for (int off = 0; off < 64; off += static_cast<int>(cs.p.esize())) {
              CAPTURE(off);
              CHECK(same_at_offset(engine, cs, streaming, buf, want, off));
            }
            ++ran;
          }
  CHECK(ran > 40);
}
