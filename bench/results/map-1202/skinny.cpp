// Forced configs for the skinny products against a shared A (M of 2-8, N of 1-4): the
// heuristic's pick, the cost model's first column-group tile and first transpose stack, and
// a bulk-copied slab of one micro-tile a matrix (rm = M, rn = N, C staged) on the TMA unit
// and on the threads' copies. Built against libtailor.a:
//   g++ -std=c++20 -O1 -I. -Iinclude skinny.cpp build/libtailor.a -lfmt -o skinny
//   ./skinny SEED COUNT [BATCHxMxKxN:DTYPE ...] > force.txt   (the listed shapes first)
// SKINNY_N=1 in the environment draws N = 1 only; then the transpose's one tall product
// (tr = 1, rows = batch) is listed too where the model offers it (T1).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <set>

#include "generator/generator.hpp"
#include "generator/search_space.hpp"

using namespace tailor;

int main(int argc, char** argv) {
  std::mt19937_64 rng(std::atoll(argv[1]));
  const int count = std::atoi(argv[2]);
  const DeviceInfo d = DeviceInfo::sm90_model();
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int listed = argc - 3;
  for (int i = 0; i < listed + count; ++i) {
    long long batch, m, k, n;
    DType t;
    if (i < listed) {
      char dt[8];
      if (std::sscanf(argv[3 + i], "%lldx%lldx%lldx%lld:%7s", &batch, &m, &k, &n, dt) != 5) return 1;
      t = dt[1] == '6' ? DType::f64 : DType::f32;
    } else {
      m = pick(2, 8), k = pick(8, 200), n = std::getenv("SKINNY_N") ? 1 : pick(1, 4);
      t = pick(0, 1) ? DType::f64 : DType::f32;
      const double mb = std::exp(std::uniform_real_distribution<double>(std::log(80e6), std::log(200e6))(rng));
      const long long es = t == DType::f64 ? 8 : 4;
      batch = std::max<long long>(2, static_cast<long long>((mb / es - m * k) / (k * n + m * n)));
    }
    const std::int64_t esz = t == DType::f64 ? 8 : 4;
    GemmProblem p = GemmProblem::make(batch, m, k, n, t);
    p.broadcast_a();
    p = p.normalized();
    const std::string shape = fmt::format("{}x{}x{}x{} {} bcastA", batch, m, k, n, t == DType::f64 ? "f64" : "f32");
    std::set<std::string> seen;
    auto emit = [&](const KernelConfig& c, const char* tag) {
      if (gen::check(p, c, d, 16) || !seen.insert(c.to_string()).second) return;
      std::printf("%s %s # %s\n", shape.c_str(), c.to_string().c_str(), tag);
    };
    emit(gen::heuristic(p, d, 16), "H");
    bool cols = false, tr = false;
    for (const auto& o : gen::regroup_options(p, d, 16)) {
      if (o.config.cols && !cols) emit(o.config, "C"), cols = true;
      if (o.config.tr && !tr) emit(o.config, "T"), tr = true;
      if (o.config.tr && o.config.rows == batch) emit(o.config, "T1");
    }
    KernelConfig w;
    w.family = Family::slab;
    w.rm = m, w.rn = n, w.cs = 1, w.tma = 1;
    w.mats = static_cast<int>(std::clamp<std::int64_t>(48 * 1024 / (k * n * esz), 1, 256));
    w.threads = (w.mats + 31) / 32 * 32;
    w.vec = gen::slab_vec_width(p, w.mats, static_cast<int>(16 / esz));
    emit(w, "W");
    w.tma = 2;
    emit(w, "W2");
  }
}
