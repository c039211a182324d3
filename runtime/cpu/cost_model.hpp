// Host or device: for a product whose operands are in host memory on a machine with a
// GPU, which is faster, the CPU path or the GPU with copies in and out? A roofline on
// each side with measured constants:
//
//   cpu = call + [pool]  + max(bytes / min(T * bw_thread, bw_all),  flops / (T * flops_thread))
//   gpu = fixed + in / bw_h2d + out / bw_d2h + max(bytes / bw_gpu, flops / flops_gpu)
//
// T is the number of threads the CPU path really uses (1 below the pool threshold, at
// most the number of tasks); `in` is A, B (and C when it is read or has gaps), `out` is C.
// The smaller estimate wins. Where the two are within kExploreRatio of each other and the
// work is large enough to be worth it, the estimate only decides the first call: the
// router times one call on each side and keeps the faster (see settle()). The defaults
// below are placeholders for machines without a GPU (where nothing is decided); on a
// machine with a GPU, HostRouter::calibrate measures the machine-specific ones (memcpy
// bandwidth of one thread and of the pool, pageable copy bandwidth each way, the fixed
// cost of the GPU with copies) at the first host call. The CPU flop rates are about 60 %
// of what tuned 64^3 and 128^3 kernels ran at on one AVX-512 thread of the development
// machine (104-107 GFLOP/s f32, 47-50 f64); see docs/design.md, "Host or device".
#pragma once

#include <cstdint>
#include <string>

#include "tailor/problem.hpp"

namespace tailor::cpu {

enum class Side { cpu, gpu };
std::string_view to_string(Side s);

/// The model's machine constants (seconds, bytes/s, flop/s).
struct CostConstants {
  // CPU path
  double cpu_call_s = 0.1e-6;        ///< one gemm call on the calling thread, beyond the work
  double cpu_pool_s = 10e-6;         ///< waking the pool's workers and joining them
  double cpu_bw_thread = 10e9;       ///< bytes/s one thread streams (reads + writes)
  double cpu_bw_all = 20e9;          ///< bytes/s all threads together stream at most
  double cpu_flops_thread_f32 = 60e9;  ///< flop/s one thread sustains on blocks large enough
  double cpu_flops_thread_f64 = 30e9;
  // GPU with copies
  double gpu_fixed_s = 30e-6;  ///< copies in and out, launch and synchronisation of a tiny product
  double bw_h2d = 10e9;        ///< host-to-device copy of pageable memory, bytes/s
  double bw_d2h = 10e9;        ///< device-to-host copy of pageable memory, bytes/s
  double gpu_bw = 3e12;        ///< device memory, bytes/s (the kernel's own traffic)
  double gpu_flops_f32 = 20e12, gpu_flops_f64 = 10e12;

  std::string to_string() const;
};

/// Estimates below this ratio (slower / faster) are settled by measuring both sides.
inline constexpr double kExploreRatio = 2.0;
/// ... when the faster estimate is at least this long (shorter calls are not worth it).
inline constexpr double kExploreMinSeconds = 200e-6;

/// One problem's estimates and what they decide.
struct HostEstimate {
  double cpu_s = 0, gpu_s = 0;
  int cpu_threads_used = 1;
  double bytes_in = 0, bytes_out = 0;
  Side choice = Side::cpu;
  bool explore = false;  ///< close call: measure both sides before settling
};

/// Would the CPU path split this problem over its pool? (Same rule as the engine: at
/// least two tasks and about 20 us of one thread's work.) `mats` is the config's.
bool cpu_pooled(const GemmProblem& p, int mats);

/// The model for a normalised problem (scalar kinds set) run with `threads` CPU threads
/// and `mats` matrices per task.
HostEstimate estimate(const GemmProblem& p, int threads, int mats, const CostConstants& k);

/// What the next call of an explored problem does, from the times measured so far (< 0:
/// not measured yet): run `side`, and time it when `measure` is true.
struct Step {
  Side side = Side::cpu;
  bool measure = false;
};
Step settle(const HostEstimate& e, double measured_cpu_s, double measured_gpu_s);

}  // namespace tailor::cpu
