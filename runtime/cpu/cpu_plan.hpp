// Which cpu-family config serves a problem, and the name of its kernel. The heuristic is
// a valid config for any valid problem chosen from the canonical shape and the host's
// vector width; tuned configs come from plan sources (the user's tuning database under
// the CPU's fingerprint) and are validated before use. Needs no LLVM.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/cpu/cpu_info.hpp"
#include "tailor/config.hpp"
#include "tailor/problem.hpp"
#include "tailor/runtime.hpp"

namespace tailor::db {
class UserDatabase;
class ShippedDatabases;
}  // namespace tailor::db

namespace tailor::cpu {

/// The kernel's symbol: tailor_<dtype>_cpu_m<M>k<K>n<N>_<layouts>[_bA|_bB]_e<alpha><beta>
/// _T<mats>_v<vec>_r<rm>x<rn>_u<unroll>_o<order>[_h<strides>] (the caller's orientation).
std::string kernel_name(const GemmProblem& problem, const KernelConfig& config);

/// A valid cpu-family config for any valid problem, chosen without tuning for a host with
/// `cpu`'s vector width.
KernelConfig heuristic(const GemmProblem& problem, const CpuInfo& cpu);

/// True when a config's streaming stores (order bit 1) are honoured for this problem: C is
/// packed and every register block's outputs are one run of at most 128 bytes (otherwise
/// the generated code uses plain stores; see runtime/cpu/cpu_jit.cpp).
bool streams(const GemmProblem& problem, const KernelConfig& config);

/// A cpu config with the given knobs (threads = 0 and the GPU knobs cleared).
KernelConfig make_config(int mats, int vec, int rm, int rn, int unroll, int order);

/// Matrices per task that give each task about `task_bytes` of traffic, at least 1.
int mats_for(const GemmProblem& problem, double task_bytes = 512.0 * 1024);

/// One place CPU configs can come from. lookup() gets the normalised problem (scalar
/// kinds set) and the CPU fingerprint; it returns a config and the origin to report.
class CpuPlanSource {
 public:
  virtual ~CpuPlanSource() = default;
  virtual std::optional<Plan> lookup(const GemmProblem& problem, const std::string& fingerprint) = 0;
  virtual std::string describe() const = 0;
};

/// Plans from the user's tuning database (origin user): the best record of exactly this
/// problem under the CPU's fingerprint whose config passes gen::check_cpu. CPU records
/// are stored with align_bytes = the element size (alignment does not matter here).
std::shared_ptr<CpuPlanSource> user_db_source(std::shared_ptr<db::UserDatabase> db);
/// The same from the shipped databases (origin shipped).
std::shared_ptr<CpuPlanSource> shipped_db_source(std::shared_ptr<db::ShippedDatabases> db);
/// Both, in lookup order, for a user database at `user_db_path` ("": none) and the
/// shipped files (embedded, plus *.jsonl in `shipped_dir`). Opens nothing until used.
std::vector<std::shared_ptr<CpuPlanSource>> db_sources(const std::string& user_db_path,
                                                       const std::string& shipped_dir);

/// The plan for a normalised problem: the first source's config that passes
/// gen::check_cpu, else the heuristic. Invalid configs are skipped with one warning.
Plan decide(const GemmProblem& problem, const CpuInfo& cpu,
            const std::vector<std::shared_ptr<CpuPlanSource>>& sources);

}  // namespace tailor::cpu
