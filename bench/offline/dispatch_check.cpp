// Which plan dispatch gives each problem on the H200, without a GPU: the runtime's sources
// (an empty user database, the embedded shipped databases, the nearest tuned neighbour)
// and the heuristic, on the sm_90 model named and sized as the H200 whose records ship.
// Reads "BATCHxMxKxN dtype [bcastA|bcastB]" lines on stdin; prints "shape dtype origin config".
// Build (from the repository root, after building build-gpu):
//   g++ -std=c++20 -O1 -I. -Iinclude bench/offline/dispatch_check.cpp -o /tmp/dispatch_check \
//     build-gpu/libtailor.a /usr/lib/x86_64-linux-gnu/libsqlite3.a -lfmt -ldl -lpthread \
//     -L/usr/local/cuda/lib64 -lnvrtc $(llvm-config-16 --ldflags --libs)
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include "runtime/dispatch.hpp"
#include "tuning_db/plan_sources.hpp"
using namespace tailor;
int main(int argc, char** argv) {
  DeviceInfo d = DeviceInfo::sm90_model();
  d.name = "NVIDIA H200";
  d.total_mem = 143155LL << 20;
  detail::Dispatcher disp(d);
  for (auto& s : db::make_plan_sources(argc > 1 ? argv[1] : "/tmp/dispatch_check_none.db", "")) disp.add_source(s);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string shape, dt, flag;
    in >> shape >> dt >> flag;
    if (shape.empty() || shape[0] == '#') continue;
    GemmProblem p = GemmProblem::parse(dt + " " + shape);
    if (flag == "bcastA") p.broadcast_a();
    else if (flag == "bcastB") p.broadcast_b();
    p = p.normalized();
    Plan pl = disp.decide(p, 16);
    std::printf("%s %s%s %s %s\n", shape.c_str(), dt.c_str(), flag.empty() ? "" : (" " + flag).c_str(), std::string(to_string(pl.origin)).c_str(), pl.config.to_string().c_str());
  }
}
