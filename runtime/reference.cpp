// Random inputs, the float64 reference and the relative error, threaded over the batch.
#include "runtime/reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <atomic>
#include <thread>

namespace tailor::detail {
namespace {

// Runs f(begin, end) over [0, n) split across the machine's cores.
template <class F>
void parallel_for(std::int64_t n, F&& f) {
  const std::int64_t workers =
      std::clamp<std::int64_t>(std::thread::hardware_concurrency(), 1, std::max<std::int64_t>(1, n / 4096 + 1));
  if (workers <= 1) return f(std::int64_t(0), n);
  std::vector<std::thread> pool;
  const std::int64_t chunk = (n + workers - 1) / workers;
  for (std::int64_t w = 0; w < workers; ++w) {
    const std::int64_t b = w * chunk, e = std::min(n, b + chunk);
    if (b < e) pool.emplace_back([&f, b, e] { f(b, e); });
  }
  for (auto& t : pool) t.join();
}

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Element i of a reproducible stream: uniform magnitude in [1/16, 1], random sign.
double random_value(std::uint64_t seed, std::int64_t i) {
  const std::uint64_t r = splitmix(seed * 0x632be59bd9b4e019ull + static_cast<std::uint64_t>(i));
  const double u = static_cast<double>(r >> 11) * (1.0 / 9007199254740992.0);  // [0, 1)
  const double mag = 0.0625 + 0.9375 * u;
  return (r & 1) ? -mag : mag;
}

template <class T>
void reference_impl(const GemmProblem& p, const T* A, const T* B, const T* C0, double alpha, double beta,
                    std::vector<double>& out, const std::vector<std::int64_t>* batches) {
  const std::int64_t ars = p.layout_a == Layout::row ? p.lda : 1, acs = p.layout_a == Layout::row ? 1 : p.lda;
  const std::int64_t brs = p.layout_b == Layout::row ? p.ldb : 1, bcs = p.layout_b == Layout::row ? 1 : p.ldb;
  const std::int64_t crs = p.layout_c == Layout::row ? p.ldc : 1, ccs = p.layout_c == Layout::row ? 1 : p.ldc;
  const std::int64_t count = batches ? static_cast<std::int64_t>(batches->size()) : p.batch;
  parallel_for(count, [&](std::int64_t b0, std::int64_t b1) {
    std::vector<double> arow(static_cast<std::size_t>(p.k));
    for (std::int64_t idx = b0; idx < b1; ++idx) {
      const std::int64_t b = batches ? (*batches)[idx] : idx;
      const T* a = A + b * p.stride_a;
      const T* bb = B + b * p.stride_b;
      const T* c0 = C0 ? C0 + b * p.stride_c : nullptr;
      double* o = out.data() + idx * p.m * p.n;
      for (std::int64_t i = 0; i < p.m; ++i) {
        for (std::int64_t q = 0; q < p.k; ++q) arow[q] = static_cast<double>(a[i * ars + q * acs]);
        for (std::int64_t j = 0; j < p.n; ++j) {
          double s = 0;
          for (std::int64_t q = 0; q < p.k; ++q) s += arow[q] * static_cast<double>(bb[q * brs + j * bcs]);
          double r = alpha * s;
          if (beta != 0.0) r += beta * static_cast<double>(c0[i * crs + j * ccs]);
          o[i * p.n + j] = r;
        }
      }
    }
  });
}

template <class T>
double err_impl(const GemmProblem& p, const T* C, const std::vector<double>& ref, const std::vector<std::int64_t>* batches) {
  const std::int64_t crs = p.layout_c == Layout::row ? p.ldc : 1, ccs = p.layout_c == Layout::row ? 1 : p.ldc;
  std::vector<double> maxdiff(64, 0.0), maxref(64, 0.0);
  std::atomic<int> slot{0};
  const std::int64_t count = batches ? static_cast<std::int64_t>(batches->size()) : p.batch;
  parallel_for(count, [&](std::int64_t b0, std::int64_t b1) {
    double md = 0, mr = 0;
    for (std::int64_t idx = b0; idx < b1; ++idx)
      for (std::int64_t i = 0, b = batches ? (*batches)[idx] : idx; i < p.m; ++i)
        for (std::int64_t j = 0; j < p.n; ++j) {
          const double r = ref[(idx * p.m + i) * p.n + j];
          const double c = static_cast<double>(C[b * p.stride_c + i * crs + j * ccs]);
          const double d = std::fabs(c - r);
          md = std::isnan(d) ? std::numeric_limits<double>::infinity() : std::max(md, d);
          mr = std::max(mr, std::fabs(r));
        }
    const int s = slot++ % 64;
    maxdiff[s] = std::max(maxdiff[s], md);
    maxref[s] = std::max(maxref[s], mr);
  });
  const double md = *std::max_element(maxdiff.begin(), maxdiff.end());
  const double mr = *std::max_element(maxref.begin(), maxref.end());
  if (md == 0) return 0;
  return mr > 0 ? md / mr : std::numeric_limits<double>::infinity();
}

}  // namespace

void fill_random(void* data, DType dtype, std::int64_t n, std::uint64_t seed) {
  parallel_for(n, [&](std::int64_t b, std::int64_t e) {
    if (dtype == DType::f32)
      for (std::int64_t i = b; i < e; ++i) static_cast<float*>(data)[i] = static_cast<float>(random_value(seed, i));
    else
      for (std::int64_t i = b; i < e; ++i) static_cast<double*>(data)[i] = random_value(seed, i);
  });
}

void fill_nan(void* data, DType dtype, std::int64_t n) {
  if (dtype == DType::f32) std::fill_n(static_cast<float*>(data), n, std::numeric_limits<float>::quiet_NaN());
  else std::fill_n(static_cast<double*>(data), n, std::numeric_limits<double>::quiet_NaN());
}

HostOperands make_host_operands(const GemmProblem& p, double alpha, double beta, int sets, std::uint64_t seed) {
  HostOperands h;
  h.p = p, h.alpha = alpha, h.beta = beta;
  h.na = operand_elems(p, 'A'), h.nb = operand_elems(p, 'B'), h.nc = operand_elems(p, 'C');
  const std::int64_t es = p.esize();
  for (int s = 0; s < sets; ++s) {
    h.a.emplace_back(h.na * es), h.b.emplace_back(h.nb * es), h.c.emplace_back(h.nc * es);
    fill_random(h.a.back().data(), p.dtype, h.na, seed + 3 * s);
    fill_random(h.b.back().data(), p.dtype, h.nb, seed + 3 * s + 1);
    fill_random(h.c.back().data(), p.dtype, h.nc, seed + 3 * s + 2);
  }
  h.c0 = h.c[0];
  h.ref = reference_gemm(p, h.a[0].data(), h.b[0].data(), h.c0.data(), alpha, beta);
  return h;
}

std::int64_t operand_elems(const GemmProblem& p, char operand) {
  const std::int64_t stride = operand == 'A' ? p.stride_a : operand == 'B' ? p.stride_b : p.stride_c;
  const std::int64_t span = operand == 'A' ? p.span_a() : operand == 'B' ? p.span_b() : p.span_c();
  return (stride == 0 ? 0 : (p.batch - 1) * stride) + span;
}

std::vector<double> reference_gemm(const GemmProblem& p, const void* A, const void* B, const void* C0, double alpha,
                                   double beta, const std::vector<std::int64_t>* batches) {
  const std::int64_t count = batches ? static_cast<std::int64_t>(batches->size()) : p.batch;
  std::vector<double> out(static_cast<std::size_t>(count * p.m * p.n));
  if (p.dtype == DType::f32)
    reference_impl(p, static_cast<const float*>(A), static_cast<const float*>(B), static_cast<const float*>(C0), alpha,
                   beta, out, batches);
  else
    reference_impl(p, static_cast<const double*>(A), static_cast<const double*>(B), static_cast<const double*>(C0),
                   alpha, beta, out, batches);
  return out;
}

double max_rel_err(const GemmProblem& p, const void* C, const std::vector<double>& ref,
                   const std::vector<std::int64_t>* batches) {
  return p.dtype == DType::f32 ? err_impl(p, static_cast<const float*>(C), ref, batches)
                               : err_impl(p, static_cast<const double*>(C), ref, batches);
}

std::vector<std::int64_t> sample_batches(std::int64_t batch, std::int64_t count) {
  std::vector<std::int64_t> out;
  if (batch <= count) {
    for (std::int64_t b = 0; b < batch; ++b) out.push_back(b);
    return out;
  }
  for (std::int64_t i = 0; i < count; ++i) out.push_back(i * (batch - 1) / (count - 1));
  return out;
}

}  // namespace tailor::detail
