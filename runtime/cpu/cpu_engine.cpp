// The CPU engine: memo, slow path, pointer checks, the pool split, and CpuKernel's
// out-of-line parts.
#include "runtime/cpu/cpu_engine.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "generator/generator.hpp"
#include "runtime/cpu/cost_model.hpp"
#include "runtime/cpu/cpu_tune.hpp"
#include "runtime/env.hpp"
#include "tailor/error.hpp"

namespace tailor::cpu {
namespace {

std::int64_t operand_bytes(const GemmProblem& p, std::int64_t stride, std::int64_t span) {
  return ((stride == 0 ? 0 : (p.batch - 1) * stride) + span) * p.esize();
}

struct TaskCtx {
  const detail::CpuKernelState* s;
  KernelFn fn;
  const void* A;
  const void* B;
  void* C;
  double alpha, beta;
};

void run_task(const void* ctx, std::int64_t t) {
  const auto& c = *static_cast<const TaskCtx*>(ctx);
  const std::int64_t b0 = t * c.s->mats, b1 = std::min(c.s->batch, b0 + c.s->mats);
  c.fn(c.A, c.B, c.C, c.alpha, c.beta, b0, b1);
}

}  // namespace

PoolRef::PoolRef(int threads) : threads_(std::max(1, threads)) {}

int PoolRef::threads() const {
  std::lock_guard<std::mutex> lock(mu_);
  return threads_;
}

void PoolRef::set_threads(int threads) {
  if (threads < 1 || threads > 4096)
    throw Error(ErrorCode::invalid_argument, fmt::format("CPU threads = {}: expected 1 to 4096", threads));
  std::lock_guard<std::mutex> lock(mu_);
  if (threads_ != threads) threads_ = threads, pool_.reset();
}

void PoolRef::run(std::int64_t ntasks, ThreadPool::TaskFn fn, const void* ctx) const {
  std::shared_ptr<ThreadPool> pool;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!pool_ && threads_ > 1) pool_ = std::make_shared<ThreadPool>(threads_);  // workers start on first use
    pool = pool_;
  }
  if (!pool) {
    for (std::int64_t t = 0; t < ntasks; ++t) fn(ctx, t);
    return;
  }
  pool->run(ntasks, fn, ctx);
}

int default_threads() {
  const int t = detail::env().cpu_threads;
  return t > 0 ? t : usable_cpus();
}

CpuEngine::CpuEngine() : pool_(std::make_shared<PoolRef>(default_threads())) {
  // Tuned CPU configs: the user's database, then the shipped ones, under the CPU's fingerprint.
  sources_ = db_sources(detail::env().db_path, detail::env().shipped_dir);
}

namespace {
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h = (h ^ v) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}
}  // namespace

std::size_t FastProblemHash::operator()(const GemmProblem& p) const noexcept {
  std::uint64_t h = 0x243f6a8885a308d3ull;
  for (std::int64_t v : {p.batch, p.m, p.k, p.n, p.lda, p.ldb, p.ldc, p.stride_a, p.stride_b, p.stride_c})
    h = mix(h, static_cast<std::uint64_t>(v));
  h = mix(h, static_cast<std::uint64_t>(p.dtype) | static_cast<std::uint64_t>(p.layout_a) << 8 |
                 static_cast<std::uint64_t>(p.layout_b) << 16 | static_cast<std::uint64_t>(p.layout_c) << 24 |
                 static_cast<std::uint64_t>(p.alpha_kind) << 32 | static_cast<std::uint64_t>(p.beta_kind) << 40);
  return static_cast<std::size_t>(h);
}

std::size_t CpuEngine::KeyHash::operator()(const Key& k) const noexcept {
  std::uint64_t h = mix(FastProblemHash{}(k.problem), static_cast<std::uint64_t>(k.forced));
  if (k.forced)
    for (int v : {k.config.mats, k.config.vec, k.config.rm, k.config.rn, k.config.unroll, k.config.order})
      h = mix(h, static_cast<std::uint64_t>(v));
  return static_cast<std::size_t>(h);
}

void CpuEngine::add_source(std::shared_ptr<CpuPlanSource> s) {
  std::unique_lock lock(mu_);
  sources_.push_back(std::move(s));
}

Plan CpuEngine::plan(const GemmProblem& problem) const {
  std::vector<std::shared_ptr<CpuPlanSource>> sources;
  {
    std::shared_lock lock(mu_);
    sources = sources_;
  }
  return decide(problem, host_cpu(), sources);
}

const detail::CpuKernelState& CpuEngine::resolve(const GemmProblem& problem, const KernelConfig* forced) {
  const Key key{problem, forced != nullptr, forced ? *forced : KernelConfig{}};
  {
    std::shared_lock lock(mu_);
    if (auto it = memo_.find(key); it != memo_.end()) return *it->second;
  }
  return *resolve_shared(problem, forced);
}

std::shared_ptr<const detail::CpuKernelState> CpuEngine::resolve_shared(const GemmProblem& problem,
                                                                        const KernelConfig* forced) {
  const Key key{problem, forced != nullptr, forced ? *forced : KernelConfig{}};
  {
    std::shared_lock lock(mu_);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  }
  const GemmProblem p = problem.normalized();  // user errors (shape, strides, overlap) here
  Plan plan;
  if (forced) {
    if (forced->family != Family::cpu)
      throw Error(ErrorCode::invalid_config, fmt::format("problem {}: config {} is not a cpu-family config",
                                                         p.to_string(), forced->to_string()));
    if (auto why = gen::check_cpu(p, *forced))
      throw Error(ErrorCode::invalid_config,
                  fmt::format("problem {}: config {} is illegal: {}", p.to_string(), forced->to_string(), *why));
    plan = Plan{*forced, PlanOrigin::forced, kernel_name(p, *forced)};
  } else {
    plan = this->plan(p);
    if (plan.origin == PlanOrigin::heuristic && detail::env().tune) plan = tune_now(p, plan);
  }
  auto s = std::make_shared<detail::CpuKernelState>();
  s->problem = p;
  s->plan = plan;
  s->kernel = compile(p, plan.config);
  s->fn = s->kernel->fn;
  // Unstaged streaming stores (bit 1 where C is packed and bit 5 is not honoured) need a
  // 16-byte aligned C to be fast: the plain-store twin serves any other C.
  const bool staged = (plan.config.order & 32) && p.m * p.n * p.esize() <= 64 * 1024;
  if ((plan.config.order & 2) && p.packed_c() && !staged) {
    KernelConfig plain = plan.config;
    plain.order &= ~2;
    s->kernel_any_c = compile(p, plain);
    s->fn_any_c = s->kernel_any_c->fn;
  }
  s->batch = p.batch;
  s->mats = std::max(1, plan.config.mats);
  s->tasks = (p.batch + s->mats - 1) / s->mats;
  s->pooled = cpu_pooled(p, s->mats);
  const detail::CpuKernelState ext = detail::cpu_extents(p);
  s->bytes_a = ext.bytes_a, s->bytes_b = ext.bytes_b, s->bytes_c = ext.bytes_c;
  s->pool = pool_;
  if (detail::env().log)
    std::fprintf(stderr, "tailor: %s -> %s (cpu, %s%s)\n", p.to_string().c_str(), plan.kernel_name.c_str(),
                 std::string(to_string(plan.origin)).c_str(),
                 s->kernel->compile_seconds > 0
                     ? fmt::format(", compiled in {:.0f} ms", s->kernel->compile_seconds * 1e3).c_str()
                     : "");
  std::unique_lock lock(mu_);
  return memo_.emplace(key, std::move(s)).first->second;
}

Plan CpuEngine::tune_now(const GemmProblem& p, const Plan& fallback) {
  // TAILOR_TUNE=1: as on the GPU, a problem with no record is tuned on first use within
  // TAILOR_TUNE_BUDGET_S, with this engine's threads, and the winner stored in the user
  // database. A failure to tune or to store is reported and the heuristic serves.
  const detail::Env& e = detail::env();
  try {
    const db::TuningRecord r = tune_cpu(p, e.tune_budget_s, threads());
    try {
      db::TuningDb::open(e.db_path, db::TuningDb::Mode::read_write)->upsert(r);
    } catch (const Error& err) {
      std::fprintf(stderr, "tailor: tuned %s on the CPU but could not store it: %s\n", p.to_string().c_str(),
                   err.what());
    }
    if (e.log)
      std::fprintf(stderr, "tailor: tuned %s on the CPU in %.1f s: %s (%.2fx the heuristic)\n", p.to_string().c_str(),
                   r.tuning_seconds, r.config.to_string().c_str(), r.heuristic_s > 0 ? r.heuristic_s / r.median_s : 0.0);
    return Plan{r.config, PlanOrigin::tuned, kernel_name(p, r.config)};
  } catch (const Error& err) {
    std::fprintf(stderr, "tailor: tuning %s on the CPU failed, using the heuristic: %s\n", p.to_string().c_str(),
                 err.what());
    return fallback;
  }
}

void CpuEngine::gemm(const GemmProblem& problem, const KernelConfig* forced, const void* A, const void* B, void* C,
                     double alpha, double beta) {
  GemmProblem key = problem;
  key.alpha_kind = scalar_kind(alpha);
  key.beta_kind = scalar_kind(beta);
  const detail::CpuKernelState* s = nullptr;
  {
    std::shared_lock lock(mu_);
    if (auto it = memo_.find(Key{key, forced != nullptr, forced ? *forced : KernelConfig{}}); it != memo_.end())
      s = it->second.get();
  }
  if (!s) {
    // First call of this problem: every user error is raised here, before compiling.
    detail::check_cpu_pointers(detail::cpu_extents(key.normalized()), A, B, C);
    s = &resolve(key, forced);
  }
  detail::check_cpu_pointers(*s, A, B, C);
  detail::execute_cpu(*s, A, B, C, alpha, beta);
}

}  // namespace tailor::cpu

namespace tailor::detail {

CpuKernelState cpu_extents(const GemmProblem& p) {
  CpuKernelState s;
  s.problem = p;
  s.batch = p.batch;
  s.bytes_a = cpu::operand_bytes(p, p.stride_a, p.span_a());
  s.bytes_b = cpu::operand_bytes(p, p.stride_b, p.span_b());
  s.bytes_c = cpu::operand_bytes(p, p.stride_c, p.span_c());
  return s;
}

void check_cpu_pointers(const CpuKernelState& s, const void* A, const void* B, const void* C) {
  const GemmProblem& p = s.problem;
  if (!A || !B || !C)
    throw Error(ErrorCode::null_pointer,
                fmt::format("problem {}: {} is a null pointer", p.to_string(), !A ? "A" : !B ? "B" : "C"));
  for (auto [ptr, name] : {std::pair{A, "A"}, std::pair{B, "B"}, std::pair{C, "C"}})
    if (reinterpret_cast<std::uintptr_t>(ptr) % static_cast<std::uintptr_t>(p.esize()) != 0)
      throw Error(ErrorCode::misaligned_pointer,
                  fmt::format("problem {}: {} is aligned to {} bytes, less than its {}-byte element", p.to_string(),
                              name, gen::alignment_of(ptr), p.esize()));
  auto overlap = [](const void* a, std::int64_t na, const void* b, std::int64_t nb) {
    const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
    return x < y + static_cast<std::uintptr_t>(nb) && y < x + static_cast<std::uintptr_t>(na);
  };
  const bool oa = overlap(A, s.bytes_a, C, s.bytes_c);
  if (oa || overlap(B, s.bytes_b, C, s.bytes_c))
    throw Error(ErrorCode::overlapping_output,
                fmt::format("problem {}: C overlaps {} in memory; the output must not alias an input", p.to_string(),
                            oa ? "A" : "B"));
}

void execute_cpu(const CpuKernelState& s, const void* A, const void* B, void* C, double alpha, double beta) {
  const cpu::KernelFn fn = s.fn_any_c && (reinterpret_cast<std::uintptr_t>(C) & 15) ? s.fn_any_c : s.fn;
  if (!s.pooled) {
    fn(A, B, C, alpha, beta, 0, s.batch);
    return;
  }
  const cpu::TaskCtx ctx{&s, fn, A, B, C, alpha, beta};
  s.pool->run(s.tasks, cpu::run_task, &ctx);
}

}  // namespace tailor::detail

namespace tailor {

const GemmProblem& CpuKernel::problem() const {
  if (!state_) throw Error(ErrorCode::invalid_argument, "an empty CpuKernel has no problem (use Runtime::prepare_cpu)");
  return state_->problem;
}

const Plan& CpuKernel::plan() const {
  if (!state_) throw Error(ErrorCode::invalid_argument, "an empty CpuKernel has no plan (use Runtime::prepare_cpu)");
  return state_->plan;
}

void CpuKernel::call_slow(const void* A, const void* B, void* C, double alpha, double beta) const {
  if (!state_) throw Error(ErrorCode::invalid_argument, "calling an empty CpuKernel (use Runtime::prepare_cpu)");
  const GemmProblem& p = state_->problem;
  if (scalar_kind(alpha) != alpha_kind_ || scalar_kind(beta) != beta_kind_)
    throw Error(ErrorCode::invalid_argument,
                fmt::format("problem {}: the kernel was prepared for alpha {} and beta {}; called with alpha = {} and "
                            "beta = {} (prepare another kernel for these kinds)",
                            p.to_string(), to_string(alpha_kind_), to_string(beta_kind_), alpha, beta));
  detail::check_cpu_pointers(*state_, A, B, C);
  detail::execute_cpu(*state_, A, B, C, alpha, beta);
}

}  // namespace tailor
