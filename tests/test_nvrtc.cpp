// NVRTC compiles for sm_90 without a GPU: every template fragment on its own, and the
// generated kernels of a spread of problems (K = 1..64, odd M and N, both dtypes, both
// families, broadcast, layouts, scalar kinds). Compiles run in parallel.
#include <doctest/doctest.h>

#include <nvrtc.h>

#include <algorithm>
#include <array>
#include <future>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "generator/generator.hpp"
#include "runtime/nvrtc.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {
const DeviceInfo kDev = DeviceInfo::sm90_model();
// The same without the FP64 tensor cores' f32 path (compute capability 8): f32's FMA picks
// where sm_90 gives a side past 64 a DMMA tile (gen::heuristic_as_given, f32_dmma_tile).
const DeviceInfo kFma = [] {
  DeviceInfo d = DeviceInfo::sm90_model();
  d.cc_major = 8;
  return d;
}();

struct Case {
  GemmProblem p;
  KernelConfig c;
};

// Compiles every case; returns the failures' messages. Spills fail micro-tiles of up to 16
// outputs, or every case with no_spills.
std::vector<std::string> compile_all(const std::vector<Case>& cases, bool no_spills = false) {
  std::vector<std::string> failures;
  std::mutex mu;
  std::atomic<std::size_t> next{0};
  const unsigned workers = std::max(2u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w)
    pool.emplace_back([&] {
      for (std::size_t i = next++; i < cases.size(); i = next++) {
        try {
          const KernelSource src = gen::generate(cases[i].p, cases[i].c);
          const detail::CompiledKernel k = detail::compile(src, "sm_90");
          if (k.cubin.empty() || k.registers <= 0) throw std::runtime_error("empty cubin or no resource report");
          if (k.spill_stores > 0 && (no_spills || cases[i].c.rm * cases[i].c.rn <= 16))
            throw std::runtime_error("spills " + std::to_string(k.spill_stores) + " bytes");
        } catch (const std::exception& e) {
          std::lock_guard<std::mutex> lock(mu);
          failures.push_back(cases[i].p.to_string() + " / " + cases[i].c.to_string() + ": " + e.what());
        }
      }
    });
  for (auto& t : pool) t.join();
  return failures;
}

}  // namespace

TEST_CASE("nvrtc: each template fragment compiles on its own for sm_90") {
  const auto names = gen::template_names();
  REQUIRE(names.size() >= 3);
  for (std::string_view name : names) {
    CAPTURE(std::string(name));
    // The fragment is the main file; the others are offered as headers it may include.
    std::vector<std::string> hdr_text, hdr_name;
    for (std::string_view other : names) hdr_text.emplace_back(gen::template_text(other)), hdr_name.emplace_back(other);
    std::vector<const char*> ht, hn;
    for (std::size_t i = 0; i < hdr_text.size(); ++i) ht.push_back(hdr_text[i].c_str()), hn.push_back(hdr_name[i].c_str());
    const std::string src(gen::template_text(name));
    nvrtcProgram prog;
    REQUIRE(nvrtcCreateProgram(&prog, src.c_str(), std::string(name).c_str(), static_cast<int>(ht.size()), ht.data(),
                               hn.data()) == NVRTC_SUCCESS);
    const char* opts[] = {"--gpu-architecture=sm_90", "--std=c++17"};
    const nvrtcResult r = nvrtcCompileProgram(prog, 2, opts);
    std::size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, log.data());
    CHECK_MESSAGE(r == NVRTC_SUCCESS, log);
    nvrtcDestroyProgram(&prog);
  }
}

TEST_CASE("nvrtc: seed family 3xKx1, K = 1..64, both dtypes, the runtime's untuned plans") {
  // Runtime::plan settles the heuristic's config (lowers its CTAs-per-SM cap where the
  // kernel would spill); compiled here again, it must not spill.
  Runtime rt;
  std::vector<Case> cases;
  for (std::int64_t k = 1; k <= 64; ++k) {
    const GemmProblem p = GemmProblem::make(1000000, 3, k, 1, k % 2 ? DType::f32 : DType::f64).normalized();
    cases.push_back({p, rt.plan(p).config});
  }
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the runtime keeps an f32 one-matrix slab at two CTAs an SM through small spills only") {
  // 104x54x115 f32: 352 threads, 48 bytes spilled under the cap of two CTAs an SM (measured
  // 1.49x one CTA an SM). 116x100x122 f32 (448 threads, 464 bytes: settled to minb = 1) now
  // takes a DMMA tile on sm_90 (f32_dmma_tile); the settling past the bound is covered by
  // the f64 slab of 67x2x124 below.
  Runtime rt;
  const GemmProblem kept = GemmProblem::make(4204, 104, 54, 115, DType::f32).normalized();
  const KernelConfig h = gen::heuristic(kept, rt.device(), 16);
  REQUIRE(h.family == Family::slab);
  REQUIRE(h.minb == 2);
  const detail::CompiledKernel k = detail::compile(gen::generate(kept, h), "sm_90");
  REQUIRE(k.spill_stores > 0);
  REQUIRE(k.spill_stores <= 320);
  CHECK(rt.plan(kept).config == h);
  const GemmProblem moved = GemmProblem::make(3000, 116, 100, 122, DType::f32).normalized();
  CHECK(gen::heuristic(moved, rt.device(), 16).mma == (rt.device().cc_major >= 9));
}

namespace {
// CTAs of `c` that fit an SM of `dev` by the registers and shared memory NVRTC gives here.
int ctas_fit(const GemmProblem& p, const KernelConfig& c, const DeviceInfo& dev) {
  const detail::CompiledKernel k = detail::compile(gen::generate(p, c), "sm_90");
  return gen::ctas_per_sm(dev, c.threads, k.registers,
                          std::int64_t(gen::launch_shape(p, c, dev).smem_bytes) + k.static_smem + 1024);
}

// The two-buffer config the runtime gives the heuristic's f32 FMA slab `h` (bulk-copied, one
// buffer) where as many CTAs fit an SM with two buffers as with one, 8 at most; nullopt where not.
std::optional<KernelConfig> two_buffers(const GemmProblem& p, const KernelConfig& h, const DeviceInfo& dev) {
  if (p.dtype != DType::f32 || h.family != Family::slab || h.mma || h.tma != 1 || h.st != 0 || h.grid != 0 ||
      h.minb != 1 || h.rows || h.tr || h.cols)
    return std::nullopt;
  KernelConfig t = h;
  t.st = 2, t.grid = 1;
  if (gen::check(p, t, dev)) return std::nullopt;
  const int f1 = ctas_fit(p, h, dev), f2 = ctas_fit(p, t, dev);
  if (f1 < 1 || f1 > 8 || f2 < f1) return std::nullopt;
  t.grid = f2;
  return t;
}
}  // namespace

TEST_CASE("nvrtc: the runtime asks two CTAs an SM of FMA slabs whose registers hold them to one") {
  // Where the heuristic's FMA slab carries no directive (and does not take two buffers, the
  // test below), the runtime compiles it and asks for two CTAs an SM where its registers
  // allow only one (73x44x96 measured 1.63x with the directive, 43x22x110 f32, two matrices a
  // slab, 1.57x; 73x45x96 and 62x28x123 now take DMMA tiles), not where two fit already (101x33x80, 56x23x97:
  // measured 0.85x and 0.84x with it), and goes back where the directive spills past its
  // bound (67x2x124 f64: 232 bytes, 0.83x); 34x6x35 f64 (seven matrices a slab) is raised.
  // The expectation is computed from the registers and spills NVRTC gives here; every
  // outcome must occur.
  Runtime rt;
  int raised = 0, kept = 0, two = 0;
  for (const auto& s : {std::array<std::int64_t, 5>{5336, 101, 33, 80, 0}, {8378, 56, 23, 97, 0},
                        {9263, 43, 22, 110, 0}, {4315, 67, 2, 124, 1}, {20000, 34, 6, 35, 1}}) {
    const GemmProblem p = GemmProblem::make(s[0], s[1], s[2], s[3], s[4] ? DType::f64 : DType::f32).normalized();
    const KernelConfig h = gen::heuristic(p, rt.device(), 16);
    CAPTURE(p.to_string());
    CAPTURE(h.to_string());
    REQUIRE(h.family == Family::slab);
    REQUIRE(!h.mma);
    REQUIRE(h.minb == 1);
    REQUIRE(h.threads >= 160);
    const int regs = detail::compile(gen::generate(p, h), "sm_90").registers;
    REQUIRE(regs > 0);
    const KernelConfig got = rt.plan(p).config;
    KernelConfig expect = h;
    if (const auto t = two_buffers(p, h, rt.device())) {
      expect = *t;
    } else if (regs > gen::register_cap(h.threads, 2)) {
      expect.minb = 2;
      // Settled further only where the directive's spills pass the bound.
      const int bound = p.dtype == DType::f32 && h.mats == 1 ? 320 : 128;
      if (detail::compile(gen::generate(p, expect), "sm_90").spill_stores > bound) expect.minb = 1;
    }
    CHECK(got == expect);
    (got.st == 2 ? two : got.minb == 2 ? raised : kept) += 1;
  }
  CHECK(raised >= 1);
  CHECK(kept >= 1);
  CHECK(two >= 1);
}

TEST_CASE("nvrtc: the runtime gives f32 FMA slabs two buffers where as many CTAs fit, 8 at most") {
  // The heuristic's bulk-copied slab of one buffer, and the same with two in a persistent
  // grid: the runtime takes the second, its grid as many CTAs an SM as fit, where ptxas's
  // registers and the doubled shared memory fit as many as the one buffer did and no more
  // than 8 (measured 0.94-1.66x, geomean 1.32x on 28 such shapes with a shared operand;
  // 0.97x where fewer fit; 0.85x and 0.90x at 13 and 10 an SM). The expectation is computed
  // from the registers and shared memory NVRTC gives here; both outcomes must occur.
  Runtime rt;
  const DeviceInfo& dev = rt.device();
  int two = 0, one = 0;
  struct S { std::int64_t batch, m, k, n; char shared; };
  for (const S& s : {S{5432, 59, 20, 58, 'B'}, S{4454, 43, 18, 92, 'A'}, S{2465, 82, 48, 78, 'A'},
                     S{2775, 77, 69, 48, 'B'}, S{3009, 71, 61, 56, 'B'}, S{3733, 37, 71, 62, 'A'},
                     S{3073, 39, 32, 97, '-'}, S{6983, 50, 26, 30, '-'}, S{5202, 21, 22, 101, '-'}}) {
    GemmProblem p = GemmProblem::make(s.batch, s.m, s.k, s.n, DType::f32);
    if (s.shared == 'A') p.broadcast_a();
    if (s.shared == 'B') p.broadcast_b();
    p = p.normalized();
    CAPTURE(p.to_string());
    const KernelConfig h = gen::heuristic(p, dev, 16);
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.tma == 1);
    REQUIRE(h.st == 0);
    REQUIRE(h.grid == 0);
    const Plan plan = rt.plan(p);
    REQUIRE(plan.origin == PlanOrigin::heuristic);
    if (const auto t = two_buffers(p, h, dev)) {
      CHECK(plan.config == *t);
      CHECK(plan.kernel_name == gen::kernel_name(p, *t));
      ++two;
    } else {
      CHECK(plan.config.st == 0);
      CHECK(plan.config.grid == 0);
      ++one;
    }
  }
  CHECK(two >= 1);
  CHECK(one >= 1);
}

TEST_CASE("nvrtc: the runtime keeps f32 slabs with the threads' copies (tma = 2) on one buffer") {
  // 22x6x16 and 23x6x16 f32: the heuristic's tma = 2 slab fits few enough CTAs an SM that the
  // TMA unit's slab would take two buffers; with the threads' copies two buffers ran 0.88x
  // and 0.93x of the one buffer through dispatch on the H200, so the plan is the pick.
  Runtime rt;
  const DeviceInfo& dev = rt.device();
  for (const auto& s : {std::array<std::int64_t, 4>{129310, 22, 6, 16}, {124584, 23, 6, 16}}) {
    const GemmProblem p = GemmProblem::make(s[0], s[1], s[2], s[3], DType::f32).normalized();
    CAPTURE(p.to_string());
    const KernelConfig h = gen::heuristic(p, dev, 16);
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.tma == 2);
    // What the bulk copies' twin would be given: two buffers.
    KernelConfig bulk = h;
    bulk.tma = 1;
    CHECK(two_buffers(p, bulk, dev).has_value());
    const Plan plan = rt.plan(p);
    CHECK(plan.origin == PlanOrigin::heuristic);
    CHECK(plan.config == h);
  }
}

TEST_CASE("nvrtc: the runtime gives f64 one-matrix slabs on the tensor cores two buffers where two CTAs an SM fit at most") {
  // The heuristic's one-buffer slab on the FP64 tensor cores for both sides past 64 and A and
  // B of 62-68 KB; the runtime compiles it and takes gen::two_buffer_mma_slab where ptxas's
  // registers leave one or two CTAs an SM (78x53x84: 212 registers in 160 threads, one fits,
  // measured 1.75x; 89x47x81: 146 in 192, two fit, 1.04x), not where three fit (65^3: 126 in
  // 160, 0.87x). The expectation is computed from the registers NVRTC gives here; both
  // outcomes must occur.
  Runtime rt;
  const DeviceInfo& dev = rt.device();
  int two = 0, one = 0;
  for (const auto& s : {std::array<std::int64_t, 4>{2477, 78, 53, 84}, {2467, 89, 47, 81}, {2463, 83, 51, 82},
                        {5296, 65, 65, 65}}) {
    const GemmProblem p = GemmProblem::make(s[0], s[1], s[2], s[3], DType::f64).normalized();
    CAPTURE(p.to_string());
    const KernelConfig h = gen::heuristic(p, dev, 16);
    REQUIRE(h.family == Family::slab);
    REQUIRE(h.mma == 1);
    REQUIRE(h.mats == 1);
    REQUIRE(h.st == 0);
    const int fit = ctas_fit(p, h, dev);
    REQUIRE(fit >= 1);
    const Plan plan = rt.plan(p);
    REQUIRE(plan.origin == PlanOrigin::heuristic);
    if (fit <= 2) {
      CHECK(plan.config == gen::two_buffer_mma_slab(p));
      CHECK(plan.config.st == 2);
      CHECK(plan.kernel_name == gen::kernel_name(p, plan.config));
      ++two;
    } else {
      CHECK(plan.config == h);
      ++one;
    }
  }
  CHECK(two >= 2);
  CHECK(one >= 1);
}

TEST_CASE("nvrtc: odd shapes, both families, broadcast, layouts and scalar kinds") {
  Runtime rt;
  std::vector<Case> cases;
  const std::int64_t sizes[][3] = {{1, 1, 1}, {5, 10, 5}, {7, 13, 9}, {33, 33, 33}, {17, 64, 3}, {64, 64, 64},
                                   {65, 31, 129}, {128, 128, 128}, {1000, 7, 1}, {3, 1024, 1000}};
  int i = 0;
  for (const auto& s : sizes)
    for (DType d : {DType::f32, DType::f64}) {
      GemmProblem p = GemmProblem::make(1000, s[0], s[1], s[2], d);
      if (i % 3 == 1) p.layout_a = Layout::col;
      if (i % 4 == 2) p.layout_b = Layout::col, p.layout_c = Layout::col;
      if (i % 5 == 3) p.broadcast_a();
      if (i % 5 == 4) p.broadcast_b();
      p.alpha_kind = i % 2 ? ScalarKind::general : ScalarKind::one;
      p.beta_kind = static_cast<ScalarKind>(i % 3);
      ++i;
      p = p.normalized();
      cases.push_back({p, rt.plan(p).config});
      KernelConfig t;
      t.family = Family::tiled;
      t.bm = 32, t.bn = 64, t.bk = d == DType::f32 ? 16 : 8, t.rm = 2, t.rn = 4, t.threads = 256;
      cases.push_back({p, t});
      // Two stages over 48 KB: dynamic shared memory.
      const KernelConfig big = KernelConfig::parse(
          d == DType::f64 ? "tiled,t=256,minb=1,bm=128,bn=64,bk=32,vec=2,rm=4,rn=4,grid=0,mma=1"
                          : "tiled,t=256,minb=1,bm=128,bn=128,bk=32,vec=4,rm=8,rn=8,grid=0");
      if (!gen::check(p, big, kDev, 16)) {
        CHECK(gen::launch_shape(p, big, kDev).smem_bytes > 48 * 1024);
        cases.push_back({p, big});
        KernelConfig async = big;  // the same tile fed by cp.async, 3 stages
        async.st = 3;
        if (!gen::check(p, async, kDev, 16)) cases.push_back({p, async});
      }
      if (d == DType::f64) {  // DMMA with an odd count of 8-row tiles: m16n8k4 pairs and one m8n8k4
        const KernelConfig odd = KernelConfig::parse("tiled,t=64,minb=1,bm=24,bn=32,bk=8,vec=2,rm=3,rn=2,grid=0,mma=1");
        if (!gen::check(p, odd, kDev, 16)) cases.push_back({p, odd});
        KernelConfig loop = odd;  // the same with the k steps kept as a loop, fed by cp.async
        loop.ku = 1, loop.st = 3;
        if (!gen::check(p, loop, kDev, 16)) cases.push_back({p, loop});
        // m16n8k8 (k8) on a persistent grid, unrolled and as a loop.
        KernelConfig k8 = KernelConfig::parse("tiled,t=128,minb=2,bm=64,bn=128,bk=16,vec=2,rm=4,rn=8,grid=2,mma=1,st=3,k8=1");
        if (!gen::check(p, k8, kDev, 16)) cases.push_back({p, k8});
        k8.ku = 1;
        if (!gen::check(p, k8, kDev, 16)) cases.push_back({p, k8});
        // Tiles of the sides rounded up to 8 (72 x 72 in 3 x 3 warps, 64 x 56 of 2 x 7, 112 x 64
        // of 2 x 8), with no register cap: forced on these shapes (a cap of two or three CTAs
        // an SM spills on some; the heuristic's own picks are checked below).
        for (const char* snug : {"tiled,t=288,minb=1,bm=72,bn=72,bk=8,vec=2,rm=3,rn=3,grid=0,mma=1,st=4",
                                 "tiled,t=128,minb=1,bm=64,bn=56,bk=8,vec=2,rm=2,rn=7,grid=0,mma=1,st=4",
                                 "tiled,t=224,minb=1,bm=112,bn=64,bk=8,vec=2,rm=2,rn=8,grid=0,mma=1,st=4"}) {
          const KernelConfig c = KernelConfig::parse(snug);
          if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        }
      }
      KernelConfig t3 = t;  // a small tile fed by cp.async: static shared memory
      t3.st = 4;
      if (!gen::check(p, t3, kDev, 16)) cases.push_back({p, t3});
      if (s[0] <= 64 && s[2] <= 64 && s[1] <= 64) {
        KernelConfig c;
        c.family = Family::slab;
        c.threads = 128, c.mats = 2, c.vec = 1, c.rm = std::min<std::int64_t>(2, s[0]), c.rn = 1, c.grid = 3;
        cases.push_back({p, c});
        c.st = 2;  // two buffers, the next slab fed by cp.async
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        // C staged through shared memory; with a broadcast operand, after it. (At 1024 threads,
        // a cap of 64 registers, 17x64x3 f64 with B broadcast spills 4 bytes: 512 there.)
        c.st = 0, c.grid = 0, c.cs = 1, c.threads = p.bcast_a() || p.bcast_b() ? 512 : 1024;
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        // Bulk copies in and (C) out, in 512 threads: at 1024 (no minimum of CTAs an SM)
        // ptxas holds these kernels to 32 registers, and the line-congruent offsets of the
        // bulk copies spill 8-16 bytes there (5x10x5 f32, 7x13x9 f64; none at 512).
        c.mats = 16 / static_cast<int>(p.esize()), c.tma = 1, c.threads = std::min(c.threads, 512);
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        c.cs = 0, c.grid = 2;  // bulk copies in, a persistent grid
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        // One matrix a slab: runs that need not be whole 16-byte units (the aligned runs
        // around them are copied), one buffer with C staged, and two on a persistent grid.
        c.mats = 1, c.cs = 1, c.grid = 0;
        c.rm = static_cast<int>(std::min<std::int64_t>(3, s[0])), c.rn = static_cast<int>(std::min<std::int64_t>(3, s[2]));
        c.threads = static_cast<int>(std::max<std::int64_t>(64, ((s[0] + c.rm - 1) / c.rm * ((s[2] + c.rn - 1) / c.rn) + 31) / 32 * 32));
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
        c.st = 2, c.grid = 2;
        if (!gen::check(p, c, kDev, 16)) cases.push_back({p, c});
      }
    }
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

// The heuristic's configs for batches of 2000 of each M x K x N, with alpha and beta of
// each kind (1 and 0; general and general; 1 and 1); `expect` checks each pick.
template <std::size_t S, class Expect>
std::vector<Case> heuristic_picks(const std::int64_t (&sizes)[S][3], DType dtype, Expect expect,
                                  const DeviceInfo& dev = kDev) {
  std::vector<Case> cases;
  for (const auto& s : sizes)
    for (int kinds = 0; kinds < 3; ++kinds) {
      GemmProblem p = GemmProblem::make(2000, s[0], s[1], s[2], dtype);
      p.alpha_kind = kinds == 1 ? ScalarKind::general : ScalarKind::one;
      p.beta_kind = kinds == 0 ? ScalarKind::zero : kinds == 1 ? ScalarKind::general : ScalarKind::one;
      p = p.normalized();
      const KernelConfig c = gen::heuristic(p, dev, 16);
      CAPTURE(p.to_string());
      CAPTURE(c.to_string());
      expect(c);
      cases.push_back({p, c});
    }
  return cases;
}

TEST_CASE("nvrtc: the heuristic's DMMA tiles of sides rounded up to 8 compile without spills, every scalar kind") {
  // f64 shapes whose sides miss the 32- and 64-wide tiles (the heuristic gives them 4 to 9
  // warps, two CTAs an SM asked for at 128 threads), with alpha and beta of each kind; the
  // last four under 40 KB, with B's reads conflicted in the slab (105x22x40: 112 x 40).
  const std::int64_t sizes[][3] = {{45, 104, 18}, {21, 98, 108}, {74, 48, 34}, {35, 48, 117},
                                   {105, 89, 58}, {75, 39, 64}, {40, 85, 56}, {105, 22, 40},
                                   {111, 20, 56}, {74, 21, 72}, {48, 48, 48}};
  const auto cases = heuristic_picks(sizes, DType::f64, [](const KernelConfig& c) {
    CHECK(c.mma == 1);
    CHECK(c.st == 4);
    CHECK((c.bm % 32 != 0 || c.bn % 32 != 0));  // a side rounded up to 8, not a 32- or 64-wide tile
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's DMMA tiles for f64 outputs with a side under 17 compile without spills, every scalar kind") {
  // A and B too large for the slabs, one side of 2-16: one tile of the sides rounded up to
  // 8 (16 where 8 leaves no warp layout), up to 8 warps, four cp.async stages (three on
  // tall tiles of 17-96 rows).
  const std::int64_t sizes[][3] = {{6, 231, 52},  {111, 198, 5}, {13, 231, 12}, {100, 74, 6},  {3, 151, 36},
                                   {9, 76, 128},  {2, 247, 101}, {127, 44, 12}, {16, 213, 14}, {70, 161, 9},
                                   {12, 101, 124}, {119, 99, 11}, {59, 111, 2},  {1, 200, 90}};
  const auto cases = heuristic_picks(sizes, DType::f64, [](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(c.mma == 1);
    CHECK(c.st == (c.bm > 16 && c.bm <= 96 && c.bn <= 16 && c.bm * c.bn > 256 ? 3 : 4));  // sides up to 128
    CHECK(std::min(c.bm, c.bn) <= 16);
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's slabs on the FP64 tensor cores compile without spills, every scalar kind") {
  // Odd f64 sides of 17-128 whose slab takes at most 68 KB: whole matrices bulk-copied, a
  // warp for each 16 rows, up to 8 blocks of 16 columns (116) a warp.
  const std::int64_t sizes[][3] = {{65, 65, 65}, {60, 61, 52}, {46, 71, 53}, {100, 37, 50}, {92, 46, 20},
                                   {17, 17, 17}, {33, 33, 33}, {25, 57, 37}, {44, 10, 82}, {46, 26, 116},
                                   {95, 62, 60}, {67, 87, 41}, {82, 86, 27}, {32, 91, 65}, {57, 56, 59},
                                   {27, 104, 51}, {58, 80, 49}, {64, 62, 63}, {63, 14, 63}};
  const auto cases = heuristic_picks(sizes, DType::f64, [](const KernelConfig& c) {
    CHECK(c.family == Family::slab);
    CHECK(c.mma == 1);
    CHECK(c.tma == 1);
    CHECK(c.rm == 1);
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's 32- and 64-wide DMMA tiles fed by cp.async with K off a multiple of bk compile without spills") {
  // The standard tiles (64 x 64, 64 x 32, 32 x 64, 32 x 32) staged from K = 16 whatever K:
  // the last K step's copies are guarded. K = 71-109 on the 64 x 64 tile spilled with steps
  // of 16 (84-108 bytes); the heuristic takes steps of 8 there, in four stages.
  const std::int64_t sizes[][3] = {{100, 37, 64}, {110, 77, 100}, {100, 93, 64}, {117, 117, 92}, {93, 89, 123},
                                   {90, 93, 81}, {32, 50, 104}, {60, 101, 120}, {120, 109, 120}};
  const auto cases = heuristic_picks(sizes, DType::f64, [](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(c.mma == 1);
    CHECK(c.st == (c.bm == 64 && c.bn == 64 && c.bk == 8 ? 4 : 3));  // four stages of 8-deep steps
    CHECK(c.bm % 32 == 0);
    CHECK(c.bn % 32 == 0);
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: DMMA tiles send a C without vector stores through shared memory, and only those") {
  // C_STAGED (tiled.cuh): row-major C whose rows take no 16-byte stores (N odd), one work item
  // a CTA at a time, every warp's 8-row stripe within the stages. The generated source is
  // compiled with an assertion of the expected value appended.
  struct Expect {
    std::int64_t m, k, n;
    DType t;
    const char* config;
    bool staged;
  };
  const Expect cases[] = {
      {127, 21, 123, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3", true},
      {120, 15, 29, DType::f64, "tiled,t=128,minb=1,bm=64,bn=32,bk=8,vec=2,rm=4,rn=2,grid=0,mma=1", true},
      {31, 45, 117, DType::f64, "tiled,t=160,minb=1,bm=32,bn=120,bk=8,vec=2,rm=4,rn=3,grid=0,mma=1,st=4", true},
      {116, 22, 128, DType::f64, "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=3", false},
      {127, 21, 123, DType::f64, "tiled,t=128,minb=2,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=2,mma=1,st=3", false},
      {127, 21, 123, DType::f32, "tiled,t=64,minb=1,bm=32,bn=32,bk=8,vec=4,rm=4,rn=4,grid=0,st=3", false},
  };
  for (const Expect& e : cases) {
    const GemmProblem p = GemmProblem::make(50, e.m, e.k, e.n, e.t);
    const KernelConfig c = KernelConfig::parse(e.config);
    CAPTURE(p.to_string());
    CAPTURE(c.to_string());
    REQUIRE_FALSE(gen::check(p, c, kDev, 16));
    KernelSource src = gen::generate(p, c);
    src.text += fmt::format("\nstatic_assert(tailor::Tiled<Spec>::C_STAGED == {}, \"C_STAGED\");\n", e.staged);
    CHECK_NOTHROW(detail::compile(src, "sm_90"));
  }
}

TEST_CASE("nvrtc: the heuristic's two-buffer slabs on the FP64 tensor cores compile without spills") {
  // 68-112 KB: warps of 2 x 1 blocks (120x76x59: 512 threads), 1 x 2 (65x75x93), 2 x 2 past
  // 16 warps (89x50x104, 104x55x60, 72x66x117); one matrix with both sides past 64 up to 62
  // KB (102x27x75, 116x30x105, 97x9x67, 66x27x94).
  const std::int64_t sizes[][3] = {{120, 76, 59}, {65, 75, 93},  {89, 50, 104}, {87, 84, 53}, {104, 55, 60},
                                   {72, 66, 117}, {102, 27, 75}, {116, 30, 105}, {97, 9, 67},  {66, 27, 94}};
  const auto cases = heuristic_picks(sizes, DType::f64, [](const KernelConfig& c) {
    CHECK(c.family == Family::slab);
    CHECK(c.mma == 1);
    CHECK(c.st == 2);
    CHECK(c.grid == 1);
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's f32 one-matrix slabs up to 100 KB and rounded-up FMA tiles compile without spills") {
  // The tiles: 8 x 8 a thread with both sides from 48; 8 x 4 (44x567x59, 128x368x41) or 4 x 4
  // (22x545x49) with a side of 17-47.
  const std::int64_t sizes[][3] = {{68, 115, 112}, {109, 96, 109}, {117, 65, 78}, {26, 196, 60},
                                   {128, 55, 92},  {70, 400, 75},  {50, 601, 60}, {120, 221, 100},
                                   {104, 300, 49}, {44, 567, 59},  {22, 545, 49}, {128, 368, 41}};
  // On sm_90 a side past 64 takes the DMMA tile where the model puts it ahead of the slab
  // (f32_dmma_tile): those compile without spills too.
  const auto cases = heuristic_picks(sizes, DType::f32, [](const KernelConfig& c) {
    const bool tile = c.family == Family::tiled && c.st == 4 &&
                      ((c.rm == 8 && (c.rn == 8 || c.rn == 4)) || (c.rm == 4 && c.rn == 4));
    const bool dmma = c.family == Family::tiled && c.mma == 1 && c.st >= 3;
    CHECK(((c.family == Family::slab && c.mats == 1) || tile || dmma));
  });
  const auto failures = compile_all(cases);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's f32 tiles for outputs with a side past 128 compile without spills, every scalar kind") {
  // One shape for each tile the padded work picks: 48 x 96, 48 x 128, 64 x 96, 64 x 128,
  // 96 x 64 (N past 128 from K = 160) and 128 x 64 (micro-tiles of 6 or 8 a side, 128 threads, four stages).
  const std::int64_t sizes[][3] = {{137, 273, 261}, {233, 14, 251}, {118, 61, 156},
                                   {256, 63, 256},  {397, 209, 295}, {220, 129, 53}};
  std::set<std::pair<int, int>> tiles;
  const auto cases = heuristic_picks(sizes, DType::f32, [&](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(c.st == 4);
    CHECK(c.threads == 128);
    tiles.insert({c.bm, c.bn});
  }, kFma);
  CHECK(tiles == std::set<std::pair<int, int>>{{48, 96}, {48, 128}, {64, 96}, {64, 128}, {96, 64}, {128, 64}});
  const auto failures = compile_all(cases, true);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's f32 DMMA tiles for rows that are not whole 16-byte units compile without spills, every scalar kind") {
  // A side past 64 with an odd K or N (f32_dmma_tile): f64's tile as given (98x87x101,
  // 70x400x75, 222x30x200) or the 64 x 64 tile where f64 takes a slab (128x127x128,
  // 62x28x123); the operands widened to f64 as they are copied a float at a time.
  const std::int64_t sizes[][3] = {{98, 87, 101}, {128, 127, 128}, {70, 400, 75}, {62, 28, 123}, {222, 30, 200}};
  const auto cases = heuristic_picks(sizes, DType::f32, [](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(c.mma == 1);
    CHECK(c.vec == 4);
  });
  const auto failures = compile_all(cases, true);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's 64 x 48 tiles for f32 outputs of M past 128 and N of 33-47 compile without spills") {
  const std::int64_t sizes[][3] = {{210, 36, 42}, {238, 14, 45}, {129, 1, 33}, {700, 64, 47}};
  const auto cases = heuristic_picks(sizes, DType::f32, [](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(std::array{c.bm, c.bn, c.rm, c.rn, c.threads} == std::array{64, 48, 4, 6, 128});
  }, kFma);
  const auto failures = compile_all(cases, true);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's 48 x 96 tiles for f32 outputs of N past 128 and M of 33-47 compile without spills") {
  const std::int64_t sizes[][3] = {{37, 2, 230}, {46, 15, 172}, {33, 1, 129}, {47, 64, 900}};
  const auto cases = heuristic_picks(sizes, DType::f32, [](const KernelConfig& c) {
    CHECK(c.family == Family::tiled);
    CHECK(std::array{c.bm, c.bn, c.rm, c.rn, c.threads} == std::array{48, 96, 8, 6, 96});
  });
  const auto failures = compile_all(cases, true);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}

TEST_CASE("nvrtc: the heuristic's slabs for tall and wide outputs compile without spills, every scalar kind") {
  const std::int64_t sizes[][3] = {{229, 25, 6}, {12, 19, 200}, {300, 14, 9}, {12, 5, 242}, {253, 52, 4},
                                   {197, 31, 11}, {12, 37, 341}, {394, 6, 2}, {400, 20, 3}};
  for (DType t : {DType::f32, DType::f64}) {
    const auto cases = heuristic_picks(sizes, t, [](const KernelConfig& c) {
      CHECK(c.family == Family::slab);
      CHECK(c.tma == 1);
    });
    const auto failures = compile_all(cases);
    for (const auto& f : failures) FAIL_CHECK(f);
    CHECK(failures.empty());
  }
}

TEST_CASE("nvrtc: the heuristic's narrow tiles for tall and wide outputs compile without spills, every scalar kind") {
  const std::int64_t sizes[][3] = {{5, 90, 700}, {3, 51, 750}, {600, 40, 10}, {292, 60, 14}, {876, 42, 6}, {927, 37, 8}};
  for (DType t : {DType::f32, DType::f64}) {
    const auto cases = heuristic_picks(sizes, t, [](const KernelConfig& c) {
      CHECK((c.family == Family::slab || std::min(c.bm, c.bn) <= 16));  // f32 600x40x10 and 292x60x14: slabs
    });
    const auto failures = compile_all(cases);
    for (const auto& f : failures) FAIL_CHECK(f);
    CHECK(failures.empty());
  }
}

TEST_CASE("nvrtc: a compile error carries the kernel name, the options and the log") {
  KernelSource bad{"tailor_broken_kernel", "extern \"C\" __global__ void tailor_broken_kernel() { undeclared_thing(); }"};
  try {
    detail::compile(bad, "sm_90");
    FAIL("compiled");
  } catch (const Error& e) {
    const std::string w = e.what();
    CHECK(e.code() == ErrorCode::compile_error);
    CHECK(w.find("tailor_broken_kernel") != std::string::npos);
    CHECK(w.find("--gpu-architecture=sm_90") != std::string::npos);
    CHECK(w.find("undeclared_thing") != std::string::npos);
  }
}

TEST_CASE("nvrtc: resource report parsing") {
  detail::CompiledKernel k;
  k.log = "ptxas info    : Used 40 registers, used 1 barriers, 384 bytes smem, 400 bytes cmem[0]\n"
          "ptxas info    : 16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n";
  detail::parse_resource_report(k);
  CHECK(k.registers == 40);
  CHECK(k.static_smem == 384);
  CHECK(k.stack_bytes == 16);
  CHECK(k.spill_stores == 8);
  CHECK(k.spill_loads == 4);
  // The report as ptxas of CUDA 13 writes it, and a log without one.
  detail::CompiledKernel r;
  r.log = "ptxas info    : 298 bytes gmem\n"
          "ptxas info    : Compiling entry function 'tailor_f64_slab_m38k9n8_o2' for 'sm_90'\n"
          "ptxas         .     96 bytes stack frame, 104 bytes spill stores, 92 bytes spill loads\n"
          "ptxas info    : Used 72 registers, used 1 barriers, 96 bytes cumulative stack size, 16 bytes smem\n";
  detail::parse_resource_report(r);
  CHECK(r.registers == 72);
  CHECK(r.spill_stores == 104);
  CHECK(r.spill_loads == 92);
  CHECK(r.stack_bytes == 96);
  CHECK(r.static_smem == 16);
  detail::CompiledKernel none;
  none.log = "no report here";
  detail::parse_resource_report(none);
  CHECK(none.registers == detail::CompiledKernel{}.registers);
  CHECK(none.spill_stores == detail::CompiledKernel{}.spill_stores);
}

TEST_CASE("nvrtc: f32 on the FP64 tensor cores (slabs and tiles, operands widened to f64) compiles without spills") {
  // The configs of the GPU test of these kernels, under every scalar kind: f64 sums, f32 in
  // shared memory and in C.
  const std::pair<std::array<std::int64_t, 4>, const char*> forced[] = {
      {{301, 77, 77, 77}, "slab,t=480,minb=1,mats=1,vec=1,rm=2,rn=1,grid=1,st=2,cs=1,tma=1,mma=1"},
      {{303, 65, 65, 65}, "slab,t=160,minb=1,mats=1,vec=1,rm=1,rn=5,grid=0,cs=1,tma=1,mma=1"},
      {{997, 23, 9, 41}, "slab,t=96,minb=1,mats=1,vec=1,rm=2,rn=3,grid=0,mma=1"},
      {{517, 64, 64, 64}, "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=4,rm=4,rn=4,grid=0,mma=1,st=3"},
      {{203, 50, 41, 47}, "tiled,t=128,minb=2,bm=32,bn=64,bk=24,vec=4,rm=2,rn=4,grid=1,mma=1,st=3,k8=1"},
      {{83, 31, 45, 117}, "tiled,t=160,minb=1,bm=32,bn=120,bk=8,vec=4,rm=4,rn=3,grid=0,mma=1,st=4"},
  };
  std::vector<Case> cases;
  for (const auto& [s, cfg] : forced)
    for (auto [alpha, beta] : {std::pair{ScalarKind::one, ScalarKind::zero}, {ScalarKind::general, ScalarKind::one},
                               {ScalarKind::general, ScalarKind::general}}) {
      GemmProblem p = GemmProblem::make(s[0], s[1], s[2], s[3], DType::f32);
      p.alpha_kind = alpha, p.beta_kind = beta;
      const KernelConfig c = KernelConfig::parse(cfg);
      REQUIRE_FALSE(gen::check(p.normalized(), c, kDev, 16));
      cases.push_back({p.normalized(), c});
    }
  const auto failures = compile_all(cases, true);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
}
