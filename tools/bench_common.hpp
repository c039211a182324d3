// What tailor-bench and tailor-tune share: the suite file format of bench/suite.txt
// ("batch M K N dtype [bcastA|bcastB]" a line, # comments) and the NVRTC compile report
// printed where there is no GPU.
#pragma once

#include <string>
#include <vector>

#include "tailor/tailor.hpp"

namespace tailor::tools {

struct SuiteEntry {
  GemmProblem problem;
  std::string flag;  ///< "", "bcastA" or "bcastB"
  int line = 0;
};

/// Reads a suite file; throws Error(invalid_argument) naming file:line of a bad line.
std::vector<SuiteEntry> read_suite(const std::string& path);

/// The flag of a problem as the suite writes it ("", "bcastA", "bcastB").
std::string suite_flag(const GemmProblem& p);

/// Prints the heuristic kernel's source header and its NVRTC compile report for sm_90.
void print_compile_report(const GemmProblem& p, bool with_source);

}  // namespace tailor::tools
