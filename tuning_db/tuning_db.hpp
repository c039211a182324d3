// Tuning databases: where the winners of autotuning live. A TuningDb is a real SQLite
// file (WAL, busy timeout, prepared statements, transactions, schema versioned with
// PRAGMA user_version and numbered migrations in tuning_db/schema/). It holds device
// fingerprints, problem keys and tuning records: parameters and timings only, never a
// binary and never source code. Shipped databases are JSON lines (one file per device
// under tuning_db/shipped/, embedded into the library at build time) that the runtime
// holds in memory (tuning_db/plan_sources.hpp).
//
// Everything read from a database or a JSON line is checked before it is returned
// (detail::check_record): a malformed row is skipped and reported through take_skipped(),
// never returned. Whether a well-formed config is legal for a problem on a device is the
// generator's call (gen::check): the plan sources and `tailor-db verify` ask it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tailor/config.hpp"
#include "tailor/problem.hpp"

namespace tailor::db {

/// One tuned (problem, device) pair. The record's key is
/// (device, problem.to_string(), align_bytes, generator_version): a database keeps one
/// winner per generator version, and lookups prefer the newest generator version.
struct TuningRecord {
  GemmProblem problem;           ///< normalised, scalar kinds set
  std::string device;            ///< DeviceInfo::fingerprint() ("NVIDIA H200|sm_90|132 SMs|143155 MiB"), or a CPU's
  int align_bytes = 16;          ///< pointer alignment the record was tuned for (4, 8 or 16)
  KernelConfig config;           ///< the winner
  double median_s = 0, p20_s = 0, p80_s = 0;  ///< its time per call
  double heuristic_s = 0;        ///< the heuristic config's median in the same tuning run (0: not measured)
  bool verified = false;         ///< its output matched the float64 reference
  double max_rel_err = 0;
  int candidates_tried = 0, candidates_failed = 0;
  double tuning_seconds = 0;
  int generator_version = 0;     ///< kGeneratorVersion of the tuning build
  int nvrtc_version = 0, driver_version = 0;
  std::string tailor_version;    ///< kVersion of the tuning build
  std::string date;              ///< UTC, ISO 8601 ("2026-11-29T18:30:00Z")

  bool operator==(const TuningRecord&) const = default;
};

/// The version of the JSON-lines format (the "format" key of every line).
inline constexpr int kJsonFormat = 1;

/// JSON-lines form of a record (one object, stable key order, no newline): what export
/// writes and import and the shipped databases read. from_json_line throws
/// Error(database_error) on a malformed line: not JSON, a missing, unknown or mistyped
/// key, a newer format, or a record that fails detail::check_record.
std::string to_json_line(const TuningRecord& r);
TuningRecord from_json_line(const std::string& line);

/// What TuningDb::merge did.
struct MergeConflict {
  TuningRecord kept, dropped;  ///< same key, different configs
};
struct MergeResult {
  int inserted = 0;  ///< keys the database did not have
  int replaced = 0;  ///< keys where the incoming record was faster
  int kept = 0;      ///< keys where the database's record was as fast or faster
  std::vector<MergeConflict> conflicts;  ///< keys whose two records had different configs
};

/// Highest schema version this build understands (the last migration in tuning_db/schema/).
int latest_schema_version();

class TuningDb {
 public:
  enum class Mode { read_only, read_write };
  /// Opens the database at `path`. read_write creates it (and its directory) when missing
  /// and migrates it to latest_schema_version(); read_only never writes (on a read-only
  /// location it opens the file as immutable). A read-only open of an empty file (no
  /// schema yet) gives an empty database. Throws Error(database_error) naming the file,
  /// what is wrong and what to do: not a database, truncated, a foreign SQLite database,
  /// a schema newer than this build understands (the file is then left untouched), an
  /// older schema opened read-only, an unwritable location (read_write).
  static std::unique_ptr<TuningDb> open(const std::string& path, Mode mode);
  virtual ~TuningDb() = default;

  /// The record for exactly this problem on this device and alignment: of well-formed
  /// records, the one from the newest generator version, then the fastest.
  virtual std::optional<TuningRecord> lookup(const GemmProblem& problem, const std::string& device,
                                             int align_bytes) = 0;
  /// Every well-formed record of that key in lookup's order of preference (lookup is the
  /// first): a caller that rejects the first (gen::check) can fall back to an older one.
  virtual std::vector<TuningRecord> candidates(const GemmProblem& problem, const std::string& device,
                                               int align_bytes) = 0;
  /// Every well-formed record of a device (for the nearest-neighbour search), ordered by
  /// problem key, alignment, newest generator version first.
  virtual std::vector<TuningRecord> records_for_device(const std::string& device) = 0;
  /// Inserts or replaces the record with the same key, in one transaction. A record is
  /// replaced by a re-tune whatever its time (the later measurement wins). Throws
  /// Error(database_error) naming the path when the record is malformed or the database
  /// cannot be written (opened read_only, read-only location, disk full).
  virtual void upsert(const TuningRecord& r) = 0;
  /// As upsert for each record, all in one transaction: all are stored or none.
  virtual void upsert_many(const std::vector<TuningRecord>& records) = 0;
  /// Merges records from elsewhere in one transaction, keeping per key the faster record, a
  /// verified one before an unverified one whatever their times (a key includes the
  /// generator version, so a newer generator's record is added beside an older one and
  /// preferred by lookup). Reports keys whose records had different configs.
  virtual MergeResult merge(const std::vector<TuningRecord>& records) = 0;
  /// All well-formed records, in a stable order (device, problem key, align, newest
  /// generator version first).
  virtual std::vector<TuningRecord> all() = 0;
  /// Removes the records whose device fingerprint contains `device_substring` (empty: any
  /// device) and whose generator version is below `older_than_generator_version` (<= 0: any
  /// version), in one transaction; returns how many. Throws Error(invalid_argument) when
  /// both are empty, so a bare call never empties a database.
  virtual int prune(const std::string& device_substring, int older_than_generator_version) = 0;
  /// Rows the reads since the last call skipped as malformed, one line each ("record 12:
  /// median_s is text, expected a number"), and forgets them.
  virtual std::vector<std::string> take_skipped() = 0;
  /// SQLite's own check of the file (PRAGMA quick_check): empty when it is sound.
  virtual std::vector<std::string> check_integrity() = 0;
  /// PRAGMA user_version of the file (0: empty, no schema yet).
  virtual int schema_version() const = 0;
  virtual const std::string& path() const = 0;
};

/// Nearest tuned neighbours: among `records` with the same dtype, layouts, broadcast flags
/// and scalar kinds as `problem`, the ones closest by
///   d = |log2(M/M')| + |log2(K/K')| + |log2(N/N')| + 0.25 |log2(batch/batch')|
/// in increasing distance (ties: newer generator version first, then the faster record,
/// then by problem key and alignment; records equal in all of these keep their order in
/// `records`), at most `limit` of them. Records of the very same problem are excluded:
/// they are lookups, not neighbours.
std::vector<TuningRecord> nearest(const std::vector<TuningRecord>& records, const GemmProblem& problem,
                                  std::size_t limit);
double neighbour_distance(const GemmProblem& a, const GemmProblem& b);

namespace detail {

/// Why a record must not be stored or used, or nullopt: the problem is invalid, the
/// alignment is not 4, 8 or 16 (or is below the element size), a time is negative or not
/// finite, a count is negative, a string is empty where it must not be, too long, has
/// control characters or is not UTF-8. Says nothing of whether the config is legal (gen::check).
std::optional<std::string> check_record(const TuningRecord& r);

/// A device fingerprint's parts. A GPU's ("NAME|sm_XY|N SMs|M MiB") fill every field; any
/// other fingerprint (a CPU's) only `name`, which is then the whole fingerprint.
struct FingerprintParts {
  std::string name;
  std::optional<int> cc_major, cc_minor, sm_count;
  std::optional<std::int64_t> memory_mib;
};
FingerprintParts parse_fingerprint(const std::string& fingerprint);
/// The same model of card: two GPU fingerprints with the same name, architecture and SM
/// count whose memory differs by 2 % at most (drivers report a few hundred MiB more or
/// less for the same card), or two equal fingerprints.
bool same_card(const std::string& a, const std::string& b);

/// Order of preference among records of one key: newest generator version, then verified,
/// then fastest.
bool preferred(const TuningRecord& a, const TuningRecord& b);
/// Now, as a record's date: UTC, ISO 8601 ("2026-11-29T18:30:00Z").
std::string utc_now();

}  // namespace detail
}  // namespace tailor::db
