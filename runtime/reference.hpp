// Host-side helpers for checking kernels: reproducible random non-zero inputs, the
// float64 reference product, and the error measure used everywhere (benchmark, tests,
// autotuner): max |C - ref| / max |ref| over the whole problem, NaN counting as infinite.
#pragma once

#include <cstdint>
#include <vector>

#include "tailor/problem.hpp"

namespace tailor::detail {

/// Fills n elements of `dtype` at `data` with values uniform in [-1, -1/16] U [1/16, 1]
/// (never zero), reproducible from `seed` whatever the thread count.
void fill_random(void* data, DType dtype, std::int64_t n, std::uint64_t seed);
/// Fills n elements with a quiet NaN (an output that was not written stays NaN).
void fill_nan(void* data, DType dtype, std::int64_t n);

/// Elements a buffer must hold for one operand of a normalised problem.
std::int64_t operand_elems(const GemmProblem& p, char operand);

/// The float64 reference alpha * A @ B + beta * C0 of a normalised problem, as
/// (batch entries) x M x N row-major doubles. C0 is read only when beta != 0. Uses all
/// cores. With `batches`, only those batch entries, in that order.
std::vector<double> reference_gemm(const GemmProblem& p, const void* A, const void* B, const void* C0, double alpha,
                                   double beta, const std::vector<std::int64_t>* batches = nullptr);

/// max |C - ref| / max |ref| with C in the problem's layout; infinity when C holds a NaN
/// (an unwritten element of a poisoned output) and ref does not. With `batches`, `ref`
/// holds those batch entries (as reference_gemm returned them) and only they are compared.
double max_rel_err(const GemmProblem& p, const void* C, const std::vector<double>& ref,
                   const std::vector<std::int64_t>* batches = nullptr);

/// A normalised problem's operands in host memory, in `sets` random sets (rotated by
/// benchmarks so that a call does not find its inputs in cache), C of set 0 kept as `c0`,
/// and the float64 reference of set 0 with `alpha` and `beta`.
struct HostOperands {
  GemmProblem p;
  double alpha = 1, beta = 0;
  std::int64_t na = 0, nb = 0, nc = 0;  ///< elements of A, B, C (operand_elems)
  std::vector<std::vector<char>> a, b, c;
  std::vector<char> c0;
  std::vector<double> ref;
};
HostOperands make_host_operands(const GemmProblem& p, double alpha, double beta, int sets, std::uint64_t seed);

/// Up to `count` batch entries spread evenly over the batch, the first and last included.
std::vector<std::int64_t> sample_batches(std::int64_t batch, std::int64_t count);

}  // namespace tailor::detail
