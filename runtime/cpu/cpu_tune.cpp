// The CPU tuner: a two-stage search (register block, vector width and loop order first,
// then the store policy, unrolling and matrices per task around the best), every candidate verified
// against the float64 reference before it is timed, and the winner re-timed on the full
// batch beside the heuristic.
#include "runtime/cpu/cpu_tune.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>
#include <set>

#include "generator/generator.hpp"
#include "runtime/cpu/cost_model.hpp"
#include "runtime/cpu/cpu_engine.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/cpu_shape.hpp"
#include "runtime/reference.hpp"
#include "tailor/error.hpp"
#include "tailor/version.hpp"

namespace tailor::cpu {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double tolerance(DType d) { return d == DType::f32 ? 1e-5 : 1e-12; }
double value_of(ScalarKind k, double general) {
  return k == ScalarKind::zero ? 0.0 : k == ScalarKind::one ? 1.0 : general;
}

// Random inputs of one problem in `sets` copies, and the reference of set 0.
using Inputs = detail::HostOperands;

Inputs make_inputs(const GemmProblem& p, int sets, std::uint64_t seed) {
  return detail::make_host_operands(p, value_of(p.alpha_kind, 1.5), value_of(p.beta_kind, 0.5), sets, seed);
}

struct Measured {
  bool ok = false;
  std::string why;
  double err = 0;
  double median = std::numeric_limits<double>::infinity(), p20 = 0, p80 = 0;
  double compile_s = 0;  // JIT compile time
};

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(std::lround(q * static_cast<double>(v.size() - 1)))];
}

// Compile, check on a poisoned output, then time: at least `min_reps` calls and until
// `cap_s` seconds have been spent timing.
Measured measure(Inputs& in, const KernelConfig& c, const std::shared_ptr<PoolRef>& pool, int min_reps,
                 double cap_s) {
  Measured m;
  detail::CpuKernelState s = detail::cpu_extents(in.p);
  try {
    const auto t0 = Clock::now();
    s.kernel = compile(in.p, c);
    m.compile_s = since(t0);
  } catch (const Error& e) {
    m.why = e.what();
    return m;
  }
  s.plan = Plan{c, PlanOrigin::tuned, s.kernel->name};
  s.fn = s.kernel->fn;
  s.mats = c.mats;
  s.tasks = (in.p.batch + c.mats - 1) / c.mats;
  s.pooled = pool->threads() > 1 && cpu_pooled(in.p, c.mats);
  s.pool = pool;
  auto& c_out = in.c[0];
  if (in.p.beta_kind == ScalarKind::zero) detail::fill_nan(c_out.data(), in.p.dtype, in.nc);
  else c_out = in.c0;
  detail::execute_cpu(s, in.a[0].data(), in.b[0].data(), c_out.data(), in.alpha, in.beta);
  m.err = detail::max_rel_err(in.p, c_out.data(), in.ref);
  if (!(m.err <= tolerance(in.p.dtype))) {
    m.why = fmt::format("max relative error {:.3g} against the float64 reference", m.err);
    return m;
  }
  const int sets = static_cast<int>(in.a.size());
  std::vector<double> t;
  const auto t_all = Clock::now();
  for (int r = 0; r < 1000 && (r < min_reps || since(t_all) < cap_s); ++r) {
    const int set = (r + 1) % sets;
    const auto t0 = Clock::now();
    detail::execute_cpu(s, in.a[set].data(), in.b[set].data(), in.c[set].data(), in.alpha, in.beta);
    t.push_back(since(t0));
  }
  m.ok = true;
  m.median = quantile(t, 0.5), m.p20 = quantile(t, 0.2), m.p80 = quantile(t, 0.8);
  return m;
}

void push_unique(std::vector<KernelConfig>& out, std::set<std::string>& seen, const GemmProblem& p,
                 const KernelConfig& c) {
  if (gen::check_cpu(p, c)) return;
  if (seen.insert(c.to_string()).second) out.push_back(c);
  // Where streaming stores would be honoured and C is large, both store policies.
  KernelConfig other = c;
  other.order ^= 2;
  const double c_bytes = double(p.batch) * double(p.m * p.n) * double(p.esize());
  if (!(c.order & 32) && c_bytes >= 16e6 && streams(p, (c.order & 2) ? c : other) &&
      seen.insert(other.to_string()).second)
    out.push_back(other);
}

}  // namespace

std::vector<KernelConfig> candidates(const GemmProblem& problem, const CpuInfo& cpu, int threads) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  const CpuShape s = cpu_shape(p);
  const int lanes = cpu.lanes(static_cast<int>(p.esize()));
  const int regs = cpu.vector_bytes >= 64 ? 32 : 16;
  const KernelConfig h = heuristic(p, cpu);
  std::vector<KernelConfig> out;
  std::set<std::string> seen;
  push_unique(out, seen, p, h);
  (void)threads;
  auto vec_options = [&](std::int64_t extent) {
    std::set<int> v;
    const int cap = static_cast<int>(std::min<std::int64_t>(64 / p.esize(), pow2_ceil(extent)));
    for (int w : {lanes, lanes / 2, cap, cap / 2})
      if (w >= 1 && w <= cap) v.insert(w);
    return v;
  };
  const int rms[] = {1, 2, 3, 4, 6, 8, 12, 16};
  // Order 0: rm rows x rn vectors; accumulators + B vectors + one broadcast fit the registers.
  // Up to 4 vectors, or all of a row's up to 8 (its tail then rides along with full ones).
  for (int vec : vec_options(s.n))
    for (int rn = 1; rn <= std::max<std::int64_t>(4, std::min<std::int64_t>(8, (s.n + vec - 1) / vec)); ++rn)
      for (int rm : rms) {
        if (rm > s.m && rm != rms[0]) continue;
        const int r = static_cast<int>(std::min<std::int64_t>(rm, s.m));
        if (r * rn + rn + 1 > regs) continue;
        const int unroll = s.k <= 16 ? static_cast<int>(s.k) : 4;
        KernelConfig c = make_config(h.mats, vec, r, rn, unroll, h.order & ~1);
        if (gen::check_cpu(p, c)) c.order &= ~8;  // packed B too large for this block
        push_unique(out, seen, p, c);
      }
  // Order 1 where K is contiguous in A and B (or the output is a column).
  if ((s.a_cs == 1 && s.b_rs == 1) || s.n <= 4)
    for (int vec : vec_options(s.k))
      for (int rn = 1; rn <= 4; ++rn)
        for (int rm : rms) {  // A's vectors fold into the FMAs: accumulators + B vectors + 1
          if (rn > s.n) continue;
          const int r = static_cast<int>(std::min<std::int64_t>(rm, s.m));
          if (r * rn + rn + 1 > regs) continue;
          const std::int64_t steps = s.k / vec;
          push_unique(out, seen, p, make_config(h.mats, vec, r, rn, steps <= 8 ? 8 : 4, 1 | (h.order & 54)));
        }
  // Closest first to the heuristic, or for the other loop order to a seed of that order
  // (wide vectors, 8 rows, one column), so both orders are tried early: the search may
  // run out of budget. The store policy and block order are stage 2's.
  KernelConfig alt = h;
  alt.order = (h.order & ~1) | (1 - (h.order & 1));
  if (alt.order & 1) alt.order &= ~8;
  alt.vec = static_cast<int>(std::min<std::int64_t>(lanes, pow2_ceil(alt.order & 1 ? s.k : s.n)));
  alt.rm = static_cast<int>(std::min<std::int64_t>(s.m, 8)), alt.rn = 1;
  auto distance = [&](const KernelConfig& c) {
    auto d = [](int a, int b) { return std::abs(std::log2(double(a)) - std::log2(double(b))); };
    const KernelConfig& seed = (c.order & 1) == (h.order & 1) ? h : alt;
    return d(c.vec, seed.vec) + d(c.rm, seed.rm) + d(c.rn, seed.rn) + ((c.order & 1) != (h.order & 1) ? 0.5 : 0.0);
  };
  std::stable_sort(out.begin() + 1, out.end(),
                   [&](const KernelConfig& a, const KernelConfig& b) { return distance(a) < distance(b); });
  return out;
}

db::TuningRecord tune_cpu(const GemmProblem& problem, double budget_s, int threads, const TuneOptions& o) {
  const auto t_start = Clock::now();
  const GemmProblem full = problem.normalized();
  if (!jit_available())
    throw Error(ErrorCode::device_unavailable,
                fmt::format("problem {}: cannot tune the CPU path: this build has none (TAILOR_WITH_LLVM=OFF)",
                            full.to_string()));
  const CpuInfo& cpu = host_cpu();
  if (threads <= 0) threads = usable_cpus();
  auto pool = std::make_shared<PoolRef>(threads);
  auto log = [&](const std::string& s) {
    if (o.log) o.log(s);
  };

  // The search runs on a batch cut to about search_bytes, over rotating input sets.
  GemmProblem sp = full;
  const double per = full.min_bytes() / static_cast<double>(full.batch);
  sp.batch = std::clamp<std::int64_t>(static_cast<std::int64_t>(o.search_bytes / per), 1, full.batch);
  sp = sp.normalized();
  const double llc = static_cast<double>(last_level_cache_bytes());
  const int sets = o.sets > 0 ? o.sets
                              : static_cast<int>(std::clamp(std::ceil(2.0 * llc / sp.min_bytes()), 1.0, 16.0));
  Inputs in = make_inputs(sp, sets, o.seed);
  log(fmt::format("tuning {} on {} with {} thread(s): searching on batch {} ({:.1f} MB, {} input sets)",
                  full.to_string(), cpu.fingerprint(), threads, sp.batch, sp.min_bytes() / 1e6, sets));

  // The budget covers the full batch's inputs and float64 reference (made first, so their
  // time is known) and the winner's and the heuristic's re-timing on it: once the heuristic
  // has been timed, the search stops early enough to leave room for the re-timing.
  const bool cut = sp.batch != full.batch;
  Inputs fin = cut ? make_inputs(full, full.min_bytes() <= 512e6 ? 2 : 1, o.seed + 1000) : Inputs{};
  const double scale = static_cast<double>(full.batch) / static_cast<double>(sp.batch);
  const double final_cap = std::clamp(budget_s / 16.0, 0.02, 0.5);  // timing each of the two
  double search_budget = 0.75 * budget_s;
  const double cap = std::clamp(budget_s / 40.0, 0.02, 0.25);
  int tried = 0, failed = 0;
  std::size_t limit = std::numeric_limits<std::size_t>::max();  // configs timed at most, seeds included
  KernelConfig best;
  Measured best_m;
  auto consider = [&](const KernelConfig& c) {
    if (static_cast<std::size_t>(tried) >= limit) return;
    ++tried;
    const Measured m = measure(in, c, pool, 3, cap);
    if (!m.ok) {
      ++failed;
      log(fmt::format("  {:<48} FAILED: {}", c.to_string(), m.why));
      return;
    }
    log(fmt::format("  {:<48} {:9.4f} ms", c.to_string(), m.median * 1e3));
    if (tried == 1) {  // the heuristic: the full batch's share of the budget estimated
      const double call = m.median * scale;
      const double reserve = 2.0 * (m.compile_s + call + std::max(5.0 * call, final_cap));
      search_budget = std::max(0.0, budget_s - 1.2 * reserve);
      log(fmt::format("  {:.2f} s spent; the full batch's re-timing estimated at {:.2f} s: the search stops at {:.2f} s",
                      since(t_start), reserve, search_budget));
    }
    if (m.median < best_m.median) best = c, best_m = m;
  };
  std::vector<KernelConfig> stage1 = candidates(full, cpu, threads);  // the full batch decides the store policy
  const KernelConfig heur = stage1.front();
  // The seeds right after the heuristic, once each.
  std::vector<KernelConfig> seeds;
  for (const KernelConfig& c : o.seeds)
    if (c.family == Family::cpu && !gen::check_cpu(sp, c) && std::find(seeds.begin(), seeds.end(), c) == seeds.end() &&
        !(c == heur))
      seeds.push_back(c);
  stage1.insert(stage1.begin() + 1, seeds.begin(), seeds.end());
  if (o.max_candidates > 0) limit = o.max_candidates + seeds.size();
  for (std::size_t i = 0; i < stage1.size(); ++i) {
    // The heuristic and the seeds are always timed; the rest while the budget lasts.
    if (i > seeds.size() && since(t_start) > 0.6 * search_budget) break;
    consider(stage1[i]);
  }
  // Stage 2 around the best: prefetching, packing B, the store policy, the block order,
  // unrolling, then matrices per task.
  for (int bit : {16, 64, 8, 32, 2}) {
    if (!best_m.ok || since(t_start) > search_budget) break;
    KernelConfig c = best;
    if (bit == 16) c.order = (c.order ^ 16) & ~64;              // prefetching on (into L1) or off
    else if (bit == 64 && !(c.order & 16)) continue;            // where the best prefetches: L1 or L2
    else if (bit == 32 && (c.order & (32 | 2))) c.order ^= 32 | 2;  // staged <-> plain streaming stores
    else if (bit == 2 && (c.order & 32)) continue;              // bit 1 is ignored under bit 5
    else c.order ^= bit;
    if (!gen::check_cpu(sp, c)) consider(c);
  }
  {  // the other block loop order, where there are several row and column blocks
    const CpuShape s = cpu_shape(sp);
    const std::int64_t cols = best.order & 1 ? best.rn : std::int64_t(best.rn) * best.vec;
    if (best_m.ok && s.m > best.rm && s.n > cols && since(t_start) <= search_budget) {
      KernelConfig c = best;
      c.order ^= 4;
      if (!gen::check_cpu(sp, c)) consider(c);  // rows outer may need every panel packed: too large
    }
  }
  if (best_m.ok) {
    const CpuShape s = cpu_shape(sp);
    const std::int64_t steps = best.order % 2 == 0 ? s.k : s.k / best.vec;
    std::vector<KernelConfig> stage2;
    for (int u : {1, 2, 4, 8, 16, static_cast<int>(std::min<std::int64_t>(steps, 64))}) {
      KernelConfig c = best;
      c.unroll = std::max(1, u);
      if (c.unroll != best.unroll) stage2.push_back(c);
    }
    for (const KernelConfig& c : stage2) {
      if (since(t_start) > search_budget) break;
      if (!gen::check_cpu(sp, c)) consider(c);
    }
    if (threads > 1)
      for (double task_bytes : {128e3, 2e6, 8e6}) {
        if (since(t_start) > search_budget) break;
        KernelConfig c = best;
        c.mats = mats_for(sp, task_bytes);
        if (c.mats != best.mats && !gen::check_cpu(sp, c)) consider(c);
      }
  }
  if (!best_m.ok)
    throw Error(ErrorCode::internal_error,
                fmt::format("problem {}: no CPU candidate passed the reference check ({} tried)", full.to_string(),
                            tried));

  // The record's times: the winner and the heuristic on the full batch.
  if (!cut) fin = std::move(in);
  Measured win = measure(fin, best, pool, 5, final_cap);
  const Measured hm = best == heur ? win : measure(fin, heur, pool, 5, final_cap);
  if (!win.ok)
    throw Error(ErrorCode::internal_error, fmt::format("problem {}: the winner {} failed on the full batch: {}",
                                                       full.to_string(), best.to_string(), win.why));
  // The search ran on a cut batch: on the full one the heuristic may come out ahead.
  if (hm.ok && hm.median < win.median) best = heur, win = hm;
  db::TuningRecord r;
  r.problem = full;
  r.device = cpu.fingerprint();
  r.align_bytes = static_cast<int>(full.esize());
  r.config = best;
  r.median_s = win.median, r.p20_s = win.p20, r.p80_s = win.p80;
  r.heuristic_s = hm.ok ? hm.median : 0;
  r.verified = true;
  r.max_rel_err = win.err;
  r.candidates_tried = tried;
  r.candidates_failed = failed;
  r.generator_version = kGeneratorVersion;
  r.tailor_version = kVersion;
  r.date = db::detail::utc_now();
  r.tuning_seconds = since(t_start);
  log(fmt::format("winner {} {:.4f} ms (heuristic {} {:.4f} ms), {} tried, {} failed, {:.1f} s",
                  best.to_string(), r.median_s * 1e3, heur.to_string(), r.heuristic_s * 1e3, tried, failed,
                  r.tuning_seconds));
  return r;
}

}  // namespace tailor::cpu
