// The user, shipped and neighbour plan sources (see plan_sources.hpp): lazy opening of
// the user database, loading of the shipped JSON lines, the once-per-database warnings,
// and the gen::check every config passes before a source returns it.
#include "tuning_db/plan_sources.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generator/generator.hpp"
#include "generator/search_space.hpp"
#include "runtime/env.hpp"
#include "tailor/error.hpp"
#include "tuning_db/embedded.hpp"
#include "tuning_db/records_detail.hpp"

namespace tailor::db {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kIgnored = "the database is ignored for the rest of this process";
constexpr std::string_view kSkipped = "those records are skipped, the others still serve";

// Prints a report about one database: the first as a warning, later ones with TAILOR_LOG=1.
void report(bool& warned, const std::string& which, const std::string& what, std::string_view consequence,
            const std::string& verify_hint) {
  if (!warned) {
    warned = true;
    std::fprintf(stderr, "tailor: warning: %s: %s; %.*s (%s)\n", which.c_str(), what.c_str(),
                 static_cast<int>(consequence.size()), consequence.data(), verify_hint.c_str());
  } else if (tailor::detail::env().log) {
    std::fprintf(stderr, "tailor: %s: %s\n", which.c_str(), what.c_str());
  }
}

std::string record_where(const TuningRecord& r) {
  return fmt::format("the record for {} (align {}, generator {})", r.problem.to_string(), r.align_bytes,
                     r.generator_version);
}

// How to check a shipped file: the embedded ones are named "NAME (embedded)".
std::string verify_hint(const std::string& name) {
  return name.ends_with(" (embedded)") ? "check them with 'tailor-db verify --shipped'"
                                       : "check it with 'tailor-db verify --jsonl " + name + "'";
}

std::string shipped_key(const std::string& device, const std::string& problem_key, int align) {
  return fmt::format("{}\n{}\n{}", device, problem_key, align);
}

}  // namespace

// ---- the user database ------------------------------------------------------------------

void UserDatabase::warn(const std::string& what, std::string_view consequence) {
  std::lock_guard lock(mu_);
  report(warned_, "user database " + path_, what, consequence, "check it with 'tailor-db verify --db " + path_ + "'");
}

// An error's message without the "tuning database PATH: " the warning already says.
std::string UserDatabase::why(const std::exception& e) const {
  std::string w = detail::reason(e);
  const std::string prefix = "tuning database " + path_ + ": ";
  if (w.starts_with(prefix)) w.erase(0, prefix.size());
  return w;
}

void UserDatabase::broken(const std::exception& e) {
  {
    std::lock_guard lock(mu_);
    disabled_ = true;
  }
  warn(why(e), kIgnored);
}

TuningDb* UserDatabase::get() {
  {
    std::lock_guard lock(mu_);
    if (disabled_ || path_.empty()) return nullptr;
    if (db_) return db_.get();
    std::error_code ec;
    if (!fs::exists(path_, ec)) return nullptr;  // no database yet: no records
    try {
      auto db = TuningDb::open(path_, TuningDb::Mode::read_only);
      if (db->schema_version() == 0) return nullptr;  // being created: look again next time
      db_ = std::move(db);
      return db_.get();
    } catch (const std::exception& e) {
      disabled_ = true;
      report(warned_, "user database " + path_, why(e), kIgnored,
             "check it with 'tailor-db verify --db " + path_ + "'");
      return nullptr;
    }
  }
}

void UserDatabase::report_skipped(TuningDb& db) {
  const std::vector<std::string> skipped = db.take_skipped();
  if (skipped.empty()) return;
  warn(skipped.size() == 1 ? "skipped a malformed " + skipped.front()
                           : fmt::format("skipped {} malformed records (first: {})", skipped.size(), skipped.front()),
       kSkipped);
}

std::vector<TuningRecord> UserDatabase::candidates(const GemmProblem& problem, const std::string& device, int align) {
  TuningDb* db = get();
  if (!db) return {};
  try {
    auto out = db->candidates(problem, device, align);
    report_skipped(*db);
    return out;
  } catch (const std::exception& e) {
    broken(e);
    return {};
  }
}

std::vector<TuningRecord> UserDatabase::records_for_device(const std::string& device) {
  TuningDb* db = get();
  if (!db) return {};
  try {
    auto out = db->records_for_device(device);
    report_skipped(*db);
    return out;
  } catch (const std::exception& e) {
    broken(e);
    return {};
  }
}

// ---- the shipped databases --------------------------------------------------------------

ShippedDatabases::ShippedDatabases(std::string dir) : dir_(std::move(dir)) {
  for (std::string_view name : detail::shipped_names())
    given_.push_back({std::string(name) + " (embedded)", std::string(detail::shipped_text(name))});
}

ShippedDatabases::ShippedDatabases(std::vector<File> files) : given_(std::move(files)) {}

void ShippedDatabases::load() {
  if (loaded_) return;
  loaded_ = true;
  std::vector<File> files = std::move(given_);
  given_.clear();
  std::vector<std::string> dir_problems;
  if (!dir_.empty()) {
    std::error_code ec;
    std::vector<fs::path> found;
    for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".jsonl") found.push_back(it->path());
    if (ec)
      dir_problems.push_back(fmt::format("cannot read the directory ({})", ec.message()));
    std::sort(found.begin(), found.end());
    for (const fs::path& p : found) {
      std::ifstream in(p, std::ios::binary);
      std::ostringstream ss;
      if (in.is_open()) ss << in.rdbuf();
      if (!in.is_open() || in.bad()) {
        dir_problems.push_back(fmt::format("cannot read {}", p.string()));
        continue;
      }
      files.push_back({p.string(), ss.str()});
    }
  }
  for (const std::string& what : dir_problems) {
    bool warned = false;
    report(warned, "shipped databases in " + dir_ + " (TAILOR_SHIPPED_DIR)", what, "what cannot be read is not used",
           "check TAILOR_SHIPPED_DIR");
  }
  for (std::size_t f = 0; f < files.size(); ++f) {
    names_.push_back(files[f].name);
    warned_.push_back(false);
    std::istringstream in(files[f].text);
    std::string line, first_error;
    int lineno = 0, bad = 0;
    while (std::getline(in, line)) {
      ++lineno;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      std::string why;
      auto r = detail::parse_json_line(line, why);
      if (!r) {
        if (bad++ == 0) first_error = fmt::format("line {}: {}", lineno, why);
        continue;
      }
      by_key_[shipped_key(r->device, r->problem.to_string(), r->align_bytes)].push_back({*r, f});
      by_device_[r->device].push_back(*r);
      ++count_;
    }
    if (bad) {
      bool w = warned_[f];
      report(w, "shipped database " + files[f].name,
             bad == 1 ? "skipped a malformed " + first_error
                      : fmt::format("skipped {} malformed lines (first: {})", bad, first_error),
             kSkipped, verify_hint(files[f].name));
      warned_[f] = w;
    }
  }
  for (auto& [key, entries] : by_key_)
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return detail::preferred(a.record, b.record); });
}

const std::string& ShippedDatabases::same_card_as(const std::string& device) {
  if (auto it = same_card_.find(device); it != same_card_.end()) return it->second;
  // The nearest in memory, then the first in order; same_card has checked the memory parses.
  std::string best;
  std::int64_t best_gap = 0;
  for (const auto& [fp, records] : by_device_) {
    if (fp == device || !detail::same_card(fp, device)) continue;
    const std::int64_t gap =
        std::abs(*detail::parse_fingerprint(fp).memory_mib - *detail::parse_fingerprint(device).memory_mib);
    if (best.empty() || gap < best_gap || (gap == best_gap && fp < best)) best = fp, best_gap = gap;
  }
  return same_card_.emplace(device, std::move(best)).first->second;
}

std::vector<std::pair<TuningRecord, std::size_t>> ShippedDatabases::candidates(const GemmProblem& problem,
                                                                               const std::string& device, int align) {
  std::lock_guard lock(mu_);
  load();
  std::vector<std::pair<TuningRecord, std::size_t>> out;
  const std::string key = problem.to_string();
  for (const std::string* fp : {&device, &same_card_as(device)})
    if (auto it = by_key_.find(shipped_key(*fp, key, align)); !fp->empty() && it != by_key_.end())
      for (const Entry& e : it->second) out.emplace_back(e.record, e.file);
  return out;
}

std::vector<TuningRecord> ShippedDatabases::records_for_device(const std::string& device) {
  std::lock_guard lock(mu_);
  load();
  std::vector<TuningRecord> out;
  for (const std::string* fp : {&device, &same_card_as(device)})
    if (auto it = by_device_.find(*fp); !fp->empty() && it != by_device_.end())
      out.insert(out.end(), it->second.begin(), it->second.end());
  return out;
}

void ShippedDatabases::warn(std::size_t file, const std::string& what, std::string_view consequence) {
  std::lock_guard lock(mu_);
  if (file >= names_.size()) return;
  bool w = warned_[file];
  report(w, "shipped database " + names_[file], what, consequence, verify_hint(names_[file]));
  warned_[file] = w;
}

std::vector<std::string> ShippedDatabases::file_names() {
  std::lock_guard lock(mu_);
  load();
  return names_;
}

std::size_t ShippedDatabases::size() {
  std::lock_guard lock(mu_);
  load();
  return count_;
}

// ---- the sources ------------------------------------------------------------------------

std::optional<Plan> UserSource::lookup(const GemmProblem& problem, const DeviceInfo& device, int align) {
  try {
    for (const TuningRecord& r : db_->candidates(problem, device.fingerprint(), align)) {
      if (!r.verified) {
        db_->warn(fmt::format("{} is marked unverified (its output did not match the reference)", record_where(r)),
                  kSkipped);
        continue;
      }
      if (auto why = gen::check(problem, r.config, device, align)) {
        db_->warn(fmt::format("{} has config {}, which is not legal here: {}", record_where(r), r.config.to_string(),
                              *why),
                  kSkipped);
        continue;
      }
      return Plan{r.config, PlanOrigin::user, {}};
    }
  } catch (const std::exception& e) {
    db_->warn(detail::reason(e), kSkipped);
  }
  return std::nullopt;
}

std::string UserSource::describe() const { return "user database " + db_->path(); }

std::optional<Plan> ShippedSource::lookup(const GemmProblem& problem, const DeviceInfo& device, int align) {
  try {
    for (const auto& [r, file] : db_->candidates(problem, device.fingerprint(), align)) {
      if (!r.verified) {
        db_->warn(file, fmt::format("{} is marked unverified (its output did not match the reference)", record_where(r)),
                  kSkipped);
        continue;
      }
      if (auto why = gen::check(problem, r.config, device, align)) {
        db_->warn(file,
                  fmt::format("{} has config {}, which is not legal here: {}", record_where(r), r.config.to_string(),
                              *why),
                  kSkipped);
        continue;
      }
      return Plan{r.config, PlanOrigin::shipped, {}};
    }
  } catch (const std::exception& e) {
    static bool warned = false;
    static std::mutex mu;
    std::lock_guard lock(mu);
    report(warned, "shipped databases", detail::reason(e), kSkipped, "check them with 'tailor-db verify --shipped'");
  }
  return std::nullopt;
}

std::string ShippedSource::describe() const { return "shipped databases"; }

std::optional<Plan> NeighbourSource::lookup(const GemmProblem& problem, const DeviceInfo& device, int align) {
  try {
    const std::string fp = device.fingerprint();
    std::vector<TuningRecord> records = user_ ? user_->records_for_device(fp) : std::vector<TuningRecord>{};
    if (shipped_) {
      auto more = shipped_->records_for_device(fp);
      records.insert(records.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    std::erase_if(records, [](const TuningRecord& r) { return !r.verified; });
    if (records.empty()) return std::nullopt;
    // The nearest record whose config is valid here. A slab config (matrices a CTA,
    // micro-tile and threads sized for its own matrices) serves only matrices with its M and
    // N and a K within 1.5x of its own (3x27x1 from 3x25x1; another batch or alignment):
    // on the H200 the 8x64x8 f32 record's slab ran 12x64x12 f32 at 72 % of copy and
    // 16x128x16 f32 at 53 %, the 16x128x4 f64 record's 12x64x12 f64 at 48 %, where the
    // heuristic reached 87 %; at 2x and 1.56x its K (8x32x8, 8x100x8 f32) it ran at 97 and
    // 90 %, the heuristic at 102 and 92 %. Slab records for other matrices are passed over
    // (a farther one for these matrices may serve), and a tiled record farther than such a
    // slab record does not serve. Where a config fits this shape worse than its own (padded
    // tiles: a 32^3 f32 record ran 35^3 f32 at 434 us, the heuristic at 115 us), it serves
    // only if the cost model predicts it clearly (5 %) faster than the heuristic (the 16^3
    // f64 DMMA tile on 9x48x9 f64: 83 % of copy against the heuristic's 78 %).
    const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
    bool slab_region = false;  // a nearer slab record, tuned for other matrices, was passed over
    for (const TuningRecord& r : nearest(records, problem, records.size()))
      if (!gen::check(problem, r.config, device, align) &&
          !(r.config.rows > 0 &&  // (a damaged record)
            gen::regroup_check(r.config.tr ? gen::transposed(r.problem) : r.problem, r.config.rows))) {
        if (r.config.family == Family::slab) {
          const GemmProblem q = r.problem.is_normalized() ? r.problem : r.problem.normalized();
          const double k_ratio = static_cast<double>(std::max(q.k, p.k)) / static_cast<double>(std::min(q.k, p.k));
          if (q.m != p.m || q.n != p.n || k_ratio > 1.5) {
            slab_region = true;
            continue;
          }
        } else if (slab_region) {
          continue;
        }
        // A tile tuned for other matrices does not serve where the heuristic's pick is the
        // slab on the FP64 tensor cores: on the H200 (2026-11-30) the 64^3 f64 record's
        // staged 64 x 64 tile ran 64x62x63 at 64 % of copy, the heuristic's slab at 92 %, and
        // forced, the slab beat that tile on 57x56x59 (1.44x) and 58x73x57 (1.75x).
        const KernelConfig h = gen::heuristic(problem, device, align);
        const GemmProblem q = r.problem.is_normalized() ? r.problem : r.problem.normalized();
        const bool other_matrices = q.m != p.m || q.n != p.n;
        if (h.family == Family::slab && h.mma && r.config.family == Family::tiled && other_matrices)
          return std::nullopt;
        // A register-fed tile (no cp.async stages) tuned for other matrices does not serve
        // where the heuristic's tile is fed by stages: the model does not see the copies
        // that stay in flight across K steps. On the H200 (2026-11-30, forced) the 16^3 f64
        // record's 16 x 16 tile ran 17x326x1 f64 at 31 % of copy and 10x297x8 at 55 %, the
        // heuristic's staged tiles at 81 % (2.66x, 1.46x).
        if (r.config.family == Family::tiled && r.config.st == 0 && h.family == Family::tiled && h.st > 0 &&
            other_matrices)
          return std::nullopt;
        // Nor where the heuristic's pick is the FMA tile that pads an f32 output with a side
        // past 128 least: on the H200 (2026-12-01) the 128^3 f32 record's 32 x 128 tile ran
        // 0.85-1.04x that pick (8 shapes forced side by side, geomean 0.97x), and where the
        // 96-wide tiles displaced the pick it served 3 shapes at 0.87x, 0.90x and 1.12x the
        // tile it replaced.
        if (r.config.family == Family::tiled && !r.config.mma && h.family == Family::tiled && !h.mma &&
            gen::fma_wide_output(p) && other_matrices)
          return std::nullopt;
        // Nor, in f32, where the record's tile or the heuristic's pick is on the FP64 tensor
        // cores: the heuristic gives f32 those tiles by rules of their own (whole 16-byte rows,
        // or a side past 64 where the model rates the tile against the FMA slab: an odd K
        // copies rows a float at a time, 8579x54x37x64 ran 0.78x its FMA slab on the H200),
        // measured through dispatch (2026-12-02, 2026-12-07), where no tile tuned for other
        // matrices (or another K) was measured. A DMMA record serves its own matrices only
        // where their rows, leading dimensions and strides still allow 16-byte copies.
        if (p.dtype == DType::f32 && r.config.family == Family::tiled && (r.config.mma || h.mma) &&
            (other_matrices || q.k != p.k || (r.config.mma && !gen::f32_mma_rows(p, align))))
          return std::nullopt;
        if (gen::useful_fraction(problem, r.config) >= 0.9 * gen::useful_fraction(r.problem, r.config))
          return Plan{r.config, PlanOrigin::neighbour, {}};
        // Only within the heuristic pick's family: across families the model is off by more
        // than the gains at stake. On the H200 (2026-11-30) 16 problems were timed both ways
        // (the 128^3 f32 record's 32 x 128 tile, the 16^3 f64 DMMA tile, against the
        // heuristic's slabs): the slab was faster on 12 (1.04-1.84x; 6000x81^3 f32 265 us
        // against 487, where the model put the tile at 0.68 of the slab's time), the tile on 4
        // (1.07-1.43x).
        if (r.config.family == h.family && r.config.mma == h.mma &&
            gen::predict_seconds(problem, r.config, device) <= 0.95 * gen::predict_seconds(problem, h, device))
          return Plan{r.config, PlanOrigin::neighbour, {}};
        return std::nullopt;
      }
  } catch (const std::exception& e) {
    static bool warned = false;
    static std::mutex mu;
    std::lock_guard lock(mu);
    report(warned, "nearest-neighbour search", detail::reason(e), "no neighbour is used for this problem",
           "please report this");
  }
  return std::nullopt;
}

std::vector<std::shared_ptr<tailor::detail::PlanSource>> make_plan_sources(const std::string& user_db_path,
                                                                           const std::string& shipped_dir) {
  auto user = std::make_shared<UserDatabase>(user_db_path);
  auto shipped = std::make_shared<ShippedDatabases>(shipped_dir);
  return {std::make_shared<UserSource>(user), std::make_shared<ShippedSource>(shipped),
          std::make_shared<NeighbourSource>(user, shipped)};
}

}  // namespace tailor::db
