// Where a Runtime::gemm call runs. Device pointers go to the GPU path as before. Host
// pointers (pageable or pinned memory, anything cuPointerGetAttribute does not call
// device memory) run on the CPU path, or on the GPU with copies in and out, whichever
// the cost model (runtime/cpu/cost_model.hpp) says is faster; without a GPU every call
// runs on the CPU path. A cpu-family config forces the CPU path; a GPU config with host
// pointers forces the GPU with copies. Mixing host and device pointers in one call is
// an error (invalid_argument).
//
// Cost on the device hot path: three pointer compares against the last triple this thread
// found in device memory; a new triple costs one cuPointerGetAttributes per pointer
// (`tailor-bench --host-sweep` times them on the GPU machine, see bench/NOTES.md).
#pragma once

#include <cuda.h>

#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "runtime/cpu/cost_model.hpp"
#include "runtime/cpu/cpu_engine.hpp"
#include "tailor/runtime.hpp"

namespace tailor::detail {

/// True when the driver reports `p` as device (or array) memory; false for host memory,
/// including memory the driver does not know (pageable). Needs a loaded driver.
/// (cuPointerGetAttributes: no error path for pageable memory.)
bool is_device_pointer(const void* p);

class HostRouter {
 public:
  HostRouter() = default;
  ~HostRouter();

  /// Runs the call when it belongs to the host side (see the file comment) and returns
  /// true; returns false for the GPU path (device pointers, or a GPU config without a GPU,
  /// which the GPU path rejects with its own errors). `key` has its scalar kinds set.
  bool route(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced, const void* A, const void* B,
             void* C, double alpha, double beta, CUstream stream);

  cpu::CpuEngine& cpu() { return cpu_; }

  /// Host operands through the GPU: copy in, launch, copy out, synchronise `stream`.
  void run_gpu_with_copies(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced, const void* A,
                           const void* B, void* C, double alpha, double beta, CUstream stream);

  /// The cost model's constants; on a machine with a GPU the first call measures the
  /// machine-specific ones (copy bandwidths, the fixed cost of the GPU with copies, the
  /// CPU's streaming bandwidth with its threads), which takes some tens of milliseconds.
  const cpu::CostConstants& constants(Runtime::Impl& impl);
  void set_constants(const cpu::CostConstants& k);

  /// What the router knows of a problem it has seen with host pointers on a GPU machine.
  struct Decision {
    cpu::HostEstimate estimate;
    double measured_cpu_s = -1, measured_gpu_s = -1;  ///< exploration (< 0: not measured)
    cpu::Side last = cpu::Side::cpu;                  ///< where its last call ran
  };
  std::optional<Decision> decision(const GemmProblem& key) const;

 private:
  void host_call(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced, const void* A,
                 const void* B, void* C, double alpha, double beta, CUstream stream);
  void calibrate(Runtime::Impl& impl);

  cpu::CpuEngine cpu_;
  mutable std::mutex mu_;  // decisions_, constants_
  bool calibrated_ = false;
  cpu::CostConstants constants_;
  std::unordered_map<GemmProblem, Decision, cpu::FastProblemHash> decisions_;

  std::mutex gpu_mu_;  // the device staging buffers of the GPU with copies
  CUdeviceptr staged_[3] = {0, 0, 0};
  std::int64_t staged_bytes_[3] = {0, 0, 0};
  CUcontext staged_ctx_ = nullptr;
};

}  // namespace tailor::detail
