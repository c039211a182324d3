// The CPU path's compiler in a build without LLVM (TAILOR_WITH_LLVM=OFF): every request
// to compile is answered with Error(device_unavailable) saying how to get the CPU path.
#include <fmt/format.h>

#include "runtime/cpu/cpu_jit.hpp"
#include "tailor/error.hpp"

namespace tailor::cpu {
namespace {
[[noreturn]] void no_llvm(const GemmProblem& p) {
  throw Error(ErrorCode::device_unavailable,
              fmt::format("problem {}: this build of Tailor has no CPU path (built with TAILOR_WITH_LLVM=OFF); "
                          "rebuild with LLVM 16 (Debian/Ubuntu: llvm-16-dev) and -DTAILOR_WITH_LLVM=ON, or pass "
                          "device pointers on a machine with a GPU",
                          p.to_string()));
}
}  // namespace

bool jit_available() { return false; }
std::string jit_target() { return ""; }
int compiled_count() { return 0; }
std::shared_ptr<const CompiledCpuKernel> compile(const GemmProblem& problem, const KernelConfig&) { no_llvm(problem); }
std::string ir_text(const GemmProblem& problem, const KernelConfig&, bool) { no_llvm(problem); }

}  // namespace tailor::cpu
