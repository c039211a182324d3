// tailor-bench: correctness and speed of Tailor on one problem or a suite. For each
// problem: random non-zero inputs, a poisoned output, one checked run against a float64
// host reference, then the median time of repeated back-to-back calls (CUDA events),
// GB/s and % of the copy bandwidth measured at start, GFLOP/s, the kernel and where its
// config came from, and the host overhead of a gemm call over a bare cuLaunchKernel.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>

#include "generator/generator.hpp"
#include "runtime/driver.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/reference.hpp"
#include "runtime/runtime_impl.hpp"
#include "tools/bench_common.hpp"
#include "tools/bench_cpu.hpp"
#include "tools/cli_common.hpp"

namespace {

using namespace tailor;
using detail::DeviceBuffer;

struct Options {
  int reps = 7, per_rep = 20;
  double alpha = 1.0, beta = 0.0;
  std::vector<std::string> configs;  ///< empty: dispatch's choice
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

// One problem's inputs on the host and the device, and its float64 reference.
struct Workload {
  GemmProblem p;
  std::int64_t na, nb, nc;
  std::vector<char> ha, hb, hc0;
  std::vector<DeviceBuffer> A, B, C;
  int sets = 1;
  std::vector<double> ref;
};

Workload prepare(Runtime& rt, const GemmProblem& problem, const Options& o, std::uint64_t seed) {
  Workload w;
  GemmProblem p = problem;
  p.alpha_kind = scalar_kind(o.alpha);
  p.beta_kind = scalar_kind(o.beta);
  w.p = p = p.normalized();
  const std::int64_t esz = p.esize();
  w.na = detail::operand_elems(p, 'A'), w.nb = detail::operand_elems(p, 'B'), w.nc = detail::operand_elems(p, 'C');
  w.ha.resize(w.na * esz), w.hb.resize(w.nb * esz), w.hc0.resize(w.nc * esz);
  detail::fill_random(w.ha.data(), p.dtype, w.na, seed);
  detail::fill_random(w.hb.data(), p.dtype, w.nb, seed + 1);
  detail::fill_random(w.hc0.data(), p.dtype, w.nc, seed + 2);
  // Input sets rotate so that timing never runs out of L2 (60 MB on an H200).
  const std::int64_t set_bytes = (w.na + w.nb + w.nc) * esz;
  w.sets = static_cast<int>(std::clamp<std::int64_t>(
      (4 * std::int64_t(rt.device().l2_bytes) + set_bytes - 1) / set_bytes, 1, 64));
  for (int s = 0; s < w.sets; ++s) {
    w.A.emplace_back(w.na * esz), w.B.emplace_back(w.nb * esz), w.C.emplace_back(w.nc * esz);
    w.A.back().upload(w.ha.data(), w.na * esz);
    w.B.back().upload(w.hb.data(), w.nb * esz);
  }
  w.ref = detail::reference_gemm(p, w.ha.data(), w.hb.data(), w.hc0.data(), o.alpha, o.beta);
  return w;
}

Result run_config(Runtime& rt, Workload& w, const std::optional<KernelConfig>& forced, const Options& o,
                  double copy_bw, CUstream stream) {
  const GemmProblem& p = w.p;
  const std::int64_t esz = p.esize();
  auto call = [&](int s) {
    if (forced) rt.gemm_with(p, *forced, w.A[s].get(), w.B[s].get(), w.C[s].get(), o.alpha, o.beta, stream);
    else rt.gemm(p, w.A[s].get(), w.B[s].get(), w.C[s].get(), o.alpha, o.beta, stream);
  };
  // Checked run: C is poisoned with NaN unless beta reads it.
  std::vector<char> hc(w.nc * esz);
  if (p.beta_kind == ScalarKind::zero) detail::fill_nan(hc.data(), p.dtype, w.nc);
  else hc = w.hc0;
  for (int s = 0; s < w.sets; ++s) w.C[s].upload(hc.data(), w.nc * esz);
  call(0);
  TAILOR_CU(detail::driver().cuStreamSynchronize(stream));
  w.C[0].download(hc.data(), w.nc * esz);
  Result r;
  r.err = detail::max_rel_err(p, hc.data(), w.ref);
  r.ok = r.err <= tolerance(p.dtype);

  const detail::Timing t = detail::time_calls(stream, [&](int i) { call(i % w.sets); }, o.reps, o.per_rep);
  r.seconds = t.median, r.p20 = t.p20, r.p80 = t.p80;
  r.gbps = p.min_bytes() / t.median / 1e9;
  r.pct = 100.0 * p.min_bytes() / t.median / copy_bw;
  r.gflops = p.flops() / t.median / 1e9;

  void *A = w.A[0].get(), *B = w.B[0].get(), *C = w.C[0].get();
  const int align = std::min({gen::alignment_of(A), gen::alignment_of(B), gen::alignment_of(C)});
  const detail::Launchable& l = rt.impl().resolve(p, align, forced ? &*forced : nullptr, A, B, C);
  r.kernel = l.plan.kernel_name;
  r.origin = std::string(to_string(l.plan.origin));
  r.config = l.plan.config.to_string();
  if (o.overhead) {
    const double with_gemm = host_seconds_per_call(stream, [&] { call(0); });
    const double bare = host_seconds_per_call(stream, [&] {
      TAILOR_CU(detail::launch(l, A, B, C, o.alpha, o.beta, stream));
    });
    r.overhead_us = (with_gemm - bare) * 1e6;
    r.bare_us = bare * 1e6;
  }
  return r;
}

// Issue-rate test: `calls` back-to-back gemm calls of one tiny problem against the same
// number of bare cuLaunchKernel calls of an empty kernel, each loop timed on the host from
// the first call to the end of a final synchronisation.
int tiny_calls(Runtime& rt, const std::string& shape, const std::string& dtype, int calls, CUstream stream) {
  const GemmProblem p = tools::problem_from_args(shape, dtype, "").normalized();
  const std::int64_t esz = p.esize();
  const std::int64_t na = detail::operand_elems(p, 'A'), nb = detail::operand_elems(p, 'B'), nc = detail::operand_elems(p, 'C');
  std::vector<char> ha(na * esz), hb(nb * esz), hc(nc * esz);
  detail::fill_random(ha.data(), p.dtype, na, 5);
  detail::fill_random(hb.data(), p.dtype, nb, 6);
  DeviceBuffer A(na * esz), B(nb * esz), C(nc * esz);
  A.upload(ha.data(), na * esz);
  B.upload(hb.data(), nb * esz);
  detail::fill_nan(hc.data(), p.dtype, nc);  // poisoned: the check below sees only what the launches wrote
  C.upload(hc.data(), nc * esz);
  // A trivial kernel, loaded through the same module cache.
  const KernelSource empty{"tailor_empty_kernel", "extern \"C\" __global__ void tailor_empty_kernel() {}\n"};
  auto k = rt.impl().cache.get(empty, rt.device().arch());
  const detail::Driver& d = detail::driver();
  CUmodule mod;
  TAILOR_CU(d.cuModuleLoadData(&mod, k->cubin.data()));
  CUfunction fn;
  TAILOR_CU(d.cuModuleGetFunction(&fn, mod, empty.name.c_str()));
  // The same empty kernel taking the gemm kernel's six arguments: what passing them costs.
  const char* scalar = p.dtype == DType::f32 ? "float" : "double";
  const KernelSource empty_args{"tailor_empty_args_kernel",
                                fmt::format("extern \"C\" __global__ void tailor_empty_args_kernel(const void*, const "
                                            "void*, void*, {0}, {0}, long long) {{}}\n",
                                            scalar)};
  auto ka = rt.impl().cache.get(empty_args, rt.device().arch());
  CUmodule mod_args;
  TAILOR_CU(d.cuModuleLoadData(&mod_args, ka->cubin.data()));
  CUfunction fn_args;
  TAILOR_CU(d.cuModuleGetFunction(&fn_args, mod_args, empty_args.name.c_str()));
  auto loop = [&](auto&& call) {
    for (int i = 0; i < 1000; ++i) call();  // warm-up
    TAILOR_CU(d.cuStreamSynchronize(stream));
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) call();
    TAILOR_CU(d.cuStreamSynchronize(stream));
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / calls;
  };
  // The kernel gemm resolves to, launched by the runtime's launch helper alone: what the
  // kernel and its launch cost apart from the routing and the memo's lookup.
  rt.gemm(p, A.get(), B.get(), C.get(), 1.0, 0.0, stream);
  GemmProblem key = p;
  key.alpha_kind = scalar_kind(1.0);
  key.beta_kind = scalar_kind(0.0);
  const int align = std::min({gen::alignment_of(A.get()), gen::alignment_of(B.get()), gen::alignment_of(C.get())});
  const detail::Launchable& l = rt.impl().resolve(key, align, nullptr, A.get(), B.get(), C.get());
  // On sm_90 the same kernel launched the other way (with programmatic dependent launch, or
  // without it, whichever the runtime does not use).
  detail::Launchable l_other = l;
  l_other.pdl = !l.pdl;
  const bool other = rt.device().cc_major >= 9;
  // The empty kernel with six arguments, packed by the same launch helper.
  detail::Launchable l_args = l;
  l_args.fn = fn_args;
  l_args.shape = LaunchShape{1, 32, 0};
  l_args.pdl = false;
  std::vector<double> g, e, direct, with_args, direct_other;
  for (int round = 0; round < 3; ++round) {
    e.push_back(loop([&] { TAILOR_CU(d.cuLaunchKernel(fn, 1, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr)); }));
    with_args.push_back(loop([&] { TAILOR_CU(detail::launch(l_args, A.get(), B.get(), C.get(), 1.0, 0.0, stream)); }));
    direct.push_back(loop([&] { TAILOR_CU(detail::launch(l, A.get(), B.get(), C.get(), 1.0, 0.0, stream)); }));
    g.push_back(loop([&] { rt.gemm(p, A.get(), B.get(), C.get(), 1.0, 0.0, stream); }));
    if (other)
      direct_other.push_back(
          loop([&] { TAILOR_CU(detail::launch(l_other, A.get(), B.get(), C.get(), 1.0, 0.0, stream)); }));
  }
  C.download(hc.data(), nc * esz);
  const double err = detail::max_rel_err(p, hc.data(), detail::reference_gemm(p, ha.data(), hb.data(), nullptr, 1.0, 0.0));
  const double ge = detail::summarize(g).median, ee = detail::summarize(e).median;
  const double de = detail::summarize(direct).median, ae = detail::summarize(with_args).median;
  std::printf("tiny calls: %d x %s %s: gemm %.3f us/call, bare cuLaunchKernel of an empty kernel %.3f us/call, "
              "ratio %.3f (median of 3 rounds); rel.err %.2e\n",
              calls, shape.c_str(), dtype.c_str(), ge * 1e6, ee * 1e6, ge / ee, err);
  std::printf("tiny calls: its kernel %s (%u CTA%s of %u threads, %u B of shared memory) launched directly%s: "
              "%.3f us/call, ratio %.3f to the bare launch\n",
              l.plan.kernel_name.c_str(), l.shape.grid, l.shape.grid == 1 ? "" : "s", l.shape.block,
              l.shape.smem_bytes, l.pdl ? " with programmatic dependent launch" : "", de * 1e6, de / ee);
  std::printf("tiny calls: the empty kernel taking the same six arguments: %.3f us/call, ratio %.3f to the bare "
              "launch\n",
              ae * 1e6, ae / ee);
  if (!direct_other.empty()) {
    const double oe = detail::summarize(direct_other).median;
    std::printf("tiny calls: its kernel launched directly %s programmatic dependent launch: %.3f us/call, ratio %.3f "
                "to the bare launch\n",
                l_other.pdl ? "with" : "without", oe * 1e6, oe / ee);
  }
  d.cuModuleUnload(mod);
  d.cuModuleUnload(mod_args);
  return err <= tolerance(p.dtype) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Check and time Tailor's batched GEMM on one problem or a suite, on the GPU, or on the CPU path\n"
               "with --device cpu or where there is no GPU.\n"
               "Each problem: random inputs, a check against a float64 host reference, then the median time.",
               "tailor-bench"};
  std::string shape, dtype = "f32", bcast, suite, json_path;
  Options o;
  int device = 0, copy_mib = 2048, tiny = 0;
  // --- CPU path (issue 4): --device cpu, --threads, --host-sweep (tools/bench_cpu.cpp)
  std::string device_arg = "0";
  int cpu_threads = 0;
  bool host_sweep = false;
  app.add_option("--shape", shape, "BATCHxMxKxN, e.g. 1000000x3x25x1");
  app.add_option("--dtype", dtype, "f32 or f64")->capture_default_str();
  app.add_option("--bcast", bcast, "A or B: that operand is one matrix shared by the batch");
  app.add_option("--suite", suite, "a suite file (batch M K N dtype [bcastA|bcastB] per line)");
  app.add_option("--json", json_path, "write one JSON object per problem to this file");
  app.add_option("--config", o.configs, "force a kernel config instead of dispatch (repeat to compare several)");
  app.add_option("--alpha", o.alpha, "alpha")->capture_default_str();
  app.add_option("--beta", o.beta, "beta (non-zero: C is read)")->capture_default_str();
  app.add_option("--reps", o.reps, "timed repetitions (median reported)")->capture_default_str()->check(CLI::Range(1, 1000));
  app.add_option("--per-rep", o.per_rep, "back-to-back calls per repetition")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--device", device_arg, "CUDA device ordinal, or cpu for the CPU path")->capture_default_str();
  app.add_option("--threads", cpu_threads, "CPU path: threads (0: TAILOR_CPU_THREADS or every CPU)")->check(CLI::Range(0, 4096));
  app.add_flag("--host-sweep", host_sweep, "on a GPU machine: host data on the CPU vs the GPU with copies vs the cost model's pick, "
                                           "from one 5x10x5 product up to --suite's or --shape's problems");
  app.add_option("--copy-mib", copy_mib, "size of the copy that measures the bandwidth ceiling (512 at most on the CPU path)")->capture_default_str()->check(CLI::Range(1, 65536));
  app.add_flag("!--no-overhead", o.overhead, "skip the host-overhead measurement");
  app.add_option("--tiny-calls", tiny,
                 "time N back-to-back calls of --shape against N bare launches of an empty kernel, beside its "
                 "kernel launched directly (with and without PDL) and an empty kernel taking the same arguments")
      ->check(CLI::Range(1, 10000000));
  return tools::guarded_main(app, argc, argv, [&]() -> int {
    std::vector<tools::SuiteEntry> problems;
    if (!suite.empty() && !shape.empty()) throw Error(ErrorCode::invalid_argument, "give --shape or --suite, not both");
    if (tiny && shape.empty()) throw Error(ErrorCode::invalid_argument, "--tiny-calls needs --shape");
    if (!suite.empty()) problems = tools::read_suite(suite);
    else if (!shape.empty()) problems.push_back({tools::problem_from_args(shape, dtype, bcast), "", 0});
    else if (!host_sweep) throw Error(ErrorCode::invalid_argument, "--shape or --suite is required (see --help)");
    std::vector<std::optional<KernelConfig>> configs;
    for (const auto& c : o.configs) configs.emplace_back(KernelConfig::parse(c));
    if (configs.empty()) configs.emplace_back(std::nullopt);

    // --- CPU path (issue 4)
    tools::CpuBenchOptions co;
    co.reps = o.reps, co.per_rep = o.per_rep, co.alpha = o.alpha, co.beta = o.beta, co.configs = o.configs;
    co.overhead = o.overhead, co.threads = cpu_threads, co.json_path = json_path;
    co.copy_mib = std::min(copy_mib, 512);
    if (device_arg == "cpu" && (tiny || host_sweep))
      throw Error(ErrorCode::invalid_argument,
                  fmt::format("{} measures the GPU; it does not combine with --device cpu",
                              tiny ? "--tiny-calls" : "--host-sweep"));
    if (device_arg == "cpu") {
      Runtime rt_cpu(-1);
      return tools::run_cpu_bench(rt_cpu, problems, co);
    }
    try {
      std::size_t used = 0;
      device = std::stoi(device_arg, &used);
      if (used != device_arg.size() || device < 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw Error(ErrorCode::invalid_argument, fmt::format("--device '{}': expected a CUDA ordinal or cpu", device_arg));
    }
    Runtime rt(device);
    if (host_sweep) return tools::run_host_sweep(rt, problems, co);
    if (!rt.has_gpu() && tiny)
      throw Error(ErrorCode::device_unavailable, fmt::format("--tiny-calls needs a GPU: {}", rt.no_gpu_reason()));
    if (!rt.has_gpu()) {
      std::printf("tailor-bench: no GPU (%s): running on the CPU path\n", rt.no_gpu_reason().c_str());
      int rc = 0;
      if (rt.has_cpu_path()) rc = tools::run_cpu_bench(rt, problems, co);
      else std::printf("tailor-bench: this build has no CPU path either (TAILOR_WITH_LLVM=OFF): nothing timed\n");
      if (problems.size() == 1) {
        std::printf("\ntailor-bench: the heuristic's GPU kernel for it (no tuning database consulted), and its NVRTC compile report:\n\n");
        tools::print_compile_report(problems[0].problem, true);
      }
      return rc;
    }
    // --- end CPU path
    rt.impl().make_current();
    CUstream stream = nullptr;
    TAILOR_CU(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    if (tiny) return tiny_calls(rt, shape, dtype, tiny, stream);
    const double copy_bw = detail::copy_bandwidth(stream, std::int64_t(copy_mib) << 20);
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
      std::optional<Workload> w;
      try {
        w.emplace(prepare(rt, p, o, seed));
      } catch (const Error& err) {
        std::printf("%-34s FAILED: %s\n", label.c_str(), err.what());
        ++failed;
        continue;
      }
      seed += 16;
      for (const auto& cfg : configs) {
        Result r;
        try {
          r = run_config(rt, *w, cfg, o, copy_bw, stream);
        } catch (const Error& err) {
          std::printf("%-34s FAILED: %s\n", label.c_str(), err.what());
          ++failed;
          continue;
        }
        failed += !r.ok;
        std::printf("%-34s %10.4f %8.0f %5.1f%% %9.1f %9.2e %8.2f %-10s %s%s\n", label.c_str(), r.seconds * 1e3,
                    r.gbps, r.pct, r.gflops, r.err, r.overhead_us, r.origin.c_str(), r.kernel.c_str(),
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
    }
    detail::driver().cuStreamDestroy(stream);
    if (failed) std::printf("tailor-bench: %d problem(s) failed the check\n", failed);
    return failed ? 1 : 0;
  });
}
