// Search space and cost model of the autotuner.
#include "generator/search_space.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <map>
#include <numeric>
#include <set>

namespace tailor::gen {
namespace {

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

constexpr double kClock = 1.98e9;           // SM clock under load (H200), Hz
constexpr double kInflightPerSm = 40e3;     // bytes in flight per SM that saturate HBM3e
constexpr double kLaunch = 3e-6;            // fixed cost of a launch, s
constexpr double kL2BytesPerS = 10e12;      // L2 read bandwidth (approximate)

}  // namespace

double useful_fraction(const GemmProblem& problem, const KernelConfig& c) {
  if (reshapes(c)) return useful_fraction(run_problem(problem, c), run_config(c));
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  if (c.family == Family::slab && c.mma) {  // blocks of 16 x 16, 4-deep k steps, warps idle in the last round
    const double um = ceil_div(ceil_div(p.m, 16), c.rm), un = ceil_div(ceil_div(p.n, 16), c.rn);
    const double units = c.mats * um * un, warps = c.threads / 32, rounds = std::ceil(units / warps);
    return (static_cast<double>(p.m) * p.n * p.k) / (um * c.rm * 16 * un * c.rn * 16 * ceil_div(p.k, 4) * 4) *
           (units / (rounds * warps));
  }
  if (c.family == Family::slab) {
    const double tm = ceil_div(p.m, c.rm), tn = ceil_div(p.n, c.rn);
    const double units = c.mats * tm * tn, rounds = std::ceil(units / c.threads);
    return (static_cast<double>(p.m) * p.n) / (tm * c.rm * tn * c.rn) * (units / (rounds * c.threads));
  }
  if (c.family == Family::tiled) {
    const double tiles = ceil_div(p.m, c.bm) * ceil_div(p.n, c.bn), chunks = ceil_div(p.k, c.bk);
    return (static_cast<double>(p.m) * p.n * p.k) / (tiles * c.bm * c.bn * chunks * c.bk);
  }
  return 1.0;
}

double predict_seconds(const GemmProblem& problem, const KernelConfig& c, const DeviceInfo& d, double copy_bw) {
  if (reshapes(c)) return predict_seconds(run_problem(problem, c), run_config(c), d, copy_bw);
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  const double sms = std::max(1, d.sm_count);
  const double esz = static_cast<double>(p.esize());
  const double smem = static_cast<double>(smem_bytes(p, c));
  const double smem_sm = d.smem_per_sm > 0 ? d.smem_per_sm : 228.0 * 1024;
  // Registers per thread the kernel needs (an estimate from its accumulators and the
  // operands of one step), and resident CTAs per SM: shared memory, threads, registers.
  const double w = esz / 4.0;
  double regs;
  if (c.family == Family::slab && c.mma) regs = mma_slab_registers(c.rm, c.rn);
  else if (c.family == Family::slab) regs = 32 + (c.rm * c.rn + 2.0 * (c.rm + c.rn) * std::min<double>(4, 16 / esz)) * w;
  else if (c.mma)  // 4 registers an 8x8 accumulator tile; 3 per fragment of each k step held
    regs = 40 + 4.0 * c.rm * c.rn + 3.0 * (c.rm + c.rn) * (c.ku ? 1 : std::max(1, c.bk / 4));
  else regs = 40 + (c.rm * c.rn + c.rm + c.rn) * w + 8;
  regs = std::min(255.0, regs);
  double resident = std::min({smem_sm / (smem + 1024.0), static_cast<double>(d.max_threads_per_sm) / c.threads,
                              65536.0 / (std::ceil(regs / 8) * 8 * c.threads), 32.0});
  double spill_penalty = 1.0;
  if (c.minb > 1) {
    const double cap = 65536.0 / (c.minb * c.threads);
    if (cap < regs) spill_penalty = 1.0 + (regs - cap) / regs;  // the compiler will spill
    resident = std::max(resident, std::min<double>(c.minb, smem_sm / (smem + 1024.0)));
  }
  resident = std::max(1.0, std::floor(resident));
  double work_items, bytes_per_item, fma_per_item, reads_per_item, useful, l2_bytes = 0, staging_per_item = 0;
  if (c.family == Family::slab) {
    work_items = static_cast<double>(ceil_div(p.batch, c.mats));
    bytes_per_item = p.min_bytes() / work_items;
    if (c.mma) {
      // Per warp unit and 4-deep k step: 2 rm rn m16n8k4 (4 SM cycles each, in the tiled
      // model's units of 8) and 2 (rm + rn) 8-byte fragment reads of 2 wavefronts each
      // (twice that where the pitch allows no conflict-free slots).
      const double units = c.mats * ceil_div(ceil_div(p.m, 16), c.rm) * ceil_div(ceil_div(p.n, 16), c.rn);
      const double ksteps = ceil_div(p.k, 4);
      fma_per_item = units * ksteps * 2.0 * c.rm * c.rn * 8.0;
      const double conflicts = mma_perm(p, c, 'A') && mma_perm(p, c, 'B') ? 1.0 : 2.0;
      reads_per_item = units * ksteps * 2.0 * (c.rm + c.rn) * 2.0 * conflicts;
    } else {
      const double tm = ceil_div(p.m, c.rm), tn = ceil_div(p.n, c.rn);
      const double units = c.mats * tm * tn;
      const double rounds = std::ceil(units / c.threads);
      fma_per_item = rounds * c.threads * c.rm * c.rn * p.k / 32.0;  // warp instructions
      const SlabPads pads = slab_pads(p, c);
      const double sampled = std::min<double>(units, std::min(c.threads, 4 * 32));
      const double per_unit = slab_read_wavefronts(p, c, pads) / std::max(1.0, sampled) *
                              (static_cast<double>(p.k) / std::min<std::int64_t>(p.k, 64));
      reads_per_item = per_unit * rounds * c.threads;  // wavefronts ~ per-lane share of warp reads
    }
    // Staging by the threads passes every operand byte through the L1 twice (the global
    // load into registers, the store into shared memory); bulk copies (tma) do not.
    const double staged = static_cast<double>(c.mats) * esz *
                          ((p.bcast_a() ? 0.0 : p.m * p.k) + (p.bcast_b() ? 0.0 : static_cast<double>(p.k) * p.n));
    if (!c.tma) staging_per_item = 2.0 * staged / 128.0;
    useful = useful_fraction(p, c);
  } else {
    const double tiles = ceil_div(p.m, c.bm) * ceil_div(p.n, c.bn);
    work_items = static_cast<double>(p.batch) * tiles;
    bytes_per_item = p.min_bytes() / work_items;
    const double chunks = ceil_div(p.k, c.bk);
    const int w = static_cast<int>(16 / p.esize());
    if (c.mma) {
      // Per warp and 4-deep k step: rm x rn 8x8 tiles, rm + rn fragment loads. An 8x8x4 tile
      // costs the SM 2 cycles on sm_90's m16n8k4 (row pairs; measured 66 TFLOP/s on the
      // H200) and 4 on m8n8k4 (33 TFLOP/s; an odd row, and every tile before sm_90).
      const double warps = c.threads / 32.0, ksteps = chunks * c.bk / 4.0;
      const double tiles8 = d.cc_major >= 9 ? (c.rm + c.rm % 2) * c.rn : 2.0 * c.rm * c.rn;
      fma_per_item = warps * ksteps * tiles8 * 256.0 / 32.0 / 2.0;  // 4 units: 2 cycles
      // A warp's fragment read: two wavefronts of doubles; of floats one, and its widening
      // to f64, counted as one more.
      reads_per_item = warps * ksteps * (c.rm + c.rn) * 2.0;
    } else {
      // A micro-tile side is read fma_read_width elements at a time (a side of 6 in f32: three
      // 8-byte reads).
      const double reads = c.rm / fma_read_width(c.rm, w) + c.rn / fma_read_width(c.rn, w);
      // f32's FFMA issue counts 1.6 times: against every kept timing the model put f32 FMA
      // tiles at 0.62-0.68 of their measured time (bench/NOTES.md, "The cost model against
      // every kept timing"), and ranked them above slabs and DMMA tiles that ran faster.
      // Through dispatch on the H100 (2026-12-07, bench/results/final-1207/call1, f32 with B
      // shared and sides of 9-64, 23 shapes whose pick it moves): 0.69-1.66x, geomean 1.24x
      // (4327x54x45x62 35 -> 57 % of copy, 34435x11x31x35 48 -> 75 %; the one loss,
      // 9061x31x36x53, a slab the model puts 1.5 times too slow left for 13-row matrices).
      fma_per_item = c.threads * c.rm * c.rn * chunks * c.bk / 32.0 * (p.esize() == 4 ? 1.6 : 1.0);
      reads_per_item = c.threads / 32.0 * chunks * c.bk * reads * 2.0;
    }
    useful = useful_fraction(p, c);
    // Each tile re-reads its rows of A and columns of B: traffic the L2 must serve.
    l2_bytes = static_cast<double>(p.batch) * esz *
               (ceil_div(p.n, c.bn) * static_cast<double>(p.m) * p.k + ceil_div(p.m, c.bm) * static_cast<double>(p.k) * p.n);
  }
  const double waves = std::ceil(work_items / (sms * resident));
  const double tail = waves * sms * resident / work_items;  // >= 1: the last wave's idle share
  const double inflight = resident * std::min(bytes_per_item, 64.0 * 1024) * 0.5;
  const double bw = copy_bw * std::min(1.0, inflight / kInflightPerSm);
  const double t_mem = p.min_bytes() / bw;
  // Issue: below 16 resident warps per SM (4 per scheduler) the shared-memory latency of the
  // compute loop is no longer hidden.
  const double warps_sm = resident * c.threads / 32.0;
  const double latency = std::max(1.0, 16.0 / warps_sm);
  const double t_fma = work_items * fma_per_item / (sms * 4.0 * kClock) * (esz == 8 || c.mma ? 2.0 : 1.0) * latency;
  const double t_smem = work_items * (reads_per_item * latency + staging_per_item) / (sms * kClock);
  const double t_l2 = l2_bytes / kL2BytesPerS;
  // Wasted work slows the issue-bound terms; a mild preference for fuller CTAs breaks ties.
  const double waste = 1.0 + 0.05 * (1.0 - std::min(1.0, useful));
  const double t_issue = std::max(t_fma / std::max(0.25, useful), t_smem);
  double t = std::max({t_mem, t_issue, t_l2});
  return t * std::min(tail, 2.0) * spill_penalty * waste + kLaunch;
}

namespace {
std::vector<Candidate> candidates_of(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, std::size_t limit,
                                     bool regroups);
}  // namespace

std::vector<Candidate> candidates(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, std::size_t limit) {
  return candidates_of(problem, d, align_bytes, limit, true);
}

namespace {
std::vector<Candidate> candidates_of(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, std::size_t limit,
                                     bool regroups) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  const std::int64_t esz = p.esize();
  std::vector<KernelConfig> all;
  // (Inside a regrouping's own list, the heuristic for those matrices as they are: its
  // candidates are labelled with that regrouping's rows.)
  all.push_back(regroups ? heuristic(p, d, align_bytes) : heuristic_as_given(p, d, align_bytes));
  // The batch's rows regrouped (KernelConfig::rows): the best 24 candidates of each of the
  // three regroupings the cost model ranks first (one tall product among them where it is
  // one of those), so that tuning weighs them against the matrices as given.
  if (regroups) {
    const auto options = regroup_options(p, d, align_bytes);
    for (std::size_t i = 0; i < options.size() && i < 3; ++i)
      for (const Candidate& x : candidates_of(run_problem(p, options[i].config), d, align_bytes, 24, false)) {
        KernelConfig c = x.config;
        c.rows = options[i].config.rows, c.tr = options[i].config.tr, c.cols = options[i].config.cols;
        if (c.cols && c.family != Family::tiled) continue;  // column groups run on tiles only
        all.push_back(c);
      }
    // A column-major C written as the row-major C^T of the transpose (tr = 1): its best 24.
    if (p.layout_c == Layout::col)
      for (const Candidate& x : candidates_of(transposed(p), d, align_bytes, 24, false)) {
        KernelConfig c = x.config;
        c.tr = 1;
        all.push_back(c);
      }
  }
  const int max_vec = static_cast<int>(std::min<std::int64_t>(16 / esz, align_bytes / esz));
  // Slab family: matrices per CTA from a ladder of slab sizes; threads; micro-tiles; vector
  // width; CTAs per SM.
  const std::int64_t per_mat = (p.bcast_a() ? 0 : p.m * p.k) + (p.bcast_b() ? 0 : p.k * p.n);
  if (slab_output(p)) {
    std::set<int> mats_set;
    for (int kb : {2, 4, 8, 12, 16, 24, 32, 48, 64, 96}) {
      const std::int64_t m = per_mat == 0 ? 64 : std::max<std::int64_t>(1, kb * 1024 / (per_mat * esz));
      mats_set.insert(static_cast<int>(std::min<std::int64_t>({m, p.batch, 8192})));
    }
    // Micro-tile sides: powers of two, and the divisors of the side from 3 to 16, so that
    // odd sides (25 = 5 x 5, 33 = 3 x 11, 65 = 5 x 13) are covered without padded outputs;
    // where both sides divide, up to 36 outputs a thread (3 x 11: more FMAs per
    // shared-memory read), 72 in f32 (7 x 7, 9 x 5, 13 x 5).
    auto sides = [](std::int64_t dim) {
      std::set<int> s{1, 2, 4, 8};
      for (int d = 3; d <= 16; ++d)
        if (dim % d == 0) s.insert(d);
      return s;
    };
    const int max_exact = esz == 4 ? 72 : 36;
    // Two buffers on a persistent grid: as many CTAs per SM as shared memory and threads allow.
    auto two_buffer_grid = [&](const KernelConfig& c) {
      const double smem2 = static_cast<double>(smem_bytes(p, c)) + 1024.0;
      const double smem_sm = d.smem_per_sm > 0 ? d.smem_per_sm : 228.0 * 1024;
      return static_cast<int>(std::min({8.0, std::floor(smem_sm / smem2),
                                        std::floor(static_cast<double>(d.max_threads_per_sm) / c.threads)}));
    };
    std::set<std::pair<int, int>> tiles;
    for (int rm : sides(p.m))
      for (int rn : sides(p.n))
        if (rm <= p.m && rn <= p.n && (rm * rn <= 32 || (rm * rn <= max_exact && p.m % rm == 0 && p.n % rn == 0)) &&
            (rm == 1 || rm <= p.m / 2 || rm == p.m) &&
            (rn == 1 || rn <= p.n / 2 || rn == p.n))
          tiles.insert({rm, rn});
    for (int mats0 : mats_set)
      for (int vec = max_vec; vec >= 1 && vec >= max_vec / 2; vec /= 2) {
        // Round mats up so every slab starts vector-aligned.
        std::int64_t step = 1;
        for (auto [packed, e] : {std::pair{p.packed_a(), p.m * p.k}, std::pair{p.packed_b(), p.k * p.n}})
          if (packed) step = std::lcm(step, vec / std::gcd<std::int64_t>(e, vec));
        const int mats = static_cast<int>(ceil_div(mats0, step) * step);
        for (auto [rm, rn] : tiles)
          for (int ks : {1, 2, 4, 8, 16}) {
            if (ks > 1 && p.k < 8 * ks) continue;  // a split needs a long reduction
            const std::int64_t units = mats * ceil_div(p.m, rm) * ceil_div(p.n, rn) * ks;
            // Power-of-two CTAs, and the CTA that fits the slab's units in whole warps (for
            // unit counts such as 3 x 81 = 243, which leave a power of two a third idle).
            std::set<int> thread_counts{64, 128, 256, 512};
            const std::int64_t fit = ceil_div(units, 32) * 32;
            if (fit >= 64 && fit <= std::min(1024, d.max_threads_per_block)) thread_counts.insert(static_cast<int>(fit));
            for (int threads : thread_counts)
              for (int minb : {1, 2, 4, 8}) {
                if (minb > 1 && minb * threads > d.max_threads_per_sm) continue;
                if (units < threads / 2 && threads > 64) continue;  // mostly idle threads
                if (ks > 1 && units > 4 * threads) continue;        // enough parallelism without it
                KernelConfig c;
                c.family = Family::slab;
                c.threads = threads, c.mats = mats, c.vec = vec, c.rm = rm, c.rn = rn, c.minb = minb, c.ks = ks;
                all.push_back(c);
                // The same with bulk copies (sm_90): the operands, and C staged in shared memory.
                if (minb == 1 && d.cc_major >= 9) {
                  KernelConfig t = c;
                  t.tma = 1;
                  all.push_back(t);
                  // The same runs copied by the threads' 16-byte cp.async (tma = 2, one
                  // buffer): on the H200 the TMA unit's one-dimensional copies held a
                  // streaming slab to 85-91 % of copy where cp.async reached 90-100 %, but
                  // which of the two wins a product depends on its reduction and CTA size.
                  KernelConfig tt = t;
                  tt.tma = 2;
                  all.push_back(tt);
                  t.cs = 1;
                  if (ks == 1) {
                    all.push_back(t);
                    tt.cs = 1;
                    all.push_back(tt);
                  }
                  // The ladder's own count where rounding changed it: bulk copies take the
                  // aligned runs around such slabs (65^3 f32: one matrix, 34 KB, where four
                  // make the runs whole at 135 KB).
                  if (ks == 1 && vec == max_vec && mats != mats0) {
                    KernelConfig o = t;
                    o.mats = mats0, o.vec = slab_vec_width(p, mats0, o.vec);
                    all.push_back(o);
                  }
                  // Both on a persistent grid with two buffers: the next slab's bulk copies
                  // in flight while the CTA computes the current one.
                  if (ks == 1)
                    for (int cs : {0, 1}) {
                      KernelConfig u = t;
                      u.cs = cs, u.st = 2;
                      u.grid = two_buffer_grid(u);
                      if (u.grid >= 1) all.push_back(u);
                    }
                }
                // A persistent grid (4 CTAs per SM walking the slabs) for the same knobs.
                if (minb == 1 && ks == 1) {
                  c.grid = 4;
                  all.push_back(c);
                  // The same with two buffers, the next slab fetched by cp.async during the
                  // compute: a grid of as many CTAs per SM as shared memory and threads allow.
                  if (d.cc_major >= 8) {
                    c.st = 2;
                    c.grid = two_buffer_grid(c);
                    if (c.grid >= 1) all.push_back(c);
                  }
                }
              }
          }
      }
  }
  // Slab family on the FP64 tensor cores (sm_90): 1 to 8 matrices a slab (up to 112 KB),
  // warps of rm x rn blocks of 16 x 16, a warp for each unit of the slab or fewer; staged by
  // the threads, or bulk-copied with one buffer or two (C staged or not). f64 only: f32 can
  // run these slabs (widened to f64) when forced, but on the H200 (2026-12-02) they lost to
  // the FMA picks on 9 of 11 odd shapes of sides 33-98 (0.69-0.99x: bulk-copied odd rows
  // leave the fragment reads in conflict) and on 77^3 and 75^3 they only matched the wide
  // micro-tiles the tuner already seeds, while taking a third of the tuner's varied trials.
  if (p.dtype == DType::f64 && d.cc_major >= 9 && p.m >= 8 && p.n >= 8 && p.m <= 128 && p.n <= 128 && p.k >= 4) {
    const std::int64_t mb = ceil_div(p.m, 16), nb = ceil_div(p.n, 16);
    const double smem_sm = d.smem_per_sm > 0 ? d.smem_per_sm : 228.0 * 1024;
    for (int mats : {1, 2, 4, 8}) {
      if (mats > p.batch || (mats > 1 && mats * std::max<std::int64_t>(per_mat, 1) * esz > 112 * 1024)) continue;
      for (int rm = 1; rm <= mb; ++rm)
        for (int rn = 1; rn <= nb; ++rn) {
          if (rm * rn > 8) continue;
          if ((rm > 1 && ceil_div(mb, rm) == ceil_div(mb, rm - 1)) || (rn > 1 && ceil_div(nb, rn) == ceil_div(nb, rn - 1)))
            continue;  // no fewer units than a smaller block
          const std::int64_t units = mats * ceil_div(mb, rm) * ceil_div(nb, rn);
          std::set<int> warp_counts{static_cast<int>(std::min<std::int64_t>(units, 16))};
          for (int w : {4, 8})
            if (w < units) warp_counts.insert(w);
          for (int warps : warp_counts)
            for (int minb : {1, 2}) {
              // Not where the register cap of the CTA size (and minb) is under the estimate
              // plus 15 %: NVRTC compiles of such candidates spilled (2 x 3 blocks in 384
              // threads at 168 registers, 2 x 2 in 512 at 128).
              if (mma_slab_registers(rm, rn) * 1.15 > register_cap(32 * warps, minb)) continue;
              KernelConfig c;
              c.family = Family::slab;
              c.mma = 1, c.mats = mats, c.rm = rm, c.rn = rn, c.threads = 32 * warps, c.minb = minb;
              c.vec = slab_vec_width(p, mats, max_vec);
              all.push_back(c);
              KernelConfig t = c;
              t.tma = 1;
              for (int cs : {0, 1}) {
                t.cs = cs, t.st = 0, t.grid = 0;
                all.push_back(t);
                KernelConfig tt = t;  // the runs by the threads' cp.async (one buffer)
                tt.tma = 2;
                all.push_back(tt);
                t.st = 2;
                const double smem2 = static_cast<double>(smem_bytes(p, t)) + 1024.0;
                t.grid = static_cast<int>(std::min({4.0, std::floor(smem_sm / smem2),
                                                    std::floor(static_cast<double>(d.max_threads_per_sm) / t.threads)}));
                if (t.grid >= 1) all.push_back(t);
              }
            }
        }
    }
  }
  // A tiled config fed by cp.async: three stages, four, and three on a persistent grid of
  // minb CTAs an SM where the tile leaves a CTA several work items (each then issues its
  // next item's first copies before it stores C: 128^3 f64 in 64 x 128 tiles of four warps
  // 157.6 -> 149.2 us on the H200).
  auto add_staged = [&](KernelConfig c) {
    c.st = 3;
    all.push_back(c);
    c.st = 4;
    all.push_back(c);
    const std::int64_t items = p.batch * ceil_div(p.m, c.bm) * ceil_div(p.n, c.bn);
    if (c.minb > 1 && items >= 4LL * c.minb * std::max(1, d.sm_count)) {
      c.st = 3, c.grid = c.minb;
      all.push_back(c);
    }
  };
  // Tile sides: a list, and a matrix side up to 128 rounded up to a multiple of 8.
  auto with_rounded = [](std::set<int> sides, std::int64_t dim) {
    if (dim <= 128) sides.insert(static_cast<int>(ceil_div(dim, 8) * 8));
    return sides;
  };
  // Tiled family.
  if (p.m >= 16 && p.n >= 16) {
    // Tiles near the matrix size too (20 .. 48), for shapes off a power of two.
    // And the side rounded up to a multiple of 8 (65 -> 72: one tile a side, 11 % padded,
    // where 64 leaves a second tile of one row and 128 pads by 97 %).
    // Sides of 48 and 96 with micro-tiles of 6 (for sides past 128 these pad less than 64
    // and 128 on many shapes: 261 -> 288 in 96s, 384 in 128s).
    const std::set<int> near_sides{20, 24, 28, 32, 36, 40, 48, 64, 96, 128};
    const std::set<int> bms = with_rounded(near_sides, p.m), bns = with_rounded(near_sides, p.n);
    for (int bm : bms)
      for (int bn : bns)
        for (int rm : {2, 4, 6, 8})
          for (int rn : {2, 4, 6, 8})
            for (int bk : {8, 16, 32})
              for (int minb : {1, 2}) {
                if (bm > 2 * p.m + 32 || bn > 2 * p.n + 32) continue;  // mostly empty tiles
                if (bm % rm || bn % rn) continue;
                if ((rm == 6 && bm % 48) || (rn == 6 && bn % 48)) continue;  // 6 only for 48 and 96
                const bool near = bm % 16 != 0 || bn % 16 != 0;  // only where the shape asks for it
                if (near && (std::abs(bm - p.m) > 8 || std::abs(bn - p.n) > 8)) continue;
                const int threads = (bm / rm) * (bn / rn);
                if (threads < 48 || threads > 512) continue;
                KernelConfig c;
                c.family = Family::tiled;
                c.mats = 0, c.vec = max_vec, c.bm = bm, c.bn = bn, c.bk = bk, c.rm = rm, c.rn = rn, c.threads = threads;
                c.minb = minb;
                all.push_back(c);
                if (d.cc_major >= 8) add_staged(c);  // the same, fed by cp.async (sm_80 and newer)
              }
  }
  // Tiled on the FP64 tensor cores: f64, and on sm_90 f32 widened to f64 where each operand's
  // runs along its contiguous dimension (A's k or M, B's N or k) and its leading dimension are
  // whole 16-byte units (gen::f32_mma_rows: cp.async copies them in vectors), or where a side
  // passes 64: rows of odd K are then copied a float at a time, which products of that size
  // hide (the heuristic's rule for f32 on these tiles, generator.cpp).
  const bool f32_mma = p.dtype == DType::f32 && d.cc_major >= 9 &&
                       (f32_mma_rows(p, align_bytes) || (align_bytes >= 16 && std::max(p.m, p.n) > 64));
  if ((p.dtype == DType::f64 || f32_mma) && p.m >= 8 && p.n >= 8 && d.cc_major >= 8) {
    // Tiles of 24 and 48 (3 and 6 mma tiles), and the side rounded up to a multiple of 8
    // (65 -> 72: 9 mma tiles), only near such a side (33 -> 48, 20 -> 24, 65 -> 72).
    const std::set<int> mma_sides{16, 24, 32, 48, 64, 128};
    const std::set<int> bms = with_rounded(mma_sides, p.m), bns = with_rounded(mma_sides, p.n);
    auto pow2_or_64 = [](int b) { return b == 16 || b == 32 || b == 64 || b == 128; };
    for (int bm : bms)
      for (int bn : bns)
        for (int rm : {1, 2, 3, 4, 5, 6, 7, 8})
          for (int rn : {1, 2, 3, 4, 5, 6, 7, 8})
            for (int bk : {8, 16, 32})
              for (int minb : {1, 2, 3}) {
                if (bm > 2 * p.m + 16 || bn > 2 * p.n + 16 || bm % (8 * rm) || bn % (8 * rn)) continue;
                const bool near = !pow2_or_64(bm) || !pow2_or_64(bn);
                if (near && (bm - p.m < 0 || bm - p.m > 16 || bn - p.n < 0 || bn - p.n > 16)) continue;
                // Odd counts of mma tiles a warp (3, 5, 7) and 6 only for the near tiles.
                if ((rm % 2 == 1 && rm > 1 && pow2_or_64(bm)) || (rn % 2 == 1 && rn > 1 && pow2_or_64(bn)) ||
                    (rm == 6 && pow2_or_64(bm)) || (rn == 6 && pow2_or_64(bn)))
                  continue;
                // Three CTAs an SM (a register cap of 65536 / (3 x threads)) for the near tiles
                // of many warps, which otherwise take one an SM (72 x 72 f64: 154 registers).
                if (minb == 3 && (!near || bm * bn < 64 * 64)) continue;
                // 8 tiles a side (up to 8 x 4 a warp, ~250 registers): for 64 x 128 and 128 x 128
                // CTA tiles, which read each A row and B column once or twice per matrix.
                if ((rm == 8 || rn == 8) && (rm * rn > 32 || rm * rn < 16 || bm * bn < 64 * 128)) continue;
                const int threads = 32 * (bm / (8 * rm)) * (bn / (8 * rn));
                if (threads < 64 || threads > 512) continue;
                KernelConfig c;
                c.family = Family::tiled;
                c.mma = 1;
                c.mats = 0, c.vec = max_vec, c.bm = bm, c.bn = bn, c.bk = bk, c.rm = rm, c.rn = rn, c.threads = threads;
                c.minb = minb;
                all.push_back(c);
                add_staged(c);
                // k8 (mma.sync m16n8k8) is not searched: on the H200 it measured 1.12x slower
                // than k4 on 128^3 f64 (64 x 128 tiles of four warps, 175.3 against 156.3 us)
                // and no faster on 64^3 f64 (64x64x16, 3 stages: 127.3 us, the same tile on k4
                // 126.6 us), while doubling the DMMA candidates a tuning budget must cover.
              }
  }
  std::vector<Candidate> out;
  std::set<std::string> seen;
  for (const KernelConfig& c : all) {
    if (check(p, c, d, align_bytes)) continue;
    if (!seen.insert(c.to_string()).second) continue;
    out.push_back({c, predict_seconds(p, c, d)});
  }
  const KernelConfig h = all.front();
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.predicted_s < b.predicted_s; });
  // Order of trial: the heuristic (the baseline every winner must beat), the 32 best
  // predicted, then round-robin over structural classes (family, threads, micro-tile,
  // register cap) by rank, so that a budget cut leaves a varied sample tried rather than
  // 200 near-twins of one prediction.
  std::vector<Candidate> ordered;
  std::vector<bool> used(out.size(), false);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (out[i].config == h) ordered.push_back(out[i]), used[i] = true;
  for (std::size_t i = 0; i < out.size() && ordered.size() < 33; ++i)
    if (!used[i]) ordered.push_back(out[i]), used[i] = true;
  std::map<std::string, std::deque<std::size_t>> classes;
  std::vector<std::string> class_order;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (used[i]) continue;
    const KernelConfig& c = out[i].config;
    const std::string key = fmt::format("{}{}/{}/{}x{}/{}/{}/{}/{}/{}{}/{}/{}/{}/{}", to_string(c.family),
                                        c.mma ? "-mma" : "", c.threads, c.rm, c.rn, c.minb > 1, c.grid > 0, c.st, c.ku,
                                        c.tma, c.cs, c.k8, c.rows, c.tr, c.cols);
    if (!classes.count(key)) class_order.push_back(key);
    classes[key].push_back(i);
  }
  for (bool more = true; more;) {
    more = false;
    for (const std::string& k : class_order)
      if (!classes[k].empty()) {
        ordered.push_back(out[classes[k].front()]);
        classes[k].pop_front();
        more = true;
      }
  }
  out = std::move(ordered);
  if (out.size() > limit) out.resize(limit);
  return out;
}
}  // namespace

}  // namespace tailor::gen
