// The SQLite implementation of TuningDb. One connection per TuningDb, guarded by a mutex;
// prepared statements made once at open. The file is in WAL mode (readers never wait for
// the writer), every write is one BEGIN IMMEDIATE transaction, and SQLITE_BUSY is waited
// out (busy timeout, then retries with back-off up to two minutes) so concurrent writers
// from several processes never fail with 'database is locked'.
//
// Opening reads PRAGMA user_version before anything else and refuses a schema newer than
// the embedded migrations (tuning_db/schema/NNN_*.sql) without writing a byte; read_write
// then migrates inside one transaction. Every row read is checked (types, sizes, a
// canonical problem key, a parsable config, detail::check_record) and a malformed one is
// skipped and remembered for take_skipped(), never returned. Connections are defensive:
// values over 1 MiB are refused, the schema is not trusted to call functions with side
// effects, and all text is bound, never spliced into SQL.
#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <functional>
#include <mutex>
#include <random>
#include <thread>
#include <utility>

#include "tailor/error.hpp"
#include "tuning_db/embedded.hpp"
#include "tuning_db/records_detail.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::db {
namespace {

constexpr int kBusyTimeoutMs = 2000;                 // SQLite's own wait per attempt
constexpr auto kBusyDeadline = std::chrono::seconds(120);  // then we give up and say so
constexpr int kMaxValueBytes = 1 << 20;              // SQLITE_LIMIT_LENGTH
constexpr std::size_t kMaxSkippedKept = 1000;

struct Migration {
  int version;
  std::string name;
  std::string_view sql;
};

// The embedded migrations in order; they must be numbered 1, 2, ... without gaps.
const std::vector<Migration>& migrations() {
  static const std::vector<Migration> list = [] {
    std::vector<Migration> out;
    for (std::string_view name : detail::schema_names()) {
      int v = 0;
      std::size_t i = 0;
      while (i < name.size() && name[i] >= '0' && name[i] <= '9') v = v * 10 + (name[i++] - '0');
      if (i == 0 || i >= name.size() || name[i] != '_' || !name.ends_with(".sql"))
        throw Error(ErrorCode::internal_error,
                    fmt::format("embedded migration '{}' is not named NNN_description.sql", name));
      out.push_back({v, std::string(name), detail::schema_text(name)});
    }
    std::sort(out.begin(), out.end(), [](const Migration& a, const Migration& b) { return a.version < b.version; });
    for (std::size_t i = 0; i < out.size(); ++i)
      if (out[i].version != static_cast<int>(i) + 1)
        throw Error(ErrorCode::internal_error,
                    fmt::format("embedded migrations are not numbered 1, 2, ...: '{}' is number {}", out[i].name, i + 1));
    return out;
  }();
  return list;
}

// "file:" URI of a path, for opening with ?immutable=1.
std::string file_uri(const std::string& path) {
  const std::string abs = std::filesystem::absolute(path).string();
  std::string out = "file:";
  for (unsigned char ch : abs) {
    if (std::isalnum(ch) || std::strchr("/-_.~", ch)) out += static_cast<char>(ch);
    else out += fmt::format("%{:02X}", ch);
  }
  return out;
}

bool is_busy(int rc) { return (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED; }

void back_off(int attempt) {
  static thread_local std::minstd_rand rng(std::random_device{}());
  const int ms = std::min(1 << std::min(attempt, 6), 64);
  std::this_thread::sleep_for(std::chrono::microseconds(ms * 1000 + static_cast<int>(rng() % 1000)));
}

// What to do about a SQLite failure, by its primary result code.
std::string hint(int rc, bool writing) {
  switch (rc & 0xff) {
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return "the file is damaged, truncated or not a SQLite database: move it away (the next tuning run starts a new one) "
             "or restore it";
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return writing ? "check that the file and its directory are writable, or set TAILOR_DB to a writable path"
                     : "check that the file exists and is readable";
    case SQLITE_FULL: return "the disk is full: free some space";
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return fmt::format("another process kept it locked for more than {} s: try again",
                         std::chrono::duration_cast<std::chrono::seconds>(kBusyDeadline).count());
    case SQLITE_TOOBIG: return "it holds a value over 1 MiB, which no Tailor database does: it is not a Tailor database";
    default: return "";
  }
}

// Owns a connection (closed after its statements: declare it before them).
struct Connection {
  sqlite3* p = nullptr;
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;
  ~Connection() { reset(); }
  void reset() {
    if (p) sqlite3_close_v2(p);
    p = nullptr;
  }
};

// Owns a prepared statement.
struct Stmt {
  sqlite3_stmt* s = nullptr;
  Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  ~Stmt() { sqlite3_finalize(s); }
  operator sqlite3_stmt*() const { return s; }
};

constexpr const char* kSelectColumns =
    "SELECT r.id, d.fingerprint, p.key, p.dtype, p.batch, p.m, p.k, p.n, r.align_bytes, r.generator_version, "
    "r.config, r.median_s, r.p20_s, r.p80_s, r.heuristic_s, r.verified, r.max_rel_err, r.candidates_tried, "
    "r.candidates_failed, r.tuning_seconds, r.nvrtc_version, r.driver_version, r.tailor_version, r.date "
    "FROM records r JOIN devices d ON d.id = r.device_id JOIN problems p ON p.id = r.problem_id ";

class SqliteTuningDb final : public TuningDb {
 public:
  SqliteTuningDb(std::string path, Mode mode) : path_(std::move(path)), mode_(mode) { open_file(); }

  std::optional<TuningRecord> lookup(const GemmProblem& problem, const std::string& device, int align) override {
    auto c = candidates(problem, device, align);
    if (c.empty()) return std::nullopt;
    return std::move(c.front());
  }

  std::vector<TuningRecord> candidates(const GemmProblem& problem, const std::string& device, int align) override {
    const std::string key = problem.to_string();
    std::lock_guard lock(mu_);
    if (empty_) return {};
    return query(by_key_, "looking up " + key, [&](sqlite3_stmt* s) {
      bind_text(s, 1, device);
      bind_text(s, 2, key);
      sqlite3_bind_int(s, 3, align);
    });
  }

  std::vector<TuningRecord> records_for_device(const std::string& device) override {
    std::lock_guard lock(mu_);
    if (empty_) return {};
    return query(by_device_, "reading the records of " + device, [&](sqlite3_stmt* s) { bind_text(s, 1, device); });
  }

  std::vector<TuningRecord> all() override {
    std::lock_guard lock(mu_);
    if (empty_) return {};
    return query(all_, "reading all records", [](sqlite3_stmt*) {});
  }

  void upsert(const TuningRecord& r) override { upsert_many({r}); }

  void upsert_many(const std::vector<TuningRecord>& records) override {
    for (const TuningRecord& r : records) require_well_formed(r);
    std::lock_guard lock(mu_);
    write("storing tuning records", [&] {
      for (const TuningRecord& r : records) store(r);
    });
  }

  MergeResult merge(const std::vector<TuningRecord>& records) override {
    for (const TuningRecord& r : records) require_well_formed(r);
    std::lock_guard lock(mu_);
    MergeResult result;
    write("merging tuning records", [&] {
      result = MergeResult{};
      for (const TuningRecord& in : records) {
        auto have = query(exact_, "merging", [&](sqlite3_stmt* s) {
          bind_text(s, 1, in.device);
          bind_text(s, 2, in.problem.to_string());
          sqlite3_bind_int(s, 3, in.align_bytes);
          sqlite3_bind_int(s, 4, in.generator_version);
        });
        if (have.empty()) {
          store(in);
          ++result.inserted;
          continue;
        }
        const TuningRecord& old = have.front();
        // A verified record beats an unverified one whatever their times; between records of
        // the same standing the faster wins.
        const bool faster =
            in.verified != old.verified ? in.verified : in.median_s < old.median_s;
        if (faster) {
          store(in);
          ++result.replaced;
        } else {
          ++result.kept;
        }
        if (!(in.config == old.config))
          result.conflicts.push_back(faster ? MergeConflict{in, old} : MergeConflict{old, in});
      }
    });
    return result;
  }

  int prune(const std::string& device_substring, int older_than) override {
    if (device_substring.empty() && older_than <= 0)
      throw Error(ErrorCode::invalid_argument,
                  "prune needs a device substring or a generator version (refusing to remove every record)");
    std::lock_guard lock(mu_);
    int removed = 0;
    write("pruning records", [&] {
      sqlite3_reset(prune_);
      bind_text(prune_, 1, device_substring);
      sqlite3_bind_int(prune_, 2, older_than);
      if (int rc = step(prune_); rc != SQLITE_DONE) fail(rc, "pruning records", true);
      removed = sqlite3_changes(db_);
      for (Stmt* s : {&drop_devices_, &drop_problems_}) {
        sqlite3_reset(*s);
        if (int rc = step(*s); rc != SQLITE_DONE) fail(rc, "removing unused devices and problems", true);
      }
    });
    return removed;
  }

  std::vector<std::string> take_skipped() override {
    std::lock_guard lock(mu_);
    std::vector<std::string> out;
    out.swap(skipped_);
    if (skipped_dropped_)
      out.push_back(fmt::format("... and {} more malformed records", std::exchange(skipped_dropped_, 0)));
    return out;
  }

  std::vector<std::string> check_integrity() override {
    std::lock_guard lock(mu_);
    std::vector<std::string> out;
    Stmt s;
    int rc = sqlite3_prepare_v2(db_, "PRAGMA quick_check", -1, &s.s, nullptr);
    if (rc == SQLITE_OK) {
      for (rc = step(s); rc == SQLITE_ROW; rc = sqlite3_step(s)) {
        const char* t = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
        if (t && std::strcmp(t, "ok") != 0) out.emplace_back(t);
      }
    }
    if (rc != SQLITE_DONE) out.push_back(fmt::format("quick_check failed: {}", sqlite3_errmsg(db_)));
    return out;
  }

  int schema_version() const override { return version_; }
  const std::string& path() const override { return path_; }

 private:
  // ---- opening ------------------------------------------------------------------------

  [[noreturn]] void fail(int rc, std::string_view what, bool writing) const {
    const std::string h = hint(rc, writing);
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc), str = sqlite3_errstr(rc);
    throw Error(ErrorCode::database_error,
                fmt::format("tuning database {}: {}: {}{}{}", path_, what, msg == str ? msg : msg + " (" + str + ")",
                            h.empty() ? "" : "; ", h));
  }
  [[noreturn]] void refuse(std::string_view why) const {
    throw Error(ErrorCode::database_error, fmt::format("tuning database {}: {}", path_, why));
  }

  int connect(const std::string& name, int flags) {
    conn_.reset();
    const int rc = sqlite3_open_v2(name.c_str(), &conn_.p, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    db_ = conn_.p;
    if (rc != SQLITE_OK) return rc;
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
    sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, kMaxValueBytes);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
#ifdef SQLITE_DBCONFIG_TRUSTED_SCHEMA
    sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
#endif
    return SQLITE_OK;
  }

  // One-value query (PRAGMA user_version ...), with busy retries. Returns the result code.
  int scalar(const char* sql, std::string& out) {
    Stmt s;
    int rc = sqlite3_prepare_v2(db_, sql, -1, &s.s, nullptr);
    if (rc != SQLITE_OK) return rc;
    rc = step(s);
    if (rc == SQLITE_ROW) {
      const char* t = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
      out = t ? t : "";
      return SQLITE_OK;
    }
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
  }

  // Reads the schema version and whether the file has tables, in one statement (one
  // snapshot: another process may be creating the schema right now).
  int read_user_version() {
    std::string v;
    if (int rc = scalar("SELECT (SELECT user_version FROM pragma_user_version) || ' ' || "
                        "(SELECT count(*) FROM sqlite_master)",
                        v);
        rc != SQLITE_OK)
      return rc;
    char* end = nullptr;
    version_ = static_cast<int>(std::strtol(v.c_str(), &end, 10));
    tables_ = end && std::strtol(end, nullptr, 10) > 0;
    return SQLITE_OK;
  }

  bool has_tables() const { return tables_; }

  void open_file() {
    const bool rw = mode_ == Mode::read_write;
    std::error_code ec;
    if (!rw) {
      if (!std::filesystem::exists(path_, ec))
        refuse("no such file; a tuning database is created by tailor-tune or 'tailor-db import'");
      if (int rc = connect(path_, SQLITE_OPEN_READONLY); rc != SQLITE_OK) fail(rc, "opening it read-only", false);
      int rc = read_user_version();
      if ((rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_CANTOPEN) {
        // A WAL database in a location we cannot write: nobody can change it, so read it as immutable.
        if (connect(file_uri(path_) + "?immutable=1", SQLITE_OPEN_READONLY | SQLITE_OPEN_URI) == SQLITE_OK)
          rc = read_user_version();
      }
      if (rc != SQLITE_OK) fail(rc, "reading it", false);
    } else {
      const auto dir = std::filesystem::path(path_).parent_path();
      if (!dir.empty() && !std::filesystem::exists(dir, ec)) {
        std::filesystem::create_directories(dir, ec);
        if (ec)
          refuse(fmt::format("cannot create its directory {} ({}); set TAILOR_DB to a writable path", dir.string(),
                             ec.message()));
      }
      if (int rc = connect(path_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE); rc != SQLITE_OK)
        fail(rc, "opening it for writing", true);
      if (int rc = read_user_version(); rc != SQLITE_OK) fail(rc, "reading it", true);
    }
    check_version(version_);
    if (!rw) {
      if (version_ == 0) {
        if (has_tables())
          refuse("not a Tailor tuning database (it has tables but no Tailor schema version); point TAILOR_DB elsewhere");
        empty_ = true;  // an empty file: no records
        return;
      }
      if (version_ < latest_schema_version())
        refuse(fmt::format("schema version {} is older than this build's {} and the database is opened read-only; "
                           "any write to it (tailor-tune, 'tailor-db import' or 'tailor-db merge') migrates it",
                           version_, latest_schema_version()));
    } else {
      if (version_ == 0 && has_tables())
        refuse("not a Tailor tuning database (it has tables but no Tailor schema version); point TAILOR_DB elsewhere");
      if (sqlite3_db_readonly(db_, "main") == 1)
        refuse("the file is read-only; check its permissions, or set TAILOR_DB to a writable path");
      set_wal();
      exec("PRAGMA synchronous = NORMAL", "configuring it", true);
      migrate();
    }
    prepare_statements();
  }

  void check_version(int v) const {
    if (v > latest_schema_version())
      refuse(fmt::format("schema version {} is newer than this build understands ({}): it was written by a newer "
                         "Tailor; use that version, or point TAILOR_DB elsewhere (the file was not modified)",
                         v, latest_schema_version()));
    if (v < 0) refuse(fmt::format("schema version {} is not a Tailor schema; point TAILOR_DB elsewhere", v));
  }

  void set_wal() {
    std::string mode;
    if (int rc = scalar("PRAGMA journal_mode", mode); rc != SQLITE_OK) fail(rc, "reading its journal mode", true);
    if (mode == "wal") return;
    if (int rc = scalar("PRAGMA journal_mode = WAL", mode); rc != SQLITE_OK) fail(rc, "switching it to WAL mode", true);
    if (mode != "wal") refuse(fmt::format("cannot switch it to WAL mode (journal mode stays '{}')", mode));
  }

  void exec(const char* sql, std::string_view what, bool writing) {
    Stmt s;
    int rc = sqlite3_prepare_v2(db_, sql, -1, &s.s, nullptr);
    if (rc == SQLITE_OK) {
      rc = step(s);
      while (rc == SQLITE_ROW) rc = sqlite3_step(s);
    }
    if (rc != SQLITE_DONE && rc != SQLITE_OK) fail(rc, what, writing);
  }

  // Runs a whole migration script (several statements).
  void exec_script(std::string_view sql, std::string_view what) {
    const std::string text(sql);
    const char* tail = text.c_str();
    while (tail && *tail) {
      Stmt s;
      const char* next = nullptr;
      if (int rc = sqlite3_prepare_v2(db_, tail, -1, &s.s, &next); rc != SQLITE_OK) fail(rc, what, true);
      if (s.s) {
        int rc = sqlite3_step(s);
        while (rc == SQLITE_ROW) rc = sqlite3_step(s);
        if (rc != SQLITE_DONE) fail(rc, what, true);
      }
      tail = next;
    }
  }

  void migrate() {
    // Already current (read just before): no write transaction, so opening a database that
    // another process is writing does not wait for its lock.
    if (version_ == latest_schema_version()) return;
    write_unlocked("creating or migrating its schema", [&] {
      if (int rc = read_user_version(); rc != SQLITE_OK) fail(rc, "reading its schema version", true);
      check_version(version_);
      if (version_ == 0 && has_tables())
        refuse("not a Tailor tuning database (it has tables but no Tailor schema version); point TAILOR_DB elsewhere");
      for (const Migration& m : migrations()) {
        if (m.version <= version_) continue;
        exec_script(m.sql, fmt::format("applying migration {}", m.name));
        exec(fmt::format("PRAGMA user_version = {}", m.version).c_str(), "setting its schema version", true);
      }
    });
    version_ = latest_schema_version();
  }

  void prepare(Stmt& s, const std::string& sql) {
    if (int rc = sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &s.s, nullptr); rc != SQLITE_OK) {
      if ((rc & 0xff) != SQLITE_ERROR) fail(rc, "preparing its queries", false);
      refuse(fmt::format("not a Tailor tuning database ({}); run 'tailor-db verify' on it, or move it away",
                         sqlite3_errmsg(db_)));
    }
  }

  void prepare_statements() {
    const std::string cols = kSelectColumns;
    prepare(by_key_, cols + "WHERE d.fingerprint = ?1 AND p.key = ?2 AND r.align_bytes = ?3 "
                            "ORDER BY r.generator_version DESC, r.median_s, r.id");
    prepare(exact_, cols + "WHERE d.fingerprint = ?1 AND p.key = ?2 AND r.align_bytes = ?3 AND "
                           "r.generator_version = ?4 ORDER BY r.median_s, r.id");
    prepare(by_device_, cols + "WHERE d.fingerprint = ?1 ORDER BY p.key, r.align_bytes, r.generator_version DESC, r.id");
    prepare(all_, cols + "ORDER BY d.fingerprint, p.key, r.align_bytes, r.generator_version DESC, r.id");
    if (mode_ != Mode::read_write) return;
    prepare(begin_, "BEGIN IMMEDIATE");
    prepare(commit_, "COMMIT");
    prepare(rollback_, "ROLLBACK");
    prepare(insert_device_,
            "INSERT INTO devices (fingerprint, name, cc_major, cc_minor, sm_count, memory_mib) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (fingerprint) DO NOTHING");
    prepare(device_id_, "SELECT id FROM devices WHERE fingerprint = ?1");
    prepare(insert_problem_,
            "INSERT INTO problems (key, dtype, batch, m, k, n) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
            "ON CONFLICT (key) DO NOTHING");
    prepare(problem_id_, "SELECT id FROM problems WHERE key = ?1");
    prepare(upsert_,
            "INSERT INTO records (device_id, problem_id, align_bytes, generator_version, config, median_s, p20_s, "
            "p80_s, heuristic_s, verified, max_rel_err, candidates_tried, candidates_failed, tuning_seconds, "
            "nvrtc_version, driver_version, tailor_version, date) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18) "
            "ON CONFLICT (device_id, problem_id, align_bytes, generator_version) DO UPDATE SET "
            "config = excluded.config, median_s = excluded.median_s, p20_s = excluded.p20_s, "
            "p80_s = excluded.p80_s, heuristic_s = excluded.heuristic_s, verified = excluded.verified, "
            "max_rel_err = excluded.max_rel_err, candidates_tried = excluded.candidates_tried, "
            "candidates_failed = excluded.candidates_failed, tuning_seconds = excluded.tuning_seconds, "
            "nvrtc_version = excluded.nvrtc_version, driver_version = excluded.driver_version, "
            "tailor_version = excluded.tailor_version, date = excluded.date");
    prepare(prune_,
            "DELETE FROM records WHERE id IN (SELECT r.id FROM records r JOIN devices d ON d.id = r.device_id "
            "WHERE (?1 = '' OR instr(d.fingerprint, ?1) > 0) AND (?2 <= 0 OR r.generator_version < ?2))");
    prepare(drop_devices_, "DELETE FROM devices WHERE id NOT IN (SELECT device_id FROM records)");
    prepare(drop_problems_, "DELETE FROM problems WHERE id NOT IN (SELECT problem_id FROM records)");
  }

  // ---- statements ---------------------------------------------------------------------

  // sqlite3_step, waiting out SQLITE_BUSY (the busy timeout, then retries with back-off).
  // Only for statements that have not returned a row yet.
  int step(sqlite3_stmt* s) {
    const auto deadline = std::chrono::steady_clock::now() + kBusyDeadline;
    for (int attempt = 0;; ++attempt) {
      const int rc = sqlite3_step(s);
      if (!is_busy(rc) || std::chrono::steady_clock::now() > deadline) return rc;
      sqlite3_reset(s);
      back_off(attempt);
    }
  }

  static void bind_text(sqlite3_stmt* s, int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
  }

  // Runs a SELECT of kSelectColumns; well-formed rows are returned, others remembered.
  template <class Bind>
  std::vector<TuningRecord> query(sqlite3_stmt* s, std::string_view what, Bind&& bind) {
    const auto deadline = std::chrono::steady_clock::now() + kBusyDeadline;
    for (int attempt = 0;; ++attempt) {
      std::vector<TuningRecord> out;
      std::vector<std::string> skipped;
      sqlite3_reset(s);
      sqlite3_clear_bindings(s);
      bind(s);
      int rc;
      while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        TuningRecord r;
        std::string why;
        if (read_row(s, r, why)) out.push_back(std::move(r));
        else skipped.push_back(std::move(why));
      }
      sqlite3_reset(s);
      if (rc == SQLITE_DONE) {
        for (std::string& w : skipped) remember_skipped(std::move(w));
        return out;
      }
      if (!is_busy(rc) || std::chrono::steady_clock::now() > deadline) fail(rc, what, false);
      back_off(attempt);  // a reader met a busy WAL (recovery): start the query again
    }
  }

  void remember_skipped(std::string why) {
    if (skipped_.size() < kMaxSkippedKept) skipped_.push_back(std::move(why));
    else ++skipped_dropped_;
  }

  // One row of kSelectColumns into `r`, or false with `why`.
  static bool read_row(sqlite3_stmt* s, TuningRecord& r, std::string& why) {
    const long long id = sqlite3_column_int64(s, 0);
    std::string key = "?";
    auto bad = [&](std::string what) {
      why = fmt::format("record {} ({}): {}", id, key, what);
      return false;
    };
    auto type_name = [](int t) {
      return t == SQLITE_INTEGER ? "an integer" : t == SQLITE_FLOAT ? "a real" : t == SQLITE_TEXT ? "text"
             : t == SQLITE_BLOB  ? "a blob"
                                 : "NULL";
    };
    auto text = [&](int i, const char* name, std::size_t max, std::string& out) {
      const int t = sqlite3_column_type(s, i);
      if (t != SQLITE_TEXT) return bad(fmt::format("{} is {}, expected text", name, type_name(t)));
      const int n = sqlite3_column_bytes(s, i);
      if (n < 0 || static_cast<std::size_t>(n) > max)
        return bad(fmt::format("{} is {} bytes long (at most {})", name, n, max));
      const auto* p = sqlite3_column_text(s, i);
      out.assign(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
      if (out.find('\0') != std::string::npos) return bad(fmt::format("{} contains a NUL byte", name));
      return true;
    };
    auto int64 = [&](int i, const char* name, std::int64_t& out) {
      const int t = sqlite3_column_type(s, i);
      if (t != SQLITE_INTEGER) return bad(fmt::format("{} is {}, expected an integer", name, type_name(t)));
      out = sqlite3_column_int64(s, i);
      return true;
    };
    auto integer = [&](int i, const char* name, int& out) {
      std::int64_t v;
      if (!int64(i, name, v)) return false;
      if (v < -0x7fffffffLL || v > 0x7fffffffLL) return bad(fmt::format("{} = {} is out of range", name, v));
      out = static_cast<int>(v);
      return true;
    };
    auto real = [&](int i, const char* name, double& out) {
      const int t = sqlite3_column_type(s, i);
      if (t != SQLITE_FLOAT && t != SQLITE_INTEGER)
        return bad(fmt::format("{} is {}, expected a number", name, type_name(t)));
      out = sqlite3_column_double(s, i);
      return true;
    };
    std::string dtype, config;
    std::int64_t batch, m, k, n;
    int verified = 0;
    if (!text(1, "device", detail::kMaxDeviceBytes, r.device)) return false;
    if (!text(2, "problem key", detail::kMaxProblemBytes, key)) {
      key = "?";
      return false;
    }
    if (!text(3, "dtype", 8, dtype) || !int64(4, "batch", batch) || !int64(5, "m", m) || !int64(6, "k", k) ||
        !int64(7, "n", n) || !integer(8, "align_bytes", r.align_bytes) ||
        !integer(9, "generator_version", r.generator_version) || !text(10, "config", detail::kMaxConfigBytes, config) ||
        !real(11, "median_s", r.median_s) || !real(12, "p20_s", r.p20_s) || !real(13, "p80_s", r.p80_s) ||
        !real(14, "heuristic_s", r.heuristic_s) || !integer(15, "verified", verified) ||
        !real(16, "max_rel_err", r.max_rel_err) || !integer(17, "candidates_tried", r.candidates_tried) ||
        !integer(18, "candidates_failed", r.candidates_failed) || !real(19, "tuning_seconds", r.tuning_seconds) ||
        !integer(20, "nvrtc_version", r.nvrtc_version) || !integer(21, "driver_version", r.driver_version) ||
        !text(22, "tailor_version", detail::kMaxShortText, r.tailor_version) ||
        !text(23, "date", detail::kMaxShortText, r.date))
      return false;
    if (verified != 0 && verified != 1) return bad(fmt::format("verified = {} must be 0 or 1", verified));
    r.verified = verified == 1;
    try {
      r.problem = GemmProblem::parse(key).normalized();
    } catch (const Error& e) {
      return bad("problem key: " + detail::reason(e));
    }
    if (r.problem.to_string() != key) return bad("problem key is not in canonical form");
    if (dtype != to_string(r.problem.dtype) || batch != r.problem.batch || m != r.problem.m || k != r.problem.k ||
        n != r.problem.n)
      return bad("the problem's dtype and size columns disagree with its key");
    try {
      r.config = KernelConfig::parse(config);
    } catch (const Error& e) {
      return bad("config: " + detail::reason(e));
    }
    if (auto w = detail::check_record(r)) return bad(*w);
    return true;
  }

  void require_well_formed(const TuningRecord& r) const {
    if (auto why = detail::check_record(r))
      refuse(fmt::format("record for {} on {} is malformed and was not stored: {}", r.problem.to_string(), r.device,
                         *why));
  }

  // One write transaction running `body`; the mutex must be held.
  template <class Body>
  void write(std::string_view what, Body&& body) {
    if (mode_ != Mode::read_write)
      refuse(fmt::format("{}: the database is opened read-only (a lookup connection); open it read_write to write",
                         what));
    write_unlocked(what, std::forward<Body>(body));
  }

  template <class Body>
  void write_unlocked(std::string_view what, Body&& body) {
    Stmt begin, commit, rollback;  // migrate() runs before the persistent statements exist
    sqlite3_stmt* b = begin_.s;
    sqlite3_stmt* c = commit_.s;
    sqlite3_stmt* rb = rollback_.s;
    if (!b) {
      for (auto [st, sql] : {std::pair{&begin, "BEGIN IMMEDIATE"}, {&commit, "COMMIT"}, {&rollback, "ROLLBACK"}})
        if (int rc = sqlite3_prepare_v2(db_, sql, -1, &st->s, nullptr); rc != SQLITE_OK) fail(rc, what, true);
      b = begin, c = commit, rb = rollback;
    }
    sqlite3_reset(b);
    if (int rc = step(b); rc != SQLITE_DONE) {
      sqlite3_reset(b);
      fail(rc, fmt::format("{} (starting a write transaction)", what), true);
    }
    sqlite3_reset(b);
    try {
      body();
      sqlite3_reset(c);
      if (int rc = step(c); rc != SQLITE_DONE) fail(rc, fmt::format("{} (committing)", what), true);
      sqlite3_reset(c);
    } catch (...) {
      sqlite3_reset(c);
      if (!sqlite3_get_autocommit(db_)) {
        sqlite3_reset(rb);
        sqlite3_step(rb);
        sqlite3_reset(rb);
      }
      throw;
    }
  }

  // Inserts (or finds) a device or problem row and returns its id.
  std::int64_t ensure(Stmt& insert, Stmt& select, const std::function<void(sqlite3_stmt*)>& bind_insert,
                      const std::string& key, std::string_view what) {
    sqlite3_reset(insert);
    sqlite3_clear_bindings(insert);
    bind_insert(insert);
    if (int rc = step(insert); rc != SQLITE_DONE) fail(rc, what, true);
    sqlite3_reset(insert);
    sqlite3_reset(select);
    bind_text(select, 1, key);
    const int rc = step(select);
    if (rc != SQLITE_ROW || sqlite3_column_type(select, 0) != SQLITE_INTEGER) {
      sqlite3_reset(select);
      if (rc == SQLITE_ROW) refuse(fmt::format("{}: its id is not an integer", what));
      fail(rc, what, true);
    }
    const std::int64_t id = sqlite3_column_int64(select, 0);
    sqlite3_reset(select);
    return id;
  }

  // Stores one well-formed record; inside a write transaction.
  void store(const TuningRecord& r) {
    const detail::FingerprintParts fp = detail::parse_fingerprint(r.device);
    auto opt = [](sqlite3_stmt* s, int i, std::optional<std::int64_t> v) {
      if (v) sqlite3_bind_int64(s, i, *v);
      else sqlite3_bind_null(s, i);
    };
    const std::int64_t device_id = ensure(
        insert_device_, device_id_,
        [&](sqlite3_stmt* s) {
          bind_text(s, 1, r.device);
          bind_text(s, 2, fp.name);
          opt(s, 3, fp.cc_major);
          opt(s, 4, fp.cc_minor);
          opt(s, 5, fp.sm_count);
          opt(s, 6, fp.memory_mib);
        },
        r.device, "storing a device");
    const std::string key = r.problem.to_string();
    const GemmProblem& p = r.problem;
    const std::int64_t problem_id = ensure(
        insert_problem_, problem_id_,
        [&](sqlite3_stmt* s) {
          bind_text(s, 1, key);
          bind_text(s, 2, std::string(to_string(p.dtype)));
          sqlite3_bind_int64(s, 3, p.batch);
          sqlite3_bind_int64(s, 4, p.m);
          sqlite3_bind_int64(s, 5, p.k);
          sqlite3_bind_int64(s, 6, p.n);
        },
        key, "storing a problem");
    sqlite3_stmt* s = upsert_;
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    sqlite3_bind_int64(s, 1, device_id);
    sqlite3_bind_int64(s, 2, problem_id);
    sqlite3_bind_int(s, 3, r.align_bytes);
    sqlite3_bind_int(s, 4, r.generator_version);
    bind_text(s, 5, r.config.to_string());
    sqlite3_bind_double(s, 6, r.median_s);
    sqlite3_bind_double(s, 7, r.p20_s);
    sqlite3_bind_double(s, 8, r.p80_s);
    sqlite3_bind_double(s, 9, r.heuristic_s);
    sqlite3_bind_int(s, 10, r.verified ? 1 : 0);
    sqlite3_bind_double(s, 11, r.max_rel_err);
    sqlite3_bind_int(s, 12, r.candidates_tried);
    sqlite3_bind_int(s, 13, r.candidates_failed);
    sqlite3_bind_double(s, 14, r.tuning_seconds);
    sqlite3_bind_int(s, 15, r.nvrtc_version);
    sqlite3_bind_int(s, 16, r.driver_version);
    bind_text(s, 17, r.tailor_version);
    bind_text(s, 18, r.date);
    if (int rc = step(s); rc != SQLITE_DONE) fail(rc, "storing a record", true);
    sqlite3_reset(s);
  }

  std::string path_;
  Mode mode_;
  Connection conn_;  // before the statements: destroyed after them
  sqlite3* db_ = nullptr;
  int version_ = 0;
  bool tables_ = false;  // the file has tables (read with version_)
  bool empty_ = false;  // read-only open of a file with no schema yet
  std::mutex mu_;
  std::vector<std::string> skipped_;
  std::size_t skipped_dropped_ = 0;
  Stmt by_key_, by_device_, all_, exact_, begin_, commit_, rollback_, insert_device_, device_id_, insert_problem_,
      problem_id_, upsert_, prune_, drop_devices_, drop_problems_;
};

}  // namespace

int latest_schema_version() { return migrations().empty() ? 0 : migrations().back().version; }

std::unique_ptr<TuningDb> TuningDb::open(const std::string& path, Mode mode) {
  if (path.empty())
    throw Error(ErrorCode::database_error,
                "no tuning database path (TAILOR_DB is unset and there is no cache directory); set TAILOR_DB");
  return std::make_unique<SqliteTuningDb>(path, mode);
}

}  // namespace tailor::db
