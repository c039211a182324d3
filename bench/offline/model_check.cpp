// The cost model's prediction beside a measured time, without a GPU: reads
// "BATCHxMxKxN dtype config measured_us" lines on stdin and prints them with the model's
// microseconds (gen::predict_seconds on the sm_90 model) appended.
// Build as bench/offline/dispatch_check.cpp, with this file.
#include <cstdio>
#include <iostream>
#include <sstream>
#include "generator/generator.hpp"
#include "generator/search_space.hpp"
using namespace tailor;
int main() {
  DeviceInfo d = DeviceInfo::sm90_model();
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string shape, dt, cfg; double us;
    in >> shape >> dt >> cfg >> us;
    GemmProblem p = GemmProblem::parse(dt + " " + shape).normalized();
    KernelConfig c = KernelConfig::parse(cfg);
    std::printf("%s %s %s %.1f %.1f\n", shape.c_str(), dt.c_str(), cfg.c_str(), us, gen::predict_seconds(p, c, d) * 1e6);
  }
}
