// The plan sources backed by tuning databases, in dispatch's lookup order: the user's
// database ($TAILOR_DB), the shipped databases (JSON lines embedded into the library at
// build time from tuning_db/shipped/*.jsonl, plus any *.jsonl in $TAILOR_SHIPPED_DIR),
// and the nearest tuned neighbour on the same device over both. A record serves a
// problem only on the device with its fingerprint (a shipped one also on the same card
// whose driver reports up to 2 % more or less memory, after the device's own records),
// for its normalised problem key (scalar kinds included) and for its exact pointer
// alignment; every config a source
// returns has passed gen::check for the problem, device and alignment at hand.
//
// A database that cannot be used (missing: silently; corrupt, truncated, garbage, a
// future schema, hostile rows, illegal configs: with exactly one warning on stderr per
// database, more only with TAILOR_LOG=1) gives no records and dispatch falls back to the
// next source. Sources never throw. All of them are safe to call from several threads.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/dispatch.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::db {

/// The user's tuning database, opened read-only on first use and shared by the user and
/// neighbour sources. A missing (or still empty) file is no records and is looked for
/// again on the next call, so a database created later in the process (by the autotuner)
/// is found. Any failure to open or read it disables it for the rest of the process.
class UserDatabase {
 public:
  explicit UserDatabase(std::string path) : path_(std::move(path)) {}
  /// Well-formed records of this key, best first (TuningDb::candidates); empty on failure.
  std::vector<TuningRecord> candidates(const GemmProblem& problem, const std::string& device, int align_bytes);
  /// Well-formed records of a device; empty on failure.
  std::vector<TuningRecord> records_for_device(const std::string& device);
  /// Reports something wrong with this database: the first report is a warning on stderr,
  /// later ones are printed only with TAILOR_LOG=1.
  void warn(const std::string& what, std::string_view consequence);
  const std::string& path() const { return path_; }

 private:
  TuningDb* get();
  void report_skipped(TuningDb& db);
  std::string why(const std::exception& e) const;
  void broken(const std::exception& e);

  std::string path_;
  std::mutex mu_;
  std::unique_ptr<TuningDb> db_;  // kept once opened (also when later disabled)
  bool disabled_ = false, warned_ = false;
};

/// The shipped databases, held in memory (no SQLite): loaded on first use from the
/// embedded files and from *.jsonl in a directory (in file-name order). Each file is a
/// database of its own for warnings: a malformed line, or a record whose config is not
/// legal where it should serve, gives one warning naming the file and line.
class ShippedDatabases {
 public:
  /// One JSON-lines file: its name in messages ("nvidia-h200.jsonl (embedded)") and text.
  struct File {
    std::string name;
    std::string text;
  };
  /// The embedded files plus *.jsonl in `dir` ("": none; a missing directory is a warning).
  explicit ShippedDatabases(std::string dir);
  /// Exactly these files (tests, tools).
  explicit ShippedDatabases(std::vector<File> files);

  /// Records of this key, best first, each with the index of its file.
  std::vector<std::pair<TuningRecord, std::size_t>> candidates(const GemmProblem& problem, const std::string& device,
                                                               int align_bytes);
  std::vector<TuningRecord> records_for_device(const std::string& device);
  /// Reports something wrong with file `file` (first report a warning, later ones with TAILOR_LOG=1).
  void warn(std::size_t file, const std::string& what, std::string_view consequence);
  /// Names of the files loaded (after first use) and how many records they hold.
  std::vector<std::string> file_names();
  std::size_t size();

 private:
  void load();  // once, under mu_
  // Another fingerprint of the same card (detail::same_card) that records are stored under,
  // the nearest in memory; "" where there is none. Its records serve after the device's own.
  // Under mu_.
  const std::string& same_card_as(const std::string& device);

  struct Entry {
    TuningRecord record;
    std::size_t file;
  };
  std::mutex mu_;
  bool loaded_ = false;
  std::string dir_;
  std::vector<File> given_;
  std::vector<std::string> names_;
  std::vector<bool> warned_;
  std::size_t count_ = 0;
  std::unordered_map<std::string, std::vector<Entry>> by_key_;     // device \n problem key \n align
  std::unordered_map<std::string, std::vector<TuningRecord>> by_device_;
  std::unordered_map<std::string, std::string> same_card_;  // same_card_as's answers
};

/// Exact matches in the user database (origin user).
class UserSource final : public tailor::detail::PlanSource {
 public:
  explicit UserSource(std::shared_ptr<UserDatabase> db) : db_(std::move(db)) {}
  std::optional<Plan> lookup(const GemmProblem& problem, const DeviceInfo& device, int align_bytes) override;
  std::string describe() const override;

 private:
  std::shared_ptr<UserDatabase> db_;
};

/// Exact matches in the shipped databases (origin shipped).
class ShippedSource final : public tailor::detail::PlanSource {
 public:
  explicit ShippedSource(std::shared_ptr<ShippedDatabases> db) : db_(std::move(db)) {}
  std::optional<Plan> lookup(const GemmProblem& problem, const DeviceInfo& device, int align_bytes) override;
  std::string describe() const override;

 private:
  std::shared_ptr<ShippedDatabases> db_;
};

/// The nearest tuned neighbour on the same device over the user and shipped records, in
/// nearest()'s order (user records before shipped ones where all else is equal): the first
/// whose config passes gen::check for the new problem and alignment (origin neighbour).
class NeighbourSource final : public tailor::detail::PlanSource {
 public:
  NeighbourSource(std::shared_ptr<UserDatabase> user, std::shared_ptr<ShippedDatabases> shipped)
      : user_(std::move(user)), shipped_(std::move(shipped)) {}
  std::optional<Plan> lookup(const GemmProblem& problem, const DeviceInfo& device, int align_bytes) override;
  std::string describe() const override { return "nearest tuned neighbour"; }

 private:
  std::shared_ptr<UserDatabase> user_;
  std::shared_ptr<ShippedDatabases> shipped_;
};

/// The three sources in lookup order (user, shipped, neighbour) for a user database at
/// `user_db_path` ("": none) and shipped files embedded plus those in `shipped_dir`.
/// Opens nothing until the first lookup.
std::vector<std::shared_ptr<tailor::detail::PlanSource>> make_plan_sources(const std::string& user_db_path,
                                                                           const std::string& shipped_dir);

}  // namespace tailor::db
