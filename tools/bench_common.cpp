// Suite files and the no-GPU compile report.
#include "tools/bench_common.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "generator/generator.hpp"
#include "runtime/nvrtc.hpp"

namespace tailor::tools {

std::vector<SuiteEntry> read_suite(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(ErrorCode::invalid_argument, fmt::format("--suite '{}': cannot open the file", path));
  std::vector<SuiteEntry> out;
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    line = line.substr(0, line.find('#'));
    std::istringstream ss(line);
    std::vector<std::string> tok;
    for (std::string t; ss >> t;) tok.push_back(t);
    if (tok.empty()) continue;
    auto bad = [&](const std::string& why) {
      return Error(ErrorCode::invalid_argument, fmt::format("{}:{}: {} (expected: batch M K N dtype [bcastA|bcastB])",
                                                            path, lineno, why));
    };
    if (tok.size() < 5 || tok.size() > 6) throw bad("wrong number of fields");
    SuiteEntry e;
    e.line = lineno;
    try {
      e.problem = GemmProblem::parse(fmt::format("{} {}x{}x{}x{}", tok[4], tok[0], tok[1], tok[2], tok[3]));
    } catch (const Error& err) {
      throw bad(err.what());
    }
    if (tok.size() == 6) {
      e.flag = tok[5];
      if (e.flag == "bcastA") e.problem.broadcast_a();
      else if (e.flag == "bcastB") e.problem.broadcast_b();
      else throw bad("unknown flag '" + e.flag + "'");
    }
    try {
      e.problem.validate();
    } catch (const Error& err) {
      throw bad(err.what());
    }
    out.push_back(e);
  }
  if (out.empty()) throw Error(ErrorCode::invalid_argument, fmt::format("--suite '{}': no problems in it", path));
  return out;
}

std::string suite_flag(const GemmProblem& p) {
  if (p.stride_a == 0) return "bcastA";
  if (p.stride_b == 0) return "bcastB";
  return "";
}

void print_compile_report(const GemmProblem& problem, bool with_source) {
  const GemmProblem p = problem.normalized();
  const DeviceInfo dev = DeviceInfo::sm90_model();
  const KernelConfig cfg = gen::heuristic(p, dev);
  const KernelSource src = gen::generate(p, cfg);
  if (with_source) std::fputs(src.text.c_str(), stdout);
  const detail::CompiledKernel k = detail::compile(src, "sm_90");
  std::printf("\n// NVRTC compile report (sm_90): %s\n//   config %s\n//   %d registers, %d bytes spilled, %u bytes "
              "shared memory, cubin %zu bytes, compiled in %.0f ms\n",
              k.name.c_str(), cfg.to_string().c_str(), k.registers, k.spill_stores,
              gen::launch_shape(p, cfg, dev).smem_bytes + static_cast<unsigned>(k.static_smem), k.cubin.size(),
              k.compile_seconds * 1e3);
}

}  // namespace tailor::tools
