// The NVRTC compile step.
#include "runtime/nvrtc.hpp"

#include <fmt/format.h>
#include <nvrtc.h>

#include <chrono>

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

// The number just before `what` in the log ("104 bytes spill stores"), or -1. (On the GPU
// host NVRTC's log has come back empty in some processes, the report with it; the runtime
// then reads the report from the driver: Runtime::Impl::report_from_driver.)
static int number_before(const std::string& log, const std::string& what) {
  for (std::size_t at = log.find(what); at != std::string::npos; at = log.find(what, at + 1)) {
    std::size_t e = at;
    while (e > 0 && log[e - 1] == ' ') --e;
    std::size_t b = e;
    while (b > 0 && log[b - 1] >= '0' && log[b - 1] <= '9') --b;
    if (b < e && e - b <= 9) return std::stoi(log.substr(b, e - b));
  }
  return -1;
}

void parse_resource_report(CompiledKernel& k) {
  if (const int v = number_before(k.log, " registers"); v >= 0) k.registers = v;
  if (const int v = number_before(k.log, "bytes spill stores"); v >= 0) k.spill_stores = v;
  if (const int v = number_before(k.log, "bytes spill loads"); v >= 0) k.spill_loads = v;
  if (const int v = number_before(k.log, "bytes stack frame"); v >= 0) k.stack_bytes = v;
  if (const int v = number_before(k.log, "bytes smem"); v >= 0) k.static_smem = v;
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
