// tailor-tune: autotune problems on a device and store the winners in a tuning database.
// For each problem: the search space's candidates, compiled in parallel, checked against
// a float64 reference and timed; the fastest verified config is written to the database
// (one transaction per problem). The configs already serving a problem (its record in the
// database written, and what dispatch would pick: a user or shipped record, a tuned
// neighbour) are timed right after the heuristic unless --fresh, so a re-tune keeps them
// unless it times something faster. A progress bar on a terminal, plain lines otherwise; a
// table at the end. `--device cpu` tunes the CPU path instead (cpu::tune_cpu).
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>

#include "runtime/autotune.hpp"
#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/cpu_tune.hpp"
#include "runtime/driver.hpp"
#include "runtime/env.hpp"
#include "runtime/gpu_util.hpp"
#include "runtime/runtime_impl.hpp"
#include "tools/bench_common.hpp"
#include "tools/bench_cpu.hpp"
#include "tools/cli_common.hpp"
#include "tuning_db/tuning_db.hpp"

namespace {

using namespace tailor;

// One line that redraws itself on a terminal; plain lines otherwise.
class Progress {
 public:
  explicit Progress(bool tty) : tty_(tty) {}
  void update(const std::string& problem, int done, int total, const std::string& what) {
    if (!tty_) return;
    constexpr int kWidth = 24;
    const int fill = total > 0 ? done * kWidth / total : 0;
    std::fprintf(stderr, "\r\033[K%-30s [%s%s] %3d/%-3d %.60s", problem.c_str(), std::string(fill, '#').c_str(),
                 std::string(kWidth - fill, ' ').c_str(), done, total, what.c_str());
    std::fflush(stderr);
  }
  void line(const std::string& s) {
    if (tty_) std::fprintf(stderr, "\r\033[K");
    std::fprintf(stderr, "%s\n", s.c_str());
  }

 private:
  bool tty_;
};

struct Row {
  std::string problem, kernel;
  double seconds = 0, gbps = 0, pct = 0, speedup = 0, tune_s = 0, heur_pct = 0;
  int tried = 0, failed = 0;
  bool stored = false;
};

// Opens the database for writing; on failure says so and returns null (tuning goes on).
std::unique_ptr<db::TuningDb> open_for_write(const std::string& db_path, std::string& db_error) {
  try {
    return db::TuningDb::open(db_path, db::TuningDb::Mode::read_write);
  } catch (const Error& e) {
    db_error = e.what();
    std::fprintf(stderr, "tailor-tune: cannot write the tuning database: %s\n"
                         "tailor-tune: tuning anyway; results are printed but not stored\n", e.what());
    return nullptr;
  }
}

// The database written, read for the records it already holds (seeds of a re-tune); null
// where it does not exist yet or cannot be read (said on stderr). Read and write, as
// tune_all opens it, so an older schema is migrated rather than skipped.
std::unique_ptr<db::TuningDb> open_for_seeds(const std::string& db_path) {
  std::error_code ec;
  if (!std::filesystem::exists(db_path, ec)) return nullptr;
  try {
    return db::TuningDb::open(db_path, db::TuningDb::Mode::read_write);
  } catch (const Error& e) {
    std::fprintf(stderr, "tailor-tune: not seeding from %s: %s\n", db_path.c_str(), e.what());
    return nullptr;
  }
}

std::string label_of(const GemmProblem& p) {
  const std::string flag = tools::suite_flag(p);
  return fmt::format("{}x{}x{}x{} {}{}{}", p.batch, p.m, p.k, p.n, to_string(p.dtype), flag.empty() ? "" : " ", flag);
}

// Tunes each problem with `tune` (the winner's record; progress through `progress`),
// stores the record, prints a line per problem and then the table. `bw` is the ceiling
// the % column is of (`bw_label`). Exit status 1 when a problem failed or nothing could
// be stored.
using TuneFn = std::function<db::TuningRecord(const GemmProblem&, const std::string& label, int index)>;
int tune_all(const std::vector<GemmProblem>& problems, const std::string& db_path, double bw,
             const std::string& bw_label, Progress& progress, const TuneFn& tune) {
  std::string db_error;
  std::unique_ptr<db::TuningDb> db = open_for_write(db_path, db_error);
  std::vector<Row> rows;
  int failures = 0;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const GemmProblem& p = problems[i];
    Row row;
    row.problem = label_of(p);
    try {
      const db::TuningRecord r = tune(p, row.problem, static_cast<int>(i));
      row.kernel = r.config.family == Family::cpu ? cpu::kernel_name(p, r.config) : gen::kernel_name(p, r.config);
      row.seconds = r.median_s;
      row.gbps = p.min_bytes() / r.median_s / 1e9;
      row.pct = 100.0 * p.min_bytes() / r.median_s / bw;
      row.speedup = r.heuristic_s > 0 ? r.heuristic_s / r.median_s : 0;
      row.heur_pct = r.heuristic_s > 0 ? 100.0 * p.min_bytes() / r.heuristic_s / bw : 0;
      row.tried = r.candidates_tried, row.failed = r.candidates_failed, row.tune_s = r.tuning_seconds;
      if (db) {
        try {
          db->upsert(r);
          row.stored = true;
        } catch (const Error& err) {
          progress.line(fmt::format("tailor-tune: {}: not stored: {}", row.problem, err.what()));
          ++failures;
        }
      }
      progress.line(fmt::format("{:<30} {} {:.4f} ms {:.1f} GB/s ({:.1f} %), {:.2f}x heuristic, {} tried, {} failed, "
                                "{:.1f} s", row.problem, row.kernel, row.seconds * 1e3, row.gbps, row.pct, row.speedup,
                                row.tried, row.failed, row.tune_s));
    } catch (const Error& err) {
      progress.line(fmt::format("tailor-tune: {}: tuning failed: {}", row.problem, err.what()));
      ++failures;
      continue;
    }
    rows.push_back(row);
  }
  std::printf("\n%-30s %-62s %10s %8s %6s %6s %8s %6s %6s %7s\n", "problem", "winning kernel", "time(ms)", "GB/s",
              bw_label.c_str(), "heur%", "vs heur", "tried", "failed", "tune(s)");
  for (const Row& r : rows)
    std::printf("%-30s %-62s %10.4f %8.0f %5.1f%% %5.1f%% %7.2fx %6d %6d %7.1f%s\n", r.problem.c_str(), r.kernel.c_str(),
                r.seconds * 1e3, r.gbps, r.pct, r.heur_pct, r.speedup, r.tried, r.failed, r.tune_s,
                r.stored ? "" : "  (not stored)");
  if (!db_error.empty()) std::printf("\nnot stored: %s\n", db_error.c_str());
  else std::printf("\n%zu record(s) written to %s\n", rows.size(), db_path.c_str());
  return failures || !db_error.empty() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Autotune batched GEMM problems on a device and store the winners in a tuning database.",
               "tailor-tune"};
  std::string shape, dtype = "f32", bcast, suite, db_path, device_arg = "0";
  double budget = 10.0, alpha = 1.0, beta = 0.0;
  int max_candidates = 256;
  int workers = 0, threads = 0;
  bool fresh = false;
  app.add_option("--shape", shape, "BATCHxMxKxN, e.g. 1000000x3x25x1");
  app.add_option("--dtype", dtype, "f32 or f64")->capture_default_str();
  app.add_option("--bcast", bcast, "A or B: that operand is one matrix shared by the batch");
  app.add_option("--suite", suite, "a suite file (batch M K N dtype [bcastA|bcastB] per line)");
  app.add_option("--db", db_path, "tuning database to write (default: $TAILOR_DB, else <cache dir>/tuning.db)");
  app.add_option("--device", device_arg, "CUDA device ordinal, or cpu")->capture_default_str();
  app.add_option("--budget-s", budget, "wall-clock seconds per problem (with --device cpu the full batch's inputs and reference, made first, count too: where they alone take longer, only the heuristic and the seeded record are timed)")->capture_default_str()->check(CLI::Range(0.5, 3600.0));
  app.add_option("--alpha", alpha, "alpha the calls will use (1 and other values are different kernels)")->capture_default_str();
  app.add_option("--beta", beta, "beta the calls will use (0, 1 and other values are different kernels)")->capture_default_str();
  app.add_option("--candidates", max_candidates, "at most this many configs of the search space timed per problem (the cost model's order; the budget may stop it sooner), plus the records seeded unless --fresh")
      ->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_flag("--fresh", fresh, "do not time the configs already serving each problem first (the record in --db, "
               "and dispatch's user, shipped or neighbour record): the search space's order alone");
  app.add_option("--workers", workers, "compile threads (0: one per core)")->capture_default_str()->check(CLI::Range(0, 256));
  app.add_option("--threads", threads, "with --device cpu: threads the CPU path runs with (0: $TAILOR_CPU_THREADS, else every CPU)")
      ->capture_default_str()
      ->check(CLI::Range(0, 4096));
  return tools::guarded_main(app, argc, argv, [&]() -> int {
    std::vector<tools::SuiteEntry> problems;
    if (!suite.empty() && !shape.empty()) throw Error(ErrorCode::invalid_argument, "give --shape or --suite, not both");
    if (!suite.empty()) problems = tools::read_suite(suite);
    else if (!shape.empty()) problems.push_back({tools::problem_from_args(shape, dtype, bcast), "", 0});
    else throw Error(ErrorCode::invalid_argument, "--shape or --suite is required (see --help)");
    if (db_path.empty()) db_path = detail::env().db_path;
    if (db_path.empty())
      throw Error(ErrorCode::invalid_argument, "no database: give --db PATH (no $TAILOR_DB and no cache directory)");
    std::vector<GemmProblem> ps;
    for (const auto& e : problems) {
      GemmProblem p = e.problem;
      p.alpha_kind = scalar_kind(alpha);
      p.beta_kind = scalar_kind(beta);
      ps.push_back(p.normalized());
    }
    Progress progress(isatty(fileno(stderr)) != 0);
    if (device_arg == "cpu") {
      // The CPU path's search (cpu::tune_cpu) with `threads` threads, stored under the
      // CPU's fingerprint; % of a memcpy over the same threads, measured at start.
      if (threads <= 0) threads = detail::env().cpu_threads > 0 ? detail::env().cpu_threads : cpu::usable_cpus();
      const double bw = tools::memcpy_bandwidth(std::int64_t(512) << 20, threads);
      std::printf("# %s: %d thread(s), memory bandwidth %.1f GB/s (memcpy, read + write); database %s; budget %.1f s "
                  "per problem\n", cpu::host_cpu().fingerprint().c_str(), threads, bw / 1e9, db_path.c_str(), budget);
      std::fflush(stdout);
      // The record a re-tune replaces is timed right after the heuristic (unless --fresh), so
      // a short re-tune cannot store a config slower than the one it had.
      const std::unique_ptr<db::TuningDb> existing = fresh ? nullptr : open_for_seeds(db_path);
      const std::string fingerprint = cpu::host_cpu().fingerprint();
      return tune_all(ps, db_path, bw, "%bw", progress, [&](const GemmProblem& p, const std::string& label, int i) {
        cpu::TuneOptions opt;
        opt.log = [&](const std::string& what) { progress.update(label, i, int(ps.size()), what); };
        opt.max_candidates = static_cast<std::size_t>(max_candidates);
        if (existing) {
          try {
            if (const auto r = existing->lookup(p, fingerprint, static_cast<int>(p.esize()))) opt.seeds.push_back(r->config);
          } catch (const Error& e) {
            progress.line(fmt::format("tailor-tune: {}: tuning without its record: {}", label, e.what()));
          }
        }
        return cpu::tune_cpu(p, budget, threads, opt);
      });
    }
    int device = 0;
    try {
      std::size_t used = 0;
      device = std::stoi(device_arg, &used);
      if (used != device_arg.size() || device < 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw Error(ErrorCode::invalid_argument, fmt::format("--device '{}': expected a device ordinal or cpu", device_arg));
    }
    Runtime rt(device);
    if (!rt.has_gpu()) {
      std::printf("tailor-tune: no GPU, nothing tuned: %s\n", rt.no_gpu_reason().c_str());
      return 0;
    }
    rt.impl().make_current();
    CUstream stream = nullptr;
    TAILOR_CU(detail::driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    const double copy_bw = detail::copy_bandwidth(stream);
    detail::driver().cuStreamDestroy(stream);
    const DeviceInfo& dev = rt.device();
    std::printf("# %s: copy bandwidth %.0f GB/s; database %s; budget %.1f s per problem\n", dev.fingerprint().c_str(),
                copy_bw / 1e9, db_path.c_str(), budget);
    std::fflush(stdout);
    const std::unique_ptr<db::TuningDb> existing = fresh ? nullptr : open_for_seeds(db_path);
    return tune_all(ps, db_path, copy_bw, "%copy", progress, [&](const GemmProblem& p, const std::string& label, int) {
      detail::TuneOptions opt;
      if (!fresh) {
        // A seed that cannot be read costs the seed, not the problem's tuning.
        try {
          if (existing) {
            if (const auto r = existing->lookup(p, dev.fingerprint(), 16)) opt.seeds.push_back(r->config);
          }
          const Plan served = rt.impl().dispatcher.decide(p, 16);
          if (served.origin == PlanOrigin::user || served.origin == PlanOrigin::shipped ||
              served.origin == PlanOrigin::neighbour)
            opt.seeds.push_back(served.config);
        } catch (const Error& e) {
          progress.line(fmt::format("tailor-tune: {}: tuning without the records serving it: {}", label, e.what()));
        }
      }
      opt.budget_s = budget;
      opt.workers = workers;
      opt.max_candidates = static_cast<std::size_t>(max_candidates);
      opt.progress = [&](int done, int total, const std::string& what) { progress.update(label, done, total, what); };
      const detail::TuneResult res = detail::autotune(rt.impl(), p, 16, opt);
      // Say why candidates failed (a launch past the registers a CTA may have, a compile or
      // verification error): the first three of them, on stderr.
      int shown = 0;
      for (const detail::CandidateResult& c : res.candidates)
        if (!c.ok && shown++ < 3)
          std::fprintf(stderr, "tailor-tune: %s: candidate %s failed: %s\n", label.c_str(), c.config.to_string().c_str(),
                       c.failure.c_str());
      return res.record(dev);
    });
  });
}
