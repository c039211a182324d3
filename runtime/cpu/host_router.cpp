// The host/device routing of gemm calls, the GPU-with-copies path, and the calibration
// of the cost model's machine constants.
#include "runtime/cpu/host_router.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_jit.hpp"
#include "runtime/driver.hpp"
#include "runtime/env.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/runtime_impl.hpp"
#include "tailor/error.hpp"

namespace tailor::detail {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Moves whenever a router (and so possibly a context, and its reserved address ranges)
// goes away: per-thread memories of device pointers are then stale. Starts at 1, so a
// thread's zero-initialised memory never matches.
std::atomic<std::uint64_t>& router_epoch() {
  static std::atomic<std::uint64_t> e{1};
  return e;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct CopyCtx {
  char* dst;
  const char* src;
  std::int64_t chunk, total;
};

void copy_task(const void* ctx, std::int64_t t) {
  const auto& c = *static_cast<const CopyCtx*>(ctx);
  const std::int64_t b = t * c.chunk, e = std::min(c.total, b + c.chunk);
  if (b < e) std::memcpy(c.dst + b, c.src + b, static_cast<std::size_t>(e - b));
}

}  // namespace

bool is_device_pointer(const void* p) {
  // cuPointerGetAttributes (plural) answers memory CUDA does not know (pageable host
  // memory) with success and a zero type; cuPointerGetAttribute answers it with an error,
  // which the H200 machine took 988 ns to return (73 ns for a device pointer).
  unsigned type = 0;
  CUpointer_attribute attr = CU_POINTER_ATTRIBUTE_MEMORY_TYPE;
  void* data[] = {&type};
  const CUresult r = driver().cuPointerGetAttributes(1, &attr, data, reinterpret_cast<CUdeviceptr>(p));
  return r == CUDA_SUCCESS && (type == CU_MEMORYTYPE_DEVICE || type == CU_MEMORYTYPE_ARRAY);
}

HostRouter::~HostRouter() {
  router_epoch().fetch_add(1, std::memory_order_acq_rel);
  if (!staged_ctx_) return;
  const Driver& d = driver();
  CUcontext prev = nullptr;
  d.cuCtxGetCurrent(&prev);
  d.cuCtxSetCurrent(staged_ctx_);
  for (CUdeviceptr p : staged_)
    if (p) d.cuMemFree(p);
  d.cuCtxSetCurrent(prev);
}

bool HostRouter::route(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced, const void* A,
                       const void* B, void* C, double alpha, double beta, CUstream stream) {
  const bool cpu_config = forced && forced->family == Family::cpu;
  if (!impl.gpu) {
    if (forced && !cpu_config) return false;  // the GPU path validates it, then says there is no GPU
    cpu_.gemm(key, forced, A, B, C, alpha, beta);
    return true;
  }
  if (!A || !B || !C) {
    if (!cpu_config) return false;  // the GPU path names the null pointer after validating the problem
    cpu_.gemm(key, forced, A, B, C, alpha, beta);
    return true;
  }
  // The device hot path: the last triple this thread found in device memory is not asked
  // again (a device address stays in the range the driver reserves while a context lives,
  // so it cannot turn into host memory; the epoch moves when a runtime goes away).
  thread_local struct {
    const void *a = nullptr, *b = nullptr, *c = nullptr;
    std::uint64_t epoch = 0;
  } last_device;
  const std::uint64_t epoch = router_epoch().load(std::memory_order_acquire);
  if (!cpu_config && A == last_device.a && B == last_device.b && C == last_device.c && epoch == last_device.epoch)
    return false;
  const bool da = is_device_pointer(A), db = is_device_pointer(B), dc = is_device_pointer(C);
  if (da && db && dc && !cpu_config) {
    last_device = {A, B, C, epoch};
    return false;
  }
  if (da || db || dc) {
    const GemmProblem p = key.normalized();
    auto side = [](bool dev) { return dev ? "device" : "host"; };
    throw Error(ErrorCode::invalid_argument,
                fmt::format("problem {}: A is in {} memory, B in {} memory, C in {} memory; {}", p.to_string(),
                            side(da), side(db), side(dc),
                            cpu_config ? "a cpu-family config needs all three in host memory"
                                       : "pass all three in device memory (GPU) or all three in host memory "
                                         "(CPU path, or the GPU with copies)"));
  }
  if (cpu_config) {
    cpu_.gemm(key, forced, A, B, C, alpha, beta);
    return true;
  }
  host_call(impl, key, forced, A, B, C, alpha, beta, stream);
  return true;
}

void HostRouter::host_call(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced, const void* A,
                           const void* B, void* C, double alpha, double beta, CUstream stream) {
  // A GPU config (the caller wants the GPU), or a build without the CPU path: the GPU with
  // copies. Sides past a GPU kernel's (gen::kMaxKernelDim): the CPU path, where there is one.
  if (forced || !cpu::jit_available()) {
    run_gpu_with_copies(impl, key, forced, A, B, C, alpha, beta, stream);
    return;
  }
  if (!gen::kernel_sizes_fit(key)) {
    cpu_.gemm(key, nullptr, A, B, C, alpha, beta);
    return;
  }
  Decision d;
  bool known = false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = decisions_.find(key); it != decisions_.end()) d = it->second, known = true;
  }
  if (!known) {
    const GemmProblem p = key.normalized();  // user errors before any work
    const cpu::CostConstants& k = constants(impl);
    d.estimate = cpu::estimate(p, cpu_.threads(), cpu_.plan(p).config.mats, k);
    if (env().log)
      std::fprintf(stderr, "tailor: host data %s: cpu %.1f us, gpu with copies %.1f us -> %s%s\n",
                   p.to_string().c_str(), d.estimate.cpu_s * 1e6, d.estimate.gpu_s * 1e6,
                   std::string(cpu::to_string(d.estimate.choice)).c_str(),
                   d.estimate.explore ? " (close: measuring both)" : "");
  }
  const cpu::Step step = cpu::settle(d.estimate, d.measured_cpu_s, d.measured_gpu_s);
  const auto t0 = Clock::now();
  if (step.side == cpu::Side::cpu) cpu_.gemm(key, nullptr, A, B, C, alpha, beta);
  else run_gpu_with_copies(impl, key, nullptr, A, B, C, alpha, beta, stream);
  const double t = since(t0);
  if (known && !step.measure && d.last == step.side) return;  // the settled hot path: nothing to record
  std::lock_guard<std::mutex> lock(mu_);
  Decision& stored = decisions_[key];
  if (!known && stored.estimate.cpu_s == 0) stored.estimate = d.estimate;
  stored.last = step.side;
  if (step.measure) {
    (step.side == cpu::Side::cpu ? stored.measured_cpu_s : stored.measured_gpu_s) = t;
    if (env().log && stored.measured_cpu_s >= 0 && stored.measured_gpu_s >= 0)
      std::fprintf(stderr, "tailor: host data %s: measured cpu %.1f us, gpu with copies %.1f us -> %s\n",
                   key.normalized().to_string().c_str(), stored.measured_cpu_s * 1e6, stored.measured_gpu_s * 1e6,
                   stored.measured_cpu_s <= stored.measured_gpu_s ? "cpu" : "gpu");
  }
}

void HostRouter::run_gpu_with_copies(Runtime::Impl& impl, const GemmProblem& key, const KernelConfig* forced,
                                     const void* A, const void* B, void* C, double alpha, double beta,
                                     CUstream stream) {
  const GemmProblem p = key.normalized();
  const CpuKernelState ext = cpu_extents(p);
  check_cpu_pointers(ext, A, B, C);
  impl.require_gpu();
  std::lock_guard<std::mutex> lock(gpu_mu_);
  impl.make_current();
  const Driver& d = driver();
  const std::int64_t need[3] = {ext.bytes_a, ext.bytes_b, ext.bytes_c};
  for (int i = 0; i < 3; ++i)
    if (staged_bytes_[i] < need[i]) {
      if (staged_[i]) TAILOR_CU(d.cuMemFree(staged_[i]));
      staged_[i] = 0, staged_bytes_[i] = 0;
      const std::int64_t bytes = (need[i] + (std::int64_t(2) << 20) - 1) & ~((std::int64_t(2) << 20) - 1);
      TAILOR_CU(d.cuMemAlloc(&staged_[i], static_cast<std::size_t>(bytes)));
      staged_bytes_[i] = bytes;
      staged_ctx_ = impl.ctx;
    }
  void* dA = reinterpret_cast<void*>(staged_[0]);
  void* dB = reinterpret_cast<void*>(staged_[1]);
  void* dC = reinterpret_cast<void*>(staged_[2]);
  const Launchable& l = impl.resolve(key, 16, forced, dA, dB, dC);
  TAILOR_CU(d.cuMemcpyHtoDAsync(staged_[0], A, static_cast<std::size_t>(ext.bytes_a), stream));
  TAILOR_CU(d.cuMemcpyHtoDAsync(staged_[1], B, static_cast<std::size_t>(ext.bytes_b), stream));
  if (p.beta_kind != ScalarKind::zero || !p.packed_c())  // C is read, or its gaps must come back as they were
    TAILOR_CU(d.cuMemcpyHtoDAsync(staged_[2], C, static_cast<std::size_t>(ext.bytes_c), stream));
  TAILOR_CU(launch(l, dA, dB, dC, alpha, beta, stream));
  TAILOR_CU(d.cuMemcpyDtoHAsync(C, staged_[2], static_cast<std::size_t>(ext.bytes_c), stream));
  TAILOR_CU(d.cuStreamSynchronize(stream));
}

const cpu::CostConstants& HostRouter::constants(Runtime::Impl& impl) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (calibrated_ || !impl.gpu) return constants_;
  }
  calibrate(impl);
  std::lock_guard<std::mutex> lock(mu_);
  return constants_;
}

void HostRouter::set_constants(const cpu::CostConstants& k) {
  std::lock_guard<std::mutex> lock(mu_);
  constants_ = k;
  calibrated_ = true;
  decisions_.clear();
}

std::optional<HostRouter::Decision> HostRouter::decision(const GemmProblem& key) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = decisions_.find(key); it != decisions_.end()) return it->second;
  return std::nullopt;
}

void HostRouter::calibrate(Runtime::Impl& impl) {
  const auto t_start = Clock::now();
  cpu::CostConstants k;
  {
    std::lock_guard<std::mutex> lock(mu_);
    k = constants_;
  }
  // CPU: streaming (memcpy) bandwidth of one thread and of the pool, reads + writes.
  const std::int64_t n = std::int64_t(64) << 20;
  std::vector<char> src(static_cast<std::size_t>(n)), dst(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; i += 4096) src[static_cast<std::size_t>(i)] = static_cast<char>(i >> 12);
  std::memset(dst.data(), 1, dst.size());
  {
    std::vector<double> one, all;
    const int threads = cpu_.threads();
    for (int rep = 0; rep < 3; ++rep) {
      auto t0 = Clock::now();
      std::memcpy(dst.data(), src.data(), static_cast<std::size_t>(n / 4));
      one.push_back(since(t0));
      const CopyCtx ctx{dst.data(), src.data(), n / (4 * threads), n};
      t0 = Clock::now();
      cpu_.pool()->run(4 * threads, copy_task, &ctx);
      all.push_back(since(t0));
    }
    k.cpu_bw_thread = 2.0 * (n / 4) / median(one);
    k.cpu_bw_all = std::max(k.cpu_bw_thread, 2.0 * n / median(all));
  }
  // GPU with copies: pageable copy bandwidth each way, and the fixed cost of a tiny product.
  {
    std::lock_guard<std::mutex> lock(gpu_mu_);
    impl.make_current();
    const Driver& d = driver();
    DeviceBuffer buf(n / 2);
    std::vector<double> h2d, d2h;
    for (int rep = 0; rep < 3; ++rep) {
      auto t0 = Clock::now();
      TAILOR_CU(d.cuMemcpyHtoD(buf.ptr(), src.data(), static_cast<std::size_t>(n / 2)));
      h2d.push_back(since(t0));
      t0 = Clock::now();
      TAILOR_CU(d.cuMemcpyDtoH(dst.data(), buf.ptr(), static_cast<std::size_t>(n / 2)));
      d2h.push_back(since(t0));
    }
    k.bw_h2d = (n / 2) / median(h2d);
    k.bw_d2h = (n / 2) / median(d2h);
  }
  {
    GemmProblem tiny = GemmProblem::make(1, 4, 4, 4, DType::f32);
    tiny.alpha_kind = ScalarKind::one, tiny.beta_kind = ScalarKind::zero;
    std::vector<float> a(16, 0.5f), b(16, 0.25f), c(16);
    std::vector<double> t;
    for (int rep = 0; rep < 12; ++rep) {
      const auto t0 = Clock::now();
      run_gpu_with_copies(impl, tiny, nullptr, a.data(), b.data(), c.data(), 1.0, 0.0, nullptr);
      if (rep >= 2) t.push_back(since(t0));
    }
    k.gpu_fixed_s = median(t);
  }
  if (env().log)
    std::fprintf(stderr, "tailor: host-or-device model calibrated in %.0f ms: %s\n", since(t_start) * 1e3,
                 k.to_string().c_str());
  std::lock_guard<std::mutex> lock(mu_);
  if (!calibrated_) constants_ = k, calibrated_ = true;
}

}  // namespace tailor::detail
