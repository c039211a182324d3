// CPU kernel names, the CPU heuristic, and the lookup chain of CPU plans.
#include "runtime/cpu/cpu_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <set>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_shape.hpp"
#include "tailor/error.hpp"
#include "tuning_db/plan_sources.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::cpu {
namespace {

void warn_invalid_once(const std::string& where, const std::string& problem, const std::string& config,
                       const std::string& why) {
  static std::mutex mu;
  static std::set<std::string> seen;
  std::lock_guard<std::mutex> lock(mu);
  if (!seen.insert(where + "|" + problem + "|" + config).second) return;
  std::fprintf(stderr, "tailor: warning: skipping cpu config %s for %s from %s: %s\n", config.c_str(),
               problem.c_str(), where.c_str(), why.c_str());
}

// The first legal cpu config among a key's records, best first.
std::optional<Plan> first_legal(const std::vector<db::TuningRecord>& records, const GemmProblem& problem,
                                PlanOrigin origin) {
  for (const db::TuningRecord& r : records)  // unverified records (an import may carry them) never serve
    if (r.verified && r.config.family == Family::cpu && !gen::check_cpu(problem, r.config))
      return Plan{r.config, origin, ""};
  return std::nullopt;
}

class UserDbSource final : public CpuPlanSource {
 public:
  explicit UserDbSource(std::shared_ptr<db::UserDatabase> db) : db_(std::move(db)) {}
  std::optional<Plan> lookup(const GemmProblem& problem, const std::string& fingerprint) override {
    const auto records = db_->candidates(problem, fingerprint, static_cast<int>(problem.esize()));
    for (const db::TuningRecord& r : records)
      if (!r.verified)
        db_->warn(fmt::format("the record of {} is marked unverified (its output did not match the reference)",
                              problem.to_string()),
                  "those records are skipped, the others still serve");
    return first_legal(records, problem, PlanOrigin::user);
  }
  std::string describe() const override { return "user database " + db_->path(); }

 private:
  std::shared_ptr<db::UserDatabase> db_;
};

class ShippedDbSource final : public CpuPlanSource {
 public:
  explicit ShippedDbSource(std::shared_ptr<db::ShippedDatabases> db) : db_(std::move(db)) {}
  std::optional<Plan> lookup(const GemmProblem& problem, const std::string& fingerprint) override {
    std::vector<db::TuningRecord> records;
    for (auto& [r, file] : db_->candidates(problem, fingerprint, static_cast<int>(problem.esize())))
      records.push_back(std::move(r));
    return first_legal(records, problem, PlanOrigin::shipped);
  }
  std::string describe() const override { return "shipped databases"; }

 private:
  std::shared_ptr<db::ShippedDatabases> db_;
};

}  // namespace

std::string kernel_name(const GemmProblem& problem, const KernelConfig& c) {
  return gen::kernel_name_stem(problem, Family::cpu) +
         fmt::format("_T{}_v{}_r{}x{}_u{}_o{}", c.mats, c.vec, c.rm, c.rn, c.unroll, c.order) +
         gen::kernel_name_strides(problem);
}

bool streams(const GemmProblem& problem, const KernelConfig& c) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  if (!(c.order & 2) || !p.packed_c()) return false;
  const CpuShape s = cpu_shape(p);
  // One column block spans the whole row (so a block's rows are back to back in C), and
  // every block, the last rows' included, is at most 128 bytes.
  const std::int64_t cols = c.order & 1 ? c.rn : std::int64_t(c.rn) * c.vec;
  return cols >= s.n && std::min<std::int64_t>(c.rm, s.m) * s.n * p.esize() <= 128;
}

KernelConfig make_config(int mats, int vec, int rm, int rn, int unroll, int order) {
  KernelConfig c;
  c.family = Family::cpu;
  c.threads = 0, c.minb = 1, c.grid = 0, c.bm = c.bn = c.bk = 0;
  c.mats = mats, c.vec = vec, c.rm = rm, c.rn = rn, c.unroll = unroll, c.order = order;
  return c;
}

int mats_for(const GemmProblem& p, double task_bytes) {
  const double per = std::max(1.0, p.min_bytes() / static_cast<double>(p.batch));
  return static_cast<int>(std::clamp(task_bytes / per, 1.0, double(1 << 20)));
}

KernelConfig heuristic(const GemmProblem& problem, const CpuInfo& cpu) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  const CpuShape s = cpu_shape(p);
  const int lanes = cpu.lanes(static_cast<int>(p.esize()));
  const int regs = cpu.vector_bytes >= 64 ? 32 : 16;
  const int mats = mats_for(p);
  // Outputs of 64 MB and more go to memory anyway: streaming stores skip reading C's
  // lines into the cache first (a third more traffic for square tiny products).
  const double c_bytes = double(p.batch) * double(p.m * p.n) * double(p.esize());
  // Through the staging buffer (order bit 5), which streams whole aligned lines whatever
  // the caller's alignment: 16x16x16 f32 and f64, 32x32x32 f32 13-22 % faster than bit 1,
  // whose vector streaming stores LLVM can only honour at an aligned address (a C 8 bytes
  // off 16 mixed them with plain stores: 3x10x1 f64 266 ms against 12.5 ms staged);
  // 2x2x2 f32 and f64 within 10 % of bit 1 either way.
  const std::int64_t c_matrix = p.m * p.n * p.esize();
  const int stream = !(c_bytes >= 64e6 && p.beta_kind == ScalarKind::zero) ? 0
                     : p.packed_c() && c_matrix <= 64 * 1024                 ? 32
                                                                             : 2;
  // Skinny outputs with K contiguous in both inputs: dot products along K.
  if (s.n <= 2 && s.k >= 4 && s.a_cs == 1 && s.b_rs == 1) {
    const int vec = static_cast<int>(std::min<std::int64_t>(lanes, pow2_ceil(s.k)));
    const int rn = static_cast<int>(s.n);
    const int rm = static_cast<int>(std::min<std::int64_t>(s.m, std::max(1, (regs - 4) / (rn + 1) / 2)));
    const std::int64_t steps = s.k / vec;
    // With prefetching (bit 4): the tuner's winners of the seed family (3xKx1) had it in
    // 31 of 40 problems over two runs.
    return make_config(mats, vec, std::min(rm, 8), rn, steps <= 8 ? 8 : 4, 1 | stream | 16);
  }
  // Outer product: vectors along C's rows, as wide as the row needs; as many vectors per
  // block as divide the row evenly (at most 4), as many rows as the registers hold (at
  // most 8). Tiny memory-bound products keep a block to about two cache lines of C (what
  // tuning found for 8x8x8 on AVX-512).
  const int vec = static_cast<int>(std::min<std::int64_t>(lanes, pow2_ceil(s.n)));
  const std::int64_t vectors = (s.n + vec - 1) / vec;
  int rn = static_cast<int>(std::min<std::int64_t>(vectors, 4));
  for (int r = rn; r >= 2; --r)
    if (vectors % r == 0) {
      rn = r;
      break;
    }
  // A row of 5 vectors whose last is a short tail (33 f64 is 4 x 8 + 1): all in one block,
  // so the tail's scalar chains hide behind the full vectors' (a block of the tail alone
  // is latency-bound).
  if (vectors == 5 && s.n % vec != 0 && regs >= 32) rn = 5;
  const int budget = std::max(1, regs - rn - 2);
  // A single vector per row: up to 16 rows (16x128x4 f64); 5 vectors: 4 rows (20
  // accumulators; 25 left no room and ran 8 % slower for 33x33x33 f64).
  const int rm_cap = rn == 1 && regs >= 32 ? 16 : rn == 5 ? 4 : 8;
  int rm = static_cast<int>(std::clamp<std::int64_t>(budget / rn, 1, std::min<std::int64_t>(s.m, rm_cap)));
  const double intensity = p.flops() / p.min_bytes();
  const bool tiny = (s.k <= 8 && intensity < 2.0) || (s.k <= 16 && intensity < 1.5);
  if (tiny && rn == vectors) {
    const std::int64_t row_bytes = s.n * p.esize();
    rm = static_cast<int>(std::clamp<std::int64_t>(128 / row_bytes, 1, rm));
    while (rm > 1 && s.m % rm != 0) --rm;  // whole blocks: C goes out in equal runs
  }
  // Reductions of up to 40 steps unrolled whole (33x33x33 f64: 10 % faster than by 8);
  // longer ones by 8 (whole 64- and 128-step loops ran 1.2 to 2.5x slower for 64x64x64
  // f64, 8x64x8 f32 and 16x128x4 f64; tuning finds the exceptions, e.g. 64x64x64 f32).
  const int unroll = static_cast<int>(s.k <= 40 ? s.k : 8);
  // Several column blocks and a B larger than L1 (48 KB on recent cores, 32 KB before):
  // columns outer, so that each panel of B is read from L2 once per matrix.
  const int columns_outer = vectors > rn && s.k * s.n * p.esize() > 32 * 1024 ? 4 : 0;
  // B packed into contiguous panels (order bit 3) where a panel is reused across row
  // blocks: with columns outer (B's rows at a power-of-two stride map a panel onto a few
  // sets of L1: 128x128x128 f64 ran 11 % faster packed), or where B's columns are strided
  // (each row block would otherwise assemble its vectors from scalars again).
  int pack = columns_outer || (s.b_cs != 1 && s.m > rm) ? 8 : 0;
  // Software prefetch of the next matrices (order bit 4): 2x2x2 and 8x8x8 f32 17 %,
  // 8x64x8 f32 31 %, 16x128x4 f64 13 %, 128x128x128 f64 3 % faster on one thread.
  const int prefetch = 16;
  KernelConfig c = make_config(mats, vec, rm, rn, unroll, stream | columns_outer | pack | prefetch);
  if (pack && gen::check_cpu(p, c)) c.order &= ~8;  // a packed B over 256 KB: unpacked
  return c;
}

std::shared_ptr<CpuPlanSource> user_db_source(std::shared_ptr<db::UserDatabase> db) {
  return std::make_shared<UserDbSource>(std::move(db));
}

std::shared_ptr<CpuPlanSource> shipped_db_source(std::shared_ptr<db::ShippedDatabases> db) {
  return std::make_shared<ShippedDbSource>(std::move(db));
}

std::vector<std::shared_ptr<CpuPlanSource>> db_sources(const std::string& user_db_path,
                                                       const std::string& shipped_dir) {
  std::vector<std::shared_ptr<CpuPlanSource>> out;
  if (!user_db_path.empty()) out.push_back(user_db_source(std::make_shared<db::UserDatabase>(user_db_path)));
  out.push_back(shipped_db_source(std::make_shared<db::ShippedDatabases>(shipped_dir)));
  return out;
}

Plan decide(const GemmProblem& problem, const CpuInfo& cpu,
            const std::vector<std::shared_ptr<CpuPlanSource>>& sources) {
  const std::string fp = cpu.fingerprint();
  for (const auto& src : sources) {
    std::optional<Plan> plan;
    try {
      plan = src->lookup(problem, fp);
    } catch (const Error& e) {
      warn_invalid_once(src->describe(), problem.to_string(), "(lookup)", e.what());
      continue;
    }
    if (!plan) continue;
    if (plan->config.family != Family::cpu) {
      warn_invalid_once(src->describe(), problem.to_string(), plan->config.to_string(), "not a cpu-family config");
      continue;
    }
    if (auto why = gen::check_cpu(problem, plan->config)) {
      warn_invalid_once(src->describe(), problem.to_string(), plan->config.to_string(), *why);
      continue;
    }
    plan->kernel_name = kernel_name(problem, plan->config);
    return *plan;
  }
  Plan plan;
  plan.config = heuristic(problem, cpu);
  plan.origin = PlanOrigin::heuristic;
  plan.kernel_name = kernel_name(problem, plan.config);
  return plan;
}

}  // namespace tailor::cpu
