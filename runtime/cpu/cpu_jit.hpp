// The CPU path's compiler: (problem, cpu config) -> LLVM IR with M, K, N, leading
// dimensions, batch strides, layouts and scalar kinds constant, optimised with LLVM's O3
// pipeline for the host CPU (its name and features detected at run time), compiled by
// the ORC LLJIT, and cached in-process by kernel name (which spells everything that
// changes the code). Builds without LLVM (TAILOR_WITH_LLVM=OFF) keep this interface and
// answer every compile with Error(device_unavailable).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tailor/config.hpp"
#include "tailor/problem.hpp"

namespace tailor::cpu {

/// Every generated kernel has this signature: it computes the products of batch entries
/// [b0, b1) (f32 kernels round alpha and beta to float first). A, B and C are the bases
/// of the whole batch, as the caller passed them.
using KernelFn = void (*)(const void* A, const void* B, void* C, double alpha, double beta, std::int64_t b0,
                          std::int64_t b1);

struct CompiledCpuKernel {
  std::string name;  ///< the symbol (cpu::kernel_name)
  KernelFn fn = nullptr;
  double compile_seconds = 0;  ///< IR generation + O3 + machine code, 0 when found in the cache
};

/// True when this build has the LLVM JIT (TAILOR_WITH_LLVM).
bool jit_available();

/// The compiled kernel for a normalised problem (scalar kinds set) and a config that
/// passes gen::check_cpu. Thread-safe; compiles once per kernel name per process.
/// Throws Error(device_unavailable) without LLVM, Error(invalid_config) for a bad config,
/// Error(compile_error) (with the IR) when LLVM rejects the module.
std::shared_ptr<const CompiledCpuKernel> compile(const GemmProblem& problem, const KernelConfig& config);

/// The kernel's LLVM IR as text, before (optimized = false) or after the O3 pipeline.
std::string ir_text(const GemmProblem& problem, const KernelConfig& config, bool optimized);

/// "sapphirerapids +avx512f +fma ...": the target the JIT compiles for ("" without LLVM).
std::string jit_target();

/// Kernels compiled so far in this process.
int compiled_count();

}  // namespace tailor::cpu
