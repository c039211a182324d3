// The autotuner's search space: each kernel family's knobs and their legal values, pruned
// by the generator's validation (device limits, alignment), and ranked by an analytic cost
// model so that a time budget stops the search with the most promising candidates tried.
// Pure functions of (problem, device, alignment): no GPU needed.
#pragma once

#include <vector>

#include "generator/generator.hpp"

namespace tailor::gen {

/// A candidate config and the cost model's estimate of its time per call, in seconds.
struct Candidate {
  KernelConfig config;
  double predicted_s = 0;
};

/// The cost model's estimate of one call of `config` on `device` (seconds). Memory time
/// at the copy bandwidth scaled by how many bytes the resident CTAs keep in flight,
/// shared-memory read time from the bank-conflict model, FMA issue time, each inflated by
/// wasted work (idle threads, partial micro-tiles and tiles) and the last partial wave.
double predict_seconds(const GemmProblem& problem, const KernelConfig& config, const DeviceInfo& device,
                       double copy_bytes_per_s = 4.2e12);

/// The share of a config's work that is the problem's: outputs and K steps of its padded
/// micro-tiles or tiles, and (slab) threads idle in the last round of micro-tiles. 1 when
/// the config fits the shape exactly.
double useful_fraction(const GemmProblem& problem, const KernelConfig& config);

/// The regroupings of the batch's rows (KernelConfig::rows) that can run `problem`: one
/// product of batch x M rows, and matrices of 1-128 rows dividing it; likewise the rows of
/// its transpose (tr = 1, where A is shared and B and C are column-major or N = 1), and
/// then the transpose as given (tr = 1, rows = 0). Each as the heuristic's config for that
/// problem as given, with `rows` and `tr` set, and the cost model's time for it, fastest
/// first. Empty where neither stack can be regrouped.
/// (Defined in generator.cpp, beside the heuristic that weighs them.)
std::vector<Candidate> regroup_options(const GemmProblem& problem, const DeviceInfo& device, int align_bytes = 16);

/// Legal candidates of every family that suits the problem, at most `limit`, in the order
/// the autotuner should try them: the heuristic's config, the 32 best predicted, then the
/// rest round-robin over structural classes (family, threads, micro-tile, register cap).
std::vector<Candidate> candidates(const GemmProblem& problem, const DeviceInfo& device, int align_bytes,
                                  std::size_t limit = 256);

}  // namespace tailor::gen
