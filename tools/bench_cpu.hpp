// tailor-bench on the CPU path (`--device cpu`, and every run on a machine without a GPU)
// and the host-or-device sweep (`--host-sweep`, on a machine with a GPU). Same report as
// the GPU benchmark: random non-zero inputs, a NaN-poisoned output checked against the
// float64 reference, the median time of back-to-back calls over input sets that rotate
// past the last-level cache, GB/s and % of this machine's memory bandwidth (a memcpy over
// the CPU path's threads, measured at start), GFLOP/s, and the gemm call's overhead.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tailor/tailor.hpp"
#include "tools/bench_common.hpp"

namespace tailor::tools {

struct CpuBenchOptions {
  int reps = 7, per_rep = 20;
  double alpha = 1.0, beta = 0.0;
  std::vector<std::string> configs;  ///< forced cpu configs; empty: the runtime's plan
  bool overhead = true;
  int threads = 0;        ///< CPU threads (0: TAILOR_CPU_THREADS or every CPU)
  int copy_mib = 512;     ///< size of the memcpy that measures the memory bandwidth
  std::string json_path;  ///< JSON lines, the GPU benchmark's keys
};

/// This machine's memory bandwidth: a memcpy of `bytes` split over `threads` threads,
/// bytes read + written per second, best of 5.
double memcpy_bandwidth(std::int64_t bytes, int threads);

/// Benchmarks `problems` on the CPU path of `rt`; returns the exit code (1 when a problem
/// fails its check).
int run_cpu_bench(Runtime& rt, const std::vector<SuiteEntry>& problems, const CpuBenchOptions& o);

/// On a machine with a GPU: for host data, from one 5x10x5 f32 product up to `problems`
/// (the suite's sizes), the time of the CPU path, of the GPU with copies, and of plain
/// gemm (the cost model's choice, after its first calls), and whether the choice is
/// within 10 % of the faster side. Also the cost of the pointer check the device hot
/// path pays. Returns 1 when a choice is more than 10 % slower than the better side.
int run_host_sweep(Runtime& rt, const std::vector<SuiteEntry>& problems, const CpuBenchOptions& o);

}  // namespace tailor::tools
