// tailor-bench: correctness and speed of Tailor on one problem or a suite. For each
// problem: random non-zero inputs, a poisoned output, one checked run against a float64
// host reference, then the median time of repeated back-to-back calls (CUDA events),
// GB/s and % of the copy bandwidth measured at start, GFLOP/s, the kernel and where its
// config came from, and the host overhead of a gemm call over a bare cuLaunchKernel.
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <fstream>

#include "runtime/driver.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/reference.hpp"
#include "runtime/runtime_impl.hpp"
#include "tools/bench_common.hpp"
#include "tools/cli_common.hpp"

namespace {

using namespace tailor;
using detail::DeviceBuffer;

struct Options {
  int reps = 7, per_rep = 20;
  double alpha = 1.0, beta = 0.0;
  std::string config;
  bool overhead = true;
};

struct Result {
  double seconds = 0, p20 = 0, p80 = 0, gbps = 0, pct = 0, gflops = 0, err = 0, overhead_us = 0, bare_us = 0;
  std::string kernel, origin, config;
  bool ok = false;
};

double tolerance(DType d) { return d == DType::f32 ? 1e-5 : 1e-12; }

// Host time per call of `call` in bursts short enough never to fill the launch queue.
double host_seconds_per_call(CUstream stream, const std::function<void()>& call) {
  std::vector<double> samples;
  constexpr int kBurst = 64;
  for (int b = 0; b < 15; ++b) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kBurst; ++i) call();
    const auto t1 = std::chrono::steady_clock::now();
    TAILOR_CU(detail::driver().cuStreamSynchronize(stream));
    samples.push_back(std::chrono::duration<double>(t1 - t0).count() / kBurst);
  }
  return detail::summarize(samples).median;
}

Result run_problem(Runtime& rt, const GemmProblem& problem, const Options& o, double copy_bw, CUstream stream,
                   std::uint64_t seed) {
  GemmProblem p = problem;
  p.alpha_kind = scalar_kind(o.alpha);
  p.beta_kind = scalar_kind(o.beta);
  p = p.normalized();
  const DType dt = p.dtype;
  const std::int64_t esz = p.esize();
  const std::int64_t na = detail::operand_elems(p, 'A'), nb = detail::operand_elems(p, 'B'),
                     nc = detail::operand_elems(p, 'C');
  std::vector<char> ha(na * esz), hb(nb * esz), hc0(nc * esz), hc(nc * esz);
  detail::fill_random(ha.data(), dt, na, seed);
  detail::fill_random(hb.data(), dt, nb, seed + 1);
  detail::fill_random(hc0.data(), dt, nc, seed + 2);
  // Input sets rotate so that timing never runs out of L2 (60 MB on an H200).
  const std::int64_t set_bytes = (na + nb + nc) * esz;
  const int sets = static_cast<int>(std::clamp<std::int64_t>(
      (4 * std::int64_t(rt.device().l2_bytes) + set_bytes - 1) / set_bytes, 1, 64));
  std::vector<DeviceBuffer> A, B, C;
  for (int s = 0; s < sets; ++s) {
    A.emplace_back(na * esz), B.emplace_back(nb * esz), C.emplace_back(nc * esz);
    A.back().upload(ha.data(), na * esz);
    B.back().upload(hb.data(), nb * esz);
    C.back().upload(hc0.data(), nc * esz);
  }
  std::optional<KernelConfig> forced;
  if (!o.config.empty()) forced = KernelConfig::parse(o.config);
  auto call = [&](int s) {
    if (forced) rt.gemm_with(p, *forced, A[s].get(), B[s].get(), C[s].get(), o.alpha, o.beta, stream);
    else rt.gemm(p, A[s].get(), B[s].get(), C[s].get(), o.alpha, o.beta, stream);
  };
  // Checked run: C is poisoned with NaN unless beta reads it.
  if (p.beta_kind == ScalarKind::zero) {
    detail::fill_nan(hc.data(), dt, nc);
    C[0].upload(hc.data(), nc * esz);
  }
  call(0);
  TAILOR_CU(detail::driver().cuStreamSynchronize(stream));
  C[0].download(hc.data(), nc * esz);
  const auto ref = detail::reference_gemm(p, ha.data(), hb.data(), hc0.data(), o.alpha, o.beta);
  Result r;
  r.err = detail::max_rel_err(p, hc.data(), ref);
  r.ok = r.err <= tolerance(dt);

  const detail::Timing t = detail::time_calls(stream, [&](int i) { call(i % sets); }, o.reps, o.per_rep);
  r.seconds = t.median, r.p20 = t.p20, r.p80 = t.p80;
  r.gbps = p.min_bytes() / t.median / 1e9;
  r.pct = 100.0 * p.min_bytes() / t.median / copy_bw;
  r.gflops = p.flops() / t.median / 1e9;

  const int align = std::min({gen::alignment_of(A[0].get()), gen::alignment_of(B[0].get()), gen::alignment_of(C[0].get())});
  const detail::Launchable l = rt.impl().resolve(p, align, forced ? &*forced : nullptr, A[0].get(), B[0].get(), C[0].get());
  r.kernel = l.plan.kernel_name;
  r.origin = std::string(to_string(l.plan.origin));
  r.config = l.plan.config.to_string();
  if (o.overhead) {
    const double with_gemm = host_seconds_per_call(stream, [&] { call(0); });
    const double bare = host_seconds_per_call(stream, [&] {
      TAILOR_CU(detail::launch(l, A[0].get(), B[0].get(), C[0].get(), o.alpha, o.beta, stream));
    });
    r.overhead_us = (with_gemm - bare) * 1e6;
    r.bare_us = bare * 1e6;
  }
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Check and time Tailor's batched GEMM on one problem or a suite, on the GPU.\n"
               "Each problem: random inputs, a check against a float64 host reference, then the median time.",
               "tailor-bench"};
  std::string shape, dtype = "f32", bcast, suite, json_path;
  Options o;
  int device = 0;
  app.add_option("--shape", shape, "BATCHxMxKxN, e.g. 1000000x3x25x1");
  app.add_option("--dtype", dtype, "f32 or f64")->capture_default_str();
  app.add_option("--bcast", bcast, "A or B: that operand is one matrix shared by the batch");
  app.add_option("--suite", suite, "a suite file (batch M K N dtype [bcastA|bcastB] per line)");
  app.add_option("--json", json_path, "write one JSON object per problem to this file");
  app.add_option("--config", o.config, "force a kernel config instead of dispatch (see tailor-gen --help)");
  app.add_option("--alpha", o.alpha, "alpha")->capture_default_str();
  app.add_option("--beta", o.beta, "beta (non-zero: C is read)")->capture_default_str();
  app.add_option("--reps", o.reps, "timed repetitions (median reported)")->capture_default_str()->check(CLI::Range(1, 1000));
  app.add_option("--per-rep", o.per_rep, "back-to-back calls per repetition")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--device", device, "CUDA device ordinal")->capture_default_str();
  app.add_flag("!--no-overhead", o.overhead, "skip the host-overhead measurement");
  return tools::guarded_main(app, argc, argv, [&]() -> int {
    std::vector<tools::SuiteEntry> problems;
    if (!suite.empty() && !shape.empty()) throw Error(ErrorCode::invalid_argument, "give --shape or --suite, not both");
    if (!suite.empty()) problems = tools::read_suite(suite);
    else if (!shape.empty()) problems.push_back({tools::problem_from_args(shape, dtype, bcast), "", 0});
    else throw Error(ErrorCode::invalid_argument, "--shape or --suite is required (see --help)");
    if (!o.config.empty()) KernelConfig::parse(o.config);

    Runtime rt(device);
    if (!rt.has_gpu()) {
      std::printf("tailor-bench: no GPU, nothing timed: %s\n", rt.no_gpu_reason().c_str());
      if (problems.size() == 1) {
        std::printf("tailor-bench: the kernel Tailor would run, and its NVRTC compile report:\n\n");
        tools::print_compile_report(problems[0].problem, true);
      }
      return 0;
    }
    rt.impl().make_current();
    CUstream stream = nullptr;
    TAILOR_CU(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    const double copy_bw = detail::copy_bandwidth(stream);
    const DeviceInfo& dev = rt.device();
    std::printf("# %s (%s, %d SMs), driver %d, NVRTC %d: copy bandwidth %.0f GB/s (read + write)\n", dev.name.c_str(),
                dev.arch().c_str(), dev.sm_count, dev.driver_version, dev.nvrtc_version, copy_bw / 1e9);
    std::printf("%-34s %10s %8s %6s %9s %9s %8s %-10s %s\n", "problem", "time(ms)", "GB/s", "%copy", "GFLOP/s",
                "rel.err", "host(us)", "origin", "kernel");
    std::ofstream json;
    if (!json_path.empty()) {
      json.open(json_path);
      if (!json) throw Error(ErrorCode::invalid_argument, fmt::format("--json '{}': cannot write the file", json_path));
    }
    int failed = 0;
    std::uint64_t seed = 1;
    for (const auto& e : problems) {
      const GemmProblem& p = e.problem;
      const std::string flag = tools::suite_flag(p.normalized());
      const std::string label = fmt::format("{}x{}x{}x{} {}{}{}", p.batch, p.m, p.k, p.n, to_string(p.dtype),
                                            flag.empty() ? "" : " ", flag);
      Result r;
      try {
        r = run_problem(rt, p, o, copy_bw, stream, seed);
      } catch (const Error& err) {
        std::printf("%-34s FAILED: %s\n", label.c_str(), err.what());
        ++failed;
        continue;
      }
      seed += 16;
      failed += !r.ok;
      std::printf("%-34s %10.4f %8.0f %5.1f%% %9.1f %9.2e %8.2f %-10s %s%s\n", label.c_str(), r.seconds * 1e3, r.gbps,
                  r.pct, r.gflops, r.err, r.overhead_us, r.origin.c_str(), r.kernel.c_str(),
                  r.ok ? "" : "   <-- ERROR ABOVE TOLERANCE");
      std::fflush(stdout);
      if (json) {
        nlohmann::json j = {{"batch", p.batch},       {"m", p.m},
                            {"k", p.k},               {"n", p.n},
                            {"dtype", to_string(p.dtype)}, {"flag", flag},
                            {"alpha", o.alpha},       {"beta", o.beta},
                            {"seconds", r.seconds},   {"p20_seconds", r.p20},
                            {"p80_seconds", r.p80},   {"gbps", r.gbps},
                            {"pct_copy", r.pct},      {"gflops", r.gflops},
                            {"max_rel_err", r.err},   {"ok", r.ok},
                            {"kernel", r.kernel},     {"config", r.config},
                            {"origin", r.origin},     {"host_overhead_us", r.overhead_us},
                            {"bare_launch_us", r.bare_us}, {"copy_gbps", copy_bw / 1e9},
                            {"device", dev.name}};
        json << j.dump() << "\n";
        json.flush();
      }
    }
    detail::driver().cuStreamDestroy(stream);
    if (failed) std::printf("tailor-bench: %d problem(s) failed the check\n", failed);
    return failed ? 1 : 0;
  });
}
