// The NVRTC compile step.
#include "runtime/nvrtc.hpp"

#include <fmt/format.h>
#include <nvrtc.h>

#include <chrono>
#include <regex>

#include "tailor/error.hpp"

namespace tailor::detail {
namespace {

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

}  // namespace

int nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return 0;
  return major * 1000 + minor * 10;
}

std::vector<std::string> compile_options(const std::string& arch) {
  return {"--gpu-architecture=" + arch, "--std=c++17", "--ptxas-options=-v"};
}

void parse_resource_report(CompiledKernel& k) {
  std::smatch m;
  static const std::regex regs(R"(Used (\d+) registers)"), spill(R"((\d+) bytes spill stores, (\d+) bytes spill loads)"),
      stack(R"((\d+) bytes stack frame)"), smem(R"((\d+) bytes smem)");
  if (std::regex_search(k.log, m, regs)) k.registers = std::stoi(m[1]);
  if (std::regex_search(k.log, m, spill)) k.spill_stores = std::stoi(m[1]), k.spill_loads = std::stoi(m[2]);
  if (std::regex_search(k.log, m, stack)) k.stack_bytes = std::stoi(m[1]);
  if (std::regex_search(k.log, m, smem)) k.static_smem = std::stoi(m[1]);
}

CompiledKernel compile(const KernelSource& source, const std::string& arch) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::string> opts = compile_options(arch);
  nvrtcProgram prog = nullptr;
  const std::string file = source.name + ".cu";
  nvrtcResult r = nvrtcCreateProgram(&prog, source.text.c_str(), file.c_str(), 0, nullptr, nullptr);
  if (r != NVRTC_SUCCESS)
    throw Error(ErrorCode::compile_error,
                fmt::format("nvrtcCreateProgram for {} failed: {}", source.name, nvrtcGetErrorString(r)));
  struct Guard {
    nvrtcProgram* p;
    ~Guard() { nvrtcDestroyProgram(p); }
  } guard{&prog};
  std::vector<const char*> cargs;
  for (const auto& o : opts) cargs.push_back(o.c_str());
  const nvrtcResult cr = nvrtcCompileProgram(prog, static_cast<int>(cargs.size()), cargs.data());
  CompiledKernel k;
  k.name = source.name;
  k.arch = arch;
  std::size_t log_size = 0;
  if (nvrtcGetProgramLogSize(prog, &log_size) == NVRTC_SUCCESS && log_size > 1) {
    k.log.resize(log_size);
    nvrtcGetProgramLog(prog, k.log.data());
    k.log.resize(log_size - 1);
  }
  if (cr != NVRTC_SUCCESS)
    throw Error(ErrorCode::compile_error,
                fmt::format("NVRTC failed to compile kernel {} ({})\noptions: {}\nlog:\n{}", source.name,
                            nvrtcGetErrorString(cr), join(opts), k.log));
  std::size_t size = 0;
  r = nvrtcGetCUBINSize(prog, &size);
  if (r == NVRTC_SUCCESS) {
    k.cubin.resize(size);
    r = nvrtcGetCUBIN(prog, k.cubin.data());
  }
  if (r != NVRTC_SUCCESS || k.cubin.empty())
    throw Error(ErrorCode::compile_error,
                fmt::format("NVRTC produced no cubin for {} ({}); options: {}", source.name, nvrtcGetErrorString(r),
                            join(opts)));
  parse_resource_report(k);
  k.compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return k;
}

}  // namespace tailor::detail
