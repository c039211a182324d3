// The runtime handle. One Runtime owns one device's primary context, the compiled
// kernels for the problems it has seen, and the lookup chain that picks a kernel config
// for a new problem (see docs/design.md, "Data flow of one call").
//
//   tailor::Runtime rt;                                   // device 0
//   auto p = tailor::GemmProblem::make(1000000, 3, 25, 1, tailor::DType::f64);
//   rt.gemm(p, dA, dB, dC);                               // C = A @ B on the default stream
//   rt.gemm(p, dA, dB, dC, 2.0, 0.5, stream);             // C = 2 A @ B + 0.5 C
//
// A problem seen before in this process costs one hash lookup and one cuLaunchKernel.
// Runtime is safe to use from several threads at once.
#pragma once

#include <memory>
#include <string>

#include "tailor/config.hpp"
#include "tailor/device.hpp"
#include "tailor/problem.hpp"

// The driver's stream type (same as cudaStream_t); cuda.h declares it identically.
struct CUstream_st;
typedef struct CUstream_st* CUstream;

namespace tailor {

/// Where the config of a plan came from, in lookup order.
enum class PlanOrigin {
  memo,       ///< seen before in this process
  user,       ///< the user's tuning database ($TAILOR_DB)
  shipped,    ///< a tuning database shipped with the library
  neighbour,  ///< the nearest tuned problem on this device
  heuristic,  ///< no tuning: the built-in heuristic
  tuned,      ///< tuned just now (TAILOR_TUNE=1)
  forced,     ///< a config the caller passed explicitly
};
std::string_view to_string(PlanOrigin o);

/// What dispatch decided for a problem.
struct Plan {
  KernelConfig config;
  PlanOrigin origin = PlanOrigin::heuristic;
  std::string kernel_name;  ///< the generated kernel's symbol, which spells the config
};

class Runtime {
 public:
  /// Opens CUDA device `device` (its primary context). Without a CUDA driver or device the
  /// runtime still constructs; has_gpu() is false and device gemm calls throw
  /// Error(device_unavailable) saying why.
  explicit Runtime(int device = 0);
  ~Runtime();
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  bool has_gpu() const;
  /// Why there is no GPU ("" when there is one).
  const std::string& no_gpu_reason() const;
  const DeviceInfo& device() const;

  /// C[b] = alpha * A[b] @ B[b] + beta * C[b] on device pointers, enqueued on `stream`
  /// (nullptr: the context's default stream). Returns once the kernel is enqueued.
  /// Throws Error before touching C when the problem or a pointer is invalid.
  void gemm(const GemmProblem& problem, const void* A, const void* B, void* C,
            double alpha = 1.0, double beta = 0.0, CUstream stream = nullptr);

  /// As gemm, with a kernel config chosen by the caller (validated, never cached as a plan).
  void gemm_with(const GemmProblem& problem, const KernelConfig& config, const void* A,
                 const void* B, void* C, double alpha = 1.0, double beta = 0.0,
                 CUstream stream = nullptr);

  /// The plan gemm would use for this problem with pointers aligned to `align_bytes`
  /// (16: all of A, B, C 16-byte aligned), without launching anything. May compile the
  /// kernel (no GPU needed) to check that an untuned config does not spill registers.
  Plan plan(const GemmProblem& problem, int align_bytes = 16);

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tailor
