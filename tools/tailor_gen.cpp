// tailor-gen: print the CUDA source Tailor generates for one problem, and optionally
// compile it with NVRTC and report registers, shared memory, spills and cubin size.
// Needs no GPU.
#include "generator/generator.hpp"
#include "generator/search_space.hpp"
#include "runtime/nvrtc.hpp"
#include "tools/cli_common.hpp"

int main(int argc, char** argv) {
  using namespace tailor;
  CLI::App app{"Print (and optionally compile) the kernel Tailor generates for one batched GEMM problem.\n"
               "Works without a GPU: limits are those of an sm_90 device (H100/H200).",
               "tailor-gen"};
  std::string shape, dtype = "f32", config_text, arch = "sm_90", bcast, problem_text;
  bool do_compile = false, quiet = false, predict = false;
  int list_candidates = 0;
  double alpha = 1.0, beta = 0.0;
  int align = 16;
  app.add_option("--shape", shape, "BATCHxMxKxN, e.g. 1000000x3x25x1");
  app.add_option("--dtype", dtype, "f32 or f64")->capture_default_str();
  app.add_option("--bcast", bcast, "A or B: that operand is one matrix shared by the batch");
  app.add_option("--problem", problem_text, "a full problem string instead of --shape (layouts, leading dims, strides)");
  auto* alpha_opt = app.add_option("--alpha", alpha, "alpha: 1 and other values generate different code (default 1)");
  auto* beta_opt = app.add_option("--beta", beta, "beta: 0, 1 and other values generate different code (default 0)");
  app.add_option("--config", config_text, "kernel config, e.g. slab,t=256,mats=32,vec=2,rm=1,rn=1,grid=0 (default: the heuristic's; "
                 "the runtime may still change its minb by the compiled registers and spills)");
  app.add_option("--align", align, "bytes the pointers are aligned to (for the heuristic and validation)")->capture_default_str();
  app.add_option("--arch", arch, "target architecture for --compile")->capture_default_str();
  app.add_flag("--compile", do_compile, "compile with NVRTC and print the resource report");
  app.add_flag("-q,--quiet", quiet, "with --compile, print only the report, not the source");
  app.add_flag("--predict", predict, "print the cost model's time for the config (the heuristic's or --config's) instead");
  app.add_option("--candidates", list_candidates, "print the search space's first N candidates in the autotuner's trial order (heuristic, 32 best predicted, then varied; without the seeds the tuner adds at run time) instead")
      ->check(CLI::Range(1, 100000));
  return tools::guarded_main(app, argc, argv, [&] {
    GemmProblem p;
    if (!problem_text.empty()) {
      if (!shape.empty()) throw Error(ErrorCode::invalid_argument, "give --shape or --problem, not both");
      p = GemmProblem::parse(problem_text);
    } else {
      if (shape.empty()) throw Error(ErrorCode::invalid_argument, "--shape is required (or --problem)");
      p = tools::problem_from_args(shape, dtype, bcast);
    }
    if (alpha_opt->count()) p.alpha_kind = scalar_kind(alpha);
    if (beta_opt->count()) p.beta_kind = scalar_kind(beta);
    p = p.normalized();
    if (align != 4 && align != 8 && align != 16)
      throw Error(ErrorCode::invalid_argument, fmt::format("--align {}: expected 4, 8 or 16", align));
    const DeviceInfo dev = DeviceInfo::sm90_model();
    if (list_candidates > 0) {
      const auto cands = gen::candidates(p, dev, align, static_cast<std::size_t>(list_candidates));
      std::printf("# %zu candidates for %s in trial order (heuristic, 32 best predicted, then varied)\n", cands.size(),
                  p.to_string().c_str());
      for (const auto& c : cands)
        std::printf("%10.2f us  %s\n", c.predicted_s * 1e6, c.config.to_string().c_str());
      return 0;
    }
    const KernelConfig cfg = config_text.empty() ? gen::heuristic(p, dev, align) : KernelConfig::parse(config_text);
    if (cfg.family == Family::cpu)
      throw Error(ErrorCode::invalid_config,
                  "tailor-gen prints CUDA kernels; a cpu-family config runs on the CPU path (tailor-bench --device cpu)");
    gen::validate(p, cfg, dev, align);
    if (predict) {
      std::printf("%10.2f us  %s\n", gen::predict_seconds(p, cfg, dev) * 1e6, cfg.to_string().c_str());
      return 0;
    }
    const KernelSource src = gen::generate(p, cfg);
    if (!(do_compile && quiet)) std::fputs(src.text.c_str(), stdout);
    if (do_compile) {
      const detail::CompiledKernel k = detail::compile(src, arch);
      const LaunchShape ls = gen::launch_shape(p, cfg, dev);
      std::printf(
          "%skernel     %s\narch       %s\nconfig     %s\nregisters  %d\nsmem       %d bytes static, %u bytes "
          "dynamic\nspills     %d bytes stores, %d bytes loads\nstack      %d bytes\ncubin      %zu bytes\ncompile    "
          "%.0f ms\nlaunch     grid %u x block %u (for batch %lld)\n",
          quiet ? "" : "\n// ---- NVRTC compile report ----\n", k.name.c_str(), k.arch.c_str(),
          cfg.to_string().c_str(), k.registers, k.static_smem, ls.smem_bytes, k.spill_stores, k.spill_loads,
          k.stack_bytes, k.cubin.size(), k.compile_seconds * 1e3, ls.grid, ls.block,
          static_cast<long long>(gen::launch_batch(p, cfg)));
    }
    return 0;
  });
}
