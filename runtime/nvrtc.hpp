// NVRTC: generated source -> cubin for one architecture. A failed compile throws
// Error(compile_error) carrying the kernel name, the options and the full NVRTC log; the
// source itself is written beside the message when TAILOR_DUMP_DIR is set. ptxas's
// resource report (registers, spills, shared memory) is parsed from the log, so it is
// known without a GPU; where the log comes back without it, the runtime reads it from the
// driver (ModuleCache::set_report_fallback).
#pragma once

#include <string>
#include <vector>

#include "generator/generator.hpp"

namespace tailor::detail {

/// A compiled kernel: the cubin and what NVRTC said about it. Never stored in a tuning DB.
struct CompiledKernel {
  std::string name;  ///< kernel symbol
  std::string arch;  ///< "sm_90"
  std::string cubin;
  std::string log;  ///< NVRTC/ptxas log (resource report included)
  int registers = -1, spill_stores = 0, spill_loads = 0, stack_bytes = 0, static_smem = 0;
  double compile_seconds = 0;
};

/// NVRTC's version as major * 1000 + minor * 10 (13000 for 13.0).
int nvrtc_version();
/// The options Tailor compiles with for `arch`.
std::vector<std::string> compile_options(const std::string& arch);
/// Compiles `source` for `arch` ("sm_90"). Thread-safe.
CompiledKernel compile(const KernelSource& source, const std::string& arch);
/// Fills the resource fields of `k` from a ptxas -v report in `k.log`.
void parse_resource_report(CompiledKernel& k);

}  // namespace tailor::detail
