// Tuning the CPU path, as the GPU is tuned: candidate cpu-family configs for a problem,
// each JIT-compiled, checked against the float64 reference on a NaN-poisoned output, and
// timed (median, p20, p80) on fresh random inputs with the thread count it will run with;
// the fastest verified candidate wins and comes back as a TuningRecord keyed by the CPU's
// fingerprint, ready for TuningDb::upsert. `tailor-tune --device cpu` calls tune_cpu.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "runtime/cpu/cpu_info.hpp"
#include "tailor/config.hpp"
#include "tailor/problem.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::cpu {

struct TuneOptions {
  /// Progress lines ("candidate ... 1.234 ms"), nullptr for silence.
  std::function<void(const std::string&)> log;
  /// Bytes of operands a timed call moves while searching (the batch is cut to this,
  /// never below one matrix); the winner and the heuristic are then timed on the full
  /// batch, and those are the times the record holds.
  double search_bytes = 64e6;
  /// Input sets rotated while timing, so that a call does not find its inputs in cache:
  /// 0 picks enough to move past twice the last-level cache.
  int sets = 0;
  std::uint64_t seed = 20261129;
  /// Configs timed right after the heuristic (the record a re-tune replaces, say), each
  /// where it passes gen::check_cpu; they do not count against max_candidates.
  std::vector<KernelConfig> seeds;
  /// At most this many configs timed besides the seeds, over both stages (the heuristic
  /// included); 0: as many as the budget allows.
  std::size_t max_candidates = 0;
};

/// Candidate configs for a normalised problem on `cpu`, every one passing gen::check_cpu,
/// the heuristic first, then in the order the search tries them (coarse knobs first).
std::vector<KernelConfig> candidates(const GemmProblem& problem, const CpuInfo& cpu, int threads);

/// Tunes the normalised `problem` (its scalar kinds say which alpha and beta it is for;
/// alpha = 1.5 and beta = 0.5 are used for kinds `general`) within about `budget_s`
/// seconds (the full batch's inputs, reference and re-timing included; the heuristic and the
/// seeds are timed whatever the budget), with `threads` CPU threads (0: every CPU). Returns the winner's record:
/// device = host_cpu().fingerprint(), align_bytes = element size, verified = true, times of
/// one call on the full batch. Throws Error(device_unavailable) without the CPU path, and
/// Error(internal_error) when no candidate passes the reference check.
db::TuningRecord tune_cpu(const GemmProblem& problem, double budget_s, int threads, const TuneOptions& options = {});

}  // namespace tailor::cpu
