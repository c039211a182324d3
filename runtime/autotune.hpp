// The autotuner: for one problem on one device, compile the search space's candidates in
// parallel (NVRTC is thread-safe) in the cost model's order, check each one's output
// against a float64 reference, time it with CUDA events on rotating input sets larger than
// L2, and return the fastest verified config with its timings. A candidate that fails to
// compile, load, launch or verify is recorded as failed (timed as infinite) and tuning
// goes on. The time budget stops the search with the most promising candidates tried.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "generator/search_space.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/runtime_impl.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::detail {

struct TuneOptions {
  double budget_s = 10.0;           ///< wall time for the whole problem, setup included
  int workers = 0;                  ///< compile threads (0: one per core)
  std::size_t max_candidates = 256;
  /// Configs to try right after the heuristic, in this order (a tuned neighbour's when
  /// tuning on first use; the records already serving the problem in tailor-tune), where
  /// legal for the problem: one already among the candidates moves up, so that a re-tune
  /// within a short budget times what it would replace.
  std::vector<KernelConfig> seeds;
  /// Also try gen::wide_tile_seed (f32 micro-tiles past 36 outputs) after the seeds.
  bool wide_seed = true;
  /// Called from the tuning thread as candidates are timed: (timed, total, config).
  std::function<void(int, int, const std::string&)> progress;
};

struct CandidateResult {
  KernelConfig config;
  double predicted_s = 0;
  bool ok = false;
  std::string failure;  ///< why it failed ("" when ok)
  Timing timing;
  double max_rel_err = 0;
  int registers = -1;
};

struct TuneResult {
  GemmProblem problem;  ///< normalised, scalar kinds set
  int align_bytes = 16;
  KernelConfig best;
  Timing best_timing;
  double best_err = 0;
  KernelConfig heuristic;
  Timing heuristic_timing;  ///< median 0 when the heuristic failed
  int tried = 0, failed = 0;
  bool budget_stopped = false;  ///< candidates were left untried
  double seconds = 0;
  std::vector<CandidateResult> candidates;  ///< in the order they were timed

  /// The record to store for `device`.
  db::TuningRecord record(const DeviceInfo& device) const;
};

/// Puts `seeds` right after the first candidate (the heuristic), in their order: a seed
/// already listed moves up, one not listed is added where gen::check passes it, one equal
/// to the heuristic stays where it is.
void place_seeds(std::vector<gen::Candidate>& candidates, const std::vector<KernelConfig>& seeds,
                 const GemmProblem& problem, const DeviceInfo& device, int align_bytes);
/// `seeds` with each one-buffer bulk-layout slab followed by its twin of the other copy
/// engine (tma = 1 <-> 2: the TMA unit's bulk copies or the threads' cp.async of the same
/// runs), unless already listed: a re-tune then times both of what it would replace.
std::vector<KernelConfig> with_copy_twins(const std::vector<KernelConfig>& seeds);
/// Tunes `problem` (scalar kinds as the caller will use them) for pointers aligned to
/// `align_bytes` on the runtime's device. Throws Error(device_unavailable) without a GPU,
/// Error(internal_error) when no candidate verifies (never expected: the heuristic is one).
TuneResult autotune(Runtime::Impl& rt, const GemmProblem& problem, int align_bytes, const TuneOptions& options);

}  // namespace tailor::detail
