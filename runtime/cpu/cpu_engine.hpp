// The CPU path's engine, one per Runtime: the in-process memo of prepared kernels (the
// hot path: one hash lookup, the pointer checks, the call), the slow path of a new
// problem (plan: user database under the CPU's fingerprint, else the heuristic, or with
// TAILOR_TUNE=1 a tuning run stored in the user database; then the JIT), and the thread
// pool the batch is split over. Runtime::gemm routes host calls here
// (runtime/cpu/host_router.hpp); Runtime::prepare_cpu hands out its states as CpuKernels.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>
#include <vector>

#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/thread_pool.hpp"
#include "tailor/cpu.hpp"
#include "tailor/runtime.hpp"

namespace tailor::cpu {

/// The pool a runtime's CPU kernels run on; its thread count can change at any time
/// (kernels prepared earlier use the new count).
class PoolRef {
 public:
  explicit PoolRef(int threads);
  int threads() const;
  void set_threads(int threads);
  /// Runs fn(ctx, t) for t < ntasks over the pool (inline when it has one thread).
  void run(std::int64_t ntasks, ThreadPool::TaskFn fn, const void* ctx) const;

 private:
  mutable std::mutex mu_;
  int threads_ = 1;
  mutable std::shared_ptr<ThreadPool> pool_;  // made on first use
};

/// Threads of a new engine: TAILOR_CPU_THREADS, or every CPU this process may use.
int default_threads();

/// A word-wise hash of a problem (GemmProblem::hash mixes byte by byte, about 100 ns a
/// call: most of the budget of a tiny product's whole gemm call).
struct FastProblemHash {
  std::size_t operator()(const GemmProblem& p) const noexcept;
};

}  // namespace tailor::cpu

namespace tailor::detail {

/// Everything one CPU call needs, resolved once per (problem with scalar kinds, config).
struct CpuKernelState {
  GemmProblem problem;  ///< normalised, scalar kinds set
  Plan plan;
  std::shared_ptr<const cpu::CompiledCpuKernel> kernel;
  cpu::KernelFn fn = nullptr;
  /// Where `fn` uses unstaged streaming stores (order bit 1): the same kernel with plain
  /// stores, for a C not 16-byte aligned (streaming vector stores are honoured only at
  /// aligned addresses; elsewhere they mix with scalar ones, up to 20x slower). Else null.
  std::shared_ptr<const cpu::CompiledCpuKernel> kernel_any_c;
  cpu::KernelFn fn_any_c = nullptr;
  std::int64_t batch = 0, mats = 1, tasks = 1;
  bool pooled = false;  ///< enough work to split over the pool's threads
  std::int64_t bytes_a = 0, bytes_b = 0, bytes_c = 0;  ///< memory each operand spans
  std::shared_ptr<cpu::PoolRef> pool;
};

/// The problem and the bytes each operand spans, nothing compiled (for pointer checks).
CpuKernelState cpu_extents(const GemmProblem& normalized);
/// Throws Error (null_pointer, misaligned_pointer, overlapping_output) naming the problem.
void check_cpu_pointers(const CpuKernelState& s, const void* A, const void* B, const void* C);
/// Runs the whole batch (over the pool when s.pooled). No checks.
void execute_cpu(const CpuKernelState& s, const void* A, const void* B, void* C, double alpha, double beta);

}  // namespace tailor::detail

namespace tailor::cpu {

class CpuEngine {
 public:
  CpuEngine();

  /// The state for a problem (scalar kinds set by the caller; normalised here) and an
  /// optional forced cpu config: memo hit, else validate + plan + compile. The pointer
  /// stays valid for the engine's life. Throws user errors before compiling anything.
  const detail::CpuKernelState& resolve(const GemmProblem& problem, const KernelConfig* forced);
  /// As resolve, as a handle that outlives the engine.
  std::shared_ptr<const detail::CpuKernelState> resolve_shared(const GemmProblem& problem,
                                                               const KernelConfig* forced);

  /// C = alpha A @ B + beta C on host pointers: resolve, check, execute.
  void gemm(const GemmProblem& problem, const KernelConfig* forced, const void* A, const void* B, void* C,
            double alpha, double beta);

  /// The plan the engine would use for a normalised problem with kinds set.
  Plan plan(const GemmProblem& problem) const;

  int threads() const { return pool_->threads(); }
  void set_threads(int threads) { pool_->set_threads(threads); }
  const std::shared_ptr<PoolRef>& pool() const { return pool_; }

  void add_source(std::shared_ptr<CpuPlanSource> s);

 private:
  Plan tune_now(const GemmProblem& normalized, const Plan& fallback);

  struct Key {
    GemmProblem problem;
    bool forced = false;
    KernelConfig config;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept;
  };

  std::shared_ptr<PoolRef> pool_;
  mutable std::shared_mutex mu_;
  std::vector<std::shared_ptr<CpuPlanSource>> sources_;
  std::unordered_map<Key, std::shared_ptr<const detail::CpuKernelState>, KeyHash> memo_;
};

}  // namespace tailor::cpu
