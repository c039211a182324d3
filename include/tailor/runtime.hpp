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
#include "tailor/cpu.hpp"
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
  /// runtime still constructs; has_gpu() is false and every gemm runs on the CPU path
  /// (a call that forces a GPU config throws Error(device_unavailable) saying why). A
  /// negative `device` asks for that on purpose; a `device` past the devices the driver
  /// reports, where it reports some, throws Error(invalid_argument).
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
  /// Host pointers (all three) run on the CPU path, or on the GPU with copies in and out
  /// when the cost model says that is faster (see docs/design.md, "Host or device");
  /// such calls return once C is written. Without a GPU every call runs on the CPU path.
  /// Throws Error before touching C when the problem or a pointer is invalid, and
  /// Error(invalid_argument) when host and device pointers are mixed. Device pointers must
  /// be memory this runtime's device can reach (its own, or a peer's with peer access on);
  /// the caller's current context is current again when the call returns.
  void gemm(const GemmProblem& problem, const void* A, const void* B, void* C,
            double alpha = 1.0, double beta = 0.0, CUstream stream = nullptr);

  /// As gemm, with a kernel config chosen by the caller (validated, never cached as a plan).
  /// A cpu-family config runs on the CPU path (host pointers); a GPU config with host
  /// pointers runs on the GPU with copies.
  void gemm_with(const GemmProblem& problem, const KernelConfig& config, const void* A,
                 const void* B, void* C, double alpha = 1.0, double beta = 0.0,
                 CUstream stream = nullptr);

  /// The plan gemm would use for this problem with pointers aligned to `align_bytes`
  /// (16: all of A, B, C 16-byte aligned), without launching anything. May compile the
  /// kernel (no GPU needed) to check that an untuned config does not spill registers.
  Plan plan(const GemmProblem& problem, int align_bytes = 16);

  // --- CPU path (issue 4)
  /// True when this build has the CPU path (TAILOR_WITH_LLVM).
  bool has_cpu_path() const;
  /// Threads the CPU path splits a batch over (TAILOR_CPU_THREADS, default: every CPU
  /// this process may run on). Results do not depend on it.
  int cpu_threads() const;
  /// Sets the CPU path's thread count; 0 restores the default. Error(invalid_argument)
  /// outside [0, 4096].
  void set_cpu_threads(int threads);
  /// Prepares (plans and JIT-compiles, once per process) the CPU kernel of `problem` for
  /// alpha and beta of the kinds of the given values (zero, one or general), and hands it
  /// out: calling the CpuKernel skips every lookup. Throws Error for an invalid problem,
  /// and Error(device_unavailable) in a build without the CPU path.
  CpuKernel prepare_cpu(const GemmProblem& problem, double alpha = 1.0, double beta = 0.0);
  // --- end CPU path

  struct Impl;
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace tailor
