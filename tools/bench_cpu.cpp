// The CPU benchmark and the host-or-device sweep of tailor-bench (see bench_cpu.hpp). In
// the sweep, `pick/best` is the time of the side the model picked over the faster side's
// (the criterion, ok when at most 1.10); `auto/best` is plain gemm's own time over
// the faster side's, routing (three pointer queries, one lookup) included.
#include "tools/bench_cpu.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <optional>

#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/cpu/host_router.hpp"
#include "runtime/driver.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/reference.hpp"
#include "runtime/runtime_impl.hpp"

namespace tailor::tools {
namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
double tolerance(DType d) { return d == DType::f32 ? 1e-5 : 1e-12; }

// One problem's host inputs in rotating sets, and its float64 reference (set 0).
using HostWork = detail::HostOperands;

HostWork make_work(const GemmProblem& problem, double alpha, double beta, int sets, std::uint64_t seed) {
  GemmProblem p = problem;
  p.alpha_kind = scalar_kind(alpha), p.beta_kind = scalar_kind(beta);
  return detail::make_host_operands(p.normalized(), alpha, beta, sets, seed);
}

double checked(HostWork& w, const std::function<void(int)>& call) {
  if (w.p.beta_kind == ScalarKind::zero) detail::fill_nan(w.c[0].data(), w.p.dtype, w.nc);
  else w.c[0] = w.c0;
  call(0);
  return detail::max_rel_err(w.p, w.c[0].data(), w.ref);
}

// reps repetitions of per_rep back-to-back calls (rotating sets); seconds per call.
detail::Timing time_host(const std::function<void(int)>& call, int sets, int reps, int per_rep) {
  std::vector<double> samples;
  int i = 0;
  call(i++ % sets);  // warm-up
  for (int r = 0; r < reps; ++r) {
    const auto t0 = Clock::now();
    for (int c = 0; c < per_rep; ++c) call(i++ % sets);
    samples.push_back(since(t0) / per_rep);
  }
  return detail::summarize(samples);
}

std::string label_of(const GemmProblem& p) {
  const std::string flag = suite_flag(p);
  return fmt::format("{}x{}x{}x{} {}{}{}", p.batch, p.m, p.k, p.n, to_string(p.dtype), flag.empty() ? "" : " ", flag);
}

}  // namespace

double memcpy_bandwidth(std::int64_t bytes, int threads) {
  std::vector<char> src(static_cast<std::size_t>(bytes)), dst(static_cast<std::size_t>(bytes));
  std::memset(src.data(), 1, src.size());
  std::memset(dst.data(), 2, dst.size());
  double best = 0;
  const std::int64_t chunk = bytes / threads;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = Clock::now();
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
      pool.emplace_back([&, t] { std::memcpy(dst.data() + t * chunk, src.data() + t * chunk, chunk); });
    std::memcpy(dst.data(), src.data(), chunk);
    for (auto& th : pool) th.join();
    best = std::max(best, 2.0 * double(chunk * threads) / since(t0));
  }
  return best;
}

int run_cpu_bench(Runtime& rt, const std::vector<SuiteEntry>& problems, const CpuBenchOptions& o) {
  if (!rt.has_cpu_path())
    throw Error(ErrorCode::device_unavailable,
                "tailor-bench: this build has no CPU path (configured with TAILOR_WITH_LLVM=OFF)");
  if (o.threads > 0) rt.set_cpu_threads(o.threads);
  const int threads = rt.cpu_threads();
  const cpu::CpuInfo& info = cpu::host_cpu();
  const double bw = memcpy_bandwidth(std::int64_t(std::min(o.copy_mib, 4096)) << 20, threads);
  std::printf("# CPU path: %s, %d thread(s), JIT target %s\n", info.fingerprint().c_str(), threads,
              cpu::jit_target().substr(0, cpu::jit_target().find(' ')).c_str());
  std::printf("# memory bandwidth %.1f GB/s (memcpy of %d MiB over %d thread(s), read + write)\n", bw / 1e9,
              std::min(o.copy_mib, 4096), threads);
  std::printf("%-34s %10s %8s %6s %9s %9s %8s %-10s %s\n", "problem", "time(ms)", "GB/s", "%bw", "GFLOP/s",
              "rel.err", "host(us)", "origin", "kernel");
  std::ofstream json;
  if (!o.json_path.empty()) {
    json.open(o.json_path);
    if (!json) throw Error(ErrorCode::invalid_argument, fmt::format("--json '{}': cannot write the file", o.json_path));
  }
  std::vector<std::optional<KernelConfig>> configs;
  for (const auto& c : o.configs) configs.emplace_back(KernelConfig::parse(c));
  if (configs.empty()) configs.emplace_back(std::nullopt);
  cpu::CpuEngine& engine = rt.impl().host->cpu();
  int failed = 0;
  std::uint64_t seed = 1;
  for (const auto& e : problems) {
    const std::string label = label_of(e.problem.normalized());
    std::optional<HostWork> w;
    try {
      const double set_bytes = e.problem.normalized().min_bytes();
      const int sets = static_cast<int>(std::clamp(std::ceil(2.0 * static_cast<double>(cpu::last_level_cache_bytes()) / set_bytes), 1.0, 64.0));
      w.emplace(make_work(e.problem, o.alpha, o.beta, sets, seed));
    } catch (const Error& err) {
      std::printf("%-34s FAILED: %s\n", label.c_str(), err.what());
      ++failed;
      continue;
    }
    seed += 16;
    const GemmProblem& p = w->p;
    const int sets = static_cast<int>(w->a.size());
    for (const auto& cfg : configs) {
      try {
        auto call = [&](int s) {
          if (cfg) rt.gemm_with(p, *cfg, w->a[s].data(), w->b[s].data(), w->c[s].data(), o.alpha, o.beta);
          else rt.gemm(p, w->a[s].data(), w->b[s].data(), w->c[s].data(), o.alpha, o.beta);
        };
        const double err = checked(*w, call);
        const bool ok = err <= tolerance(p.dtype);
        // Fewer calls per repetition for long calls (a repetition lasts about 50 ms or more).
        const auto t0 = Clock::now();
        call(1 % sets);
        const double first = since(t0);
        const int per_rep = std::clamp(static_cast<int>(0.05 / std::max(first, 1e-9)), 1, o.per_rep);
        const detail::Timing t = time_host(call, sets, o.reps, per_rep);
        const detail::CpuKernelState& s = engine.resolve(p, cfg ? &*cfg : nullptr);
        // Host overhead: gemm on one matrix of this shape against the bare kernel call.
        double overhead_us = 0, bare_us = 0;
        if (o.overhead) {
          GemmProblem one = p;
          one.batch = 1;
          one = one.normalized();
          const detail::CpuKernelState& s1 = engine.resolve(one, cfg ? &*cfg : nullptr);
          const void *A = w->a[0].data(), *B = w->b[0].data();
          void* C = w->c[0].data();
          const int n = 2000;
          const detail::Timing bare = time_host([&](int) { s1.fn(A, B, C, o.alpha, o.beta, 0, 1); }, 1, 9, n);
          const detail::Timing full = time_host(
              [&](int) {
                if (cfg) rt.gemm_with(one, *cfg, A, B, C, o.alpha, o.beta);
                else rt.gemm(one, A, B, C, o.alpha, o.beta);
              },
              1, 9, n);
          bare_us = bare.median * 1e6, overhead_us = (full.median - bare.median) * 1e6;
        }
        const double gbps = p.min_bytes() / t.median / 1e9, pct = 100.0 * p.min_bytes() / t.median / bw;
        const double gflops = p.flops() / t.median / 1e9;
        failed += !ok;
        std::printf("%-34s %10.4f %8.1f %5.1f%% %9.1f %9.2e %8.3f %-10s %s%s\n", label.c_str(), t.median * 1e3, gbps,
                    pct, gflops, err, overhead_us, std::string(to_string(s.plan.origin)).c_str(),
                    s.plan.kernel_name.c_str(), ok ? "" : "   <-- ERROR ABOVE TOLERANCE");
        std::fflush(stdout);
        if (json) {
          nlohmann::json j = {{"batch", p.batch},         {"m", p.m},
                              {"k", p.k},                 {"n", p.n},
                              {"dtype", to_string(p.dtype)}, {"flag", suite_flag(p)},
                              {"alpha", o.alpha},         {"beta", o.beta},
                              {"seconds", t.median},      {"p20_seconds", t.p20},
                              {"p80_seconds", t.p80},     {"gbps", gbps},
                              {"pct_copy", pct},          {"gflops", gflops},
                              {"max_rel_err", err},       {"ok", ok},
                              {"kernel", s.plan.kernel_name}, {"config", s.plan.config.to_string()},
                              {"origin", std::string(to_string(s.plan.origin))}, {"host_overhead_us", overhead_us},
                              {"bare_launch_us", bare_us}, {"copy_gbps", bw / 1e9},
                              {"device", info.fingerprint()}, {"threads", threads}};
          json << j.dump() << "\n";
          json.flush();
        }
      } catch (const Error& err) {
        std::printf("%-34s FAILED: %s\n", label.c_str(), err.what());
        ++failed;
      }
    }
  }
  if (failed) std::printf("tailor-bench: %d problem(s) failed the check\n", failed);
  return failed ? 1 : 0;
}

int run_host_sweep(Runtime& rt, const std::vector<SuiteEntry>& problems, const CpuBenchOptions& o) {
  if (!rt.has_gpu()) throw Error(ErrorCode::device_unavailable, "--host-sweep needs a GPU: " + rt.no_gpu_reason());
  if (!rt.has_cpu_path())
    throw Error(ErrorCode::device_unavailable, "--host-sweep needs the CPU path (TAILOR_WITH_LLVM=ON)");
  if (o.threads > 0) rt.set_cpu_threads(o.threads);
  Runtime::Impl& impl = rt.impl();
  detail::HostRouter& router = *impl.host;
  const cpu::CostConstants& k = router.constants(impl);
  std::printf("# %s, CPU %s, %d CPU thread(s)\n# cost model: %s\n", rt.device().name.c_str(),
              cpu::host_cpu().fingerprint().c_str(), rt.cpu_threads(), k.to_string().c_str());
  // What the device hot path pays for routing: one cuPointerGetAttribute per pointer.
  {
    impl.make_current();
    detail::DeviceBuffer dbuf(1 << 20);
    std::vector<char> hbuf(1 << 20);
    const int n = 100000;
    auto per_call = [&](const void* ptr) {
      const auto t0 = Clock::now();
      int dev = 0;
      for (int i = 0; i < n; ++i) dev += detail::is_device_pointer(ptr);
      const double t = since(t0) / n;
      return std::make_pair(t, dev);
    };
    const auto d = per_call(dbuf.get()), h = per_call(hbuf.data());
    std::printf("# pointer check (cuPointerGetAttributes): %.0f ns on a device pointer, %.0f ns on a host pointer; "
                "a gemm on device pointers pays 3 of them (%.2f us), one on host pointers %.2f us\n",
                d.first * 1e9, h.first * 1e9, 3 * d.first * 1e6, 3 * h.first * 1e6);
    if (d.second != n || h.second != 0)
      throw Error(ErrorCode::internal_error, "is_device_pointer misclassified a buffer");
  }
  std::vector<GemmProblem> cases;
  for (std::int64_t b : {1, 10, 100, 1000, 10000, 100000, 1000000})
    cases.push_back(GemmProblem::make(b, 5, 10, 5, DType::f32));
  for (const auto& e : problems) cases.push_back(e.problem);
  std::printf("%-30s %10s %10s %10s %-4s %-4s %9s %9s %s\n", "problem (host data)", "cpu(ms)", "gpu+cp(ms)",
              "auto(ms)", "pick", "best", "pick/best", "auto/best", "");
  std::ofstream json;
  if (!o.json_path.empty()) json.open(o.json_path);
  int bad = 0;
  std::uint64_t seed = 7;
  for (const GemmProblem& c : cases) {
    HostWork w = make_work(c, o.alpha, o.beta, 1, seed);
    seed += 8;
    const GemmProblem& p = w.p;
    const std::string label = label_of(p);
    void *A = w.a[0].data(), *B = w.b[0].data(), *C = w.c[0].data();
    auto cpu_call = [&](int) { router.cpu().gemm(p, nullptr, A, B, C, o.alpha, o.beta); };
    auto gpu_call = [&](int) { router.run_gpu_with_copies(impl, p, nullptr, A, B, C, o.alpha, o.beta, nullptr); };
    auto auto_call = [&](int) { rt.gemm(p, A, B, C, o.alpha, o.beta); };
    const double e_cpu = checked(w, cpu_call), e_gpu = checked(w, gpu_call), e_auto = checked(w, auto_call);
    for (int i = 0; i < 3; ++i) auto_call(0);  // the model's first calls (exploration) are over
    // Calls per sample: about 2 ms of work; samples of the three interleaved.
    const auto t0 = Clock::now();
    cpu_call(0);
    gpu_call(0);
    const double one = since(t0) / 2;
    const int n = std::clamp(static_cast<int>(2e-3 / std::max(one, 1e-9)), 1, 2000);
    // Each sample: one untimed call (every side starts from the cache state its own call
    // leaves), then n timed ones; the three sides in turn.
    std::vector<double> sc, sg, sa;
    for (int r = 0; r < std::max(o.reps, 5); ++r)
      for (auto [vec, fn] : {std::pair{&sc, std::function<void(int)>(cpu_call)},
                             std::pair{&sg, std::function<void(int)>(gpu_call)},
                             std::pair{&sa, std::function<void(int)>(auto_call)}}) {
        fn(0);
        const auto s0 = Clock::now();
        for (int i = 0; i < n; ++i) fn(0);
        vec->push_back(since(s0) / n);
      }
    const double tc = detail::summarize(sc).median, tg = detail::summarize(sg).median, ta = detail::summarize(sa).median;
    const auto d = router.decision(p);
    const cpu::Side pick = d ? d->last : cpu::Side::cpu;
    const cpu::Side best = tc <= tg ? cpu::Side::cpu : cpu::Side::gpu;
    const double ratio = (pick == cpu::Side::cpu ? tc : tg) / std::min(tc, tg);
    const bool ok = ratio <= 1.10;
    const bool errs_ok = e_cpu <= tolerance(p.dtype) && e_gpu <= tolerance(p.dtype) && e_auto <= tolerance(p.dtype);
    bad += !ok || !errs_ok;
    std::printf("%-30s %10.4f %10.4f %10.4f %-4s %-4s %9.2f %9.2f %s%s%s\n", label.c_str(), tc * 1e3, tg * 1e3,
                ta * 1e3, std::string(cpu::to_string(pick)).c_str(), std::string(cpu::to_string(best)).c_str(), ratio,
                ta / std::min(tc, tg), ok ? "ok" : "MORE THAN 10 % SLOWER", d && d->estimate.explore ? " (measured)" : "",
                errs_ok ? "" : "  <-- ERROR ABOVE TOLERANCE");
    std::fflush(stdout);
    if (json) {
      nlohmann::json j = {{"batch", p.batch}, {"m", p.m}, {"k", p.k}, {"n", p.n}, {"dtype", to_string(p.dtype)},
                          {"flag", suite_flag(p)}, {"cpu_seconds", tc}, {"gpu_copies_seconds", tg},
                          {"auto_seconds", ta}, {"pick", std::string(cpu::to_string(pick))},
                          {"best", std::string(cpu::to_string(best))}, {"ratio", ratio},
                          {"auto_ratio", ta / std::min(tc, tg)}, {"ok", ok},
                          {"est_cpu_seconds", d ? d->estimate.cpu_s : 0.0},
                          {"est_gpu_seconds", d ? d->estimate.gpu_s : 0.0}, {"explored", d && d->estimate.explore},
                          {"cpu_threads", rt.cpu_threads()}, {"device", rt.device().name}};
      json << j.dump() << "\n";
      json.flush();
    }
  }
  std::printf("tailor-bench: host-or-device sweep: %s\n",
              bad ? fmt::format("{} case(s) off by more than 10 % or failing the check", bad).c_str()
                  : "every choice within 10 % of the better side");
  return bad ? 1 : 0;
}

}  // namespace tailor::tools
