// The CPU path's prepared kernel: what Runtime::prepare_cpu hands out for one problem,
// as LIBXSMM hands out its dispatched kernel. Calling it runs the JIT-compiled kernel on
// host pointers with no lookup at all: a null check, an aliasing check and the call
// (split over the runtime's CPU threads when the batch is large enough).
//
//   tailor::Runtime rt;
//   auto p = tailor::GemmProblem::make(1, 5, 10, 5, tailor::DType::f32);
//   tailor::CpuKernel k = rt.prepare_cpu(p);          // compiles once (LLVM ORC JIT)
//   for (...) k(a, b, c);                              // C = A @ B, tens of nanoseconds
#pragma once

#include <cstdint>
#include <memory>

#include "tailor/problem.hpp"

namespace tailor {

struct Plan;

namespace detail {
struct CpuKernelState;
}

/// A CPU-path kernel prepared for one problem (shape, dtype, layouts, strides and the
/// kinds of alpha and beta: zero, one or general). Cheap to copy; copies share the
/// compiled code. It stays valid after the Runtime that made it is destroyed. Calling a
/// default-constructed CpuKernel throws Error(invalid_argument).
class CpuKernel {
 public:
  /// Signature of the generated code: the products of batch entries [b0, b1).
  using Fn = void (*)(const void* A, const void* B, void* C, double alpha, double beta, std::int64_t b0,
                      std::int64_t b1);

  CpuKernel() = default;

  /// C[b] = alpha * A[b] @ B[b] + beta * C[b] for every b of the prepared problem, on host
  /// pointers; returns when C is written. Throws Error (null_pointer, overlapping_output,
  /// misaligned_pointer for a pointer not aligned to its element, or invalid_argument when alpha or beta is of another kind than prepared, e.g. a beta
  /// of 0.5 for a kernel prepared with beta = 0) before touching C.
  void operator()(const void* A, const void* B, void* C, double alpha = 1.0, double beta = 0.0) const {
    if (single_ && A && B && C && aligned(A, B, C) && scalar_kind(alpha) == alpha_kind_ &&
        scalar_kind(beta) == beta_kind_ && disjoint(A, bytes_a_, C) && disjoint(B, bytes_b_, C)) {
      fn_(A, B, C, alpha, beta, 0, batch_);
      return;
    }
    call_slow(A, B, C, alpha, beta);
  }

  explicit operator bool() const { return fn_ != nullptr; }
  /// The normalised problem the kernel was prepared for (scalar kinds set).
  const GemmProblem& problem() const;
  /// The plan: config, where it came from, kernel name.
  const Plan& plan() const;
  /// The generated function itself, for callers that do their own checks: fn()(A, B, C,
  /// alpha, beta, 0, problem().batch) computes the whole batch on the calling thread. With
  /// a config of unstaged streaming stores it is fast only for a 16-byte aligned C
  /// (operator() picks a plain-store twin for any other C).
  Fn fn() const { return fn_; }

 private:
  friend class Runtime;
  bool disjoint(const void* in, std::int64_t bytes_in, const void* out) const {
    const auto x = reinterpret_cast<std::uintptr_t>(in), y = reinterpret_cast<std::uintptr_t>(out);
    return x + static_cast<std::uintptr_t>(bytes_in) <= y || y + static_cast<std::uintptr_t>(bytes_c_) <= x;
  }
  bool aligned(const void* A, const void* B, const void* C) const {
    return ((reinterpret_cast<std::uintptr_t>(A) | reinterpret_cast<std::uintptr_t>(B)) & elem_mask_) == 0 &&
           (reinterpret_cast<std::uintptr_t>(C) & c_mask_) == 0;
  }
  void call_slow(const void* A, const void* B, void* C, double alpha, double beta) const;

  Fn fn_ = nullptr;
  std::int64_t batch_ = 0;
  std::int64_t bytes_a_ = 0, bytes_b_ = 0, bytes_c_ = 0;
  std::uintptr_t elem_mask_ = 0;  ///< element size - 1
  std::uintptr_t c_mask_ = 0;     ///< C's alignment - 1 for the fast path (15 where fn_ streams, else elem_mask_)
  ScalarKind alpha_kind_ = ScalarKind::one, beta_kind_ = ScalarKind::zero;
  bool single_ = false;  ///< the whole batch runs on the calling thread
  std::shared_ptr<const detail::CpuKernelState> state_;
};

}  // namespace tailor
