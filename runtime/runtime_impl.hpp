// Runtime internals shared with the tools (tailor-bench times bare launches of the very
// function gemm launches; the autotuner launches candidates). Not a public header.
#pragma once

#include <cuda.h>

#include <memory>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "generator/generator.hpp"
#include "runtime/dispatch.hpp"
#include "runtime/module_cache.hpp"
#include "tailor/runtime.hpp"

namespace tailor::detail {

/// Everything one launch needs, resolved once per (problem, alignment[, config]).
struct Launchable {
  CUfunction fn = nullptr;
  LaunchShape shape;
  DType dtype = DType::f32;
  std::int64_t batch = 0;
  bool pdl = false;  ///< launched with programmatic stream serialization (sm_90 and newer)
  int fit_per_sm = 0;  ///< persistent grids: CTAs the driver says fit one SM (0: not asked)
  std::int64_t bytes_a = 0, bytes_b = 0, bytes_c = 0;  ///< memory each operand spans
  Plan plan;
  std::shared_ptr<const CompiledKernel> kernel;
};

struct MemoKey {
  GemmProblem problem;  ///< as the caller gave it, with the scalar kinds set
  int align = 16;
  bool forced = false;
  KernelConfig config;  ///< only when forced
  bool operator==(const MemoKey&) const = default;
};
struct MemoKeyHash {
  std::size_t operator()(const MemoKey& k) const noexcept;
};

/// Enqueues one launch of `l` (no checks).
CUresult launch(const Launchable& l, const void* A, const void* B, void* C, double alpha, double beta,
                CUstream stream);

}  // namespace tailor::detail

namespace tailor::detail {
class HostRouter;  // the CPU path and host/device routing (runtime/cpu/host_router.hpp)
}

namespace tailor {

struct Runtime::Impl {
  explicit Impl(int device);
  ~Impl();

  /// Distinct for every Impl a process makes (per-thread caches compare it, not the address).
  const std::uint64_t id;
  bool gpu = false;
  std::string no_gpu_reason;
  DeviceInfo dev;
  CUcontext ctx = nullptr;
  CUdevice cudev = 0;
  detail::ModuleCache cache;
  detail::Dispatcher dispatcher;

  /// The launchable for a (problem with kinds set, alignment[, forced config]): memo hit,
  /// or validate + dispatch + generate + compile + load. Checks the pointers (null,
  /// alignment, aliasing) on every call; throws Error before any device work. The
  /// reference stays valid while the runtime lives (memo entries are never removed).
  const detail::Launchable& resolve(const GemmProblem& problem, int align, const KernelConfig* forced, const void* A,
                             const void* B, const void* C);
  /// TAILOR_TUNE=1: tunes `p` now, stores the record in the user database, and returns
  /// the tuned plan (or `fallback` when tuning fails, with a message on stderr).
  Plan tune_now(const GemmProblem& p, int align, const Plan& fallback);
  /// A heuristic or neighbour plan whose kernel spills registers under its CTAs-per-SM
  /// cap gets a lower cap (compiles, needs no GPU); other plans are returned as they are.
  Plan settle(const GemmProblem& normalized, Plan plan);
  /// Loads (once per context) the kernel for `problem` + `config`.
  detail::Launchable build(const GemmProblem& normalized, const Plan& plan);
  /// The resource report of `k` read from the driver (the cubin loaded and unloaded):
  /// registers, static shared memory, and the thread's local memory (its stack frame, where
  /// ptxas's spills go) as the spilled bytes. The module cache asks for it where NVRTC's log
  /// holds no report; fields are left as they are when the driver refuses.
  void report_from_driver(detail::CompiledKernel& k) const;
  /// Makes this runtime's context current on the calling thread.
  void make_current() const;
  /// Persistent grids: no more CTAs an SM than fit at once (cuOccupancyMaxActiveBlocksPerMultiprocessor).
  void fit_persistent_grid(detail::Launchable& l) const;
  /// Throws Error(device_unavailable) when there is no GPU.
  void require_gpu() const;

  std::shared_mutex mu;
  std::unordered_map<detail::MemoKey, detail::Launchable, detail::MemoKeyHash> memo;
  std::unordered_map<std::string, std::pair<CUfunction, std::shared_ptr<const detail::CompiledKernel>>> functions;
  std::vector<CUmodule> modules;
  std::unique_ptr<detail::HostRouter> host;  ///< CPU path (issue 4): host pointers, no GPU
};

}  // namespace tailor
