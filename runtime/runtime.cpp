// Runtime: the gemm entry point, its in-process memo (the hot path), and the slow path
// of a new problem: validate, dispatch, generate, compile (module cache), load.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "runtime/autotune.hpp"
#include "runtime/device.hpp"
#include "runtime/driver.hpp"
#include "runtime/cpu/host_router.hpp"
#include "runtime/env.hpp"
#include "runtime/runtime_impl.hpp"
#include "tailor/error.hpp"
#include "tuning_db/plan_sources.hpp"

namespace tailor {

std::string_view to_string(PlanOrigin o) {
  switch (o) {
    case PlanOrigin::memo: return "memo";
    case PlanOrigin::user: return "user";
    case PlanOrigin::shipped: return "shipped";
    case PlanOrigin::neighbour: return "neighbour";
    case PlanOrigin::heuristic: return "heuristic";
    case PlanOrigin::tuned: return "tuned";
    case PlanOrigin::forced: return "forced";
  }
  return "unknown";
}

namespace detail {

std::size_t MemoKeyHash::operator()(const MemoKey& k) const noexcept {
  std::size_t h = k.problem.hash() ^ (static_cast<std::size_t>(k.align) * 0x9e3779b97f4a7c15ull);
  if (k.forced) {
    const int f[] = {static_cast<int>(k.config.family), k.config.threads, k.config.mats, k.config.vec, k.config.rm,
                     k.config.rn, k.config.bm, k.config.bn, k.config.bk, k.config.grid};
    for (int v : f) h = (h ^ static_cast<std::size_t>(v)) * 0x100000001b3ull;
  }
  return h;
}

CUresult launch(const Launchable& l, const void* A, const void* B, void* C, double alpha, double beta,
                CUstream stream) {
  float af = static_cast<float>(alpha), bf = static_cast<float>(beta);
  long long batch = l.batch;
  const bool f32 = l.dtype == DType::f32;
  void* args[] = {&A, &B, &C, f32 ? static_cast<void*>(&af) : static_cast<void*>(&alpha),
                  f32 ? static_cast<void*>(&bf) : static_cast<void*>(&beta), &batch};
  if (!l.pdl)
    return driver().cuLaunchKernel(l.fn, l.shape.grid, 1, 1, l.shape.block, 1, 1, l.shape.smem_bytes, stream, args,
                                   nullptr);
  // Programmatic dependent launch: the kernel may be scheduled while the previous kernel of
  // the stream finishes its last CTAs; it waits (griddepcontrol.wait) for that kernel and
  // its memory before it reads or writes anything.
  CUlaunchAttribute attr{};
  attr.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
  attr.value.programmaticStreamSerializationAllowed = 1;
  CUlaunchConfig cfg{};
  cfg.gridDimX = l.shape.grid, cfg.gridDimY = 1, cfg.gridDimZ = 1;
  cfg.blockDimX = l.shape.block, cfg.blockDimY = 1, cfg.blockDimZ = 1;
  cfg.sharedMemBytes = l.shape.smem_bytes;
  cfg.hStream = stream;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  return driver().cuLaunchKernelEx(&cfg, l.fn, args, nullptr);
}

namespace {

std::int64_t operand_bytes(const GemmProblem& p, std::int64_t stride, std::int64_t span) {
  return ((stride == 0 ? 0 : (p.batch - 1) * stride) + span) * p.esize();
}

bool ranges_overlap(const void* a, std::int64_t na, const void* b, std::int64_t nb) {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + static_cast<std::uintptr_t>(nb) && y < x + static_cast<std::uintptr_t>(na);
}

void set_extents(const GemmProblem& p, detail::Launchable& l) {
  l.bytes_a = operand_bytes(p, p.stride_a, p.span_a());
  l.bytes_b = operand_bytes(p, p.stride_b, p.span_b());
  l.bytes_c = operand_bytes(p, p.stride_c, p.span_c());
}

void dump_source(const KernelSource& src) {
  const std::string& dir = env().dump_dir;
  if (dir.empty()) return;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::ofstream(dir + "/" + src.name + ".cu") << src.text;
}

// Pointer checks of every call. `p` is only used for messages.
void check_pointers(const GemmProblem& p, const detail::Launchable& l, const void* A, const void* B, const void* C) {
  if (!A || !B || !C)
    throw Error(ErrorCode::null_pointer, fmt::format("problem {}: {} is a null pointer", p.to_string(),
                                                     !A ? "A" : !B ? "B" : "C"));
  if (ranges_overlap(A, l.bytes_a, C, l.bytes_c) || ranges_overlap(B, l.bytes_b, C, l.bytes_c))
    throw Error(ErrorCode::overlapping_output,
                fmt::format("problem {}: C overlaps {} in memory; the output must not alias an input", p.to_string(),
                            ranges_overlap(A, l.bytes_a, C, l.bytes_c) ? "A" : "B"));
}

}  // namespace
}  // namespace detail

namespace {
std::uint64_t next_impl_id() {
  static std::atomic<std::uint64_t> n{1};
  return n.fetch_add(1, std::memory_order_relaxed);
}
}  // namespace

Runtime::Impl::Impl(int device)
    : id(next_impl_id()),
      cache(detail::env().disk_cache ? detail::env().cache_dir : std::string()),
      dispatcher(DeviceInfo::sm90_model()),
      host(std::make_unique<detail::HostRouter>()) {
  try {
    dev = detail::query_device(device);
    const detail::Driver& d = detail::driver();
    TAILOR_CU(d.cuDeviceGet(&cudev, device));
    TAILOR_CU(d.cuDevicePrimaryCtxRetain(&ctx, cudev));
    gpu = true;
    // The resource report from the driver where NVRTC's log holds none: registers, and the
    // local memory a thread uses (its stack frame, which is where ptxas's spills go) as the
    // spilled bytes. Runs on the thread that compiles (the tuner's pool included).
    cache.set_report_fallback([this](detail::CompiledKernel& k) { report_from_driver(k); });
    dispatcher = detail::Dispatcher(dev);
    // Tuned configs, in lookup order: user database, shipped databases, nearest tuned neighbour.
    for (auto& source : db::make_plan_sources(detail::env().db_path, detail::env().shipped_dir))
      dispatcher.add_source(std::move(source));
  } catch (const Error& e) {
    if (e.code() != ErrorCode::device_unavailable) throw;
    no_gpu_reason = e.what();
    dev = DeviceInfo::sm90_model();
  }
}

Runtime::Impl::~Impl() {
  if (!gpu) return;
  host.reset();  // CPU path: frees its staging buffers while the context is alive
  const detail::Driver& d = detail::driver();
  CUcontext prev = nullptr;
  d.cuCtxGetCurrent(&prev);
  d.cuCtxSetCurrent(ctx);
  for (CUmodule m : modules) d.cuModuleUnload(m);
  d.cuCtxSetCurrent(prev == ctx ? nullptr : prev);
  d.cuDevicePrimaryCtxRelease(cudev);
}

void Runtime::Impl::require_gpu() const {
  if (!gpu) throw Error(ErrorCode::device_unavailable, no_gpu_reason);
}

void Runtime::Impl::report_from_driver(detail::CompiledKernel& k) const {
  const detail::Driver& d = detail::driver();
  make_current();
  CUmodule mod = nullptr;
  if (d.cuModuleLoadData(&mod, k.cubin.data()) != CUDA_SUCCESS) return;
  CUfunction fn = nullptr;
  int regs = -1, local = 0, shared = 0;
  if (d.cuModuleGetFunction(&fn, mod, k.name.c_str()) == CUDA_SUCCESS &&
      d.cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn) == CUDA_SUCCESS &&
      d.cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, fn) == CUDA_SUCCESS &&
      d.cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn) == CUDA_SUCCESS) {
    k.registers = regs;
    k.stack_bytes = k.spill_stores = k.spill_loads = local;
    k.static_smem = shared;
  }
  d.cuModuleUnload(mod);
}

// A persistent grid (grid = g) hands each CTA a fixed share of the work, so every CTA must
// be resident at once: where registers or shared memory let fewer than g of the kernel's CTAs
// share a multiprocessor, the ones that do not fit would start only when others finish and
// their share would run after the rest (a fourth CTA of four where three fit: about 1.5x
// the time). The grid then has as many CTAs an SM as the driver says fit.
void Runtime::Impl::fit_persistent_grid(detail::Launchable& l) const {
  const int g = gen::run_config(l.plan.config).grid;
  if (g <= 0) return;
  const detail::Driver& d = detail::driver();
  make_current();
  int fit = 0;
  TAILOR_CU(d.cuOccupancyMaxActiveBlocksPerMultiprocessor(&fit, l.fn, static_cast<int>(l.shape.block),
                                                          l.shape.smem_bytes));
  l.fit_per_sm = fit;
  if (fit >= 1 && fit < g) {
    l.shape.grid = static_cast<std::uint32_t>(
        std::min<std::int64_t>(l.shape.grid, static_cast<std::int64_t>(fit) * std::max(1, dev.sm_count)));
    if (detail::env().log)
      std::fprintf(stderr, "tailor: %s asks %d CTAs an SM, %d fit: a grid of %u\n", l.plan.kernel_name.c_str(), g,
                   fit, l.shape.grid);
  }
}

void Runtime::Impl::make_current() const {
  const detail::Driver& d = detail::driver();
  CUcontext cur = nullptr;
  TAILOR_CU(d.cuCtxGetCurrent(&cur));
  if (cur != ctx) TAILOR_CU(d.cuCtxSetCurrent(ctx));
}

detail::Launchable Runtime::Impl::build(const GemmProblem& p, const Plan& plan) {
  const KernelSource src = gen::generate(p, plan.config);
  detail::dump_source(src);
  const std::string key = detail::ModuleCache::key(src, dev.arch());
  detail::Launchable l;
  l.plan = plan;
  l.dtype = p.dtype;
  l.batch = gen::launch_batch(p, plan.config);  // a regrouped batch (rows) runs its own count
  l.shape = gen::launch_shape(p, plan.config, dev);
  // Every call on sm_90, tiny ones included: back to back, a one-CTA kernel launched this
  // way ran 0.91-0.98 of a bare launch's time where the plain launch ran 0.96-1.07
  // (bench/NOTES.md, "Tiny calls under programmatic dependent launch").
  l.pdl = dev.cc_major >= 9 && detail::env().pdl;
  detail::set_extents(p, l);
  {
    std::shared_lock lock(mu);
    if (auto it = functions.find(key); it != functions.end()) {
      l.fn = it->second.first, l.kernel = it->second.second;
      fit_persistent_grid(l);
      return l;
    }
  }
  detail::ModuleCache::From from;
  auto kernel = cache.get(src, dev.arch(), &from);
  const detail::Driver& d = detail::driver();
  make_current();
  CUmodule mod = nullptr;
  TAILOR_CU(d.cuModuleLoadData(&mod, kernel->cubin.data()));
  // Unloaded again if anything below throws; kept once it is on `modules`.
  struct ModuleGuard {
    const detail::Driver& d;
    CUmodule m;
    ~ModuleGuard() {
      if (m) d.cuModuleUnload(m);
    }
  } guard{d, mod};
  CUfunction fn = nullptr;
  TAILOR_CU(d.cuModuleGetFunction(&fn, mod, src.name.c_str()));
  int max_threads = 0;
  TAILOR_CU(d.cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn));
  if (max_threads < static_cast<int>(l.shape.block))
    throw Error(ErrorCode::invalid_config,
                fmt::format("kernel {} uses {} registers per thread: at most {} threads fit a CTA, the config asks {}",
                            src.name, kernel->registers, max_threads, l.shape.block));
  // Past 48 KB in all (dynamic plus the kernel's static shared memory, such as an
  // mbarrier) a CTA's dynamic shared memory must be opted into.
  int static_smem = 0;
  TAILOR_CU(d.cuFuncGetAttribute(&static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn));
  if (l.shape.smem_bytes + static_cast<unsigned>(static_smem) > static_cast<unsigned>(dev.smem_per_block))
    TAILOR_CU(d.cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                   static_cast<int>(l.shape.smem_bytes)));
  if (detail::env().log)
    std::fprintf(stderr, "tailor: loaded %s (%s, %d registers, %d bytes spilled)\n", src.name.c_str(),
                 from == detail::ModuleCache::From::memory ? "memory"
                 : from == detail::ModuleCache::From::disk ? "disk cache"
                                                           : fmt::format("compiled in {:.0f} ms", kernel->compile_seconds * 1e3).c_str(),
                 kernel->registers, kernel->spill_stores);
  std::unique_lock lock(mu);
  modules.push_back(mod);
  guard.m = nullptr;
  functions.emplace(key, std::make_pair(fn, kernel));
  l.fn = fn, l.kernel = kernel;
  lock.unlock();
  fit_persistent_grid(l);
  return l;
}

Plan Runtime::Impl::tune_now(const GemmProblem& p, int align, const Plan& fallback) {
  // TAILOR_TUNE=1: a problem with no record of its own (heuristic or neighbour plan) is
  // tuned on first use, within the budget, and the winner stored in the user database. A
  // failure to tune or to store is reported and `fallback` serves.
  const detail::Env& e = detail::env();
  try {
    detail::TuneOptions opt;
    opt.budget_s = e.tune_budget_s;
    if (fallback.origin == PlanOrigin::neighbour) opt.seeds.push_back(fallback.config);
    const detail::TuneResult r = detail::autotune(*this, p, align, opt);
    try {
      db::TuningDb::open(e.db_path, db::TuningDb::Mode::read_write)->upsert(r.record(dev));
    } catch (const Error& err) {
      std::fprintf(stderr, "tailor: tuned %s but could not store it: %s\n", p.to_string().c_str(), err.what());
    }
    if (e.log)
      std::fprintf(stderr, "tailor: tuned %s in %.1f s: %s (%.2fx the heuristic)\n", p.to_string().c_str(), r.seconds,
                   r.best.to_string().c_str(),
                   r.heuristic_timing.median > 0 ? r.heuristic_timing.median / r.best_timing.median : 0.0);
    return Plan{r.best, PlanOrigin::tuned, gen::kernel_name(p, r.best)};
  } catch (const Error& err) {
    std::fprintf(stderr, "tailor: tuning %s failed, using the heuristic: %s\n", p.to_string().c_str(), err.what());
    return fallback;
  }
}

Plan Runtime::Impl::settle(const GemmProblem& given, Plan plan) {
  if (plan.origin != PlanOrigin::heuristic && plan.origin != PlanOrigin::neighbour) return plan;
  // The matrices the kernel computes (the batch's rows regrouped, or the transpose, where
  // the config says so) decide the rules below; the kernel is generated from the problem as
  // given with the whole config.
  const GemmProblem p = gen::run_problem(given, plan.config);
  // The heuristic's CTAs-per-SM target caps registers; where the compiler had to spill
  // under that cap, trade occupancy for registers (measured configs are kept as they are).
  // f32 one-matrix slabs of FMA micro-tiles keep two CTAs an SM through spills of up to 320
  // bytes: on the H200 (bench/NOTES.md, 2026-11-30) those that spilled 24-180 bytes under
  // the cap (288-416 threads) still ran 1.23-1.50x faster than one CTA an SM without spills,
  // and 111x40x127 (416 threads, 304 bytes) 1.24x.
  const bool fma_slab = plan.config.family == Family::slab && !plan.config.mma;
  const bool slab32 = fma_slab && plan.config.mats == 1 && p.dtype == DType::f32;
  bool raised = false;
  auto spills = [&] {
    const std::int64_t bytes = cache.get(gen::generate(given, plan.config), dev.arch())->spill_stores;
    return bytes > (plan.config.minb != 2 ? 0 : slab32 ? 320 : raised ? 128 : 0);
  };
  // A CTA's shared memory: static and dynamic, and the 1 KB the driver reserves a CTA.
  auto cta_smem = [&](const KernelConfig& c, const detail::CompiledKernel& k) {
    return std::int64_t(gen::launch_shape(given, c, dev).smem_bytes) + k.static_smem + 1024;
  };
  // Two buffers for f32 FMA slabs: the heuristic's bulk-copied slab of one buffer takes
  // turns within each CTA between its copies and its arithmetic, which for mid-size
  // matrices (near the FMA balance: 4000 x 60 x 40 x 64 with B shared moves 23 us of memory
  // and does 18 us of FP32 at peak) leaves both idle part of the time. With two buffers in a
  // persistent grid a CTA computes one slab while the next arrives, at twice the shared
  // memory. On the H200 (bench/NOTES.md, 2026-12-01), the heuristic's config forced beside
  // the same with two buffers in a grid of as many CTAs as fit, 38 drawn shapes of M 37-96,
  // K 16-72, N 24-96 with A or B shared: where as many CTAs fit an SM as before (registers
  // or threads, not shared memory, set the count; 28 shapes) 0.94-1.66x, geomean 1.32x
  // (5432x59x20x58 with B shared 30 -> 49 % of copy); where fewer fit (10 shapes) 0.80-1.11x,
  // geomean 0.97x. Through dispatch, the builds before and after alternating, fresh draws
  // of M 16-128, K 8-128, N 16-128: with A or B shared 17 moved, 0.99-1.52x, geomean 1.22x
  // (2500x85x15x100 with A shared 38 -> 58 %); with none shared 11 moved, 0.85-1.39x, where
  // the two that lost (0.85x, 0.90x) were CTAs of 64 threads, 10 and 13 an SM: an SM that
  // holds that many already overlaps one CTA's copies with another's arithmetic. Hence: f32
  // FMA slabs where ptxas's registers and the doubled shared memory fit as many CTAs as the
  // one buffer did, and at most 8 (the other 9 moved there 1.02-1.39x, geomean 1.19x;
  // 3073x39x32x97 50 -> 70 %), in a grid of that many. f64 FMA slabs, two timed, 0.88x and
  // 1.03x: not taken.
  auto fit = [&](const KernelConfig& c) {  // CTAs an SM; 0 where the compile left no register report
    const auto kernel = cache.get(gen::generate(given, c), dev.arch());
    return kernel->registers > 0 ? gen::ctas_per_sm(dev, c.threads, kernel->registers, cta_smem(c, *kernel)) : 0;
  };
  const bool one_buffer = plan.config.st == 0 && plan.config.grid == 0 && plan.config.minb == 1 &&
                          !gen::reshapes(plan.config);
  // Not for the threads' copies (tma = 2, K of 4-14): on the H200 (2026-12-02, bench/NOTES.md,
  // "The one-column rule against the threads' copies", through dispatch) two buffers took
  // 22x6x16 and 23x6x16 f32 to 83 and 80 % of copy, where the one buffer ran 94 and 91 %.
  if (plan.origin == PlanOrigin::heuristic && fma_slab && p.dtype == DType::f32 && plan.config.tma == 1 &&
      one_buffer) {
    const int one = fit(plan.config);
    KernelConfig two = plan.config;
    two.st = 2, two.grid = std::max(one, 1);
    if (one >= 1 && one <= 8 && !gen::check(given, two, dev)) {  // tma = 1 already holds the pointers to 16 bytes
      if (const int n = fit(two); n >= one) {
        two.grid = n;
        plan.config = two;
        plan.kernel_name = gen::kernel_name(given, plan.config);
        return plan;
      }
    }
  }
  // Two buffers for the heuristic's one-matrix f64 slabs on the tensor cores with both sides
  // past 64 (those of A and B up to 62 KB take them in the heuristic already) where ptxas's
  // registers leave at most two CTAs an SM, so that few CTAs overlap one's copies with
  // another's arithmetic. On the H200 (bench/NOTES.md, 2026-12-01, "f64 slabs of 62-68 KB
  // with two buffers"; forced side by side, 9 shapes of sides 65-89 and A and B of 62-68
  // KB): where one CTA fit, 1.54-1.75x (83x51x82 49 -> 75 % of copy, 78x53x84 48 -> 84 %);
  // where two fit, 1.00-1.12x on 5 of 5; where three fit (65^3, 126 registers) 0.87x.
  if (plan.origin == PlanOrigin::heuristic && plan.config.family == Family::slab && plan.config.mma &&
      p.dtype == DType::f64 && plan.config.mats == 1 && one_buffer && p.m > 64 && p.n > 64) {
    const KernelConfig two = gen::two_buffer_mma_slab(p);
    if (const int one = fit(plan.config); one >= 1 && one <= 2 && !gen::check(given, two, dev)) {
      plan.config = two;
      plan.kernel_name = gen::kernel_name(given, plan.config);
      return plan;
    }
  }
  // The other way: the heuristic's FMA slabs of 160 threads or more that carry no directive
  // ask for two CTAs an SM where ptxas's registers hold them to one and shared memory has
  // room for two; other slabs than f32 one-matrix ones keep it through spills of up to 128
  // bytes only. On the H200 (bench/NOTES.md, 2026-11-30, forced side by side): f32
  // one-matrix slabs under 40 KB, the 18 such shapes timed, 1.24-1.66x (73x44x96 32 -> 52 %
  // of copy, 121x25x124 33 -> 48 %), spills of up to 304 bytes included (where the
  // registers already let two fit, the directive lost up to 15 %: 101x33x80, 56x23x97);
  // slabs of 2-32 matrices and f64 slabs, 16 shapes: 1.10-1.57x on the 13 that spilled up
  // to 80 bytes (43x22x110 f32 40 -> 64 %, 34x6x35 f32 1.41x, 24x2x110 f64 1.10x), and of
  // the three that spilled 152-232 bytes 78x6x76 f32 0.90x, 67x2x124 f64 0.83x, 103x28x70
  // f32 1.26x.
  // (Measured on sides up to 128: tall and wide outputs past that keep what the heuristic gave.)
  if (plan.origin == PlanOrigin::heuristic && fma_slab && plan.config.minb == 1 && plan.config.threads >= 160 &&
      std::max(p.m, p.n) <= 128) {
    const auto kernel = cache.get(gen::generate(given, plan.config), dev.arch());
    const std::int64_t smem = cta_smem(plan.config, *kernel);
    if (kernel->registers > gen::register_cap(plan.config.threads, 2) &&
        (dev.smem_per_sm == 0 || 2 * smem <= dev.smem_per_sm)) {
      plan.config.minb = 2, raised = true;
      plan.kernel_name = gen::kernel_name(given, plan.config);
    }
  }
  while (plan.config.minb > 1 && spills()) {
    plan.config.minb = std::max(1, plan.config.minb * 3 / 4);
    plan.kernel_name = gen::kernel_name(given, plan.config);
  }
  return plan;
}

const detail::Launchable& Runtime::Impl::resolve(const GemmProblem& problem, int align, const KernelConfig* forced,
                                                 const void* A, const void* B, const void* C) {
  detail::MemoKey key{problem, align, forced != nullptr, forced ? *forced : KernelConfig{}};
  {
    std::shared_lock lock(mu);
    if (auto it = memo.find(key); it != memo.end()) {
      detail::check_pointers(problem, it->second, A, B, C);
      return it->second;
    }
  }
  // First call of this problem: every user error is raised here, before any device work.
  const GemmProblem p = problem.normalized();
  {
    detail::Launchable extents;
    detail::set_extents(p, extents);
    detail::check_pointers(p, extents, A, B, C);
  }
  if (align < p.esize())
    throw Error(ErrorCode::misaligned_pointer,
                fmt::format("problem {}: a pointer is aligned to {} bytes, less than its {}-byte element",
                            p.to_string(), align, p.esize()));
  if (forced) {
    gen::validate(p, *forced, dev, 16);
    if (gen::check(p, *forced, dev, align))
      throw Error(ErrorCode::misaligned_pointer,
                  fmt::format("problem {}: config {} needs {}-byte aligned pointers; they are aligned to {} bytes",
                              p.to_string(), forced->to_string(), forced->vec * p.esize(), align));
  }
  require_gpu();
  Plan plan;
  if (forced) {
    plan = Plan{*forced, PlanOrigin::forced, gen::kernel_name(p, *forced)};
  } else {
    plan = dispatcher.decide(p, align);
    // A neighbour's config is a guess, not a record of this problem: it is tuned too, and
    // the neighbour's config is one of the candidates.
    if ((plan.origin == PlanOrigin::heuristic || plan.origin == PlanOrigin::neighbour) && detail::env().tune)
      plan = tune_now(p, align, plan);
    plan = settle(p, plan);
  }
  detail::Launchable l = build(p, plan);
  if (detail::env().log)
    std::fprintf(stderr, "tailor: %s -> %s (%s)\n", p.to_string().c_str(), l.plan.kernel_name.c_str(),
                 std::string(to_string(l.plan.origin)).c_str());
  std::unique_lock lock(mu);
  return memo.emplace(key, std::move(l)).first->second;  // a racing thread's entry is as good
}

Runtime::Runtime(int device) : impl_(std::make_unique<Impl>(device)) {}
Runtime::~Runtime() = default;

bool Runtime::has_gpu() const { return impl_->gpu; }
const std::string& Runtime::no_gpu_reason() const { return impl_->no_gpu_reason; }
const DeviceInfo& Runtime::device() const { return impl_->dev; }

namespace {

// The caller's current context, put back where a call made Tailor's current in its place
// (a caller on another device's context keeps it). With no context current, Tailor's stays
// current: there is nothing to disturb, and the next call finds it current.
class KeepCallerContext {
 public:
  explicit KeepCallerContext(const Runtime::Impl& impl) : ours_(impl.ctx) {
    if (impl.gpu && detail::driver().cuCtxGetCurrent(&caller_) != CUDA_SUCCESS) caller_ = nullptr;
  }
  ~KeepCallerContext() {
    if (caller_ && caller_ != ours_) detail::driver().cuCtxSetCurrent(caller_);
  }
  KeepCallerContext(const KeepCallerContext&) = delete;
  KeepCallerContext& operator=(const KeepCallerContext&) = delete;
  /// Tailor's context was current when the call began.
  bool ours_at_entry() const { return caller_ == ours_; }

 private:
  CUcontext ours_, caller_ = nullptr;
};

void run(Runtime::Impl& impl, const GemmProblem& problem, const KernelConfig* forced, const void* A, const void* B,
         void* C, double alpha, double beta, CUstream stream) {
  const KeepCallerContext keep(impl);
  GemmProblem key = problem;
  key.alpha_kind = scalar_kind(alpha);
  key.beta_kind = scalar_kind(beta);
  // --- CPU path (issue 4): host pointers run on the CPU or on the GPU with copies.
  if (impl.host->route(impl, key, forced, A, B, C, alpha, beta, stream)) return;
  // --- end CPU path
  const int align = std::min({gen::alignment_of(A), gen::alignment_of(B), gen::alignment_of(C)});
  // The hot path: the last problem this thread ran on this runtime is compared, not hashed
  // and looked up under the memo's lock (memo entries live as long as the runtime).
  thread_local struct {
    std::uint64_t impl = 0;
    GemmProblem problem;
    int align = 0;
    const detail::Launchable* l = nullptr;
  } last;
  const detail::Launchable* l;
  if (!forced && last.impl == impl.id && last.align == align && last.problem == key) {
    l = last.l;
    detail::check_pointers(key, *l, A, B, C);
    if (!keep.ours_at_entry()) TAILOR_CU(detail::driver().cuCtxSetCurrent(impl.ctx));
  } else {
    l = &impl.resolve(key, align, forced, A, B, C);
    if (!forced) last = {impl.id, key, align, l};
    impl.make_current();
  }
  TAILOR_CU(detail::launch(*l, A, B, C, alpha, beta, stream));
}

}  // namespace

void Runtime::gemm(const GemmProblem& problem, const void* A, const void* B, void* C, double alpha, double beta,
                   CUstream stream) {
  run(*impl_, problem, nullptr, A, B, C, alpha, beta, stream);
}

void Runtime::gemm_with(const GemmProblem& problem, const KernelConfig& config, const void* A, const void* B, void* C,
                        double alpha, double beta, CUstream stream) {
  run(*impl_, problem, &config, A, B, C, alpha, beta, stream);
}

// --- CPU path (issue 4): the prepared-kernel API and the CPU thread count.
bool Runtime::has_cpu_path() const { return cpu::jit_available(); }

int Runtime::cpu_threads() const { return impl_->host->cpu().threads(); }

void Runtime::set_cpu_threads(int threads) {
  impl_->host->cpu().set_threads(threads == 0 ? cpu::default_threads() : threads);  // < 0: invalid_argument
}

CpuKernel Runtime::prepare_cpu(const GemmProblem& problem, double alpha, double beta) {
  GemmProblem key = problem;
  key.alpha_kind = scalar_kind(alpha);
  key.beta_kind = scalar_kind(beta);
  std::shared_ptr<const detail::CpuKernelState> s = impl_->host->cpu().resolve_shared(key, nullptr);
  CpuKernel k;
  k.fn_ = s->fn;
  k.batch_ = s->batch;
  k.bytes_a_ = s->bytes_a, k.bytes_b_ = s->bytes_b, k.bytes_c_ = s->bytes_c;
  k.elem_mask_ = static_cast<std::uintptr_t>(s->problem.esize() - 1);
  k.c_mask_ = s->fn_any_c ? 15 : k.elem_mask_;
  k.alpha_kind_ = s->problem.alpha_kind, k.beta_kind_ = s->problem.beta_kind;
  k.single_ = !s->pooled;
  k.state_ = std::move(s);
  return k;
}
// --- end CPU path

Plan Runtime::plan(const GemmProblem& problem, int align_bytes) {
  const KeepCallerContext keep(*impl_);  // settling may load the kernel for its resource report
  const GemmProblem p = problem.normalized();
  if (align_bytes < p.esize())
    throw Error(ErrorCode::misaligned_pointer,
                fmt::format("problem {}: alignment {} is less than the {}-byte element", p.to_string(), align_bytes,
                            p.esize()));
  return impl_->settle(p, impl_->dispatcher.decide(p, align_bytes));
}

}  // namespace tailor
