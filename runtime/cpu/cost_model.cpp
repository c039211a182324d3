// The host-or-device roofline and the settling of close calls by measurement.
#include "runtime/cpu/cost_model.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace tailor::cpu {

std::string_view to_string(Side s) { return s == Side::cpu ? "cpu" : "gpu"; }

std::string CostConstants::to_string() const {
  return fmt::format(
      "cpu: call {:.2f} us, pool {:.1f} us, {:.1f} GB/s a thread, {:.1f} GB/s all, {:.0f}/{:.0f} GFLOP/s a thread "
      "(f32/f64); gpu: fixed {:.1f} us, h2d {:.1f} GB/s, d2h {:.1f} GB/s, {:.0f} GB/s, {:.0f}/{:.0f} TFLOP/s",
      cpu_call_s * 1e6, cpu_pool_s * 1e6, cpu_bw_thread / 1e9, cpu_bw_all / 1e9, cpu_flops_thread_f32 / 1e9,
      cpu_flops_thread_f64 / 1e9, gpu_fixed_s * 1e6, bw_h2d / 1e9, bw_d2h / 1e9, gpu_bw / 1e9, gpu_flops_f32 / 1e12,
      gpu_flops_f64 / 1e12);
}

bool cpu_pooled(const GemmProblem& p, int mats) {
  const std::int64_t tasks = (p.batch + std::max(1, mats) - 1) / std::max(1, mats);
  return tasks >= 2 && std::max(p.min_bytes() / 10e9, p.flops() / 20e9) >= 20e-6;
}

HostEstimate estimate(const GemmProblem& p, int threads, int mats, const CostConstants& k) {
  HostEstimate e;
  const double bytes = p.min_bytes(), flops = p.flops();
  const bool f32 = p.dtype == DType::f32;
  // CPU path.
  const std::int64_t tasks = (p.batch + std::max(1, mats) - 1) / std::max(1, mats);
  const bool pooled = threads > 1 && cpu_pooled(p, mats);
  const int t = pooled ? static_cast<int>(std::min<std::int64_t>(threads, tasks)) : 1;
  e.cpu_threads_used = t;
  const double cpu_mem = bytes / std::min(t * k.cpu_bw_thread, std::max(k.cpu_bw_thread, k.cpu_bw_all));
  const double cpu_flop = flops / (t * (f32 ? k.cpu_flops_thread_f32 : k.cpu_flops_thread_f64));
  e.cpu_s = k.cpu_call_s + (pooled ? k.cpu_pool_s : 0.0) + std::max(cpu_mem, cpu_flop);
  // GPU with copies: C goes in too when it is read or has gaps that must survive.
  const double ea = static_cast<double>(p.esize());
  auto span = [&](std::int64_t stride, std::int64_t one) {
    return ((stride == 0 ? 0.0 : double(p.batch - 1) * double(stride)) + double(one)) * ea;
  };
  const double ba = span(p.stride_a, p.span_a()), bb = span(p.stride_b, p.span_b()), bc = span(p.stride_c, p.span_c());
  const bool c_in = p.beta_kind != ScalarKind::zero || !p.packed_c();
  e.bytes_in = ba + bb + (c_in ? bc : 0.0);
  e.bytes_out = bc;
  e.gpu_s = k.gpu_fixed_s + e.bytes_in / k.bw_h2d + e.bytes_out / k.bw_d2h +
            std::max(bytes / k.gpu_bw, flops / (f32 ? k.gpu_flops_f32 : k.gpu_flops_f64));
  e.choice = e.cpu_s <= e.gpu_s ? Side::cpu : Side::gpu;
  const double lo = std::min(e.cpu_s, e.gpu_s), hi = std::max(e.cpu_s, e.gpu_s);
  e.explore = hi < kExploreRatio * lo && lo >= kExploreMinSeconds;
  return e;
}

Step settle(const HostEstimate& e, double measured_cpu_s, double measured_gpu_s) {
  if (!e.explore) return {e.choice, false};
  const bool have_cpu = measured_cpu_s >= 0, have_gpu = measured_gpu_s >= 0;
  if (!have_cpu && !have_gpu) return {e.choice, true};
  if (!have_cpu) return {Side::cpu, true};
  if (!have_gpu) return {Side::gpu, true};
  return {measured_cpu_s <= measured_gpu_s ? Side::cpu : Side::gpu, false};
}

}  // namespace tailor::cpu
