// Autotuning of one problem: parallel compiles, checked and timed candidates.
#include "runtime/autotune.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>

#include "runtime/driver.hpp"
#include "runtime/reference.hpp"
#include "tailor/error.hpp"
#include "tailor/version.hpp"

namespace tailor::detail {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double tolerance(DType d) { return d == DType::f32 ? 1e-5 : 1e-12; }

// Inputs of the problem on the device, in rotating sets, and the float64 reference.
struct Workload {
  GemmProblem p;
  std::int64_t na = 0, nb = 0, nc = 0;
  std::vector<char> hc0;
  std::vector<DeviceBuffer> A, B, C;
  DeviceBuffer C0;  // the initial C (beta != 0) or a NaN pattern (beta == 0)
  std::vector<std::int64_t> checked;  // batch entries every candidate is checked on
  std::vector<double> ref;
  int sets = 1;

  Workload(const GemmProblem& problem, const DeviceInfo& dev) : p(problem) {
    const std::int64_t esz = p.esize();
    na = operand_elems(p, 'A'), nb = operand_elems(p, 'B'), nc = operand_elems(p, 'C');
    std::vector<char> ha(na * esz), hb(nb * esz);
    hc0.resize(nc * esz);
    // The values the scalar kinds stand for: 1 and 0 exactly, other values arbitrary.
    fill_random(ha.data(), p.dtype, na, 0x7a11);
    fill_random(hb.data(), p.dtype, nb, 0x7a12);
    if (p.beta_kind == ScalarKind::zero) fill_nan(hc0.data(), p.dtype, nc);
    else fill_random(hc0.data(), p.dtype, nc, 0x7a13);
    const std::int64_t set_bytes = (na + nb + nc) * esz;
    sets = static_cast<int>(std::clamp<std::int64_t>((4 * std::int64_t(dev.l2_bytes) + set_bytes - 1) / set_bytes, 1, 64));
    for (int s = 0; s < sets; ++s) {
      A.emplace_back(na * esz), B.emplace_back(nb * esz), C.emplace_back(nc * esz);
      A.back().upload(ha.data(), na * esz);
      B.back().upload(hb.data(), nb * esz);
      C.back().upload(hc0.data(), nc * esz);
    }
    C0 = DeviceBuffer(nc * esz);
    C0.upload(hc0.data(), nc * esz);
    // Every candidate is checked on 256 batch entries spread over the batch (first and last
    // included): the reference of a large problem would otherwise eat the tuning budget.
    checked = sample_batches(p.batch, 256);
    ref = reference_gemm(p, ha.data(), hb.data(), hc0.data(), alpha(), beta(), &checked);
  }
  double alpha() const { return p.alpha_kind == ScalarKind::one ? 1.0 : 1.5; }
  double beta() const { return p.beta_kind == ScalarKind::zero ? 0.0 : p.beta_kind == ScalarKind::one ? 1.0 : 0.75; }
};

}  // namespace

db::TuningRecord TuneResult::record(const DeviceInfo& device) const {
  db::TuningRecord r;
  r.problem = problem;
  r.device = device.fingerprint();
  r.align_bytes = align_bytes;
  r.config = best;
  r.median_s = best_timing.median, r.p20_s = best_timing.p20, r.p80_s = best_timing.p80;
  r.heuristic_s = heuristic_timing.median;
  r.verified = true;
  r.max_rel_err = best_err;
  r.candidates_tried = tried, r.candidates_failed = failed;
  r.tuning_seconds = seconds;
  r.generator_version = kGeneratorVersion;
  r.nvrtc_version = device.nvrtc_version, r.driver_version = device.driver_version;
  r.tailor_version = kVersion;
  r.date = db::detail::utc_now();
  return r;
}

void place_seeds(std::vector<gen::Candidate>& cands, const std::vector<KernelConfig>& seeds, const GemmProblem& p,
                 const DeviceInfo& dev, int align) {
  for (auto seed = seeds.rbegin(); seed != seeds.rend(); ++seed) {
    if (cands.empty() || cands.front().config == *seed) continue;
    const auto at = std::find_if(cands.begin() + 1, cands.end(), [&](const gen::Candidate& c) { return c.config == *seed; });
    if (at != cands.end()) {
      std::rotate(cands.begin() + 1, at, at + 1);
    } else if (!gen::check(p, *seed, dev, align)) {
      cands.insert(cands.begin() + 1, gen::Candidate{*seed, gen::predict_seconds(p, *seed, dev)});
    }
  }
}

std::vector<KernelConfig> with_copy_twins(const std::vector<KernelConfig>& seeds) {
  std::vector<KernelConfig> out;
  auto in = [](const std::vector<KernelConfig>& v, const KernelConfig& c) { return std::find(v.begin(), v.end(), c) != v.end(); };
  for (const KernelConfig& s : seeds) {
    if (!in(out, s)) out.push_back(s);
    if (s.family != Family::slab || s.st != 0 || (s.tma != 1 && s.tma != 2)) continue;
    KernelConfig twin = s;
    twin.tma = s.tma == 1 ? 2 : 1;
    if (!in(seeds, twin) && !in(out, twin)) out.push_back(twin);
  }
  return out;
}

TuneResult autotune(Runtime::Impl& rt, const GemmProblem& problem, int align, const TuneOptions& opt) {
  const auto t0 = Clock::now();
  rt.require_gpu();
  rt.make_current();
  const Driver& d = driver();
  TuneResult res;
  res.problem = problem.is_normalized() ? problem : problem.normalized();
  res.align_bytes = align;
  const GemmProblem& p = res.problem;
  std::vector<gen::Candidate> cands = gen::candidates(p, rt.dev, align, opt.max_candidates);
  // What dispatch would run without a record (the heuristic's config as the runtime settles
  // it: CTAs an SM, two buffers) is always a candidate, right after the heuristic.
  std::vector<KernelConfig> seeds = opt.seeds;
  if (!cands.empty())
    if (const Plan settled = rt.settle(p, Plan{cands.front().config, PlanOrigin::heuristic, ""});
        settled.config != cands.front().config)
      seeds.insert(seeds.begin(), settled.config);
  // The heuristic's slab with f32 micro-tiles past 36 outputs (gen::wide_tile_seed): 1.3-1.4x
  // the pick on some mid-size shapes, which the cost model ranks past the 200th candidate.
  if (opt.wide_seed)
    if (auto w = gen::wide_tile_seed(p, rt.dev, align)) seeds.push_back(*w);
  place_seeds(cands, with_copy_twins(seeds), p, rt.dev, align);
  res.heuristic = cands.front().config;

  Workload w(p, rt.dev);
  CUstream stream = nullptr;
  TAILOR_CU(d.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  struct StreamGuard {
    CUstream s;
    ~StreamGuard() { driver().cuStreamDestroy(s); }
  } guard{stream};

  // Compile workers take candidates in rank order; the tuning thread times whichever is
  // compiled first (lowest rank first), so a slow compile never stalls the search.
  std::mutex mu;
  std::condition_variable cv;
  std::vector<int> state(cands.size(), 0);  // 0 pending, 1 compiled, 2 failed, 3 timed
  std::vector<std::string> compile_error(cands.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  int exited = 0;
  const double compile_deadline = opt.budget_s * 0.8;
  const unsigned workers = opt.workers > 0 ? static_cast<unsigned>(opt.workers)
                                           : std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < workers; ++t)
    pool.emplace_back([&] {
      for (std::size_t i = next++; i < cands.size() && !stop; i = next++) {
        if (i > 0 && since(t0) > compile_deadline) break;
        int st = 1;
        std::string why;
        try {
          rt.cache.get(gen::generate(p, cands[i].config), rt.dev.arch());
        } catch (const std::exception& e) {
          st = 2, why = e.what();
        }
        std::lock_guard<std::mutex> lock(mu);
        state[i] = st, compile_error[i] = why;
        cv.notify_all();
      }
      std::lock_guard<std::mutex> lock(mu);
      ++exited;
      cv.notify_all();
    });

  const double tol = tolerance(p.dtype);
  const std::int64_t esz = p.esize();
  std::vector<char> hc(w.nc * esz);
  int per_rep = 10;
  bool heuristic_done = false;
  for (;;) {
    std::size_t i = cands.size();
    {
      std::unique_lock<std::mutex> lock(mu);
      // The heuristic (rank 0) is always timed first: it sizes the repetitions and is the
      // baseline every winner must beat.
      auto pick = [&] {
        for (std::size_t j = 0; j < cands.size(); ++j)
          if ((state[j] == 1 || state[j] == 2) && (heuristic_done || j == 0)) return j;
        return cands.size();
      };
      const auto ready = [&] {
        i = pick();
        return i < cands.size() || exited == static_cast<int>(workers) ||
               (heuristic_done && since(t0) > opt.budget_s * 0.92);
      };
      while (!ready()) cv.wait_for(lock, std::chrono::milliseconds(20));
      if (i == cands.size()) break;
      if (heuristic_done && since(t0) > opt.budget_s * 0.92) break;
      if (state[i] == 2) compile_error[i] = compile_error[i].empty() ? "compile failed" : compile_error[i];
    }
    const bool compiled = state[i] == 1;
    {
      std::lock_guard<std::mutex> lock(mu);
      state[i] = 3;
    }
    CandidateResult c;
    c.config = cands[i].config;
    c.predicted_s = cands[i].predicted_s;
    ++res.tried;
    try {
      if (!compiled) throw Error(ErrorCode::compile_error, compile_error[i]);
      const Launchable l = rt.build(p, Plan{c.config, PlanOrigin::forced, gen::kernel_name(p, c.config)});
      c.registers = l.kernel->registers;
      // Check: C starts as the poisoned (or initial) pattern.
      TAILOR_CU(d.cuMemcpyDtoDAsync(w.C[0].ptr(), w.C0.ptr(), static_cast<std::size_t>(w.nc * esz), stream));
      TAILOR_CU(launch(l, w.A[0].get(), w.B[0].get(), w.C[0].get(), w.alpha(), w.beta(), stream));
      TAILOR_CU(d.cuStreamSynchronize(stream));
      for (std::int64_t b : w.checked) {  // only the checked matrices come back
        const std::int64_t off = b * p.stride_c * esz, bytes = p.span_c() * esz;
        TAILOR_CU(d.cuMemcpyDtoH(hc.data() + off, w.C[0].ptr() + static_cast<CUdeviceptr>(off),
                                 static_cast<std::size_t>(bytes)));
      }
      c.max_rel_err = max_rel_err(p, hc.data(), w.ref, &w.checked);
      if (!(c.max_rel_err <= tol))
        throw Error(ErrorCode::internal_error, fmt::format("output differs from the reference by {:.3e}", c.max_rel_err));
      c.timing = time_calls(stream, [&](int k) {
        const int s = k % w.sets;
        TAILOR_CU(launch(l, w.A[s].get(), w.B[s].get(), w.C[s].get(), w.alpha(), w.beta(), stream));
      }, 5, per_rep, 2);
      c.ok = true;
      if (i == 0)  // size repetitions to ~1 ms from the heuristic's time
        per_rep = static_cast<int>(std::clamp(1e-3 / std::max(c.timing.median, 1e-7), 3.0, 50.0));
    } catch (const std::exception& e) {
      c.ok = false;
      c.failure = e.what();
      ++res.failed;
    }
    if (i == 0) heuristic_done = true;
    if (opt.progress) opt.progress(res.tried, static_cast<int>(cands.size()), c.config.to_string());
    res.candidates.push_back(std::move(c));
  }
  const bool untried = [&] {
    std::lock_guard<std::mutex> lock(mu);
    return std::any_of(state.begin(), state.end(), [](int st) { return st != 3; });
  }();
  res.budget_stopped = untried;
  stop = true;
  cv.notify_all();
  for (auto& t : pool) t.join();

  // Re-time the three fastest and the heuristic side by side, with more repetitions, so
  // that the winner is not a fluke of one measurement.
  std::vector<CandidateResult*> finalists;
  for (auto& c : res.candidates)
    if (c.ok) finalists.push_back(&c);
  if (finalists.empty())
    throw Error(ErrorCode::internal_error,
                fmt::format("tuning {}: no candidate verified; first failure: {}", p.to_string(),
                            res.candidates.empty() ? "none tried" : res.candidates.front().failure));
  std::sort(finalists.begin(), finalists.end(),
            [](auto* a, auto* b) { return a->timing.median < b->timing.median; });
  if (finalists.size() > 3) finalists.resize(3);
  CandidateResult* heur = !res.candidates.empty() && res.candidates.front().ok && res.candidates.front().config == res.heuristic
                              ? &res.candidates.front()
                              : nullptr;
  if (heur && std::find(finalists.begin(), finalists.end(), heur) == finalists.end()) finalists.push_back(heur);
  std::vector<std::vector<double>> samples(finalists.size());
  std::vector<Launchable> ls;
  for (auto* f : finalists) ls.push_back(rt.build(p, Plan{f->config, PlanOrigin::forced, ""}));
  for (int round = 0; round < 5; ++round)
    for (std::size_t f = 0; f < finalists.size(); ++f) {
      const Timing t = time_calls(stream, [&](int k) {
        const int s = k % w.sets;
        TAILOR_CU(launch(ls[f], w.A[s].get(), w.B[s].get(), w.C[s].get(), w.alpha(), w.beta(), stream));
      }, 3, per_rep, 1);
      samples[f].push_back(t.median);
    }
  std::size_t best = 0;
  std::vector<Timing> final_t;
  for (std::size_t f = 0; f < finalists.size(); ++f) {
    final_t.push_back(summarize(samples[f]));
    if (final_t[f].median < final_t[best].median) best = f;
  }
  res.best = finalists[best]->config;
  res.best_timing = final_t[best];
  res.best_err = finalists[best]->max_rel_err;
  if (heur) {
    const auto it = std::find(finalists.begin(), finalists.end(), heur);
    res.heuristic_timing = final_t[static_cast<std::size_t>(it - finalists.begin())];
  }
  res.seconds = since(t0);
  return res;
}

}  // namespace tailor::detail
