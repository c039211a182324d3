// Every environment variable Tailor reads, read in this one place, once per process.
// The README lists them; keep the two in step.
#pragma once

#include <optional>
#include <string>

namespace tailor::detail {

struct Env {
  bool log = false;             ///< TAILOR_LOG=1: print "problem -> kernel (origin)" per new problem
  std::string dump_dir;         ///< TAILOR_DUMP_DIR: write each generated source there
  std::string cache_dir;        ///< resolved cache directory (TAILOR_CACHE_DIR, XDG_CACHE_HOME/tailor, ~/.cache/tailor)
  bool disk_cache = true;       ///< TAILOR_DISK_CACHE=0 turns the on-disk cubin cache off
  std::string db_path;          ///< TAILOR_DB: the user tuning database (default <cache_dir>/tuning.db)
  std::string shipped_dir;      ///< TAILOR_SHIPPED_DIR: where shipped databases are looked for
  bool tune = false;            ///< TAILOR_TUNE=1: tune a problem with no record on first use
  double tune_budget_s = 10.0;  ///< TAILOR_TUNE_BUDGET_S: seconds per problem when tuning on first use
  int cpu_threads = 0;          ///< TAILOR_CPU_THREADS: threads of the CPU path (0: all cores)
  bool pdl = true;              ///< TAILOR_PDL=0: launch without programmatic dependent launch
};

/// A switch's value: 1, true, on, yes (any case, spaces ignored) are true; 0, false, off, no
/// false; anything else nullopt (env() then warns and keeps the default).
std::optional<bool> parse_switch(const std::string& value);

/// The process's environment as Tailor reads it (read on first call).
const Env& env();

}  // namespace tailor::detail
