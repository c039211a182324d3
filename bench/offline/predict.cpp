// The cost model's time (gen::predict_seconds) for given configs, on the sm_90 model.
// Reads "BATCHxMxKxN dtype flag config" lines on stdin (flag: bcastA, bcastB or -);
// prints "shape dtype flag predicted_us config". Build (from the repository root):
//   g++ -std=c++20 -O1 -I. -Iinclude bench/offline/predict.cpp -o /tmp/predict build/libtailor.a \
//     -lsqlite3 -lfmt -ldl -lpthread -L/usr/local/cuda/lib64 -lnvrtc $(llvm-config-16 --ldflags --libs)
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
    std::string shape, dt, flag, config;
    in >> shape >> dt >> flag >> config;
    if (shape.empty() || shape[0] == '#') continue;
    GemmProblem p = GemmProblem::parse(dt + " " + shape);
    if (flag == "bcastA") p.broadcast_a();
    if (flag == "bcastB") p.broadcast_b();
    p = p.normalized();
    const KernelConfig c = KernelConfig::parse(config);
    if (auto why = gen::check(p, c, d, 16)) {
      std::printf("%s %s %s invalid %s: %s\n", shape.c_str(), dt.c_str(), flag.c_str(), config.c_str(), why->c_str());
      continue;
    }
    std::printf("%s %s %s %.2f %s\n", shape.c_str(), dt.c_str(), flag.c_str(), gen::predict_seconds(p, c, d) * 1e6,
                config.c_str());
  }
}
