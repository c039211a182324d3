// tailor-cpu-peers: the CPU path against its peers, in one run on one machine, on the
// same random host data. For each problem of a suite (batch cut so the problem moves
// about --mb megabytes): Tailor's CPU path on one thread and on all threads, LIBXSMM
// (a kernel dispatched once, called over the batch), and a loop of OpenBLAS
// cblas_sgemm/dgemm calls, each checked against the float64 reference and timed as the
// median of --reps whole-batch calls over rotating input sets (so a rep never finds its
// inputs in the last-level cache). Also: memcpy bandwidth on one thread and on all
// threads (the machine's memory bandwidth, bytes read + written per second), and the
// latency of one 5x10x5 f32 product through each peer. NumPy runs in bench/cpu_peers.py;
// bench/cpu_peers.sh runs both and prints the table.
#include <cblas.h>
#include <libxsmm.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <thread>
#include <vector>

#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_tune.hpp"
#include "runtime/env.hpp"
#include "runtime/reference.hpp"
#include "tailor/tailor.hpp"
#include "tools/bench_common.hpp"
#include "tools/cli_common.hpp"

extern "C" void openblas_set_num_threads(int);

namespace {

using namespace tailor;
using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// memcpy of `bytes` split over `threads` threads; bytes read + written per second, best of 5.
double memcpy_bw(std::int64_t bytes, int threads) {
  std::vector<char> src(static_cast<std::size_t>(bytes)), dst(static_cast<std::size_t>(bytes));
  std::memset(src.data(), 1, src.size());
  std::memset(dst.data(), 2, dst.size());
  double best = 0;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = Clock::now();
    std::vector<std::thread> pool;
    const std::int64_t chunk = bytes / threads;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] { std::memcpy(dst.data() + t * chunk, src.data() + t * chunk, chunk); });
    for (auto& th : pool) th.join();
    best = std::max(best, 2.0 * bytes / since(t0));
  }
  return best;
}

struct Data {
  GemmProblem p;
  std::int64_t na, nb, nc;
  std::vector<std::vector<char>> a, b, c;
  std::vector<double> ref;  // of set 0
};

Data make_data(const GemmProblem& p, int sets) {
  Data d;
  d.p = p;
  d.na = detail::operand_elems(p, 'A'), d.nb = detail::operand_elems(p, 'B'), d.nc = detail::operand_elems(p, 'C');
  for (int s = 0; s < sets; ++s) {
    d.a.emplace_back(d.na * p.esize()), d.b.emplace_back(d.nb * p.esize()), d.c.emplace_back(d.nc * p.esize());
    detail::fill_random(d.a.back().data(), p.dtype, d.na, 10 + 3 * s);
    detail::fill_random(d.b.back().data(), p.dtype, d.nb, 11 + 3 * s);
    detail::fill_nan(d.c.back().data(), p.dtype, d.nc);
  }
  d.ref = detail::reference_gemm(p, d.a[0].data(), d.b[0].data(), nullptr, 1.0, 0.0);
  return d;
}

struct Timed {
  double seconds = 0, err = 0;
};

// Each peer: poison set 0's C, run once, check against the reference. Then `reps` rounds
// in which every peer runs once on the next input set, in turn (so that the machine's
// slow and fast moments fall on all peers alike); each peer's median.
std::vector<Timed> time_peers(Data& d, int reps, const std::vector<std::function<void(int)>>& peers) {
  std::vector<Timed> out(peers.size());
  for (std::size_t i = 0; i < peers.size(); ++i) {  // the last peer is the memcpy, not a product
    detail::fill_nan(d.c[0].data(), d.p.dtype, d.nc);
    peers[i](0);
    if (i + 1 < peers.size()) out[i].err = detail::max_rel_err(d.p, d.c[0].data(), d.ref);
  }
  std::vector<std::vector<double>> s(peers.size());
  const int sets = static_cast<int>(d.a.size());
  int set = 1;
  for (int r = 0; r < reps; ++r)
    for (std::size_t i = 0; i < peers.size(); ++i) {
      const auto t0 = Clock::now();
      peers[i](set);
      s[i].push_back(since(t0));
      set = (set + 1) % sets;
    }
  for (std::size_t i = 0; i < peers.size(); ++i) out[i].seconds = median(s[i]);
  return out;
}

template <class T>
void xsmm_loop(const GemmProblem& p, const T* A, const T* B, T* C) {
  const libxsmm_blasint m = p.n, n = p.m, k = p.k, lda = p.n, ldb = p.k, ldc = p.n;
  const T alpha = 1, beta = 0;
  const int flags = LIBXSMM_GEMM_FLAG_NONE, prefetch = LIBXSMM_PREFETCH_NONE;
  if constexpr (std::is_same_v<T, float>) {
    static thread_local std::pair<std::string, libxsmm_smmfunction> cached;
    const std::string key = p.to_string();
    if (cached.first != key) cached = {key, libxsmm_smmdispatch(m, n, k, &lda, &ldb, &ldc, &alpha, &beta, &flags, &prefetch)};
    const libxsmm_smmfunction f = cached.second;
    for (std::int64_t i = 0; i < p.batch; ++i) f(B + i * p.stride_b, A + i * p.stride_a, C + i * p.stride_c);
  } else {
    static thread_local std::pair<std::string, libxsmm_dmmfunction> cached;
    const std::string key = p.to_string();
    if (cached.first != key) cached = {key, libxsmm_dmmdispatch(m, n, k, &lda, &ldb, &ldc, &alpha, &beta, &flags, &prefetch)};
    const libxsmm_dmmfunction f = cached.second;
    for (std::int64_t i = 0; i < p.batch; ++i) f(B + i * p.stride_b, A + i * p.stride_a, C + i * p.stride_c);
  }
}

template <class T>
void blas_loop(const GemmProblem& p, const T* A, const T* B, T* C) {
  for (std::int64_t i = 0; i < p.batch; ++i) {
    if constexpr (std::is_same_v<T, float>)
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, p.m, p.n, p.k, 1.0f, A + i * p.stride_a, p.k,
                  B + i * p.stride_b, p.n, 0.0f, C + i * p.stride_c, p.n);
    else
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, p.m, p.n, p.k, 1.0, A + i * p.stride_a, p.k,
                  B + i * p.stride_b, p.n, 0.0, C + i * p.stride_c, p.n);
  }
}

// Nanoseconds per call of `call` (median of 15 bursts of n calls).
template <class F>
double ns_per_call(int n, F&& call) {
  std::vector<double> s;
  for (int b = 0; b < 16; ++b) {
    const auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) call();
    if (b) s.push_back(since(t0) / n * 1e9);
  }
  return median(s);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Tailor's CPU path against LIBXSMM and OpenBLAS on a suite scaled to host memory", "tailor-cpu-peers"};
  std::string suite, json_path, only, db_path, calls_peer;
  long calls = 0;
  double mb = 200, tune_s = 0;
  int reps = 7, threads = 0;
  app.add_option("--suite", suite, "suite file (batch M K N dtype [bcastA|bcastB])");
  app.add_option("--calls", calls, "only make this many calls of one 5x10x5 f32 product through --peer, then exit "
                                   "(for valgrind --tool=callgrind: instructions a call)");
  app.add_option("--peer", calls_peer, "with --calls: handle (Tailor's CpuKernel), gemm (Tailor's Runtime::gemm), "
                                       "libxsmm or openblas");
  app.add_option("--mb", mb, "megabytes each problem moves (its batch is cut to fit)")->capture_default_str();
  app.add_option("--reps", reps, "timed whole-batch calls per peer (median)")->capture_default_str();
  app.add_option("--threads", threads, "threads of the all-threads runs (0: every CPU)")->capture_default_str();
  app.add_option("--json", json_path, "JSON lines out");
  app.add_option("--only", only, "comma list of problem line numbers to run");
  app.add_option("--tune", tune_s, "first tune each scaled problem on one thread for this many seconds (tune_cpu) "
                                   "and store the winner in the user database, which Tailor then uses");
  return tools::guarded_main(app, argc, argv, [&]() -> int {
    openblas_set_num_threads(1);
    libxsmm_init();
    if (!calls_peer.empty() || calls > 0) {
      // The same setup for every peer, then `calls` calls of one of them.
      Runtime rt(-1);
      rt.set_cpu_threads(1);
      const GemmProblem p = GemmProblem::make(1, 5, 10, 5, DType::f32);
      std::vector<float> a(50), b(50), c(25);
      detail::fill_random(a.data(), DType::f32, 50, 1);
      detail::fill_random(b.data(), DType::f32, 50, 2);
      const CpuKernel k = rt.prepare_cpu(p);
      rt.gemm(p, a.data(), b.data(), c.data());
      const float one = 1, zero = 0;
      const libxsmm_blasint m = 5, n = 5, kk = 10, lda = 5, ldb = 10, ldc = 5;
      const int flags = 0, pf = 0;
      const libxsmm_smmfunction f = libxsmm_smmdispatch(m, n, kk, &lda, &ldb, &ldc, &one, &zero, &flags, &pf);
      if (calls_peer != "handle" && calls_peer != "gemm" && calls_peer != "libxsmm" && calls_peer != "openblas")
        throw Error(ErrorCode::invalid_argument, "--peer: expected handle, gemm, libxsmm or openblas");
      if (calls_peer == "handle")
        for (long i = 0; i < calls; ++i) k(a.data(), b.data(), c.data());
      else if (calls_peer == "gemm")
        for (long i = 0; i < calls; ++i) rt.gemm(p, a.data(), b.data(), c.data());
      else if (calls_peer == "libxsmm")
        for (long i = 0; i < calls; ++i) f(b.data(), a.data(), c.data());
      else
        for (long i = 0; i < calls; ++i)
          cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 5, 5, 10, 1.0f, a.data(), 10, b.data(), 5, 0.0f,
                      c.data(), 5);
      std::printf("%ld calls through %s: c[0] = %g\n", calls, calls_peer.c_str(), c[0]);
      return 0;
    }
    if (suite.empty()) throw Error(ErrorCode::invalid_argument, "--suite is required (or --calls and --peer)");
    Runtime rt;
    const int all = threads > 0 ? threads : cpu::usable_cpus();
    const cpu::CpuInfo& info = cpu::host_cpu();
    const double bw1 = memcpy_bw(std::int64_t(1) << 30, 1), bwall = memcpy_bw(std::int64_t(1) << 30, all);
    auto loadavg = [] {
      std::ifstream in("/proc/loadavg");
      std::string l;
      std::getline(in, l);
      return l.substr(0, l.find(' '));
    };
    std::printf("# %s; %d threads; memcpy %.1f GB/s on 1 thread, %.1f GB/s on %d (bytes read + written); "
                "load average %s; user database %s\n",
                info.fingerprint().c_str(), all, bw1 / 1e9, bwall / 1e9, all, loadavg().c_str(),
                detail::env().db_path.c_str());
    std::ofstream json;
    if (!json_path.empty()) json.open(json_path);
    auto emit = [&](nlohmann::json j) {
      j["cpu"] = info.fingerprint();
      if (json) json << j.dump() << "\n" << std::flush;
    };
    emit({{"kind", "memcpy"}, {"threads", 1}, {"gbps", bw1 / 1e9}});
    emit({{"kind", "memcpy"}, {"threads", all}, {"gbps", bwall / 1e9}});

    // Latency of one 5x10x5 f32 product.
    {
      const GemmProblem p = GemmProblem::make(1, 5, 10, 5, DType::f32);
      std::vector<float> a(50), b(50), c(25);
      detail::fill_random(a.data(), DType::f32, 50, 1);
      detail::fill_random(b.data(), DType::f32, 50, 2);
      rt.set_cpu_threads(1);
      const CpuKernel k = rt.prepare_cpu(p);
      const double t_handle = ns_per_call(20000, [&] { k(a.data(), b.data(), c.data()); });
      const double t_gemm = ns_per_call(20000, [&] { rt.gemm(p, a.data(), b.data(), c.data()); });
      const double t_xsmm = ns_per_call(20000, [&] { xsmm_loop<float>(p.normalized(), a.data(), b.data(), c.data()); });
      const float one = 1, zero = 0;
      const libxsmm_blasint m = 5, n = 5, kk = 10, lda = 5, ldb = 10, ldc = 5;
      const int flags = 0, pf = 0;
      const libxsmm_smmfunction f = libxsmm_smmdispatch(m, n, kk, &lda, &ldb, &ldc, &one, &zero, &flags, &pf);
      const double t_xsmm_bare = ns_per_call(20000, [&] { f(b.data(), a.data(), c.data()); });
      const double t_blas = ns_per_call(20000, [&] {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 5, 5, 10, 1.0f, a.data(), 10, b.data(), 5, 0.0f,
                    c.data(), 5);
      });
      std::printf("# one 5x10x5 f32 product: tailor CpuKernel %.1f ns, tailor gemm %.1f ns, libxsmm kernel %.1f ns, "
                  "openblas sgemm %.1f ns\n",
                  t_handle, t_gemm, t_xsmm_bare, t_blas);
      (void)t_xsmm;
      emit({{"kind", "latency"}, {"shape", "1x5x10x5 f32"}, {"tailor_handle_ns", t_handle}, {"tailor_gemm_ns", t_gemm},
            {"libxsmm_ns", t_xsmm_bare}, {"openblas_ns", t_blas}});
    }

    std::printf("%-28s %10s %8s %10s %8s %10s %8s %10s %8s %7s %s\n", "problem (scaled)", "tailor1", "GB/s",
                "xsmm1", "GB/s", "blas1", "GB/s", fmt::format("tailor{}", all).c_str(), "GB/s", "%bw", "vs xsmm");  // %bw: of a memcpy timed in the same rounds
    std::vector<int> lines;
    for (std::size_t pos = 0; pos < only.size();) {
      const std::size_t next = only.find(',', pos);
      lines.push_back(std::stoi(only.substr(pos, next - pos)));
      pos = next == std::string::npos ? only.size() : next + 1;
    }
    for (const auto& e : tools::read_suite(suite)) {
      if (!lines.empty() && std::find(lines.begin(), lines.end(), e.line) == lines.end()) continue;
      GemmProblem p = e.problem.normalized();
      const double per = p.min_bytes() / static_cast<double>(p.batch);
      p.batch = std::max<std::int64_t>(1, static_cast<std::int64_t>(mb * 1e6 / per));
      p.alpha_kind = ScalarKind::one, p.beta_kind = ScalarKind::zero;
      p = p.normalized();
      if (tune_s > 0) {
        if (detail::env().db_path.empty())
          throw Error(ErrorCode::invalid_argument, "--tune: no user database (set TAILOR_DB)");
        const db::TuningRecord r = cpu::tune_cpu(p, tune_s, 1);
        db::TuningDb::open(detail::env().db_path, db::TuningDb::Mode::read_write)->upsert(r);
        std::printf("# tuned %s: %s (%.3f ms; heuristic %.3f ms)\n", p.to_string().c_str(),
                    r.config.to_string().c_str(), r.median_s * 1e3, r.heuristic_s * 1e3);
      }
      // Enough sets that a rotation moves 1.2 GB (beyond any last-level cache here).
      const int sets = static_cast<int>(std::clamp(1.2e9 / p.min_bytes(), 2.0, 8.0));
      Data d = make_data(p, sets);
      const bool f32 = p.dtype == DType::f32;
      rt.set_cpu_threads(1);
      const CpuKernel k1 = rt.prepare_cpu(p);
      Runtime rt_all;
      rt_all.set_cpu_threads(all);
      const CpuKernel ka = rt_all.prepare_cpu(p);
      // The memory bandwidth in the same rounds: a memcpy of the problem's bytes (half read,
      // half written) over all threads.
      static std::vector<char> msrc, mdst;
      const std::int64_t mbytes = static_cast<std::int64_t>(p.min_bytes() / 2);
      if (static_cast<std::int64_t>(msrc.size()) < mbytes) {
        msrc.assign(static_cast<std::size_t>(mbytes), 1);
        mdst.assign(static_cast<std::size_t>(mbytes), 2);
      }
      auto mcopy = [&](int) {
        std::vector<std::thread> pool;
        const std::int64_t chunk = mbytes / all;
        for (int t = 1; t < all; ++t)
          pool.emplace_back([&, t] { std::memcpy(mdst.data() + t * chunk, msrc.data() + t * chunk, chunk); });
        std::memcpy(mdst.data(), msrc.data(), chunk);
        for (auto& th : pool) th.join();
      };
      const std::vector<Timed> t = time_peers(
          d, reps,
          {[&](int s) { k1(d.a[s].data(), d.b[s].data(), d.c[s].data()); },
           [&](int s) { ka(d.a[s].data(), d.b[s].data(), d.c[s].data()); },
           [&](int s) {
             if (f32) xsmm_loop<float>(p, (const float*)d.a[s].data(), (const float*)d.b[s].data(), (float*)d.c[s].data());
             else xsmm_loop<double>(p, (const double*)d.a[s].data(), (const double*)d.b[s].data(), (double*)d.c[s].data());
           },
           [&](int s) {
             if (f32) blas_loop<float>(p, (const float*)d.a[s].data(), (const float*)d.b[s].data(), (float*)d.c[s].data());
             else blas_loop<double>(p, (const double*)d.a[s].data(), (const double*)d.b[s].data(), (double*)d.c[s].data());
           },
           mcopy});
      const Timed &t1 = t[0], &ta = t[1], &tx = t[2], &tb = t[3];
      const double bw_round = 2.0 * double(mbytes / all * all) / t[4].seconds;
      const double gb = p.min_bytes() / 1e9;
      const std::string label = fmt::format("{}x{}x{}x{} {}{}{}", p.batch, p.m, p.k, p.n, to_string(p.dtype),
                                            e.flag.empty() ? "" : " ", e.flag);
      const double tol = f32 ? 1e-5 : 1e-12;
      const bool ok = t1.err <= tol && ta.err <= tol;
      std::printf("%-28s %8.3fms %8.1f %8.3fms %8.1f %8.3fms %8.1f %8.3fms %8.1f %6.0f%% %6.2fx%s%s\n", label.c_str(),
                  t1.seconds * 1e3, gb / t1.seconds, tx.seconds * 1e3, gb / tx.seconds, tb.seconds * 1e3,
                  gb / tb.seconds, ta.seconds * 1e3, gb / ta.seconds, 100 * gb * 1e9 / ta.seconds / bw_round,
                  tx.seconds / t1.seconds, ok ? "" : "  <-- TAILOR ERROR ABOVE TOLERANCE",
                  tx.err <= tol && tb.err <= tol ? "" : "  (a peer's error is above tolerance)");
      std::fflush(stdout);
      emit({{"kind", "problem"},       {"line", e.line},           {"batch", p.batch},
            {"m", p.m},                {"k", p.k},                 {"n", p.n},
            {"dtype", to_string(p.dtype)}, {"flag", e.flag},       {"bytes", p.min_bytes()},
            {"tailor1_s", t1.seconds}, {"tailor_all_s", ta.seconds}, {"threads", all},
            {"libxsmm1_s", tx.seconds}, {"openblas1_s", tb.seconds}, {"tailor_err", std::max(t1.err, ta.err)},
            {"libxsmm_err", tx.err},   {"openblas_err", tb.err},   {"config", k1.plan().config.to_string()},
            {"memcpy_all_gbps", bw_round / 1e9}, {"origin", std::string(to_string(k1.plan().origin))},
            {"load", loadavg()}});
    }
    return 0;
  });
}
