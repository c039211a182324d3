// The autotuner's search space and cost model (no GPU): every candidate is legal, the
// heuristic comes first, the rest are ranked by predicted time, and the model orders a few
// cases the measurements of run 1 settled (bench/NOTES.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <ctime>
#include <set>
#include <tuple>

#include "generator/search_space.hpp"
#include "runtime/autotune.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {
const DeviceInfo kDev = [] {
  DeviceInfo d = DeviceInfo::sm90_model();
  return d;
}();
}  // namespace

TEST_CASE("search space: legal, deduplicated, heuristic first, best 32 ranked, for a spread of problems") {
  const GemmProblem ps[] = {
      GemmProblem::make(1000000, 3, 25, 1, DType::f64), GemmProblem::make(1000000, 3, 32, 1, DType::f32),
      GemmProblem::make(4000000, 2, 2, 2, DType::f32),  GemmProblem::make(41082, 33, 33, 33, DType::f32),
      GemmProblem::make(1365, 128, 128, 128, DType::f64), GemmProblem::make(1000000, 1, 3, 3, DType::f32).broadcast_b(),
      GemmProblem::make(7, 300, 17, 1000, DType::f64)};
  for (const GemmProblem& raw : ps) {
    const GemmProblem p = raw.normalized();
    CAPTURE(p.to_string());
    // Processor time (the search runs on this thread), so that other tests sharing the
    // machine's cores do not count against it.
    const std::clock_t t0 = std::clock();
    const auto cands = gen::candidates(p, kDev, 16, 256);
    const double secs = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    CHECK(secs < 5.0);  // the search space itself must not eat the tuning budget
    REQUIRE(cands.size() >= 8);
    CHECK(cands.size() <= 256);
    CHECK(cands.front().config == gen::heuristic(p, kDev, 16));
    std::set<std::string> seen;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      const auto why = gen::check(p, cands[i].config, kDev, 16);
      CHECK_MESSAGE(!why, (cands[i].config.to_string() + ": " + (why ? *why : std::string())));
      CHECK(seen.insert(cands[i].config.to_string()).second);
      CHECK(std::isfinite(cands[i].predicted_s));
      CHECK(cands[i].predicted_s > 0);
      if (i >= 2 && i < 33) CHECK(cands[i - 1].predicted_s <= cands[i].predicted_s);
    }
  }
}

TEST_CASE("search space: alignment limits vector widths") {
  const GemmProblem p = GemmProblem::make(100000, 3, 24, 1, DType::f32).normalized();
  for (const auto& c : gen::candidates(p, kDev, 4, 256)) CHECK(c.config.vec == 1);
}

TEST_CASE("cost model: memory floor, and the occupancy lesson of run 1") {
  const GemmProblem p = GemmProblem::make(1000000, 3, 25, 1, DType::f64).normalized();
  // Never below the bytes at the copy bandwidth.
  for (const auto& c : gen::candidates(p, kDev, 16, 64)) CHECK(c.predicted_s >= p.min_bytes() / 4.2e12);
  // 256 threads capped at 2 CTAs per SM keep fewer bytes in flight than 8 CTAs of 128.
  const KernelConfig two = KernelConfig::parse("slab,t=256,minb=2,mats=32,vec=2,rm=1,rn=1,grid=0");
  const KernelConfig eight = KernelConfig::parse("slab,t=128,minb=8,mats=16,vec=2,rm=1,rn=1,grid=0");
  CHECK(gen::predict_seconds(p, eight, kDev) < gen::predict_seconds(p, two, kDev));
}

TEST_CASE("search space: odd sides get micro-tiles that divide them, in CTAs that fit their units") {
  for (int side : {25, 33}) {
    const GemmProblem p = GemmProblem::make(20000, side, side, side, DType::f32).normalized();
    const auto cands = gen::candidates(p, kDev, 16, 100000);
    bool dividing = false, fitted = false;
    for (const auto& c : cands) {
      const KernelConfig& k = c.config;
      if (k.family != Family::slab || k.rm < 3 || side % k.rm || side % k.rn) continue;
      dividing = true;
      const std::int64_t units = static_cast<std::int64_t>(k.mats) * (side / k.rm) * (side / k.rn) * k.ks;
      if (k.threads % 64 != 0 && k.threads == (units + 31) / 32 * 32) fitted = true;
    }
    CAPTURE(side);
    CHECK(dividing);
    CHECK(fitted);
  }
  // The cost model charges idle threads: 4 matrices of 81 4x4 tiles (324 units) in 256
  // threads take two rounds; the same in 352 threads take one.
  const GemmProblem q = GemmProblem::make(41082, 33, 33, 33, DType::f32).normalized();
  const double two = gen::predict_seconds(q, KernelConfig::parse("slab,t=256,minb=1,mats=4,vec=4,rm=4,rn=4,grid=0"), kDev);
  const double one = gen::predict_seconds(q, KernelConfig::parse("slab,t=352,minb=1,mats=4,vec=4,rm=4,rn=4,grid=0"), kDev);
  CHECK(one < two);
}

TEST_CASE("search space: f32 micro-tiles of up to 72 outputs where both sides divide the matrix, f64 up to 36") {
  auto has = [](const GemmProblem& p, int rm, int rn) {
    for (const auto& c : gen::candidates(p.normalized(), kDev, 16, 100000))
      if (c.config.family == Family::slab && !c.config.mma && c.config.rm == rm && c.config.rn == rn) return true;
    return false;
  };
  // 65 = 5 x 13, 49 = 7 x 7, 45 = 9 x 5, 39 = 13 x 3: sides past 12 and tiles past 36.
  CHECK(has(GemmProblem::make(10589, 65, 65, 65, DType::f32), 5, 13));
  CHECK(has(GemmProblem::make(10589, 65, 65, 65, DType::f32), 13, 5));
  CHECK(has(GemmProblem::make(18633, 49, 49, 49, DType::f32), 7, 7));
  CHECK(has(GemmProblem::make(22093, 45, 45, 45, DType::f32), 9, 5));
  CHECK(has(GemmProblem::make(29414, 39, 39, 39, DType::f32), 13, 3));
  // Only where both sides divide: 7 x 7 pads 48 to 49 columns.
  CHECK_FALSE(has(GemmProblem::make(18633, 49, 49, 48, DType::f32), 7, 7));
  // Not past 72 (33^3 11 x 11 ran 0.92x the 11 x 3 record), and not in f64 (two registers an output).
  CHECK_FALSE(has(GemmProblem::make(41082, 33, 33, 33, DType::f32), 11, 11));
  CHECK_FALSE(has(GemmProblem::make(9316, 49, 49, 49, DType::f64), 7, 7));
  CHECK(has(GemmProblem::make(9316, 49, 49, 49, DType::f64), 7, 1));
  // Forced configs may go further in f32 (128 outputs), not in f64 (64).
  const GemmProblem q = GemmProblem::make(41082, 33, 33, 33, DType::f32);
  CHECK_FALSE(gen::check(q, KernelConfig::parse("slab,t=64,minb=1,mats=6,vec=2,rm=11,rn=11,grid=0,cs=1,tma=1"), kDev, 16));
  const GemmProblem q64 = GemmProblem::make(20541, 33, 33, 33, DType::f64);
  const auto why = gen::check(q64, KernelConfig::parse("slab,t=64,minb=1,mats=6,vec=2,rm=11,rn=11,grid=0,cs=1,tma=1"), kDev, 16);
  REQUIRE(why);
  CHECK(why->find("at most 64 outputs") != std::string::npos);
}

TEST_CASE("tuner seed: the heuristic's slab with f32 micro-tiles of up to 72 outputs that divide the matrix") {
  auto seed = [](std::int64_t b, std::int64_t m, std::int64_t k, std::int64_t n, DType t) {
    return gen::wide_tile_seed(GemmProblem::make(b, m, k, n, t), kDev, 16);
  };
  const auto s77 = seed(3772, 77, 77, 77, DType::f32);
  REQUIRE(s77);
  CHECK(s77->to_string() == "slab,t=128,minb=1,mats=1,vec=1,rm=7,rn=7,grid=0,cs=1,tma=1");  // 1.44x on the H200
  const auto s65 = seed(3323, 65, 83, 100, DType::f32);
  REQUIRE(s65);
  CHECK(std::array{s65->rm, s65->rn} == std::array{13, 4});
  const KernelConfig h = gen::heuristic(GemmProblem::make(3772, 77, 77, 77, DType::f32), kDev, 16);
  CHECK(h.rm * h.rn <= 36);  // the heuristic itself keeps 36
  CHECK_FALSE(seed(3772, 77, 77, 77, DType::f64));   // f64: two registers an output
  CHECK_FALSE(seed(5000, 47, 47, 47, DType::f32));   // no divisor tile past 36
  CHECK_FALSE(seed(41082, 33, 33, 33, DType::f32));  // 11 x 11 is past 72; 11 x 3 is the pick
  CHECK_FALSE(seed(1000000, 3, 25, 1, DType::f32));  // not a mid-size slab
}

TEST_CASE("search space: tiles of the side rounded up to 8 near such a side, with odd mma tile counts there only") {
  auto has = [](const GemmProblem& p, bool mma, int bm, int bn) {
    for (const auto& c : gen::candidates(p, kDev, 16, 100000))
      if ((c.config.mma == 1) == mma && c.config.bm == bm && c.config.bn == bn) return true;
    return false;
  };
  const GemmProblem f64 = GemmProblem::make(5296, 65, 65, 65, DType::f64).normalized();
  const GemmProblem f32 = GemmProblem::make(10592, 65, 65, 65, DType::f32).normalized();
  CHECK(has(f64, true, 72, 72));
  CHECK(has(f32, false, 72, 72));
  // 64^3 keeps its power-of-two tiles: no 72-wide tile, no odd or 6-tile warps on them.
  const GemmProblem even = GemmProblem::make(5461, 64, 64, 64, DType::f64).normalized();
  CHECK_FALSE(has(even, true, 72, 72));
  for (const auto& c : gen::candidates(even, kDev, 16, 100000))
    if (c.config.mma) {
      CAPTURE(c.config.to_string());
      CHECK((c.config.rm == 1 || c.config.rm % 2 == 0));
      CHECK(c.config.rm != 6);
    }
  // Every proposed tile is one the generator accepts and compiles the same way (checked by
  // the legality test above over a spread; here: the 72 x 72 tile of 3 x 3 warps).
  CHECK_FALSE(gen::check(f64, KernelConfig::parse("tiled,t=288,minb=3,bm=72,bn=72,bk=8,vec=2,rm=3,rn=3,grid=0,mma=1,st=3"), kDev, 16));
}

TEST_CASE("cp.async stages (st) need sm_80: rejected and never proposed below it") {
  const GemmProblem p = GemmProblem::make(1365, 128, 128, 128, DType::f64).normalized();
  const KernelConfig c = KernelConfig::parse("tiled,t=256,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,st=3");
  CHECK_FALSE(gen::check(p, c, kDev, 16));
  DeviceInfo old = kDev;
  old.cc_major = 7, old.cc_minor = 0;
  const auto why = gen::check(p, c, old, 16);
  REQUIRE(why);
  CHECK(why->find("cp.async") != std::string::npos);
  for (const auto& cand : gen::candidates(p, old, 16, 100000)) CHECK(cand.config.st == 0);
  bool any = false;
  for (const auto& cand : gen::candidates(p, kDev, 16, 100000)) any = any || cand.config.st == 3;
  CHECK(any);
}

TEST_CASE("DMMA tiles: 24 and 48 only near such a side, 3 mma tiles a warp allowed, and m8n8k4 charged twice") {
  const GemmProblem odd = GemmProblem::make(20541, 33, 33, 33, DType::f64).normalized();
  const GemmProblem even = GemmProblem::make(5461, 64, 64, 64, DType::f64).normalized();
  auto near_mma = [](const GemmProblem& p) {
    int n = 0;
    for (const auto& c : gen::candidates(p, kDev, 16, 100000))
      if (c.config.mma && (c.config.bm == 48 || c.config.bn == 48 || c.config.bm == 24 || c.config.bn == 24)) ++n;
    return n;
  };
  CHECK(near_mma(odd) > 0);
  CHECK(near_mma(even) == 0);
  CHECK_FALSE(gen::check(odd, KernelConfig::parse("tiled,t=128,minb=1,bm=48,bn=48,bk=8,vec=2,rm=3,rn=3,grid=0,mma=1"), kDev, 16));
  // rm = 3 is an mma tile count, not an FMA micro-tile: the FMA path takes sides 1, 2, 4, 6, 8.
  CHECK(gen::check(odd, KernelConfig::parse("tiled,t=256,minb=1,bm=48,bn=48,bk=8,vec=2,rm=3,rn=3,grid=0"), kDev, 16));
  CHECK_FALSE(gen::check(odd, KernelConfig::parse("tiled,t=64,minb=1,bm=48,bn=48,bk=8,vec=2,rm=6,rn=6,grid=0"), kDev, 16));
  CHECK(gen::check(odd, KernelConfig::parse("tiled,t=32,minb=1,bm=48,bn=48,bk=8,vec=2,rm=0,rn=3,grid=0,mma=1"), kDev, 16));
  // Same warps, same tile: 2 x 4 mma tiles (m16n8k4 pairs) predicted faster than 1 x 4 twice as many times over.
  const KernelConfig pairs = KernelConfig::parse("tiled,t=64,minb=1,bm=32,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1");
  const KernelConfig singles = KernelConfig::parse("tiled,t=256,minb=1,bm=32,bn=64,bk=8,vec=2,rm=1,rn=4,grid=0,mma=1");
  const GemmProblem big = GemmProblem::make(1365, 128, 128, 128, DType::f64).normalized();
  REQUIRE_FALSE(gen::check(big, pairs, kDev, 16));
  REQUIRE_FALSE(gen::check(big, singles, kDev, 16));
  CHECK(gen::predict_seconds(big, pairs, kDev) < gen::predict_seconds(big, singles, kDev));
}

TEST_CASE("heuristic: f64 sides from 48 with K a multiple of 8 take the 64x64 DMMA tile fed by cp.async") {
  const KernelConfig h = gen::heuristic(GemmProblem::make(5461, 64, 64, 64, DType::f64), kDev, 16);
  CHECK(h.to_string() == "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,mma=1,st=3");
  CHECK(gen::heuristic(GemmProblem::make(100, 56, 40, 56, DType::f64), kDev, 16).bk == 8);  // K = 40: steps of 8
  // K = 37, sides whose rounding up to 8 pads less than the 64-wide tiles: the 64 x 56
  // tile of the side rounded up to 8 (four warps of 2 x 7 mma tiles, bk = 8) does not (on
  // sm_80; sm_90 takes the slab on the tensor cores there).
  DeviceInfo ampere = kDev;  // cp.async exists from sm_80: same choices there
  ampere.cc_major = 8;
  CHECK(gen::heuristic(GemmProblem::make(1000, 100, 37, 50, DType::f64), kDev, 16).family == Family::slab);
  const KernelConfig odd_k = gen::heuristic(GemmProblem::make(1000, 100, 37, 50, DType::f64), ampere, 16);
  CHECK(odd_k.mma == 1);
  CHECK(odd_k.bm == 64);
  CHECK(odd_k.bn == 56);
  CHECK(odd_k.bk == 8);
  // Sides the 64-wide tile fits, K off a multiple of 8: the 64 x 64 tile fed by cp.async
  // stages in K steps of 8 (guarded copies of the last step), not the register-fed tile;
  // four stages, as the steps of 8 halve each stage (K = 40, a multiple of 8, likewise).
  const KernelConfig odd_k2 = gen::heuristic(GemmProblem::make(1000, 100, 37, 64, DType::f64), kDev, 16);
  CHECK(odd_k2.to_string() == "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4");
  CHECK(gen::heuristic(GemmProblem::make(1000, 128, 40, 128, DType::f64), kDev, 16).to_string() ==
        "tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4");
  // The 16-deep steps keep three (the 5461 x 64^3 check above; 32 x 64 tiles lost 0.71-0.82x
  // at four).
  CHECK(gen::heuristic(GemmProblem::make(1000, 100, 48, 64, DType::f64), kDev, 16).st == 3);
  CHECK(gen::heuristic(GemmProblem::make(5461, 64, 64, 64, DType::f64), ampere, 16).st == 3);
}

TEST_CASE("heuristic: f64 outputs with a side under 17 whose A and B pass the slabs take a DMMA tile of the sides rounded up to 8") {
  auto pick = [](std::int64_t m, std::int64_t k, std::int64_t n) {
    return gen::heuristic(GemmProblem::make(1000, m, k, n, DType::f64), kDev, 16).to_string();
  };
  // As many warps as the 8 x 8 mma tiles allow up to 8, the squarer warp tile first.
  CHECK(pick(6, 231, 52) == "tiled,t=224,minb=1,bm=8,bn=56,bk=16,vec=2,rm=1,rn=1,grid=0,mma=1,st=4");
  CHECK(pick(111, 198, 5) == "tiled,t=224,minb=1,bm=112,bn=8,bk=16,vec=2,rm=2,rn=1,grid=0,mma=1,st=4");
  CHECK(pick(9, 76, 128) == "tiled,t=256,minb=1,bm=16,bn=128,bk=16,vec=2,rm=2,rn=2,grid=0,mma=1,st=4");
  // Tiles of 256 outputs at most: K steps of 32, two CTAs an SM asked for at 128 threads.
  CHECK(pick(13, 231, 12) == "tiled,t=128,minb=2,bm=16,bn=16,bk=32,vec=2,rm=1,rn=1,grid=0,mma=1,st=4");
  // 100 -> 104 is 13 mma tiles (no layout of at most 8 warps and 8 tiles a side): 112.
  CHECK(pick(100, 74, 6) == "tiled,t=224,minb=1,bm=112,bn=16,bk=16,vec=2,rm=2,rn=2,grid=0,mma=1,st=4");
  // Tall tiles of 17-96 rows: three stages.
  CHECK(pick(70, 161, 9) == "tiled,t=192,minb=1,bm=72,bn=16,bk=16,vec=2,rm=3,rn=1,grid=0,mma=1,st=3");
  CHECK(pick(38, 216, 4) == "tiled,t=160,minb=1,bm=40,bn=8,bk=16,vec=2,rm=1,rn=1,grid=0,mma=1,st=3");
  // The other side past 128: tiles of 64 along it, three stages.
  CHECK(pick(3, 51, 750) == "tiled,t=256,minb=1,bm=8,bn=64,bk=16,vec=2,rm=1,rn=1,grid=0,mma=1,st=3");
  CHECK(pick(292, 60, 14) == "tiled,t=256,minb=1,bm=64,bn=16,bk=16,vec=2,rm=2,rn=1,grid=0,mma=1,st=3");
  // Small matrices stay on the slabs, f32 elsewhere.
  CHECK(gen::heuristic(GemmProblem::make(1000, 6, 40, 52, DType::f64), kDev, 16).family == Family::slab);
  CHECK(gen::heuristic(GemmProblem::make(1000, 6, 231, 52, DType::f32), kDev, 16).mma == 0);
  CHECK(gen::heuristic(GemmProblem::make(1000, 3, 51, 750, DType::f32), kDev, 16).mma == 0);
}

TEST_CASE("heuristic: f64 sides up to 64 that the 32- or 64-wide tiles pad take the slab on the tensor cores where its reads are conflict-free") {
  auto h = [](std::int64_t m, std::int64_t k, std::int64_t n) {
    return gen::heuristic(GemmProblem::make(4000, m, k, n, DType::f64), kDev, 16);
  };
  // Padded by the tiles, conflict-free reads: the slab, whatever its size (up to 68 KB).
  const std::int64_t padded[][3] = {{64, 62, 63}, {28, 29, 29}, {30, 65, 60}, {32, 83, 31}, {60, 60, 60}};
  for (const auto& s : padded) {
    CAPTURE(s[0]);
    CAPTURE(s[1]);
    CAPTURE(s[2]);
    const KernelConfig c = h(s[0], s[1], s[2]);
    CHECK(c.family == Family::slab);
    CHECK(c.mma == 1);
  }
  // A's reads conflicted (rows of 56 doubles), B's free: the slab, past 40 KB too; B's
  // conflicted (rows of 56), even under 40 KB: a DMMA tile, here (K steps of 8 on the 64 x 64
  // tile) the snug 64 x 56 one.
  CHECK(h(57, 56, 59).family == Family::slab);
  CHECK(h(56, 40, 56).to_string() == "tiled,t=128,minb=2,bm=64,bn=56,bk=8,vec=2,rm=2,rn=7,grid=0,mma=1,st=4");
  // Away from the tiles' sides: A conflicted past 40 KB takes the slab, B conflicted does not.
  CHECK(h(27, 104, 51).family == Family::slab);
  CHECK(h(58, 80, 49).family == Family::slab);
  CHECK(h(34, 98, 32).family == Family::tiled);
  // A conflicted with N under 35 (two blocks of columns a warp): the tile (31x104x26 lost 0.88x).
  CHECK(h(31, 104, 26).family == Family::tiled);
  CHECK(h(45, 104, 35).family == Family::slab);
  CHECK(h(32, 50, 104).family == Family::tiled);
  // Whole tiles keep them, now fed by cp.async stages (K from 16).
  CHECK(h(32, 32, 32).to_string() == "tiled,t=128,minb=1,bm=32,bn=32,bk=16,vec=2,rm=2,rn=2,grid=0,mma=1,st=3");
  CHECK(h(64, 64, 64).to_string() == "tiled,t=128,minb=1,bm=64,bn=64,bk=16,vec=2,rm=4,rn=4,grid=0,mma=1,st=3");
  // A side past 64: the tile (slabs of 7-8 blocks a warp there are unmeasured).
  CHECK(h(120, 30, 120).family == Family::tiled);
  // Register-fed tiles no more from K = 16: slabs with B conflicted past 40 KB and matrices past
  // the slabs' bounds take the standard tile with three stages; under K = 16 it stays.
  CHECK(h(32, 50, 104).to_string() == "tiled,t=128,minb=1,bm=32,bn=64,bk=16,vec=2,rm=2,rn=4,grid=0,mma=1,st=3");
  CHECK(h(117, 117, 92).to_string() == "tiled,t=128,minb=1,bm=64,bn=32,bk=16,vec=2,rm=4,rn=2,grid=0,mma=1,st=3");
  CHECK(h(90, 93, 81).st == 3);
  CHECK(h(30, 9, 30).st == 0);
  // Short reductions too (63x14x63: the register-fed 64 x 64 tile ran at 40 % of copy).
  CHECK(h(63, 14, 63).family == Family::slab);
  CHECK(h(56, 9, 58).family == Family::slab);
}

TEST_CASE("heuristic: small row-major matrices with K of 4-12 take the threads' slab of one column a micro-tile only where the bulk-copied slab would not take the threads' copies") {
  // The one-column threads' slab (rn = 1, no bulk layout) lost to the bulk-copied slab with
  // its runs copied by the threads (tma = 2), and beat it where that slab takes more than
  // 128 threads (tma = 1): bench/NOTES.md.
  const KernelConfig h = gen::heuristic(GemmProblem::make(52083, 20, 8, 20, DType::f64), kDev, 16);
  CHECK(h.to_string() == "slab,t=96,minb=1,mats=8,vec=2,rm=7,rn=5,grid=0,cs=1,tma=2");
  for (auto [m, k, n, t] : {std::tuple{14, 5, 16, DType::f32}, {17, 12, 24, DType::f32}, {24, 12, 24, DType::f64},
                            {15, 12, 12, DType::f64}, {16, 16, 16, DType::f32}, {10, 10, 10, DType::f32},
                            {20, 8, 20, DType::f32}, {12, 12, 12, DType::f32}}) {
    const KernelConfig c = gen::heuristic(GemmProblem::make(60000, m, k, n, t), kDev, 16);
    CAPTURE(c.to_string());
    CHECK(c.family == Family::slab);
    CHECK(c.tma != 0);  // the bulk copies' layout (tma = 2 with K of 4-14: the threads copy its runs)
    CHECK(c.rn > 1);
  }
  // 21x4x24 and 7x6x24 f32: the bulk-copied slab would take 480 and 160 threads.
  CHECK(gen::heuristic(GemmProblem::make(109649, 21, 4, 24, DType::f32), kDev, 16).to_string() ==
        "slab,t=64,minb=1,mats=11,vec=4,rm=7,rn=1,grid=0");
  const KernelConfig h7 = gen::heuristic(GemmProblem::make(211864, 7, 6, 24, DType::f32), kDev, 16);
  CHECK((h7.rn == 1 && h7.rm == 7 && h7.tma == 0 && h7.cs == 0 && h7.threads == 64));
  // Outside the family: a column-major C, pointers aligned to 8 bytes, a shared B.
  GemmProblem colc = GemmProblem::make(109649, 21, 4, 24, DType::f32);
  colc.layout_c = Layout::col;
  CHECK(gen::heuristic(colc.normalized(), kDev, 16).rn != 1);
  CHECK(gen::heuristic(GemmProblem::make(109649, 21, 4, 24, DType::f32), kDev, 8).rn != 1);
  GemmProblem shared = GemmProblem::make(109649, 21, 4, 24, DType::f32);
  shared.stride_b = 0;
  CHECK(gen::heuristic(shared.normalized(), kDev, 16).rn != 1);
  // Every such choice is valid for its problem, whatever the batch.
  for (std::int64_t batch : {1, 2, 5, 100000})
    for (auto [m, k, n, t] : {std::tuple{20, 8, 20, DType::f64}, {17, 12, 24, DType::f32}, {9, 4, 24, DType::f64},
                              {21, 4, 24, DType::f32}, {7, 6, 24, DType::f32}}) {
      const GemmProblem p = GemmProblem::make(batch, m, k, n, t).normalized();
      const KernelConfig c = gen::heuristic(p, kDev, 16);
      CAPTURE(p.to_string());
      CHECK_FALSE(gen::check(p, c, kDev, 16));
    }
}

TEST_CASE("heuristic: mid-size matrices on sm_90 take bulk-copied slabs with micro-tiles that divide them") {
  const KernelConfig h33 = gen::heuristic(GemmProblem::make(41082, 33, 33, 33, DType::f32), kDev, 16);
  CHECK(h33.to_string() == "slab,t=160,minb=1,mats=4,vec=4,rm=11,rn=3,grid=0,cs=1,tma=1");
  // f64 from sides of 17 takes the slab on the FP64 tensor cores (two matrices up to 18 KB).
  const KernelConfig h25 = gen::heuristic(GemmProblem::make(35791, 25, 25, 25, DType::f64), kDev, 16);
  CHECK(h25.to_string() == "slab,t=128,minb=1,mats=2,vec=2,rm=1,rn=2,grid=0,cs=1,tma=1,mma=1");
  CHECK(gen::heuristic(GemmProblem::make(35791, 25, 25, 25, DType::f32), kDev, 16).mma == 0);
  // f32 slabs whose whole-16-byte step passes 40 KB take any count (the copies take the
  // aligned runs around them): 65^3, one matrix of 34 KB where four make 135 KB; f64 on
  // FMA slabs (a side under 17) keeps its step of two (9x27x71).
  const KernelConfig h65 = gen::heuristic(GemmProblem::make(10592, 65, 65, 65, DType::f32), kDev, 16);
  CHECK(h65.to_string() == "slab,t=128,minb=1,mats=1,vec=1,rm=6,rn=6,grid=0,cs=1,tma=1");
  CHECK(gen::heuristic(GemmProblem::make(11171, 7, 118, 65, DType::f32), kDev, 16).mats == 1);
  // The heuristic keeps micro-tiles of at most 36 outputs (those past it are the tuner's).
  for (std::int64_t side : {45, 49, 63, 64}) {
    const KernelConfig k = gen::heuristic(GemmProblem::make(5000, side, side, side, DType::f32), kDev, 16);
    CHECK(k.rm * k.rn <= 36);
  }
  const KernelConfig h9 = gen::heuristic(GemmProblem::make(2446, 9, 27, 71, DType::f64), kDev, 16);
  CHECK(h9.mma == 0);
  CHECK(h9.mats % 2 == 0);
  CHECK(gen::heuristic(GemmProblem::make(41082, 35, 35, 35, DType::f32), kDev, 16).mats == 4);  // 39 KB
  // f32 matrices up to 100 KB (A and B) take one-matrix slabs; past it, sides from 48 to 120
  // a tile of the sides rounded up to 8 (8 x 8 a thread, four stages); 128x127x128 keeps 128 x 128
  // (an odd K: 128^3 itself takes the DMMA tile, see "f32 on the FP64 tensor cores").
  const KernelConfig s68 = gen::heuristic(GemmProblem::make(3531, 68, 115, 112, DType::f32), kDev, 16);
  CHECK((s68.family == Family::slab && s68.mats == 1 && s68.tma == 1));
  CHECK(gen::heuristic(GemmProblem::make(3531, 68, 115, 112, DType::f64), kDev, 16).family == Family::tiled);
  // Those FMA tiles are f32's without the FP64 tensor cores (sm_80 here); on sm_90 both take
  // DMMA tiles (f32_dmma_tile, see "f32 on the FP64 tensor cores").
  DeviceInfo ampere = kDev;
  ampere.cc_major = 8;
  CHECK(gen::heuristic(GemmProblem::make(1581, 70, 400, 75, DType::f32), ampere, 16).to_string() ==
        "tiled,t=90,minb=1,bm=72,bn=80,bk=8,vec=4,rm=8,rn=8,grid=0,st=4");
  const KernelConfig t128 = gen::heuristic(GemmProblem::make(2730, 128, 127, 128, DType::f32), ampere, 16);
  CHECK((t128.bm == 128 && t128.bn == 128 && t128.st == 0));
  CHECK(gen::heuristic(GemmProblem::make(1581, 70, 400, 75, DType::f32), kDev, 16).mma == 1);
  CHECK(gen::heuristic(GemmProblem::make(2730, 128, 127, 128, DType::f32), kDev, 16).mma == 1);
  // Every choice is valid for its problem, whatever the batch (a batch of 1 included).
  for (std::int64_t side : {20, 23, 27, 31, 40, 47, 64})
    for (DType t : {DType::f32, DType::f64})
      for (std::int64_t batch : {1, 7, 100000}) {
        const GemmProblem p = GemmProblem::make(batch, side, side + 3, side, t).normalized();
        const KernelConfig h = gen::heuristic(p, kDev, 16);
        CAPTURE(p.to_string());
        CAPTURE(h.to_string());
        CHECK_FALSE(gen::check(p, h, kDev, 16));
      }
  // f64 sides a DMMA tile covers snugly stay on its tiles; 24x40x36 takes the slab on the
  // tensor cores (a warp for each 16 rows); 48^3 (a 64-wide tile pads it by a third, rows of
  // 48 doubles conflict in the slab) the 48 x 48 DMMA tile, 40^3 (fewer rows) the slab.
  CHECK(gen::heuristic(GemmProblem::make(30000, 30, 30, 30, DType::f64), kDev, 16).mma == 1);
  CHECK(gen::heuristic(GemmProblem::make(100, 56, 40, 56, DType::f64), kDev, 16).mma == 1);
  const KernelConfig f48 = gen::heuristic(GemmProblem::make(10000, 48, 48, 48, DType::f64), kDev, 16);
  CHECK((f48.family == Family::tiled && f48.mma == 1 && f48.bm == 48 && f48.bn == 48 && f48.st == 4));
  const KernelConfig f40 = gen::heuristic(GemmProblem::make(7812, 40, 40, 40, DType::f64), kDev, 16);
  CHECK((f40.family == Family::slab && f40.mma == 1 && f40.tma != 0));
  // B's reads conflicted under 40 KB, M from 41: 105x22x40 takes the 112 x 40 DMMA tile.
  const KernelConfig f105 = gen::heuristic(GemmProblem::make(5074, 105, 22, 40, DType::f64), kDev, 16);
  CHECK((f105.family == Family::tiled && f105.mma == 1 && f105.bm == 112 && f105.bn == 40));
  // The staged 64 x 64 tile steps K by 8 where K is not a multiple of 16: there the snug 64 x
  // 56 tile takes 56^3 and 55x104x51 (padded 1.14-1.31 times less); with K a multiple of 16
  // (55x128x55) the 1.5 bound keeps the 64 x 64 tile.
  for (auto [m, k, n] : {std::array<std::int64_t, 3>{56, 56, 56}, {55, 104, 51}}) {
    const KernelConfig s = gen::heuristic(GemmProblem::make(3000, m, k, n, DType::f64), kDev, 16);
    CAPTURE(s.to_string());
    CHECK((s.family == Family::tiled && s.mma == 1 && s.bm == 64 && s.bn == 56 && s.bk == 8 && s.st == 4));
  }
  const KernelConfig f55 = gen::heuristic(GemmProblem::make(2192, 55, 128, 55, DType::f64), kDev, 16);
  CHECK((f55.family == Family::tiled && f55.mma == 1 && f55.bm == 64 && f55.bn == 64 && f55.bk == 16));
  // One-matrix f64 slabs on the tensor cores with both sides past 64 (up to 62 KB): two
  // buffers on a persistent grid; with a side of 64 or less, one buffer.
  const KernelConfig f102 = gen::heuristic(GemmProblem::make(3017, 102, 27, 75, DType::f64), kDev, 16);
  CHECK((f102.family == Family::slab && f102.mma == 1 && f102.st == 2 && f102.grid == 1 && f102.mats == 1));
  const KernelConfig f68 = gen::heuristic(GemmProblem::make(5183, 68, 30, 53, DType::f64), kDev, 16);
  CHECK((f68.family == Family::slab && f68.mma == 1 && f68.st == 0 && f68.grid == 0));
  CHECK(gen::heuristic(GemmProblem::make(20000, 24, 40, 36, DType::f64), kDev, 16).to_string() ==
        "slab,t=64,minb=1,mats=1,vec=2,rm=1,rn=3,grid=0,cs=1,tma=2,mma=1");
  // No bulk copies without sm_90, 16-byte pointers or packed operands.
  CHECK(gen::heuristic(GemmProblem::make(41082, 33, 33, 33, DType::f32), ampere, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(41082, 33, 33, 33, DType::f32), kDev, 8).tma == 0);
  GemmProblem padded = GemmProblem::make(41082, 33, 33, 33, DType::f32);
  padded.ldc = 40;
  CHECK(gen::heuristic(padded.normalized(), kDev, 16).tma == 0);
  // Down to 10^3 of work a matrix in f32 and 2000 in f64 (M and N from 9); smaller products,
  // and outputs 8 wide, keep the slabs the threads stage.
  CHECK(gen::heuristic(GemmProblem::make(174762, 16, 16, 16, DType::f32), kDev, 16).tma != 0);
  CHECK(gen::heuristic(GemmProblem::make(250000, 10, 10, 10, DType::f32), kDev, 16).tma != 0);
  CHECK(gen::heuristic(GemmProblem::make(125000, 10, 10, 10, DType::f64), kDev, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(51939, 13, 14, 20, DType::f64), kDev, 16).tma != 0);
  CHECK(gen::heuristic(GemmProblem::make(699050, 8, 8, 8, DType::f32), kDev, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(68933, 8, 64, 8, DType::f32), kDev, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(79365, 9, 48, 9, DType::f32), kDev, 16).tma != 0);
  CHECK(gen::heuristic(GemmProblem::make(1000000, 3, 25, 1, DType::f64), kDev, 16).tma == 0);
  // Sides up to 8 with reductions past 64 take the bulk layout (its runs copied by the TMA
  // unit or, where they are whole sectors, by the threads); up to 64 they stay with the
  // threads' slabs (8x64x8, 4x64x4 f64 and 7x62x5 f32 included).
  for (auto [m, k, n] : {std::array<int, 3>{5, 80, 7}, {6, 71, 6}, {3, 65, 6}, {8, 95, 3}, {2, 90, 2}})
    for (DType t : {DType::f32, DType::f64}) {
      const GemmProblem p = GemmProblem::make(50000, m, k, n, t).normalized();
      const KernelConfig h = gen::heuristic(p, kDev, 16);
      CAPTURE(p.to_string());
      CHECK((h.family == Family::slab && h.tma != 0 && h.cs == 1));
      CHECK_FALSE(gen::check(p, h, kDev, 16));
    }
  for (auto [m, k, n] : {std::array<int, 3>{8, 64, 8}, {4, 64, 4}, {7, 62, 5}, {6, 56, 4}})
    for (DType t : {DType::f32, DType::f64})
      CHECK(gen::heuristic(GemmProblem::make(50000, m, k, n, t), kDev, 16).tma == 0);
  // f32 matrix-vector products keep the threads' slabs below K = 96; f64 ones do not.
  CHECK(gen::heuristic(GemmProblem::make(300000, 4, 68, 1, DType::f32), kDev, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(300000, 4, 95, 1, DType::f32), kDev, 16).tma == 0);
  CHECK(gen::heuristic(GemmProblem::make(300000, 4, 96, 1, DType::f32), kDev, 16).tma != 0);
  CHECK(gen::heuristic(GemmProblem::make(130000, 3, 90, 1, DType::f64), kDev, 16).tma != 0);
}

TEST_CASE("heuristic: bulk-layout slabs in up to 128 threads copy their runs by the threads (tma = 2) with K of 4-14, or to 128 where the runs are whole sectors") {
  // The rule's family: the threads' cp.async of the aligned runs, one buffer, C staged.
  for (auto [b, m, k, n, t] : {std::tuple{250000, 10, 10, 10, DType::f32}, {127551, 14, 14, 14, DType::f32},
                               {104166, 20, 8, 20, DType::f32}, {63775, 14, 14, 14, DType::f64},
                               {34090, 40, 14, 10, DType::f64}}) {
    const GemmProblem p = GemmProblem::make(b, m, k, n, t).normalized();
    const KernelConfig c = gen::heuristic(p, kDev, 16);
    CAPTURE(c.to_string());
    CHECK((c.family == Family::slab && c.tma == 2 && c.cs == 1 && c.st == 0 && !c.mma && c.threads <= 128));
    CHECK_FALSE(gen::check(p, c, kDev, 16));
    // Every batch size keeps it valid: a last, partial slab and slabs near the end of the
    // operands are staged by the threads.
    for (std::int64_t batch : {1, 2, 3, 17, 1001})
      CHECK_FALSE(gen::check(GemmProblem::make(batch, m, k, n, t).normalized(), c, kDev, 16));
  }
  // Past K of 14 where each slab's runs of A and B are whole 32-byte sectors; where they are
  // not, the bulk copies (tma = 1).
  for (auto [b, m, k, n, t] : {std::tuple{99734, 12, 20, 16, DType::f32}, {79365, 9, 48, 9, DType::f32},
                               {53648, 9, 30, 11, DType::f64},
                               {22536, 8, 100, 8, DType::f64}}) {
    const GemmProblem p = GemmProblem::make(b, m, k, n, t).normalized();
    const KernelConfig c = gen::heuristic(p, kDev, 16);
    CAPTURE(c.to_string());
    CHECK((c.family == Family::slab && c.tma == 2 && c.st == 0 && c.threads <= 128));
    CHECK((c.mats * m * k * p.esize()) % 32 == 0);
    CHECK((c.mats * k * n * p.esize()) % 32 == 0);
    CHECK_FALSE(gen::check(p, c, kDev, 16));
    for (std::int64_t batch : {1, 2, 3, 17, 1001})
      CHECK_FALSE(gen::check(GemmProblem::make(batch, m, k, n, t).normalized(), c, kDev, 16));
  }
  for (auto [b, m, k, n, t] : {std::tuple{156576, 5, 19, 16, DType::f32}, {71582, 25, 25, 25, DType::f32},
                               {35791, 25, 25, 25, DType::f64}}) {
    const GemmProblem p = GemmProblem::make(b, m, k, n, t).normalized();
    const KernelConfig c = gen::heuristic(p, kDev, 16);
    CAPTURE(c.to_string());
    CHECK(c.family == Family::slab);
    CHECK(c.tma == 1);
    CHECK((c.mats * m * k * p.esize()) % 32 != 0);
  }
  // The tensor-core slabs alike with K of 24-128 (sides up to 48; 25^3 f64 above, two
  // matrices of 10000 bytes a run, keeps the bulk copies, and so does 18^3 f64, K under 24).
  const KernelConfig mma = gen::heuristic(GemmProblem::make(30000, 30, 30, 30, DType::f64), kDev, 16);
  CHECK((mma.family == Family::slab && mma.mma == 1 && mma.tma == 2 && mma.threads <= 128));
  CHECK((mma.mats * 30 * 30 * 8) % 32 == 0);
  CHECK_FALSE(gen::check(GemmProblem::make(30000, 30, 30, 30, DType::f64).normalized(), mma, kDev, 16));
  for (std::int64_t batch : {1, 2, 3, 17, 1001})
    CHECK_FALSE(gen::check(GemmProblem::make(batch, 30, 30, 30, DType::f64).normalized(), mma, kDev, 16));
  const KernelConfig mma18 = gen::heuristic(GemmProblem::make(38580, 18, 18, 18, DType::f64), kDev, 16);
  CHECK((mma18.family == Family::slab && mma18.mma == 1 && mma18.tma == 1));
  // A shared operand (not timed) and K past 128: the bulk copies.
  for (char shared : {'A', 'B'}) {
    GemmProblem p = GemmProblem::make(99734, 12, 20, 16, DType::f32);
    if (shared == 'A') p.broadcast_a(); else p.broadcast_b();
    const KernelConfig c = gen::heuristic(p.normalized(), kDev, 16);
    CAPTURE(c.to_string());
    CHECK((c.family == Family::slab && c.tma == 1));
  }
  CHECK(gen::heuristic(GemmProblem::make(30000, 8, 160, 8, DType::f32), kDev, 16).tma != 2);
  // Matrix-vector products (N = 1, M of 2-48, K of 15-96): the threads' copies, the slab's
  // matrix count multiplied where that makes its runs whole sectors (55187x39x33x1 f32: four
  // matrices of 5148 bytes of A, so eight); a shared operand keeps the bulk copies.
  for (auto [b, m, k, t] : {std::tuple{130000, 3, 90, DType::f64}, {55187, 39, 33, DType::f32},
                            {17225, 32, 65, DType::f64}, {85130, 48, 17, DType::f32}}) {
    const GemmProblem p = GemmProblem::make(b, m, k, 1, t).normalized();
    const KernelConfig c = gen::heuristic(p, kDev, 16);
    CAPTURE(c.to_string());
    CHECK((c.family == Family::slab && c.tma == 2 && c.cs == 1 && c.st == 0 && !c.mma));
    CHECK((c.mats * m * k * p.esize()) % 32 == 0);
    CHECK((c.mats * k * p.esize()) % 32 == 0);
    CHECK(c.threads >= c.mats * ((m + c.rm - 1) / c.rm));
    CHECK_FALSE(gen::check(p, c, kDev, 16));
    for (std::int64_t batch : {1, 2, 3, 17, 1001})
      CHECK_FALSE(gen::check(GemmProblem::make(batch, m, k, 1, t).normalized(), c, kDev, 16));
  }
  CHECK(gen::heuristic(GemmProblem::make(55187, 39, 33, 1, DType::f32), kDev, 16).mats == 8);
  // K past 96 keeps the bulk copies (15809x20x112x1 f64 ran 0.89x on the threads' copies).
  CHECK(gen::heuristic(GemmProblem::make(15809, 20, 112, 1, DType::f64), kDev, 16).tma == 1);
  for (char shared : {'A', 'B'}) {
    GemmProblem p = GemmProblem::make(55187, 39, 33, 1, DType::f32);
    if (shared == 'A') p.broadcast_a(); else p.broadcast_b();
    CHECK(gen::heuristic(p.normalized(), kDev, 16).tma != 2);
  }
  const KernelConfig wide = gen::heuristic(GemmProblem::make(33921, 38, 5, 47, DType::f32), kDev, 16);
  CHECK((wide.threads > 128 && wide.tma == 1));
  // tma = 2 takes one buffer and the bulk copies' requirements.
  KernelConfig two = gen::heuristic(GemmProblem::make(250000, 10, 10, 10, DType::f32), kDev, 16);
  const GemmProblem p10 = GemmProblem::make(250000, 10, 10, 10, DType::f32).normalized();
  KernelConfig st2 = two;
  st2.st = 2, st2.grid = 4;
  CHECK(gen::check(p10, st2, kDev, 16).has_value());
  CHECK(gen::check(p10, two, kDev, 8).value_or("").find("tma = 2 needs 16-byte aligned pointers") != std::string::npos);
  KernelConfig three = two;
  three.tma = 3;
  CHECK(gen::check(p10, three, kDev, 16).has_value());
  CHECK(gen::kernel_name(p10, two).find("_tmt") != std::string::npos);
}

TEST_CASE("search space: every one-buffer bulk-layout slab also with its runs copied by the threads (tma = 2)") {
  // For each tma = 1 candidate of one buffer, FMA and tensor-core slabs alike, the same
  // config with tma = 2 is proposed (both are legal); tma = 2 never with two buffers.
  const GemmProblem ps[] = {GemmProblem::make(1000000, 3, 5, 1, DType::f32), GemmProblem::make(41082, 33, 33, 33, DType::f32),
                            GemmProblem::make(35791, 25, 25, 25, DType::f64), GemmProblem::make(1789569, 5, 5, 5, DType::f32)};
  for (const GemmProblem& raw : ps) {
    const GemmProblem p = raw.normalized();
    CAPTURE(p.to_string());
    const auto all = gen::candidates(p, kDev, 16, 100000);
    std::set<std::string> names;
    for (const auto& c : all) names.insert(c.config.to_string());
    int bulk = 0, paired = 0, threads_copy = 0;
    for (const auto& c : all) {
      if (c.config.tma == 2) {
        ++threads_copy;
        CHECK(c.config.st == 0);
      }
      if (c.config.tma != 1 || c.config.st != 0) continue;
      ++bulk;
      KernelConfig t = c.config;
      t.tma = 2;
      paired += names.count(t.to_string()) ? 1 : 0;
    }
    CHECK(bulk > 0);
    CHECK(threads_copy > 0);
    // The ladder's own-count variant (tma = 1 only) is the one kind left unpaired.
    CHECK(paired >= bulk * 3 / 4);
  }
  // None below sm_90 (the bulk layout and C's bulk store need it).
  DeviceInfo ampere = kDev;
  ampere.cc_major = 8;
  const auto amp = gen::candidates(GemmProblem::make(41082, 33, 33, 33, DType::f32).normalized(), ampere, 16, 100000);
  CHECK(std::none_of(amp.begin(), amp.end(), [](const gen::Candidate& c) { return c.config.tma != 0; }));
}

TEST_CASE("search space: staged tiles in three and four stages, and on a persistent grid where a CTA gets work") {
  // 128^3 f64: 2 tiles a matrix, 2730 work items, far more than 4 per CTA of a
  // persistent grid of minb CTAs an SM: persistent variants of two-CTA tiles are proposed.
  auto has = [](const std::vector<gen::Candidate>& cs, auto pred) {
    return std::any_of(cs.begin(), cs.end(), [&](const gen::Candidate& c) { return pred(c.config); });
  };
  const auto big = gen::candidates(GemmProblem::make(1365, 128, 128, 128, DType::f64).normalized(), kDev, 16, 100000);
  CHECK(has(big, [](const KernelConfig& c) { return c.family == Family::tiled && c.st == 4 && c.grid == 0; }));
  CHECK(has(big, [](const KernelConfig& c) { return c.family == Family::tiled && c.st == 3 && c.grid > 0 && c.grid == c.minb; }));
  CHECK_FALSE(has(big, [](const KernelConfig& c) { return c.family == Family::tiled && c.grid > 0 && c.minb == 1; }));
  CHECK_FALSE(has(big, [](const KernelConfig& c) { return c.k8 != 0; }));  // reachable by forcing only
  // A batch of 3: too few work items for a persistent grid of tiles.
  const auto few = gen::candidates(GemmProblem::make(3, 128, 128, 128, DType::f64).normalized(), kDev, 16, 100000);
  CHECK_FALSE(has(few, [](const KernelConfig& c) { return c.family == Family::tiled && c.grid > 0; }));
}

TEST_CASE("heuristic: the threads' slabs take two matrices where two fit 24 KB, and never split K") {
  for (const GemmProblem& raw : {GemmProblem::make(34466, 8, 64, 8, DType::f64), GemmProblem::make(45072, 8, 48, 8, DType::f64),
                                 GemmProblem::make(35511, 8, 128, 8, DType::f32), GemmProblem::make(46641, 6, 64, 6, DType::f64)}) {
    const GemmProblem p = raw.normalized();
    const KernelConfig h = gen::heuristic(p, kDev, 16);
    CAPTURE(h.to_string());
    CHECK(h.family == Family::slab);
    CHECK(h.mats >= 2);
    CHECK(h.ks == 1);
  }
  // Past 12 KB a matrix (8x128x8 f64: 16 KB), one matrix a CTA, still whole.
  const KernelConfig one = gen::heuristic(GemmProblem::make(17755, 8, 128, 8, DType::f64).normalized(), kDev, 16);
  CHECK(one.mats == 1);
  CHECK(one.ks == 1);
}

TEST_CASE("tuner seeds: each one-buffer bulk-layout slab brings its twin of the other copy engine") {
  const KernelConfig bulk = KernelConfig::parse("slab,t=160,minb=1,mats=156,vec=4,rm=3,rn=1,grid=0,tma=1");
  const KernelConfig threads = KernelConfig::parse("slab,t=160,minb=1,mats=156,vec=4,rm=3,rn=1,grid=0,tma=2");
  const KernelConfig two = KernelConfig::parse("slab,t=128,minb=1,mats=1,vec=4,rm=8,rn=4,grid=3,st=2,cs=1,tma=1");
  const KernelConfig plain = KernelConfig::parse("slab,t=128,minb=1,mats=64,vec=4,rm=1,rn=1,grid=0");
  const KernelConfig tile = KernelConfig::parse("tiled,t=64,minb=1,bm=32,bn=32,bk=8,vec=4,rm=8,rn=2,grid=0,st=3");
  CHECK(detail::with_copy_twins({bulk}) == std::vector<KernelConfig>{bulk, threads});
  CHECK(detail::with_copy_twins({threads}) == std::vector<KernelConfig>{threads, bulk});
  // Two buffers (tma = 2 takes one), no bulk layout, tiles: no twin.
  CHECK(detail::with_copy_twins({two, plain, tile}) == std::vector<KernelConfig>{two, plain, tile});
  // Both listed: each once, in the order given.
  CHECK(detail::with_copy_twins({plain, threads, bulk}) == std::vector<KernelConfig>{plain, threads, bulk});
  CHECK(detail::with_copy_twins({bulk, bulk}) == std::vector<KernelConfig>{bulk, threads});
}

TEST_CASE("tuner seeds: right after the heuristic, in order; listed ones move up, illegal ones stay out") {
  const GemmProblem p = GemmProblem::make(20000, 7, 19, 5, DType::f32).normalized();
  const std::vector<gen::Candidate> all = gen::candidates(p, kDev, 16, 100000);
  REQUIRE(all.size() > 200);
  std::vector<gen::Candidate> c(all.begin(), all.begin() + 64);
  const KernelConfig listed = all[40].config, unlisted = all[all.size() / 2].config, heur = all[0].config;
  KernelConfig illegal = unlisted;
  illegal.threads = 4096;  // past what a CTA may have
  REQUIRE(gen::check(p, illegal, kDev, 16));
  detail::place_seeds(c, {unlisted, listed, heur, illegal}, p, kDev, 16);
  REQUIRE(c.size() == 65);  // the unlisted seed added, nothing else
  CHECK(c[0].config == heur);
  CHECK(c[1].config == unlisted);
  CHECK(c[2].config == listed);
  CHECK(c[3].config == all[1].config);  // the rest keep their order
  CHECK(c[41].config == all[39].config);
  CHECK(c[42].config == all[41].config);
  CHECK(c[1].predicted_s > 0);
  CHECK(std::none_of(c.begin(), c.end(), [&](const gen::Candidate& x) { return x.config == illegal; }));
  // A repeated seed changes nothing; no candidates, nothing to seed after.
  const std::vector<gen::Candidate> before = c;
  detail::place_seeds(c, {unlisted, unlisted}, p, kDev, 16);
  REQUIRE(c.size() == before.size());
  CHECK(std::equal(c.begin(), c.end(), before.begin(),
                   [](const gen::Candidate& x, const gen::Candidate& y) { return x.config == y.config; }));
  std::vector<gen::Candidate> none;
  detail::place_seeds(none, {unlisted}, p, kDev, 16);
  CHECK(none.empty());
}

TEST_CASE("heuristic and search space: f32 on the FP64 tensor cores where rows are whole 16-byte units, or past 64 a side") {
  // The heuristic gives f32 the DMMA tile f64 would take (vec 4) with sides of 40-256, K
  // from 16 and every row of A and B a whole number of 16-byte units. With an odd K or N or a
  // shared operand only where a side passes 64 (then f64's tile, else a 64 x 64 tile), and
  // in place of an FMA slab only where the model puts the tile no slower. Otherwise the FMA
  // kernels: a side under 40 or past 256, 4-byte alignment, sm_80.
  auto h = [](std::int64_t b, std::int64_t m, std::int64_t k, std::int64_t n, const DeviceInfo& d = kDev,
              int align = 16) { return gen::heuristic(GemmProblem::make(b, m, k, n, DType::f32), d, align); };
  for (const auto& s : {std::array<std::int64_t, 4>{10922, 64, 64, 64}, {2730, 128, 128, 128}, {2000, 96, 96, 96},
                        {1017, 220, 208, 40}, {3521, 80, 16, 176}, {1628, 52, 88, 248}}) {
    const KernelConfig c = h(s[0], s[1], s[2], s[3]);
    CAPTURE(c.to_string());
    GemmProblem q = GemmProblem::make(s[0], s[1], s[2], s[3], DType::f64);
    KernelConfig f64 = gen::heuristic(q, kDev, 16);
    f64.vec = 4;
    CHECK(c.family == Family::tiled);
    CHECK(c.mma == 1);
    CHECK(c == f64);
    CHECK_FALSE(gen::check(GemmProblem::make(s[0], s[1], s[2], s[3], DType::f32).normalized(), c, kDev, 16));
  }
  DeviceInfo ampere = kDev;
  ampere.cc_major = 8;
  CHECK(h(10922, 64, 63, 64).mma == 0);     // odd K: rows copied a float at a time
  CHECK(h(10922, 64, 64, 66).mma == 0);     // N = 66: B's rows are not whole units
  CHECK(h(20000, 36, 36, 36).mma == 0);     // sides under 40
  CHECK(h(300, 260, 64, 260).mma == 0);     // a side past 256
  CHECK(h(10922, 64, 64, 64, ampere).mma == 0);
  CHECK(h(10922, 64, 64, 64, kDev, 4).mma == 0);
  GemmProblem shared = GemmProblem::make(10922, 64, 64, 64, DType::f32);
  shared.broadcast_b();
  CHECK(gen::heuristic(shared, kDev, 16).mma == 0);  // sides of 64: no tile for a shared operand
  // Past 64 a side: odd K and shared operands take DMMA tiles (H100, 2026-12-07: 1.06-2.28x
  // through dispatch where the FMA pick was a tile), f64's tile as given or 64 x 64 where f64
  // takes a slab; never regrouped rows, except as below.
  auto shared_h = [](std::int64_t b, std::int64_t m, std::int64_t k, std::int64_t n, char which) {
    GemmProblem q = GemmProblem::make(b, m, k, n, DType::f32);
    if (which == 'A') q.broadcast_a();
    if (which == 'B') q.broadcast_b();
    return gen::heuristic(q, kDev, 16);
  };
  for (const auto& c : {h(2730, 128, 127, 128), h(708, 90, 150, 120), shared_h(984, 132, 264, 41, 'A'),
                        shared_h(1381, 127, 35, 127, 'B')}) {
    CAPTURE(c.to_string());
    CHECK(c.family == Family::tiled);
    CHECK(c.mma == 1);
    CHECK(c.rows == 0);
  }
  CHECK(h(2730, 128, 127, 128).bm == 64);  // f64 takes a slab there: the 64 x 64 tile
  // B shared, where the tile as given pads the outputs by 5 % or more beyond the tall product's
  // tiles: the batch's rows as one tall product on the 64 x 64 DMMA tile (3007x66x92x106 1.70x
  // forced on the H100); where the padding is level, the tile as given (1381x127x35x127 B
  // shared, above; 450x191x61x230 0.96x forced).
  for (const auto& c : {shared_h(3007, 66, 92, 106, 'B'), shared_h(497, 201, 242, 205, 'B')}) {
    CAPTURE(c.to_string());
    CHECK(c.mma == 1);
    CHECK(c.bm == 64);
    CHECK(c.bn == 64);
  }
  CHECK(shared_h(3007, 66, 92, 106, 'B').rows == 3007 * 66);
  CHECK(shared_h(497, 201, 242, 205, 'B').rows == 497 * 201);
  CHECK(shared_h(450, 191, 61, 230, 'B').rows == 0);
  // Where the tile as given is not 64 x 64, the tall product while it pads 10 % more at most
  // (1791x40x248x101 on a 40 x 64 tile 1.33x forced, 855x71x289x123 on 72 x 64 1.24x); past
  // that, the tile as given (496x228x175x46 on 64 x 48 at 1.19 times the outputs 0.94x,
  // 856x131x145x78 on 32 x 80 at 1.31 0.84x; 1588x123x53x75 on 64 x 80 at 1.54 left out).
  for (const auto& [b, m, k, n] : {std::array<std::int64_t, 4>{1791, 40, 248, 101}, {855, 71, 289, 123},
                                   {1329, 71, 168, 97}, {1254, 45, 250, 193}}) {
    const KernelConfig c = shared_h(b, m, k, n, 'B');
    CAPTURE(c.to_string());
    CHECK(c.rows == b * m);
    CHECK(c.bm == 64);
    CHECK(c.bn == 64);
    CHECK(c.mma == 1);
  }
  // There the tall product on the tile as given where that drops 7 % of the padded outputs
  // (496x228x175x46 on 64 x 48 drops 11 %: 1.08x forced, 856x131x145x78 on 32 x 80 18 %:
  // 1.13x); under 7 %, the matrices as given (1588x123x53x75 on 64 x 80 drops 4 %;
  // 1309x62x163x145 on 64 x 32 3 % ran 0.85x stacked, 905x151x87x96 on 32 x 32 6 % 0.96x).
  for (const auto& [b, m, k, n] : {std::array<std::int64_t, 4>{496, 228, 175, 46}, {856, 131, 145, 78}}) {
    const KernelConfig c = shared_h(b, m, k, n, 'B');
    CAPTURE(c.to_string());
    CHECK(c.mma == 1);
    CHECK(c.rows == b * m);
    CHECK(c.bm * c.bn != 64 * 64);
  }
  for (const auto& [b, m, k, n] : {std::array<std::int64_t, 4>{1588, 123, 53, 75}, {1309, 62, 163, 145},
                                   {905, 151, 87, 96}}) {
    const KernelConfig c = shared_h(b, m, k, n, 'B');
    CAPTURE(c.to_string());
    CHECK(c.mma == 1);
    CHECK(c.rows == 0);
    CHECK(c.bm * c.bn != 64 * 64);
  }
  // An FMA slab the model puts ahead of the tile stays (3351x56x23x97 ran 0.81x on the tile,
  // 3400x108x42x95 bcastA 0.75x); where it puts the tile ahead, the tile (2342x62x28x123 1.32x).
  CHECK(h(3351, 56, 23, 97).family == Family::slab);
  CHECK(shared_h(3400, 108, 42, 95, 'A').family == Family::slab);
  CHECK(h(2342, 62, 28, 123).mma == 1);
  // The search space proposes f32 DMMA tiles where the rows allow or a side passes 64, none
  // with an odd K and sides up to 64, and no f32 slabs on the tensor cores (forced ones run).
  auto dmma = [](std::int64_t m, std::int64_t k, std::int64_t n, Family f) {
    int count = 0;
    for (const auto& c : gen::candidates(GemmProblem::make(1000, m, k, n, DType::f32), kDev, 16, 100000))
      count += c.config.mma && c.config.family == f;
    return count;
  };
  CHECK(dmma(64, 64, 64, Family::tiled) > 0);
  CHECK(dmma(64, 63, 64, Family::tiled) == 0);
  CHECK(dmma(77, 77, 77, Family::tiled) > 0);  // odd K past 64 a side
  CHECK(dmma(77, 77, 77, Family::slab) == 0);
  CHECK_FALSE(gen::check(GemmProblem::make(1000, 77, 77, 77, DType::f32).normalized(),
                         KernelConfig::parse("slab,t=160,minb=1,mats=1,vec=1,rm=1,rn=5,grid=0,cs=1,tma=1,mma=1"), kDev, 16));
}
