// Tuning databases: where the winners of autotuning live. A TuningDb is a real SQLite
// file (WAL, busy timeout, prepared statements, transactions, schema versioned with
// PRAGMA user_version and numbered migrations in tuning_db/schema/). It holds device
// fingerprints, problem keys and tuning records: parameters and timings only, never a
// binary and never source code. Shipped databases are JSON lines (one file per device
// under tuning_db/shipped/) that the build turns into what the runtime reads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tailor/config.hpp"
#include "tailor/problem.hpp"

namespace tailor::db {

/// One tuned (problem, device) pair. The record's key is (problem.to_string(), device, align_bytes).
struct TuningRecord {
  GemmProblem problem;           ///< normalised, scalar kinds set
  std::string device;            ///< DeviceInfo::fingerprint() ("NVIDIA H200|sm_90|132 SMs|143771 MiB"), or a CPU's
  int align_bytes = 16;          ///< pointer alignment the record was tuned for
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
};

/// JSON-lines form of a record (one object, stable key order): what export writes and
/// import and the shipped databases read. Throws Error(database_error) on a malformed line.
std::string to_json_line(const TuningRecord& r);
TuningRecord from_json_line(const std::string& line);

class TuningDb {
 public:
  enum class Mode { read_only, read_write };
  /// Opens (read_write: creates and migrates) the database at `path`. Throws
  /// Error(database_error) naming the file and what is wrong: not a database, truncated,
  /// a schema newer than this build understands, unwritable location (read_write).
  static std::unique_ptr<TuningDb> open(const std::string& path, Mode mode);
  virtual ~TuningDb() = default;

  /// The record for exactly this problem on this device: of records whose config parses,
  /// the one from the newest generator version, then the fastest. Malformed rows (wrong
  /// types, absurd sizes, configs outside the legal space) are skipped, never returned.
  virtual std::optional<TuningRecord> lookup(const GemmProblem& problem, const std::string& device,
                                             int align_bytes) = 0;
  /// Every well-formed record of a device (for the nearest-neighbour search).
  virtual std::vector<TuningRecord> records_for_device(const std::string& device) = 0;
  /// Inserts or replaces the record with the same key, in one transaction. A record is
  /// replaced by a re-tune whatever its time (the newer generator's measurement wins).
  virtual void upsert(const TuningRecord& r) = 0;
  /// All well-formed records, in a stable order (device, problem key, align).
  virtual std::vector<TuningRecord> all() = 0;
  /// Removes records matching the predicate's arguments; returns how many.
  virtual int prune(const std::string& device_substring, int older_than_generator_version) = 0;
  virtual const std::string& path() const = 0;
};

/// Nearest tuned neighbour: among `records` with the same dtype, layouts, broadcast flags
/// and scalar kinds as `problem`, the ones closest by
///   d = |log2(M/M')| + |log2(K/K')| + |log2(N/N')| + 0.25 |log2(batch/batch')|
/// in increasing distance (ties: faster record first), at most `limit` of them.
/// Exact matches (d = 0 with equal batch) are excluded: they are lookups, not neighbours.
std::vector<TuningRecord> nearest(const std::vector<TuningRecord>& records, const GemmProblem& problem,
                                  std::size_t limit);
double neighbour_distance(const GemmProblem& a, const GemmProblem& b);

}  // namespace tailor::db
