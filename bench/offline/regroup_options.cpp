// The regroupings gen::regroup_options weighs for each problem, on the sm_90 model: rows,
// the cost model's time and the config, fastest first, and the heuristic's own pick.
// Reads "BATCHxMxKxN dtype [bcastA|bcastB]" lines on stdin. Build (from the repository root):
//   g++ -std=c++20 -O1 -I. -Iinclude bench/offline/regroup_options.cpp -o /tmp/regroup_options \
//     build/libtailor.a -lsqlite3 -lfmt -ldl -lpthread -L/usr/local/cuda/lib64 -lnvrtc $(llvm-config-16 --ldflags --libs)
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "generator/generator.hpp"
#include "generator/search_space.hpp"
using namespace tailor;
int main() {
  const DeviceInfo d = DeviceInfo::sm90_model();
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string shape, dt, flag;
    in >> shape >> dt >> flag;
    if (shape.empty() || shape[0] == '#') continue;
    GemmProblem p = GemmProblem::parse(dt + " " + shape);
    if (flag == "bcastA") p.broadcast_a();
    if (flag == "bcastB") p.broadcast_b();
    p = p.normalized();
    const KernelConfig h = gen::heuristic(p, d);
    const KernelConfig g = gen::heuristic_as_given(p, d);
    std::printf("%s %s %s heuristic %s\n", shape.c_str(), dt.c_str(), flag.empty() ? "-" : flag.c_str(), h.to_string().c_str());
    std::printf("%s %s %s as-given %.2f %s\n", shape.c_str(), dt.c_str(), flag.empty() ? "-" : flag.c_str(),
                gen::predict_seconds(p, g, d) * 1e6, g.to_string().c_str());
    for (const gen::Candidate& x : gen::regroup_options(p, d))
      std::printf("%s %s %s option %.2f %s\n", shape.c_str(), dt.c_str(), flag.empty() ? "-" : flag.c_str(),
                  x.predicted_s * 1e6, x.config.to_string().c_str());
  }
}
