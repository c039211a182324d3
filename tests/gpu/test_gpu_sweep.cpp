// GPU sweep: a seeded randomized set of problems (K = 1..64, M and N mostly 1..40 and a
// few up to 1024, batch 1 to 1e6, broadcast A and B, row- and column-major operands,
// padded leading dimensions, alpha and beta other than the defaults), each run through
// dispatch and through forced configs of both families, checked against a float64 host
// reference with a NaN-poisoned output. Elements of C's buffer outside every output
// matrix must come back untouched.
#include <doctest/doctest.h>

#include <fmt/format.h>

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>

#include "generator/generator.hpp"
#include "generator/search_space.hpp"
#include "runtime/autotune.hpp"
#include "runtime/driver.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/reference.hpp"
#include "runtime/runtime_impl.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {

struct Case {
  GemmProblem p;
  double alpha = 1, beta = 0;
  std::optional<KernelConfig> forced;
  std::string label() const {
    return fmt::format("{} alpha={} beta={}{}", p.to_string(), alpha, beta,
                       forced ? " config=" + forced->to_string() : std::string(" (dispatch)"));
  }
};

// A problem shape with the config forced on it.
struct ForcedShape {
  std::int64_t batch, m, k, n;
  DType t;
  const char* config;
};

// Layouts of A, B and C: all row-major, all column-major, and row / column / row.
const Layout kLayouts[][3] = {{Layout::row, Layout::row, Layout::row},
                              {Layout::col, Layout::col, Layout::col},
                              {Layout::row, Layout::col, Layout::row}};

std::int64_t pick(std::mt19937_64& rng, std::int64_t lo, std::int64_t hi) {
  return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}

// A random config of either family that is valid for the problem, or nullopt.
std::optional<KernelConfig> random_config(std::mt19937_64& rng, const GemmProblem& p, const DeviceInfo& dev) {
  for (int attempt = 0; attempt < 20; ++attempt) {
    KernelConfig c;
    if (pick(rng, 0, 1) == 0) {
      c.family = Family::slab;
      c.threads = 32 * static_cast<int>(pick(rng, 1, 8));
      c.mats = static_cast<int>(pick(rng, 1, 64));
      c.vec = 1 << pick(rng, 0, p.dtype == DType::f32 ? 2 : 1);
      c.rm = static_cast<int>(std::min<std::int64_t>(p.m, pick(rng, 1, 4)));
      c.rn = static_cast<int>(std::min<std::int64_t>(p.n, pick(rng, 1, 4)));
      c.grid = pick(rng, 0, 3) == 0 ? static_cast<int>(pick(rng, 1, 4)) : 0;
      if (p.k >= 8 && pick(rng, 0, 2) == 0) c.ks = 1 << pick(rng, 1, 3);  // split reduction
      if (c.grid > 0 && pick(rng, 0, 1) == 0) c.st = 2;  // two buffers, the next slab by cp.async
      if (c.st == 0 && c.ks == 1 && pick(rng, 0, 2) == 0) {  // C staged through shared memory
        c.cs = 1;
        const std::int64_t units = c.mats * ((p.m + c.rm - 1) / c.rm) * ((p.n + c.rn - 1) / c.rn);
        c.threads = static_cast<int>(std::min<std::int64_t>(1024, (units + 31) / 32 * 32));
      }
      if (dev.cc_major >= 9 && pick(rng, 0, 1) == 0) {  // bulk copies (st = 2: two buffers)
        c.tma = 1;
        if (pick(rng, 0, 1) == 0) {  // slabs of whole 16-byte runs, or (unrounded) the aligned runs around them
          std::int64_t step = 1;
          for (std::int64_t e : {p.m * p.k, p.k * p.n, p.m * p.n}) step = std::lcm(step, 16 / std::gcd<std::int64_t>(e * p.esize(), 16));
          c.mats = static_cast<int>((c.mats + step - 1) / step * step);
        }
        if (c.st == 2 && c.ks == 1 && pick(rng, 0, 1) == 0) {  // and C staged over each buffer
          c.cs = 1;
          const std::int64_t units = c.mats * ((p.m + c.rm - 1) / c.rm) * ((p.n + c.rn - 1) / c.rn);
          c.threads = static_cast<int>(std::min<std::int64_t>(1024, (units + 31) / 32 * 32));
        }
      }
      if (p.dtype == DType::f64 && dev.cc_major >= 9 && pick(rng, 0, 2) == 0) {  // on the FP64 tensor cores
        c.mma = 1, c.ks = 1;
        const std::int64_t mb = (p.m + 15) / 16, nb = (p.n + 15) / 16;
        c.rm = static_cast<int>(pick(rng, 1, std::min<std::int64_t>(mb, 3)));
        c.rn = static_cast<int>(pick(rng, 1, std::min<std::int64_t>(nb, 2)));
        c.mats = std::min(c.mats, 8);
        const std::int64_t units = c.mats * ((mb + c.rm - 1) / c.rm) * ((nb + c.rn - 1) / c.rn);
        if (c.cs) c.threads = static_cast<int>(std::min<std::int64_t>(1024, 32 * units));
      }
    } else if (p.dtype == DType::f64 && pick(rng, 0, 2) == 0) {  // FP64 tensor cores
      c.family = Family::tiled;
      c.mma = 1;
      const int tiles[] = {16, 24, 32, 48, 64, 128};  // 128 x 128 x 32: dynamic shared memory
      c.bm = tiles[pick(rng, 0, 5)], c.bn = tiles[pick(rng, 0, 5)];
      // 1 to 4 8-row (8-column) tiles a warp that divide the CTA tile; 3: m16n8k4 and m8n8k4
      c.rm = static_cast<int>(pick(rng, 1, 4)), c.rn = static_cast<int>(pick(rng, 1, 4));
      if (pick(rng, 0, 4) == 0) (pick(rng, 0, 1) ? c.rm : c.rn) = 8;  // up to 8 x 4 mma tiles a warp
      while ((c.bm / 8) % c.rm) --c.rm;
      while ((c.bn / 8) % c.rn) --c.rn;
      c.bk = 4 * static_cast<int>(pick(rng, 1, 8));
      if (pick(rng, 0, 1) == 0) c.st = static_cast<int>(pick(rng, 3, 4));  // cp.async stages
      c.ku = static_cast<int>(pick(rng, 0, 1));                              // k steps kept as a loop
      if (dev.cc_major >= 9 && c.rm % 2 == 0 && c.bk % 8 == 0) c.k8 = static_cast<int>(pick(rng, 0, 1));  // m16n8k8
      if (c.st && pick(rng, 0, 2) == 0) c.grid = static_cast<int>(pick(rng, 1, 3));  // next item's copies early
      c.vec = 1 << pick(rng, 0, 1);
      c.threads = 32 * (c.bm / (8 * c.rm)) * (c.bn / (8 * c.rn));
    } else {
      c.family = Family::tiled;
      const int tiles[] = {16, 24, 32, 36, 40, 64};  // 24, 36, 40: thread counts off whole warps
      c.bm = tiles[pick(rng, 0, 5)], c.bn = tiles[pick(rng, 0, 5)];
      c.rm = 1 << pick(rng, 0, 2), c.rn = 1 << pick(rng, 0, 2);
      c.bk = static_cast<int>(pick(rng, 1, 16));
      c.threads = (c.bm / c.rm) * (c.bn / c.rn);
      c.vec = 1 << pick(rng, 0, p.dtype == DType::f32 ? 2 : 1);
      if (pick(rng, 0, 2) == 0) c.st = 3;  // cp.async stages
      c.grid = pick(rng, 0, 3) == 0 ? static_cast<int>(pick(rng, 1, 4)) : 0;
    }
    if (!gen::check(p, c, dev, 16)) return c;
  }
  return std::nullopt;
}

std::vector<Case> make_cases(const DeviceInfo& dev) {
  std::mt19937_64 rng(20261129);
  std::vector<Case> cases;
  const double alphas[] = {1.0, -0.75, 2.5}, betas[] = {0.0, 1.0, 0.5};
  for (int i = 0; i < 320; ++i) {
    GemmProblem p;
    p.dtype = pick(rng, 0, 1) ? DType::f64 : DType::f32;
    p.k = i < 64 ? i + 1 : pick(rng, 1, 64);  // every K in 1..64 at least once
    const bool big = i % 25 == 7;
    p.m = big ? pick(rng, 41, 1024) : pick(rng, 1, 40);
    p.n = big ? pick(rng, 41, 1024) : pick(rng, 1, 40);
    if (i % 50 == 11) p.k = pick(rng, 65, 1024);
    // Batch: log-uniform in [1, 1e6], capped so one operand stays under ~48 MB.
    const double per = static_cast<double>(std::max({p.m * p.k, p.k * p.n, p.m * p.n})) * p.esize();
    const std::int64_t cap = std::max<std::int64_t>(1, static_cast<std::int64_t>(48e6 / per));
    p.batch = std::min<std::int64_t>(cap, static_cast<std::int64_t>(std::pow(10.0, std::uniform_real_distribution<>(0, 6)(rng))));
    if (i % 40 == 3) p.batch = std::min<std::int64_t>(cap, 1000000);
    const int layout_bits = static_cast<int>(pick(rng, 0, 7));
    if (i % 3 == 0) {
      p.layout_a = layout_bits & 1 ? Layout::col : Layout::row;
      p.layout_b = layout_bits & 2 ? Layout::col : Layout::row;
      p.layout_c = layout_bits & 4 ? Layout::col : Layout::row;
    }
    if (i % 7 == 2) p.lda = (p.layout_a == Layout::row ? p.k : p.m) + pick(rng, 1, 3);
    if (i % 7 == 4) p.ldc = (p.layout_c == Layout::row ? p.n : p.m) + pick(rng, 1, 3);
    if (i % 11 == 5) p.stride_b = kAuto, p.ldb = (p.layout_b == Layout::row ? p.n : p.k) + 1;
    if (i % 9 == 1) p.broadcast_a();
    if (i % 9 == 6) p.broadcast_b();
    Case c;
    c.p = p.normalized();
    c.alpha = alphas[pick(rng, 0, 2)];
    c.beta = betas[pick(rng, 0, 2)];
    cases.push_back(c);
    if (i % 2 == 0 || c.p.dtype == DType::f64) {
      Case f = c;
      f.forced = random_config(rng, c.p, dev);
      if (f.forced) cases.push_back(f);
    }
  }
  return cases;
}

// Runs one case; returns "" on success or what went wrong.
std::string run_case(Runtime& rt, const Case& c, CUstream stream, std::uint64_t seed) {
  const GemmProblem& p = c.p;
  const std::int64_t esz = p.esize();
  const std::int64_t na = detail::operand_elems(p, 'A'), nb = detail::operand_elems(p, 'B'),
                     nc = detail::operand_elems(p, 'C');
  std::vector<char> ha(na * esz), hb(nb * esz), hc0(nc * esz), hc(nc * esz);
  detail::fill_random(ha.data(), p.dtype, na, seed);
  detail::fill_random(hb.data(), p.dtype, nb, seed + 1);
  if (c.beta == 0) detail::fill_nan(hc0.data(), p.dtype, nc);  // poisoned: every output must be written
  else detail::fill_random(hc0.data(), p.dtype, nc, seed + 2);
  detail::DeviceBuffer A(na * esz), B(nb * esz), C(nc * esz);
  A.upload(ha.data(), na * esz);
  B.upload(hb.data(), nb * esz);
  C.upload(hc0.data(), nc * esz);
  if (c.forced) rt.gemm_with(p, *c.forced, A.get(), B.get(), C.get(), c.alpha, c.beta, stream);
  else rt.gemm(p, A.get(), B.get(), C.get(), c.alpha, c.beta, stream);
  TAILOR_CU(detail::driver().cuStreamSynchronize(stream));
  C.download(hc.data(), nc * esz);
  const auto ref = detail::reference_gemm(p, ha.data(), hb.data(), hc0.data(), c.alpha, c.beta);
  const double err = detail::max_rel_err(p, hc.data(), ref);
  const double tol = p.dtype == DType::f32 ? 1e-5 : 1e-12;
  if (!(err <= tol)) return fmt::format("relative error {:.3e} > {:.0e}", err, tol);
  // Elements outside every C matrix (padding of ldc, gaps between matrices) are untouched.
  std::vector<char> inside(static_cast<std::size_t>(nc), 0);
  for (std::int64_t b = 0; b < p.batch; ++b)
    for (std::int64_t i = 0; i < p.m; ++i)
      for (std::int64_t j = 0; j < p.n; ++j)
        inside[b * p.stride_c + (p.layout_c == Layout::row ? i * p.ldc + j : j * p.ldc + i)] = 1;
  for (std::int64_t e = 0; e < nc; ++e)
    if (!inside[e] && std::memcmp(hc.data() + e * esz, hc0.data() + e * esz, esz) != 0)
      return fmt::format("element {} outside every output matrix was overwritten", e);
  return "";
}

}  // namespace

// Each forced shape under every layout of kLayouts and every (alpha, beta), skipping the
// layouts its config does not take; seeds from `seed` up. Returns the cases run.
template <std::size_t NS, std::size_t NA>
int run_forced_layouts(Runtime& rt, const ForcedShape (&shapes)[NS], const std::pair<double, double> (&scalars)[NA],
                       int seed) {
  int n = 0;
  for (const ForcedShape& s : shapes)
    for (const auto& l : kLayouts)
      for (auto [alpha, beta] : scalars) {
        GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
        p.layout_a = l[0], p.layout_b = l[1], p.layout_c = l[2];
        Case c{p.normalized(), alpha, beta, KernelConfig::parse(s.config)};
        CAPTURE(c.label());
        if (gen::check(c.p, *c.forced, rt.device(), 16)) continue;  // a layout the config does not take
        CHECK(run_case(rt, c, nullptr, seed + n++) == "");
      }
  return n;
}

struct HeuristicShape {
  std::int64_t batch, m, k, n;
  DType t;
  char shared = 0;  // 'A' or 'B': that operand is one matrix shared by the batch

  GemmProblem problem(Layout a = Layout::row, Layout b = Layout::row, Layout c = Layout::row) const {
    GemmProblem p = GemmProblem::make(batch, m, k, n, t);
    p.layout_a = a, p.layout_b = b, p.layout_c = c;
    if (shared == 'A') p.broadcast_a();
    if (shared == 'B') p.broadcast_b();
    return p.normalized();
  }
};

// The heuristic's pick for each shape with row-major operands (`expect` checks it), forced
// under every layout it takes with three alpha/beta pairs, and dispatch's own plan of each
// of those problems. Returns the cases run.
template <std::size_t NS, class Expect>
int run_heuristic_layouts(Runtime& rt, const HeuristicShape (&shapes)[NS], int seed, Expect expect) {
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0;
  for (const HeuristicShape& s : shapes) {
    const KernelConfig h = gen::heuristic(s.problem(), rt.device(), 16);
    CAPTURE(h.to_string());
    expect(h);
    for (const auto& l : kLayouts)
      for (auto [alpha, beta] : scalars) {
        Case c{s.problem(l[0], l[1], l[2]), alpha, beta, h};
        CAPTURE(c.label());
        if (gen::check(c.p, *c.forced, rt.device(), 16)) continue;  // a layout the config does not take
        CHECK(run_case(rt, c, nullptr, seed + n++) == "");
        c.forced.reset();
        CHECK(run_case(rt, c, nullptr, seed + n++) == "");
      }
  }
  return n;
}

TEST_CASE("gpu sweep: 300+ seeded random problems against a float64 reference") {
  Runtime rt;
  REQUIRE(rt.has_gpu());
  const std::vector<Case> cases = make_cases(rt.device());
  REQUIRE(cases.size() >= 300);
  std::mutex mu;
  std::vector<std::string> failures;
  std::atomic<std::size_t> next{0};
  std::atomic<int> done{0};
  const unsigned workers = std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w)
    pool.emplace_back([&] {
      rt.impl().make_current();
      CUstream stream;
      TAILOR_CU(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
      for (std::size_t i = next++; i < cases.size(); i = next++) {
        std::string why;
        try {
          why = run_case(rt, cases[i], stream, 1000 + 16 * i);
        } catch (const std::exception& e) {
          why = e.what();
        }
        ++done;
        if (!why.empty()) {
          std::lock_guard<std::mutex> lock(mu);
          failures.push_back(cases[i].label() + ": " + why);
        }
      }
      detail::driver().cuStreamDestroy(stream);
    });
  for (auto& t : pool) t.join();
  MESSAGE("ran ", done.load(), " cases, ", failures.size(), " failed");
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(done.load() == static_cast<int>(cases.size()));
}

TEST_CASE("gpu: a repeated problem is served from the memo and gives the same result") {
  Runtime rt;
  rt.impl().make_current();  // the test allocates its buffers before the first gemm
  const GemmProblem p = GemmProblem::make(1000, 3, 25, 1, DType::f64).normalized();
  Case c{p, 1.0, 0.0, std::nullopt};
  CHECK(run_case(rt, c, nullptr, 7).empty());
  CHECK(rt.impl().memo.size() == 1);
  CHECK(run_case(rt, c, nullptr, 9).empty());
  CHECK(rt.impl().memo.size() == 1);
}

TEST_CASE("gpu: back-to-back dependent calls (programmatic dependent launch) read their predecessor's result") {
  Runtime rt;
  rt.impl().make_current();
  // C1 = A B, then C2 = C1 B2, then C1 = C2 B3 (C1 is read by call 2 and rewritten by call
  // 3), enqueued without a host synchronisation: each kernel may start while the one before
  // it finishes, and must wait for it before touching memory. Repeated so that a race would
  // show; batches of 20000 and of 3 (a tiny call: every call on sm_90 takes the early-start
  // launch path).
  for (DType t : {DType::f32, DType::f64})
    for (std::int64_t batch : {20000, 3})
      for (int side : {16, 33}) {
        const GemmProblem p = GemmProblem::make(batch, side, side, side, t).normalized();
        CAPTURE(p.to_string());
        const std::int64_t n = p.batch * side * side, esz = p.esize();
        std::vector<char> ha(n * esz), hb(n * esz), hb2(n * esz), hb3(n * esz), out(n * esz);
        detail::fill_random(ha.data(), t, n, 31), detail::fill_random(hb.data(), t, n, 32);
        detail::fill_random(hb2.data(), t, n, 33), detail::fill_random(hb3.data(), t, n, 34);
        const std::vector<char> zero(n * esz, 0);
        // A float64 reference stored in the problem's dtype, as the next call's operand.
        auto store = [&](const std::vector<double>& r, char* dst) {
          for (std::int64_t e = 0; e < n; ++e) {
            const double v = r[static_cast<std::size_t>(e)];
            if (t == DType::f32) reinterpret_cast<float*>(dst)[e] = static_cast<float>(v);
            else reinterpret_cast<double*>(dst)[e] = v;
          }
        };
        auto r1 = detail::reference_gemm(p, ha.data(), hb.data(), zero.data(), 1.0, 0.0);
        std::vector<char> c1(n * esz);
        store(r1, c1.data());
        auto r2 = detail::reference_gemm(p, c1.data(), hb2.data(), zero.data(), 1.0, 0.0);
        std::vector<char> c2(n * esz);
        store(r2, c2.data());
        const auto r3 = detail::reference_gemm(p, c2.data(), hb3.data(), zero.data(), 1.0, 0.0);
        detail::DeviceBuffer A(n * esz), B(n * esz), B2(n * esz), B3(n * esz), C1(n * esz), C2(n * esz);
        A.upload(ha.data(), n * esz), B.upload(hb.data(), n * esz);
        B2.upload(hb2.data(), n * esz), B3.upload(hb3.data(), n * esz);
        for (int rep = 0; rep < 5; ++rep) {
          std::vector<char> poison(n * esz);
          detail::fill_nan(poison.data(), t, n);
          C1.upload(poison.data(), n * esz), C2.upload(poison.data(), n * esz);
          rt.gemm(p, A.get(), B.get(), C1.get(), 1.0, 0.0, nullptr);
          rt.gemm(p, C1.get(), B2.get(), C2.get(), 1.0, 0.0, nullptr);
          rt.gemm(p, C2.get(), B3.get(), C1.get(), 1.0, 0.0, nullptr);
          TAILOR_CU(detail::driver().cuStreamSynchronize(nullptr));
          C1.download(out.data(), n * esz);
          // The chain's rounding differs from the reference's by a few ulps per step.
          CHECK(detail::max_rel_err(p, out.data(), r3) <= (t == DType::f32 ? 1e-4 : 1e-11));
        }
      }
}

TEST_CASE("gpu: bulk-copied slabs (tma, cs) under every alpha and beta, with a partial last slab") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // tma = 1 needs sm_90 (gen::check rejects it below)
  const ForcedShape shapes[] = {
      {1001, 33, 33, 33, DType::f32, "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=0,cs=1,tma=1"},
      {1001, 33, 33, 33, DType::f32, "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=2,tma=1"},
      {1003, 25, 25, 25, DType::f64, "slab,t=64,minb=1,mats=2,vec=2,rm=5,rn=5,grid=0,cs=1,tma=1"},
      {999, 20, 20, 20, DType::f64, "slab,t=64,minb=1,mats=2,vec=2,rm=5,rn=4,grid=1,cs=1,tma=1"},
      // two buffers fed by bulk copies on a persistent grid, with and without C staged
      {1001, 33, 33, 33, DType::f32, "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=2,st=2,cs=1,tma=1"},
      {999, 20, 20, 20, DType::f64, "slab,t=64,minb=1,mats=2,vec=2,rm=5,rn=4,grid=1,st=2,tma=1"},
      {1003, 16, 2, 16, DType::f32, "slab,t=256,minb=1,mats=4,vec=4,rm=2,rn=2,grid=2,st=2,cs=1,tma=1"},
      {997, 7, 19, 5, DType::f64, "slab,t=64,minb=1,mats=8,vec=2,rm=7,rn=1,grid=1,st=2,cs=1,tma=1"},
      // matrix-vector products on the threads' copies, the counts that make runs whole sectors
      {1001, 39, 33, 1, DType::f32, "slab,t=64,minb=1,mats=8,vec=4,rm=5,rn=1,grid=0,cs=1,tma=2"},
      {999, 32, 65, 1, DType::f64, "slab,t=128,minb=1,mats=4,vec=2,rm=1,rn=1,grid=0,cs=1,tma=2"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}, {1.0, 1.0}};
  int n = 0;
  for (const ForcedShape& s : shapes)
    for (auto [alpha, beta] : scalars) {
      Case c{GemmProblem::make(s.batch, s.m, s.k, s.n, s.t).normalized(), alpha, beta, KernelConfig::parse(s.config)};
      CAPTURE(c.label());
      REQUIRE_FALSE(gen::check(c.p, *c.forced, rt.device(), 16));
      CHECK(run_case(rt, c, nullptr, 4000 + n++) == "");
      // Through dispatch too (the heuristic picks bulk-copied slabs for these sizes).
      c.forced.reset();
      CHECK(run_case(rt, c, nullptr, 4000 + n++) == "");
    }
  // A broadcast operand, staged by the threads into both buffers; a partial last slab.
  for (const bool a_shared : {false, true}) {
    GemmProblem p = a_shared ? GemmProblem::make(100003, 3, 3, 1, DType::f32) : GemmProblem::make(100003, 1, 3, 3, DType::f32);
    if (a_shared) p.broadcast_a();
    else p.broadcast_b();
    for (auto [alpha, beta] : scalars) {
      Case c{p.normalized(), alpha, beta,
             KernelConfig::parse(a_shared ? "slab,t=128,minb=1,mats=128,vec=4,rm=3,rn=1,grid=4,st=2,tma=1"
                                          : "slab,t=352,minb=1,mats=344,vec=4,rm=1,rn=3,grid=5,st=2,tma=1")};
      CAPTURE(c.label());
      REQUIRE_FALSE(gen::check(c.p, *c.forced, rt.device(), 16));
      CHECK(run_case(rt, c, nullptr, 4000 + n++) == "");
    }
  }
}

TEST_CASE("gpu: a broadcast operand in bulk-copied slabs with C staged after it (FMA and DMMA), alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // tma = 1 needs sm_90 (gen::check rejects it below)
  // The shared matrix is staged once per CTA and kept; C is staged after it, over the other
  // operand. One buffer and two (a persistent grid), partial last slabs (batches that are
  // not a multiple of mats), slabs of C that are not whole 16-byte units (5 x 3 floats, 3 a
  // slab), B placed before A in shared memory where only B is shared.
  struct Shape {
    std::int64_t batch, m, k, n;
    DType t;
    bool a_shared;
    const char* config;
  };
  const Shape shapes[] = {
      {1001, 36, 8, 54, DType::f64, true, "slab,t=192,minb=1,mats=2,vec=2,rm=1,rn=4,grid=0,cs=1,tma=1,mma=1"},
      {1003, 30, 27, 10, DType::f64, true, "slab,t=64,minb=1,mats=6,vec=2,rm=6,rn=5,grid=0,cs=1,tma=1"},
      {1001, 3, 73, 8, DType::f32, false, "slab,t=64,minb=1,mats=28,vec=4,rm=3,rn=4,grid=0,cs=1,tma=1"},
      {999, 38, 3, 47, DType::f64, false, "slab,t=224,minb=1,mats=4,vec=2,rm=5,rn=7,grid=0,cs=1,tma=1"},
      {1001, 70, 28, 1, DType::f32, false, "slab,t=32,minb=1,mats=2,vec=4,rm=5,rn=1,grid=0,cs=1,tma=1"},
      {1001, 33, 33, 33, DType::f32, true, "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=2,st=2,cs=1,tma=1"},
      {1001, 33, 33, 33, DType::f32, false, "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=2,st=2,cs=1,tma=1"},
      {513, 37, 29, 45, DType::f64, false, "slab,t=96,minb=1,mats=1,vec=1,rm=1,rn=3,grid=2,st=2,cs=1,tma=1,mma=1"},
      {1001, 5, 7, 3, DType::f32, true, "slab,t=64,minb=1,mats=3,vec=1,rm=5,rn=3,grid=0,cs=1,tma=1"},
      {1001, 5, 7, 3, DType::f32, false, "slab,t=64,minb=1,mats=3,vec=1,rm=5,rn=3,grid=2,st=2,cs=1,tma=1"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0;
  for (const Shape& s : shapes)
    for (auto [alpha, beta] : scalars) {
      GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
      if (s.a_shared) p.broadcast_a();
      else p.broadcast_b();
      Case c{p.normalized(), alpha, beta, KernelConfig::parse(s.config)};
      CAPTURE(c.label());
      REQUIRE_FALSE(gen::check(c.p, *c.forced, rt.device(), 16));
      CHECK(run_case(rt, c, nullptr, 15000 + n++) == "");
      // Through dispatch too (the heuristic's bulk-copied slabs take broadcast operands).
      c.forced.reset();
      CHECK(run_case(rt, c, nullptr, 15000 + n++) == "");
    }
  CHECK(n == 80);
}

TEST_CASE("gpu: the batch's rows regrouped (rows): one tall product and short matrices sharing B, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // Each problem with the heuristic's kernel of each regrouping forced (the config of the
  // regrouped problem with rows set), then through dispatch. B shared by the batch or a
  // batch of one; padded leading dimensions whose rows stay evenly spaced; batches that are
  // not a multiple of the regrouped slabs.
  struct Shape {
    std::int64_t batch, m, k, n;
    DType t;
    std::int64_t lda, ldc;  // 0: tight
    std::int64_t rows[2];
    bool regroups;  // dispatch's plan regroups the rows (on the sm_90 model: checked here too)
  };
  const Shape shapes[] = {
      {1201, 1, 110, 49, DType::f64, 0, 0, {1201, 16}, true},  // 1201 is prime: one product only (16 refused) ...
      {2001, 3, 15, 8, DType::f32, 0, 0, {6003, 87}, false},
      {1500, 2, 4, 46, DType::f64, 0, 0, {3000, 40}, false},
      {600, 5, 7, 6, DType::f64, 9, 8, {3000, 10}, false},
      {1, 20000, 20, 2, DType::f32, 0, 0, {16, 25}, true},  // N of 1-3 off the thin FMA tile: short matrices
      {1, 30000, 9, 1, DType::f64, 0, 0, {20, 1}, true},
      {1, 4099, 33, 3, DType::f32, 41, 0, {4099, 1}, true},  // ... and 4099 too: single rows (rows = M refused)
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  // The heuristic's kernel of the regrouped problem, forced with rows set, every (alpha, beta).
  auto run_regrouped = [&](const GemmProblem& p, std::int64_t rows, std::uint64_t seed, int& count) {
    KernelConfig c = gen::heuristic_as_given(gen::regroup(p, rows), rt.device(), 16);
    c.rows = static_cast<int>(rows);
    for (auto [alpha, beta] : scalars) {
      Case x{p, alpha, beta, c};
      CAPTURE(x.label());
      REQUIRE_FALSE(gen::check(p, c, rt.device(), 16));
      CHECK(run_case(rt, x, nullptr, seed + count++) == "");
    }
  };
  int n = 0;
  for (const Shape& s : shapes) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
    if (s.batch > 1) p.broadcast_b();
    if (s.lda) p.lda = s.lda, p.stride_a = s.batch > 1 ? s.m * s.lda : kAuto;
    if (s.ldc) p.ldc = s.ldc, p.stride_c = s.batch > 1 ? s.m * s.ldc : kAuto;
    p = p.normalized();
    for (std::int64_t rows : s.rows)
      if (!gen::regroup_check(p, rows)) run_regrouped(p, rows, 16000, n);  // not rows = M (4099 x 1's second)
    for (auto [alpha, beta] : scalars) {
      Case x{p, alpha, beta, std::nullopt};
      CAPTURE(x.label());
      CHECK(run_case(rt, x, nullptr, 16000 + n++) == "");
    }
    CHECK((rt.plan(p, 16).config.rows > 0) == s.regroups);
  }
  CHECK(n == 4 * (2 * 7 - 2) + 4 * 7);  // two regroupings refused: 16 rows of 1201, and 4099 rows of 4099
  // The transpose (tr = 1): A shared, the batch's columns of C as rows of C^T against one
  // shared A^T (B and C column-major, or N = 1 row-major: the same memory), padded leading
  // dimensions of B and C kept evenly spaced; the heuristic's kernel of the transpose as
  // given and of two regroupings of its rows forced, then through dispatch.
  auto run_transposed = [&](const GemmProblem& p, std::int64_t rows, std::uint64_t seed, int& count) {
    const GemmProblem t = gen::transposed(p);
    KernelConfig c = gen::heuristic_as_given(rows > 0 ? gen::regroup(t, rows) : t, rt.device(), 16);
    c.rows = static_cast<int>(rows), c.tr = 1;
    for (auto [alpha, beta] : scalars) {
      Case x{p, alpha, beta, c};
      CAPTURE(x.label());
      REQUIRE_FALSE(gen::check(p, c, rt.device(), 16));
      CHECK(run_case(rt, x, nullptr, seed + count++) == "");
    }
  };
  struct Mirror {
    std::int64_t batch, m, k, n;
    DType t;
    bool col;               // B and C column-major (else row-major with N = 1)
    std::int64_t ldb, ldc;  // 0: tight
    std::int64_t rows[2];
  };
  const Mirror mirrors[] = {{5004, 67, 50, 1, DType::f32, false, 0, 0, {5004, 12}},
                            {2000, 12, 30, 3, DType::f64, true, 0, 0, {6000, 8}},
                            {777, 9, 13, 4, DType::f32, true, 17, 11, {3108, 12}},
                            {3000, 40, 7, 1, DType::f64, false, 0, 0, {3000, 12}}};
  int m = 0;
  for (const Mirror& s : mirrors) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
    p.broadcast_a();
    if (s.col) {
      p.layout_b = Layout::col, p.ldb = s.ldb ? s.ldb : kAuto, p.stride_b = s.ldb ? s.n * s.ldb : kAuto;
      p.layout_c = Layout::col, p.ldc = s.ldc ? s.ldc : kAuto, p.stride_c = s.ldc ? s.n * s.ldc : kAuto;
    }
    p = p.normalized();
    run_transposed(p, 0, 17000, m);
    for (std::int64_t rows : s.rows) {
      REQUIRE_FALSE(gen::regroup_check(gen::transposed(p), rows));
      run_transposed(p, rows, 17000, m);
    }
    for (auto [alpha, beta] : scalars) {
      Case x{p, alpha, beta, std::nullopt};
      CAPTURE(x.label());
      CHECK(run_case(rt, x, nullptr, 17000 + m++) == "");
    }
  }
  CHECK(m == 4 * 4 * 4);
  // Any layout transposes: column-major C (padded), every operand column-major, row-major.
  struct Any {
    std::int64_t batch, m, k, n;
    DType t;
    Layout a, b, c;
    std::int64_t lda, ldb, ldc;  // 0: tight
  };
  const Any anys[] = {{2000, 20, 30, 40, DType::f64, Layout::row, Layout::row, Layout::col, 0, 0, 23},
                      {333, 7, 9, 5, DType::f32, Layout::col, Layout::col, Layout::col, 11, 10, 0},
                      {100, 17, 3, 9, DType::f32, Layout::row, Layout::row, Layout::row, 0, 0, 0},
                      {1, 513, 65, 130, DType::f64, Layout::col, Layout::row, Layout::col, 0, 0, 0}};
  int a = 0;
  for (const Any& s : anys) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
    p.layout_a = s.a, p.layout_b = s.b, p.layout_c = s.c;
    if (s.lda) p.lda = s.lda;
    if (s.ldb) p.ldb = s.ldb;
    if (s.ldc) p.ldc = s.ldc;
    p = p.normalized();
    run_transposed(p, 0, 18000, a);
  }
  CHECK(a == 4 * 4);
}

TEST_CASE("gpu: the batch's columns side by side (cols) against a shared A, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // A shared, B and C row-major: G matrices' columns form one matrix of G x N columns. The
  // cost model's three best groupings (gen::regroup_options), then fixed tiles of both
  // families (register-fed and cp.async stages, persistent grids, k8, C staged through
  // shared memory for odd N) with a group of 7 (a partial last group where 7 does not
  // divide the batch); padded leading dimensions and gaps between matrices; then dispatch.
  struct Shape {
    std::int64_t batch, m, k, n;
    DType t;
    std::int64_t ldb, ldc, gap;  // 0: tight; gap: elements between consecutive matrices of B and C
  };
  const Shape shapes[] = {{1001, 67, 45, 8, DType::f64, 0, 0, 0}, {503, 40, 9, 3, DType::f32, 0, 0, 0},
                          {250, 129, 20, 2, DType::f32, 5, 4, 3},  {77, 33, 100, 16, DType::f64, 0, 0, 0},
                          {9, 300, 31, 5, DType::f64, 7, 0, 2},    {130, 17, 64, 6, DType::f32, 0, 0, 0}};
  const char* fixed32[] = {"tiled,t=64,minb=1,bm=32,bn=32,bk=8,vec=4,rm=4,rn=4,grid=0",
                           "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=8,rn=4,grid=1,st=4"};
  const char* fixed64[] = {"tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3",
                           "tiled,t=128,minb=1,bm=32,bn=64,bk=16,vec=2,rm=2,rn=4,grid=2,mma=1,st=3,k8=1",
                           "tiled,t=64,minb=1,bm=16,bn=32,bk=8,vec=2,rm=2,rn=2,grid=0,mma=1",
                           "tiled,t=64,minb=1,bm=32,bn=32,bk=8,vec=2,rm=4,rn=4,grid=0"};
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0, options = 0, extra = 0;
  for (const Shape& s : shapes) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t);
    p.broadcast_a();
    if (s.ldb || s.gap) p.ldb = s.ldb ? s.ldb : s.n, p.stride_b = s.k * p.ldb + s.gap;
    if (s.ldc || s.gap) p.ldc = s.ldc ? s.ldc : s.n, p.stride_c = s.m * p.ldc + s.gap;
    p = p.normalized();
    std::vector<KernelConfig> configs;
    for (const gen::Candidate& o : gen::regroup_options(p, rt.device(), 16))
      if (o.config.cols && configs.size() < 3) configs.push_back(o.config), ++options;
    for (const char* text : s.t == DType::f32 ? std::vector<const char*>(std::begin(fixed32), std::end(fixed32))
                                              : std::vector<const char*>(std::begin(fixed64), std::end(fixed64))) {
      KernelConfig c = KernelConfig::parse(text);
      c.cols = static_cast<int>(std::min<std::int64_t>(7, s.batch));
      configs.push_back(c);
      // And the fewest matrices that fill whole tiles (C staged through shared memory
      // where C's rows are N apart), where the batch has that many.
      c.cols = static_cast<int>(std::lcm<std::int64_t>(c.bn, s.n) / s.n);
      if (c.cols <= s.batch && c.cols != 7) configs.push_back(c), ++extra;
    }
    for (const KernelConfig& c : configs) {
      CAPTURE(c.to_string());
      REQUIRE_FALSE(gen::check(p, c, rt.device(), 16));
      for (auto [alpha, beta] : scalars) {
        Case x{p, alpha, beta, c};
        CAPTURE(x.label());
        CHECK(run_case(rt, x, nullptr, 19000 + n++) == "");
      }
    }
    for (auto [alpha, beta] : scalars) {
      Case x{p, alpha, beta, std::nullopt};
      CAPTURE(x.label());
      CHECK(run_case(rt, x, nullptr, 19000 + n++) == "");
    }
  }
  CHECK(options == 3 * 5);  // none for a batch of 9: every grouping but 7's is wider than the batch
  CHECK(extra >= 10);
  CHECK(n == 4 * (options + 2 * 3 + 4 * 3 + extra) + 4 * 6);
}

TEST_CASE("gpu: DMMA tiles with m16n8k8 (k8) and persistent staged tiles, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // k8 = 1 needs sm_90 (gen::check rejects it below)
  const ForcedShape shapes[] = {
      {301, 77, 36, 130, DType::f64, "tiled,t=128,minb=2,bm=64,bn=128,bk=16,vec=2,rm=4,rn=8,grid=2,mma=1,st=3,k8=1"},
      {301, 77, 36, 130, DType::f64, "tiled,t=128,minb=2,bm=64,bn=128,bk=16,vec=2,rm=4,rn=8,grid=2,mma=1,st=3,ku=1,k8=1"},
      {517, 64, 64, 64, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4,k8=1"},
      {203, 50, 41, 47, DType::f64, "tiled,t=128,minb=2,bm=32,bn=64,bk=24,vec=2,rm=2,rn=4,grid=1,mma=1,st=3,k8=1"},
      {301, 77, 36, 130, DType::f32, "tiled,t=128,minb=2,bm=64,bn=128,bk=16,vec=4,rm=8,rn=8,grid=2,st=4"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  // Every config takes every layout here: 5 shapes x 3 layouts x 3 (alpha, beta).
  CHECK(run_forced_layouts(rt, shapes, scalars, 6000) == 45);
}

TEST_CASE("gpu: DMMA tiles (C through shared memory) and FMA tiles whose C rows take no vector stores, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // Odd N: the epilogue stages each warp's 8-row stripes (tiled.cuh, C_STAGED); partial
  // tiles on both sides, register-fed and cp.async stages, warps of 3 mma tiles across.
  const ForcedShape shapes[] = {
      {151, 127, 21, 123, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3"},
      {211, 120, 15, 29, DType::f64, "tiled,t=128,minb=1,bm=64,bn=32,bk=8,vec=2,rm=4,rn=2,grid=0,mma=1"},
      {83, 31, 45, 117, DType::f64, "tiled,t=160,minb=1,bm=32,bn=120,bk=8,vec=2,rm=4,rn=3,grid=0,mma=1,st=4"},
      {97, 59, 28, 127, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,mma=1,st=3"},
      // FMA tiles, which store such a C straight from the registers (staged through shared
      // memory they ran 0.81x, bench/NOTES.md): four stages, register-fed, narrow, and f64.
      {61, 287, 27, 173, DType::f32, "tiled,t=64,minb=2,bm=32,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0,st=4"},
      {23, 239, 36, 223, DType::f32, "tiled,t=256,minb=1,bm=128,bn=128,bk=8,vec=4,rm=8,rn=8,grid=0"},
      {77, 12, 151, 269, DType::f32, "tiled,t=64,minb=1,bm=16,bn=64,bk=8,vec=4,rm=2,rn=8,grid=0,st=4"},
      {41, 70, 33, 101, DType::f64, "tiled,t=256,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  CHECK(run_forced_layouts(rt, shapes, scalars, 6500) >= 48);
}

TEST_CASE("gpu: FMA tiles with micro-tiles of 6 (sides of 48 and 96), every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // B (or A) read in 8-byte pairs a 6-wide micro-tile side; partial tiles on both sides, odd
  // N (scalar C stores), four cp.async stages and register-fed, 128 and 256 threads, f64.
  const ForcedShape shapes[] = {
      {19, 137, 45, 261, DType::f32, "tiled,t=128,minb=1,bm=48,bn=96,bk=8,vec=4,rm=6,rn=6,grid=0,st=4"},
      {23, 305, 27, 168, DType::f32, "tiled,t=128,minb=1,bm=64,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4"},
      {17, 162, 33, 50, DType::f32, "tiled,t=128,minb=1,bm=96,bn=64,bk=8,vec=4,rm=6,rn=8,grid=0,st=4"},
      {13, 233, 14, 251, DType::f32, "tiled,t=128,minb=1,bm=48,bn=128,bk=8,vec=4,rm=6,rn=8,grid=0,st=4"},
      {11, 267, 31, 312, DType::f32, "tiled,t=256,minb=1,bm=96,bn=96,bk=8,vec=4,rm=6,rn=6,grid=0,st=4"},
      {9, 219, 21, 190, DType::f32, "tiled,t=256,minb=1,bm=128,bn=96,bk=8,vec=4,rm=8,rn=6,grid=0,st=4"},
      {15, 150, 29, 200, DType::f32, "tiled,t=128,minb=1,bm=64,bn=96,bk=16,vec=4,rm=8,rn=6,grid=0"},
      {21, 97, 19, 143, DType::f64, "tiled,t=128,minb=1,bm=48,bn=96,bk=8,vec=2,rm=6,rn=6,grid=0,st=3"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  CHECK(run_forced_layouts(rt, shapes, scalars, 12500) == 72);
}

TEST_CASE("gpu: DMMA tiles of the sides rounded up to 8, every layout, alpha and beta, forced and through dispatch") {
  Runtime rt;
  rt.impl().make_current();
  struct Shape { std::int64_t batch, m, k, n; };
  // 75x39x64 (80 x 64), 40x85x56 (40 x 64), 45x104x18 (64 x 24), 105x89x58 (112 x 64,
  // warps of 2 x 8): the heuristic's picks for row-major operands, forced under every
  // layout, and the heuristic's own plan.
  const Shape shapes[] = {{67, 75, 39, 64}, {129, 40, 85, 56}, {211, 45, 104, 18}, {53, 105, 89, 58}};
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0;
  for (const Shape& s : shapes) {
    const GemmProblem rowp = GemmProblem::make(s.batch, s.m, s.k, s.n, DType::f64).normalized();
    const KernelConfig snug = gen::heuristic(rowp, rt.device(), 16);
    CAPTURE(snug.to_string());
    REQUIRE(snug.mma == 1);
    REQUIRE((snug.bm % 32 != 0 || snug.bn % 32 != 0));
    for (const auto& l : kLayouts)
      for (auto [alpha, beta] : scalars) {
        GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, DType::f64);
        p.layout_a = l[0], p.layout_b = l[1], p.layout_c = l[2];
        Case c{p.normalized(), alpha, beta, snug};
        CAPTURE(c.label());
        if (gen::check(c.p, *c.forced, rt.device(), 16)) continue;  // a layout the tile does not take
        CHECK(run_case(rt, c, nullptr, 7000 + n++) == "");
        c.forced.reset();
        CHECK(run_case(rt, c, nullptr, 7000 + n++) == "");
      }
  }
  CHECK(n >= 24);
}

TEST_CASE("gpu: bulk-copied slabs that are not whole 16-byte units (aligned runs around them), every layout") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // tma = 1 needs sm_90 (gen::check rejects it below)
  // Each slab starts at a different offset from a 16-byte boundary. Batches such that the
  // last slab is full and its aligned run would end past the operand (the threads stage
  // it), full and ending within it, or partial.
  const ForcedShape shapes[] = {
      {1001, 65, 65, 65, DType::f32, "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=0,cs=1,tma=1"},
      {1000, 65, 65, 65, DType::f32, "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=0,cs=1,tma=1"},
      {1001, 65, 65, 65, DType::f32, "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=3,st=2,cs=1,tma=1"},
      {1003, 65, 65, 65, DType::f32, "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=2,st=2,tma=1"},
      {1001, 33, 33, 33, DType::f64, "slab,t=128,minb=1,mats=1,vec=1,rm=3,rn=3,grid=0,cs=1,tma=1"},
      {1001, 33, 33, 33, DType::f64, "slab,t=128,minb=1,mats=1,vec=1,rm=3,rn=3,grid=0,tma=1"},
      {1000, 17, 17, 17, DType::f32, "slab,t=128,minb=1,mats=3,vec=1,rm=3,rn=3,grid=0,cs=1,tma=1"},
      {997, 7, 19, 5, DType::f32, "slab,t=64,minb=1,mats=2,vec=2,rm=7,rn=1,grid=0,cs=1,tma=1"},
      {998, 7, 19, 5, DType::f32, "slab,t=64,minb=1,mats=2,vec=2,rm=7,rn=1,grid=2,st=2,cs=1,tma=1"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  const int n = run_forced_layouts(rt, shapes, scalars, 9000);
  CHECK(n >= 80);
}

TEST_CASE("gpu: f64 products of a shared A and many vectors on the transpose's one tall DMMA product, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // The heuristic's picks (tr = 1, rows = batch), forced and through dispatch; batches that
  // leave a partial last tile of 64 rows.
  const std::int64_t shapes[][3] = {{1001, 5, 43}, {999, 8, 120}, {2050, 3, 20}, {517, 7, 194}};
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0;
  for (const auto& s : shapes)
    for (auto [alpha, beta] : scalars) {
      GemmProblem p = GemmProblem::make(s[0], s[1], s[2], 1, DType::f64);
      p.broadcast_a();
      const KernelConfig h = gen::heuristic(p.normalized(), rt.device(), 16);
      CAPTURE(h.to_string());
      REQUIRE(h.tr == 1);
      REQUIRE(h.rows == s[0]);
      Case c{p.normalized(), alpha, beta, h};
      CAPTURE(c.label());
      CHECK(run_case(rt, c, nullptr, 17000 + n++) == "");
      c.forced.reset();
      CHECK(run_case(rt, c, nullptr, 17000 + n++) == "");
    }
  CHECK(n == 32);
}

TEST_CASE("gpu: f32 slab micro-tiles of 37-128 outputs (the search space's up to 72, forced ones past it), every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // bulk-copied slabs need sm_90
  // 9 x 7, 7 x 7, 4 x 11, 11 x 6, 13 x 5 (two matrices a slab), 11 x 11 (six); odd batches.
  const ForcedShape shapes[] = {
      {37, 63, 63, 63, DType::f32, "slab,t=64,minb=1,mats=1,vec=1,rm=9,rn=7,grid=0,cs=1,tma=1"},
      {41, 49, 49, 49, DType::f32, "slab,t=64,minb=1,mats=1,vec=1,rm=7,rn=7,grid=0,cs=1,tma=1"},
      {23, 68, 71, 55, DType::f32, "slab,t=96,minb=1,mats=1,vec=1,rm=4,rn=11,grid=0,cs=1,tma=1"},
      {29, 44, 59, 48, DType::f32, "slab,t=32,minb=1,mats=1,vec=4,rm=11,rn=6,grid=0,cs=1,tma=1"},
      {31, 65, 65, 65, DType::f32, "slab,t=160,minb=1,mats=2,vec=2,rm=13,rn=5,grid=0,cs=1,tma=1"},
      {31, 33, 33, 33, DType::f32, "slab,t=64,minb=1,mats=6,vec=2,rm=11,rn=11,grid=0,cs=1,tma=1"}};
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  CHECK(run_forced_layouts(rt, shapes, scalars, 17500) >= 18);
}

TEST_CASE("gpu: tall and wide outputs on bulk-copied slabs (M or N past 128), every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // the heuristic's bulk-copied slabs need sm_90
  // The heuristic's picks for row-major operands (one matrix a slab, 16-byte runs or not,
  // rows of up to 646), forced under every layout, and the heuristic's own plan.
  const HeuristicShape shapes[] = {{301, 229, 25, 6, DType::f32},  {203, 12, 19, 200, DType::f32}, {157, 197, 31, 11, DType::f64},
                          {97, 12, 37, 341, DType::f64},  {211, 646, 14, 9, DType::f32},  {333, 394, 6, 2, DType::f64},
                          {150, 12, 5, 242, DType::f32}};
  const int n = run_heuristic_layouts(rt, shapes, 12000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.tma == 1);
  });
  CHECK(n >= 84);
}

TEST_CASE("gpu: narrow tiles for tall and wide outputs past the slab's bounds, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // The heuristic's tiles (a side past 128, the other 3-16, A and B too large for a slab):
  // narrow sides of 4 and 8 (5 -> 8, 3 -> 4, 14 -> 16), cp.async stages or not, DMMA tiles
  // of 64 along the long side for f64, f32 products up to 128 a side past the slab's 100 KB
  // (three stages), forced under every layout, and the heuristic's own plan.
  const HeuristicShape shapes[] = {{37, 5, 90, 700, DType::f32}, {41, 3, 51, 750, DType::f64}, {29, 600, 40, 10, DType::f64},
                          {31, 292, 60, 14, DType::f64}, {23, 876, 42, 6, DType::f32}, {19, 927, 37, 8, DType::f32},
                          {23, 6, 248, 115, DType::f32}, {19, 126, 201, 7, DType::f32}, {17, 1, 229, 126, DType::f32}};
  const int n = run_heuristic_layouts(rt, shapes, 13000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::tiled);
    REQUIRE(std::min(h.bm, h.bn) <= 16);
  });
  CHECK(n >= 108);
}

TEST_CASE("gpu: DMMA tiles for f64 outputs with a side under 17 and long reductions, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // The heuristic's tiles of the sides rounded up to 8 (narrow sides of 3-13 in tiles of 8
  // and 16, K off a multiple of the step, 16 where 8 leaves no warp layout: 100 -> 112,
  // tall tiles of 72 and 40 rows in three stages),
  // forced under every layout, and the heuristic's own plan.
  const HeuristicShape shapes[] = {{37, 6, 231, 52, DType::f64}, {41, 111, 198, 5, DType::f64},
                                   {53, 13, 231, 12, DType::f64}, {29, 100, 74, 6, DType::f64},
                                   {47, 3, 151, 36, DType::f64},  {31, 9, 76, 128, DType::f64},
                                   {43, 70, 161, 9, DType::f64},  {39, 38, 216, 4, DType::f64}};
  const int n = run_heuristic_layouts(rt, shapes, 14000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::tiled);
    REQUIRE(h.mma == 1);
    REQUIRE((h.st == 3 || h.st == 4));  // three stages on tall tiles of 17-96 rows
    REQUIRE(std::min(h.bm, h.bn) <= 16);
  });
  CHECK(n >= 96);
}

TEST_CASE("gpu: slabs on the FP64 tensor cores (mma), every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // mma = 1 in a slab needs sm_90 (gen::check rejects it below)
  // Rows of 65 doubles bulk-copied whole (one buffer and two, C staged or not) or staged by
  // the threads; K not a multiple of 4 (the zeroed last k step); several matrices a slab and
  // a partial last slab; pitches that are multiples of 8 (no conflict-free slots: the
  // identity); outputs smaller than one 16 x 16 block.
  const ForcedShape shapes[] = {
      {1001, 65, 65, 65, DType::f64, "slab,t=160,minb=1,mats=1,vec=1,rm=1,rn=5,grid=0,cs=1,tma=1,mma=1"},
      {1001, 65, 65, 65, DType::f64, "slab,t=160,minb=1,mats=1,vec=1,rm=5,rn=1,grid=0,tma=1,mma=1"},
      {1003, 65, 65, 65, DType::f64, "slab,t=192,minb=1,mats=1,vec=1,rm=2,rn=3,grid=1,st=2,cs=1,tma=1,mma=1"},
      {1000, 65, 65, 65, DType::f64, "slab,t=128,minb=1,mats=1,vec=1,rm=2,rn=2,grid=0,mma=1"},
      {1001, 33, 33, 33, DType::f64, "slab,t=192,minb=1,mats=2,vec=1,rm=1,rn=3,grid=0,cs=1,tma=1,mma=1"},
      {999, 33, 33, 33, DType::f64, "slab,t=64,minb=1,mats=2,vec=1,rm=3,rn=2,grid=2,st=2,tma=1,mma=1"},
      {1002, 17, 17, 17, DType::f64, "slab,t=128,minb=1,mats=4,vec=1,rm=2,rn=2,grid=0,cs=1,tma=1,mma=1"},
      {997, 23, 9, 41, DType::f64, "slab,t=96,minb=1,mats=1,vec=1,rm=2,rn=3,grid=0,tma=1,mma=1"},
      {998, 40, 64, 24, DType::f64, "slab,t=64,minb=1,mats=1,vec=2,rm=3,rn=2,grid=0,cs=1,tma=1,mma=1"},
      {995, 40, 64, 24, DType::f64, "slab,t=96,minb=1,mats=2,vec=2,rm=1,rn=2,grid=0,mma=1"},
      {996, 5, 30, 7, DType::f64, "slab,t=64,minb=1,mats=2,vec=1,rm=1,rn=1,grid=0,cs=1,tma=1,mma=1"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {2.5, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = run_forced_layouts(rt, shapes, scalars, 11000);
  // The heuristic's own picks (a slab on the tensor cores for these), under every layout,
  // through dispatch.
  for (const auto& [b, m, k, n2] : {std::array<std::int64_t, 4>{1001, 65, 65, 65}, {1003, 17, 17, 17},
                                    {1002, 60, 61, 52}, {999, 46, 26, 116}}) {
    const GemmProblem rowp = GemmProblem::make(b, m, k, n2, DType::f64).normalized();
    const KernelConfig h = gen::heuristic(rowp, rt.device(), 16);
    CAPTURE(h.to_string());
    CHECK(h.mma == 1);
    CHECK(h.family == Family::slab);
    for (const auto& l : kLayouts)
      for (auto [alpha, beta] : scalars) {
        GemmProblem p = GemmProblem::make(b, m, k, n2, DType::f64);
        p.layout_a = l[0], p.layout_b = l[1], p.layout_c = l[2];
        Case c{p.normalized(), alpha, beta, std::nullopt};
        CAPTURE(c.label());
        CHECK(run_case(rt, c, nullptr, 11000 + n++) == "");
      }
  }
  // A broadcast B (staged by the threads into the buffers) and a padded leading dimension.
  for (auto [alpha, beta] : scalars) {
    GemmProblem p = GemmProblem::make(513, 37, 29, 45, DType::f64);
    p.broadcast_b();
    Case c{p.normalized(), alpha, beta, KernelConfig::parse("slab,t=96,minb=1,mats=1,vec=1,rm=1,rn=3,grid=2,st=2,tma=1,mma=1")};
    CAPTURE(c.label());
    REQUIRE_FALSE(gen::check(c.p, *c.forced, rt.device(), 16));
    CHECK(run_case(rt, c, nullptr, 11000 + n++) == "");
    GemmProblem q = GemmProblem::make(257, 37, 29, 45, DType::f64);
    q.lda = 31, q.stride_a = 37 * 31 + 5;
    Case d{q.normalized(), alpha, beta, KernelConfig::parse("slab,t=96,minb=1,mats=1,vec=1,rm=1,rn=3,grid=0,cs=1,mma=1")};
    CAPTURE(d.label());
    REQUIRE_FALSE(gen::check(d.p, *d.forced, rt.device(), 16));
    CHECK(run_case(rt, d, nullptr, 11000 + n++) == "");
  }
  CHECK(n >= 150);
}

TEST_CASE("gpu: f32 on the FP64 tensor cores (operands widened to f64), slabs and tiles, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;  // mma = 1 on f32 needs sm_90 (gen::check rejects it below)
  // Slabs: odd rows bulk-copied whole (no conflict-free slots), rows staged by the threads at
  // a padded pitch, two buffers on a persistent grid, several matrices a slab with a partial
  // last one, K off a multiple of 4. Tiles: m16n8k4 and k8 on cp.async stages, register-fed,
  // partial tiles both ways, odd N (C through shared memory) and an odd last row tile (m8n8k4).
  const ForcedShape shapes[] = {
      {301, 77, 77, 77, DType::f32, "slab,t=480,minb=1,mats=1,vec=1,rm=2,rn=1,grid=1,st=2,cs=1,tma=1,mma=1"},
      {303, 65, 65, 65, DType::f32, "slab,t=160,minb=1,mats=1,vec=1,rm=1,rn=5,grid=0,cs=1,tma=1,mma=1"},
      {1001, 33, 33, 33, DType::f32, "slab,t=192,minb=1,mats=2,vec=1,rm=1,rn=3,grid=0,cs=1,tma=1,mma=1"},
      {997, 23, 9, 41, DType::f32, "slab,t=96,minb=1,mats=1,vec=1,rm=2,rn=3,grid=0,mma=1"},
      {998, 40, 64, 24, DType::f32, "slab,t=96,minb=1,mats=2,vec=4,rm=1,rn=2,grid=0,mma=1"},
      {517, 64, 64, 64, DType::f32, "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3"},
      {203, 50, 41, 47, DType::f32, "tiled,t=128,minb=2,bm=32,bn=64,bk=24,vec=4,rm=2,rn=4,grid=1,mma=1,st=3,k8=1"},
      {151, 127, 21, 123, DType::f32, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1"},
      {83, 31, 45, 117, DType::f32, "tiled,t=160,minb=1,bm=32,bn=120,bk=8,vec=4,rm=4,rn=3,grid=0,mma=1,st=4"},
      {97, 40, 28, 56, DType::f32, "tiled,t=64,minb=1,bm=40,bn=48,bk=4,vec=4,rm=5,rn=3,grid=0,mma=1"},
  };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  for (const ForcedShape& s : shapes) {
    const GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t).normalized();
    CAPTURE(s.config);
    CHECK_FALSE(gen::check(p, KernelConfig::parse(s.config), rt.device(), 16));
  }
  CHECK(run_forced_layouts(rt, shapes, scalars, 13500) >= 80);
}

TEST_CASE("gpu: f32 with a side past 64 and odd rows or a shared operand on the FP64 tensor cores (heuristic), every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;
  // The heuristic's DMMA picks for f32 whose rows are not whole 16-byte units (odd K, odd N)
  // or whose A or B is shared: f64's tile as given (98x87x101, 70x400x75), the 64 x 64 tile
  // where f64 takes a slab (126x39x107 A shared, 127x35x127 B shared, 128x127x128, and
  // 201x242x205 B shared, which the FMA kernels would regroup), a 32 x 64 tile with A shared
  // (147x53x164). Forced under every layout the pick takes, and through dispatch.
  const HeuristicShape shapes[] = {{37, 98, 87, 101, DType::f32},       {41, 126, 39, 107, DType::f32, 'A'},
                                   {64, 127, 35, 127, DType::f32, 'B'}, {23, 128, 127, 128, DType::f32},
                                   {19, 147, 53, 164, DType::f32, 'A'}, {17, 201, 242, 205, DType::f32, 'B'},
                                   {33, 70, 400, 75, DType::f32}};
  const int n = run_heuristic_layouts(rt, shapes, 15500, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::tiled);
    REQUIRE(h.mma == 1);
  });
  CHECK(n >= 60);
}

TEST_CASE("gpu: two-buffer slabs on the FP64 tensor cores for matrices of 68-112 KB, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;
  // The heuristic's picks: warps of 2 x 1 blocks (120x76x59, 87x84x53), 1 x 2 (65x75x93: five
  // row blocks, six column blocks), 2 x 2 past 16 warps (89x50x104); batches that leave the
  // persistent CTAs an uneven count of matrices.
  const HeuristicShape shapes[] = {{37, 120, 76, 59, DType::f64}, {29, 87, 84, 53, DType::f64},
                                   {41, 65, 75, 93, DType::f64}, {23, 89, 50, 104, DType::f64}};
  const int n = run_heuristic_layouts(rt, shapes, 14000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.mma == 1);
    REQUIRE(h.st == 2);
  });
  CHECK(n >= 48);
}

TEST_CASE("gpu: f64 one-matrix slabs of 62-68 KB that the runtime gives two buffers, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;
  // 83x51x82 and 78x53x84: ptxas holds the heuristic's one-buffer slab on the tensor cores to
  // one CTA an SM, and the runtime settles it on gen::two_buffer_mma_slab; batches that leave
  // the persistent CTAs an uneven count of matrices. The heuristic's slab forced under every
  // layout, and dispatch's plan of each problem.
  const HeuristicShape shapes[] = {{301, 83, 51, 82, DType::f64}, {277, 78, 53, 84, DType::f64}};
  for (const HeuristicShape& s : shapes) {
    const GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, s.t).normalized();
    CAPTURE(p.to_string());
    const Plan plan = rt.plan(p);
    CHECK(plan.config == gen::two_buffer_mma_slab(p));
  }
  const int n = run_heuristic_layouts(rt, shapes, 16000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.mma == 1);
    REQUIRE(h.st == 0);
  });
  CHECK(n >= 12);
}

TEST_CASE("gpu: f32 slabs with a shared operand in two buffers through dispatch, and persistent grids held to the CTAs that fit, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  if (rt.device().cc_major < 9) return;
  // Shapes whose heuristic slab the runtime gives two buffers on sm_90 (59x20x58 with B
  // shared, 43x18x92 and 82x48x78 with A shared), batches that leave the persistent CTAs an
  // uneven count of slabs; then each plan forced with a grid of 32 CTAs an SM, more than fit:
  // the launch holds the grid to the CTAs the driver says fit, and the result is the same.
  struct S { std::int64_t batch, m, k, n; char shared; };
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0, twos = 0;
  for (const S& s : {S{1403, 59, 20, 58, 'B'}, S{1187, 43, 18, 92, 'A'}, S{929, 82, 48, 78, 'A'}}) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, DType::f32);
    if (s.shared == 'A') p.broadcast_a();
    else p.broadcast_b();
    p = p.normalized();
    const Plan plan = rt.impl().settle(p, Plan{gen::heuristic(p, rt.device(), 16), PlanOrigin::heuristic, ""});
    CAPTURE(plan.config.to_string());
    if (plan.config.st == 2) ++twos;
    KernelConfig over = plan.config;
    over.st = 2, over.grid = 32;
    for (auto [alpha, beta] : scalars) {
      Case c{p, alpha, beta, plan.config};
      CAPTURE(c.label());
      CHECK(run_case(rt, c, nullptr, 14500 + n++) == "");
      c.forced = over;
      CAPTURE(c.label());
      CHECK(run_case(rt, c, nullptr, 14500 + n++) == "");
    }
    detail::DeviceBuffer A(detail::operand_elems(p, 'A') * 4), B(detail::operand_elems(p, 'B') * 4),
        C(detail::operand_elems(p, 'C') * 4);
    const detail::Launchable& l = rt.impl().resolve(p, 16, &over, A.get(), B.get(), C.get());
    CHECK(l.fit_per_sm >= 1);
    CHECK(l.fit_per_sm < 32);
    CHECK(l.shape.grid <= std::uint32_t(l.fit_per_sm * rt.device().sm_count));
    CHECK(l.shape.grid >= std::uint32_t(std::min<std::int64_t>(rt.device().sm_count, s.batch / over.mats)));
  }
  CHECK(n == 18);
  CHECK(twos >= 2);
}

TEST_CASE("gpu: standard DMMA tiles fed by cp.async with K off a multiple of bk, and slabs for sides the tiles pad, every layout, alpha and beta") {
  Runtime rt;
  rt.impl().make_current();
  // The heuristic's 32- and 64-wide tiles fed by cp.async where K leaves a partial last
  // step: 64 x 64 in steps of 8 and four stages (100x37x64, 110x77x100), and in three stages
  // 64 x 32 (117x117x92), 32 x 64 (32x50x104), 32 x 32 (90x93x81); batches of odd counts.
  const HeuristicShape shapes[] = {{37, 100, 37, 64, DType::f64}, {29, 110, 77, 100, DType::f64},
                                   {23, 117, 117, 92, DType::f64}, {41, 32, 50, 104, DType::f64},
                                   {31, 90, 93, 81, DType::f64}};
  const int n = run_heuristic_layouts(rt, shapes, 15000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::tiled);
    REQUIRE(h.mma == 1);
    REQUIRE(h.st == (h.bm == 64 && h.bn == 64 && h.bk == 8 ? 4 : 3));
  });
  CHECK(n >= 60);
  // Sides up to 64 that the 32- or 64-wide tiles pad, B's reads free of conflicts: the slab
  // on the tensor cores (one matrix of 61 KB; two of 6.5 KB; A's reads conflicted: 57x56x59,
  // 27x104x51).
  const HeuristicShape padded[] = {{37, 64, 62, 63, DType::f64}, {53, 28, 29, 29, DType::f64}, {29, 30, 65, 60, DType::f64},
                                   {31, 57, 56, 59, DType::f64}, {43, 27, 104, 51, DType::f64}};
  const int m = run_heuristic_layouts(rt, padded, 16000, [](const KernelConfig& h) {
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.mma == 1);
  });
  CHECK(m >= 30);
}

TEST_CASE("gpu: f32 one-matrix slabs up to 100 KB and rounded-up FMA tiles, every layout, alpha and beta, through dispatch") {
  Runtime rt;
  rt.impl().make_current();
  struct Shape { std::int64_t batch, m, k, n; };
  // 68x115x112 and 117x65x78: one-matrix slabs (sm_90); 70x400x75 and 51x241x72: tiles of
  // the sides rounded up to 8 (72 x 80, 56 x 72), 8 x 8 a thread, four cp.async stages;
  // 44x267x59, 22x545x49 and 126x330x25: a side under 48, 8 x 4 a thread (48 x 64, 128 x 32)
  // or 4 x 4 (24 x 56).
  const Shape shapes[] = {{37, 68, 115, 112}, {41, 117, 65, 78}, {29, 70, 400, 75},
                          {53, 51, 241, 72},  {31, 44, 267, 59}, {9, 22, 545, 49}, {7, 126, 330, 25}};
  const std::pair<double, double> scalars[] = {{1.0, 0.0}, {-0.75, 1.0}, {2.5, 0.5}};
  int n = 0;
  for (const Shape& s : shapes)
    for (const auto& l : kLayouts)
      for (auto [alpha, beta] : scalars) {
        GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, DType::f32);
        p.layout_a = l[0], p.layout_b = l[1], p.layout_c = l[2];
        Case c{p.normalized(), alpha, beta, std::nullopt};
        CAPTURE(c.label());
        CHECK(run_case(rt, c, nullptr, 11000 + n++) == "");
        c.forced = gen::heuristic(c.p, rt.device(), 16);  // the heuristic's own pick, whatever the records say
        CAPTURE(c.forced->to_string());
        CHECK(run_case(rt, c, nullptr, 11000 + n++) == "");
      }
  CHECK(n == 126);
}

TEST_CASE("gpu: autotune times its seeds beside the listed candidates and keeps the heuristic first") {
  Runtime rt;
  rt.impl().make_current();
  const GemmProblem p = GemmProblem::make(20000, 7, 19, 5, DType::f32).normalized();
  const DeviceInfo& dev = rt.device();
  const std::vector<gen::Candidate> all = gen::candidates(p, dev, 16, 100000);
  REQUIRE(all.size() > 200);
  // A config far down the search space's order, and one of the first eight.
  const KernelConfig deep = all[all.size() / 2].config, listed = all[6].config;
  detail::TuneOptions opt;
  opt.max_candidates = 8;
  opt.budget_s = 60;
  opt.workers = 1;  // one compile thread: candidates are compiled, and so timed, in rank order
  opt.seeds = {deep, listed};
  const detail::TuneResult r = detail::autotune(rt.impl(), p, 16, opt);
  // The seeds as the tuner takes them (and the wide-tile seed where there is one): each
  // bulk-layout slab followed by its twin of the other copy engine (where legal).
  std::vector<KernelConfig> given{deep, listed};
  if (auto w = gen::wide_tile_seed(p, dev, 16)) given.push_back(*w);
  std::vector<KernelConfig> seeds;
  for (const KernelConfig& s : detail::with_copy_twins(given))
    if (!gen::check(p, s, dev, 16)) seeds.push_back(s);
  REQUIRE(seeds.size() >= 2);
  const auto in_first8 = [&](const KernelConfig& s) {
    return std::any_of(all.begin(), all.begin() + 8, [&](const gen::Candidate& c) { return c.config == s; });
  };
  const int extra = static_cast<int>(std::count_if(seeds.begin(), seeds.end(), [&](const KernelConfig& s) { return !in_first8(s); }));
  // The eight listed candidates and the seeds that were not among them, all timed and
  // verified; the seeds right after the heuristic, in their order.
  CHECK(extra >= 1);
  CHECK(r.tried == 8 + extra);
  CHECK(r.failed == 0);
  REQUIRE(r.candidates.size() >= seeds.size() + 1);
  CHECK(r.candidates[0].config == all.front().config);
  for (std::size_t i = 0; i < seeds.size(); ++i) CHECK(r.candidates[1 + i].config == seeds[i]);
  CHECK(r.candidates[1].config == deep);
  for (const KernelConfig& s : seeds) {
    const auto it = std::find_if(r.candidates.begin(), r.candidates.end(),
                                 [&](const detail::CandidateResult& c) { return c.config == s; });
    REQUIRE_MESSAGE(it != r.candidates.end(), s.to_string());
    CHECK_MESSAGE(it->ok, it->failure);
    CHECK(it->timing.median > 0);
  }
  CHECK(r.heuristic == all.front().config);
  // The wide-tile seed of a mid-size f32 cube (7 x 7 on 77^3) is timed and verified right
  // after the heuristic, within four listed candidates.
  const GemmProblem q = GemmProblem::make(301, 77, 77, 77, DType::f32).normalized();
  const auto wide = gen::wide_tile_seed(q, dev, 16);
  REQUIRE(wide);
  detail::TuneOptions o2;
  o2.max_candidates = 4;
  o2.budget_s = 60;
  const detail::TuneResult rq = detail::autotune(rt.impl(), q, 16, o2);
  const auto wq = std::find_if(rq.candidates.begin(), rq.candidates.end(),
                               [&](const detail::CandidateResult& c) { return c.config == *wide; });
  REQUIRE(wq != rq.candidates.end());
  CHECK_MESSAGE(wq->ok, wq->failure);
  CHECK(wq->timing.median > 0);
  o2.wide_seed = false;
  const detail::TuneResult rn = detail::autotune(rt.impl(), q, 16, o2);
  CHECK(std::none_of(rn.candidates.begin(), rn.candidates.end(),
                     [&](const detail::CandidateResult& c) { return c.config == *wide; }));
}

TEST_CASE("gpu: the resource report read from the driver matches ptxas's, spills included") {
  // The module cache asks the runtime for the report where NVRTC's log holds none; here the
  // log is dropped on purpose. The same f64 slab with no directive and with two CTAs an SM
  // asked for (416 threads): the second is held to 78 registers and spills on sm_90.
  Runtime rt;
  GemmProblem p = GemmProblem::make(49867, 38, 9, 8, DType::f64);
  p.broadcast_a();
  p = p.normalized();
  int regs[2] = {0, 0}, local[2] = {0, 0};
  for (int minb : {1, 2}) {
    const KernelConfig c = KernelConfig::parse(
        fmt::format("slab,t=416,minb={},mats=32,vec=2,rm=3,rn=8,grid=0,cs=1,tma=1", minb));
    const detail::CompiledKernel parsed = detail::compile(gen::generate(p, c), rt.impl().dev.arch());
    detail::CompiledKernel k = parsed;
    k.log.clear(), k.registers = -1, k.spill_stores = k.spill_loads = k.stack_bytes = k.static_smem = 0;
    rt.impl().report_from_driver(k);
    INFO(parsed.name, " log report: ", parsed.registers, " registers, ", parsed.stack_bytes, " bytes stack");
    CHECK(k.registers > 0);
    CHECK(k.registers <= 255);
    if (parsed.registers >= 0) {  // where this process's log parses, the two agree
      CHECK(k.registers == parsed.registers);
      CHECK(k.stack_bytes == parsed.stack_bytes);
      CHECK(k.static_smem == parsed.static_smem);
    }
    regs[minb - 1] = k.registers, local[minb - 1] = k.spill_stores;
  }
  CHECK(regs[1] <= 65536 / (2 * 416));
  CHECK(regs[1] < regs[0]);
  CHECK(local[0] == 0);
  CHECK(local[1] > 0);
}

TEST_CASE("gpu: a call gives the caller's current context back, and a device number past the devices is invalid_argument") {
  const detail::Driver& d = detail::driver();
  try {
    Runtime past(d.device_count);
    FAIL("a runtime on device ", d.device_count, " of ", d.device_count);
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::invalid_argument);
    CHECK(std::string(e.what()).find("does not exist") != std::string::npos);
  }
  Runtime rt;
  rt.impl().make_current();  // the buffers live in Tailor's context (the device's primary one)
  const GemmProblem p = GemmProblem::make(3000, 5, 9, 7, DType::f32).normalized();
  const std::int64_t esz = p.esize(), na = p.batch * 45, nb = p.batch * 63, nc = p.batch * 35;
  std::vector<char> ha(na * esz), hb(nb * esz), out(nc * esz), poison(nc * esz);
  detail::fill_random(ha.data(), p.dtype, na, 41), detail::fill_random(hb.data(), p.dtype, nb, 42);
  detail::fill_nan(poison.data(), p.dtype, nc);
  const std::vector<char> zero(nc * esz, 0);
  const auto ref = detail::reference_gemm(p, ha.data(), hb.data(), zero.data(), 1.0, 0.0);
  detail::DeviceBuffer A(na * esz), B(nb * esz), C(nc * esz);
  A.upload(ha.data(), na * esz), B.upload(hb.data(), nb * esz);
  // A second context on the same device, made current by the caller (as another library
  // would): the driver's own entry points, which Tailor's table does not carry.
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(lib != nullptr);
  using Create = CUresult (*)(CUcontext*, unsigned, CUdevice);
  using Destroy = CUresult (*)(CUcontext);
  const auto create = reinterpret_cast<Create>(dlsym(lib, "cuCtxCreate_v2"));
  const auto destroy = reinterpret_cast<Destroy>(dlsym(lib, "cuCtxDestroy_v2"));
  REQUIRE((create != nullptr && destroy != nullptr));
  CUcontext mine = nullptr;
  REQUIRE(create(&mine, 0, rt.impl().cudev) == CUDA_SUCCESS);
  REQUIRE(mine != rt.impl().ctx);
  for (int call = 0; call < 3; ++call) {  // the first resolves the problem; the others take the hot path
    CAPTURE(call);
    TAILOR_CU(d.cuCtxSetCurrent(rt.impl().ctx));
    C.upload(poison.data(), nc * esz);
    TAILOR_CU(d.cuCtxSetCurrent(mine));
    rt.gemm(p, A.get(), B.get(), C.get());
    CUcontext cur = nullptr;
    TAILOR_CU(d.cuCtxGetCurrent(&cur));
    CHECK(cur == mine);
    TAILOR_CU(d.cuCtxSetCurrent(rt.impl().ctx));
    TAILOR_CU(d.cuCtxSynchronize());
    C.download(out.data(), nc * esz);
    CHECK(detail::max_rel_err(p, out.data(), ref) <= 1e-5);
  }
  CHECK(destroy(mine) == CUDA_SUCCESS);
  // With no context current, Tailor's stays current after the call.
  TAILOR_CU(d.cuCtxSetCurrent(nullptr));
  rt.gemm(p, A.get(), B.get(), C.get());
  CUcontext cur = nullptr;
  TAILOR_CU(d.cuCtxGetCurrent(&cur));
  CHECK(cur == rt.impl().ctx);
  TAILOR_CU(d.cuCtxSynchronize());
}
