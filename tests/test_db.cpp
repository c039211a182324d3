// The SQLite tuning database on real files: records round-trip, the key and version rules,
// merge and prune, JSON lines, migrations, concurrent writers in four processes, and the
// files it must refuse without crashing or modifying them (truncated, garbage, a future
// schema, a foreign database) or read defensively (hostile rows, a read-only location).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "test_db_util.hpp"
#include "tuning_db/embedded.hpp"

using namespace tailor;
using namespace dbtest;

namespace {

const GemmProblem kP1 = problem("f64 1000000x3x25x1");
const GemmProblem kP2 = problem("f64 1000000x3x20x1");
const GemmProblem kP3 = problem("f32 200000x4x4x4");

std::unique_ptr<TuningDb> open_rw(const std::string& path) { return TuningDb::open(path, TuningDb::Mode::read_write); }
std::unique_ptr<TuningDb> open_ro(const std::string& path) { return TuningDb::open(path, TuningDb::Mode::read_only); }

// The message of the database_error `f` throws ("" and a failed check when it throws nothing else).
template <class F>
std::string database_error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::database_error);
    return e.what();
  }
  FAIL("expected Error(database_error)");
  return "";
}

// A database of `n` records with distinct problems, closed (checkpointed) when this returns.
void fill(const std::string& path, int n) {
  auto db = open_rw(path);
  std::vector<TuningRecord> rs;
  for (int i = 0; i < n; ++i)
    rs.push_back(record(problem("f64 " + std::to_string(1000 + i) + "x3x25x1"), slab(256, 32), 1e-4 + i * 1e-7));
  db->upsert_many(rs);
}

}  // namespace

TEST_CASE("JSON line of a record has a stable key order and round-trips every field") {
  TuningRecord r = record(kP1, slab(256, 32), 0.1 + 0.2);
  r.max_rel_err = 1e-300;
  r.p20_s = 1.0 / 3.0;
  r.verified = false;
  const std::string line = db::to_json_line(r);
  CHECK(line.rfind("{\"format\":1,\"device\":\"sm_90 model (no device)|sm_90|132 SMs|0 MiB\",\"problem\":\"f64 "
                   "1000000x3x25x1 a=row:25:75 b=row:1:25 c=row:1:3 alpha=1 beta=0\",\"align\":16,"
                   "\"generator_version\":1,\"config\":\"slab,t=256,minb=1,mats=32,vec=1,rm=1,rn=1,grid=0\","
                   "\"median_s\":",
                   0) == 0);
  CHECK(line.find('\n') == std::string::npos);
  const char* order[] = {"\"format\"",      "\"device\"",           "\"problem\"",          "\"align\"",
                         "\"generator_version\"", "\"config\"",     "\"median_s\"",         "\"p20_s\"",
                         "\"p80_s\"",       "\"heuristic_s\"",      "\"verified\"",         "\"max_rel_err\"",
                         "\"candidates_tried\"", "\"candidates_failed\"", "\"tuning_seconds\"", "\"nvrtc_version\"",
                         "\"driver_version\"", "\"tailor_version\"", "\"date\""};
  std::size_t at = 0;
  for (const char* key : order) {
    const std::size_t pos = line.find(key);
    INFO(key);
    REQUIRE(pos != std::string::npos);
    CHECK(pos >= at);
    at = pos;
  }
  CHECK(db::from_json_line(line) == r);
  CHECK(db::to_json_line(db::from_json_line(line)) == line);
}

TEST_CASE("from_json_line rejects each kind of malformed line with database_error naming it") {
  const std::string good = db::to_json_line(record(kP1, slab(256, 32)));
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const std::size_t pos = s.find(from);
    REQUIRE(pos != std::string::npos);
    return s.replace(pos, from.size(), to);
  };
  const std::pair<std::string, std::string> cases[] = {
      {"{\"format\":1", "JSON"},                                  // truncated
      {"[1,2,3]", "object"},                                      // not an object
      {replace("\"align\":16,", ""), "align"},                    // missing key
      {replace("\"align\":16", "\"align\":16,\"colour\":\"red\""), "colour"},  // unknown key
      {replace("\"align\":16", "\"align\":\"16\""), "align"},     // wrong type
      {replace("\"align\":16", "\"align\":3"), "align"},          // illegal alignment
      {replace("\"format\":1", "\"format\":2"), "newer"},         // future format
      {replace("\"verified\":true", "\"verified\":1"), "verified"},
      {replace("\"median_s\":0.0001", "\"median_s\":-1.0"), "median_s"},
      {replace("\"candidates_tried\":40", "\"candidates_tried\":1e99"), "candidates_tried"},
      {replace("\"generator_version\":1", "\"generator_version\":99999999999"), "generator_version"},
      {replace("slab,t=256", "slab,t=25x"), "config"},
      {replace("slab,", "warp,"), "config"},
      {replace("f64 1000000x3x25x1", "f64 0x3x25x1"), "problem"},
      {replace("f64 1000000x3x25x1", "f64 4000000000x4000000000x3x1"), "problem"},
      {replace("\"device\":\"sm_90 model (no device)|sm_90|132 SMs|0 MiB\"", "\"device\":\"\""), "device"},
      {replace("sm_90 model (no device)", "sm_90\\nmodel"), "device"},  // a control character
      {replace("0.1.0", std::string(100, 'v')), "tailor_version"},
  };
  for (const auto& [line, mention] : cases) {
    INFO(line);
    const std::string what = database_error_of([&] { db::from_json_line(line); });
    CHECK(what.find(mention) != std::string::npos);
  }
}

TEST_CASE("migrations are numbered 1, 2, ... and a new database gets the latest schema in WAL mode") {
  const auto names = db::detail::schema_names();
  REQUIRE(!names.empty());
  CHECK(db::latest_schema_version() == static_cast<int>(names.size()));
  CHECK(names.front() == "001_initial.sql");
  TempDir dir;
  const std::string path = dir / "sub/dir/tuning.db";  // the directory is created too
  {
    auto db = open_rw(path);
    CHECK(db->schema_version() == db::latest_schema_version());
    CHECK(db->path() == path);
    CHECK(db->all().empty());
    CHECK(db->check_integrity().empty());
  }
  CHECK(sql_value(path, "PRAGMA user_version") == std::to_string(db::latest_schema_version()));
  CHECK(sql_value(path, "PRAGMA journal_mode") == "wal");
  // Opening again neither migrates nor changes anything.
  auto again = open_rw(path);
  CHECK(again->schema_version() == db::latest_schema_version());
}

TEST_CASE("records round-trip through a SQLite file: f64 1000000x3x25x1, f64 1000000x3x20x1, f32 200000x4x4x4") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  const TuningRecord a = record(kP1, slab(256, 32), 1.5e-4);
  const TuningRecord b = record(kP2, slab(128, 16), 1.2e-4);
  const TuningRecord c = record(kP3, "slab,t=256,minb=1,mats=32,vec=4,rm=1,rn=1,grid=0", 2e-4);
  TuningRecord c8 = record(kP3, slab(256, 64), 2.5e-4, 1, 8);
  TuningRecord other_device = a;
  other_device.device = "NVIDIA H200|sm_90|132 SMs|143771 MiB";
  {
    auto db = open_rw(path);
    db->upsert(c);
    db->upsert(a);
    db->upsert_many({b, c8, other_device});
  }
  auto db = open_ro(path);
  // Stable order: device, problem key, alignment.
  const std::vector<TuningRecord> want = {other_device, c8, c, b, a};  // "NVIDIA" < "sm_90", "f32" < "f64"
  CHECK(db->all() == want);
  CHECK(db->lookup(kP1, device().fingerprint(), 16) == a);
  CHECK(db->lookup(kP3, device().fingerprint(), 16) == c);
  CHECK(db->lookup(kP3, device().fingerprint(), 8) == c8);
  CHECK(!db->lookup(kP1, device().fingerprint(), 8));        // tuned for 16-byte pointers only
  CHECK(!db->lookup(kP1, "NVIDIA H100|sm_90|132 SMs|81559 MiB", 16));
  GemmProblem beta1 = kP1;
  beta1.beta_kind = ScalarKind::one;
  CHECK(!db->lookup(beta1, device().fingerprint(), 16));  // scalar kinds are part of the key
  CHECK(db->records_for_device(device().fingerprint()) == std::vector<TuningRecord>{c8, c, b, a});
  CHECK(db->take_skipped().empty());
  // The devices table holds the fingerprint's parts.
  CHECK(sql_value(path, "SELECT name || ',' || cc_major || ',' || cc_minor || ',' || sm_count || ',' || memory_mib "
                        "FROM devices WHERE fingerprint LIKE 'NVIDIA%'") == "NVIDIA H200,9,0,132,143771");
  CHECK(sql_value(path, "SELECT count(*) FROM problems") == "3");
}

TEST_CASE("device fingerprints are parsed into their parts, other fingerprints keep only a name") {
  const auto h200 = db::detail::parse_fingerprint("NVIDIA H200|sm_90|132 SMs|143771 MiB");
  CHECK(h200.name == "NVIDIA H200");
  CHECK(h200.cc_major == 9);
  CHECK(h200.cc_minor == 0);
  CHECK(h200.sm_count == 132);
  CHECK(h200.memory_mib == 143771);
  const auto b200 = db::detail::parse_fingerprint("NVIDIA B200|sm_100|148 SMs|183359 MiB");
  CHECK(b200.cc_major == 10);
  CHECK(b200.cc_minor == 0);
  const auto cpu = db::detail::parse_fingerprint("cpu|AMD EPYC 9654|x86-64-v4");
  CHECK(cpu.name == "cpu|AMD EPYC 9654|x86-64-v4");
  CHECK(!cpu.cc_major);
  CHECK(!cpu.memory_mib);
}

TEST_CASE("a re-tune replaces its record, the newest generator version is preferred, an older one serves until then") {
  TempDir dir;
  auto db = open_rw(dir / "tuning.db");
  const std::string fp = device().fingerprint();
  const TuningRecord v1 = record(kP1, slab(256, 32), 1e-4, 1);
  db->upsert(v1);
  CHECK(db->lookup(kP1, fp, 16) == v1);  // only an older generator's record: it serves
  const TuningRecord v1_retuned = record(kP1, slab(128, 16), 3e-4, 1);  // slower, but the later measurement
  db->upsert(v1_retuned);
  CHECK(db->lookup(kP1, fp, 16) == v1_retuned);
  const TuningRecord v2 = record(kP1, slab(64, 8), 5e-4, 2);  // newer generator, slower: still preferred
  db->upsert(v2);
  CHECK(db->lookup(kP1, fp, 16) == v2);
  CHECK(db->candidates(kP1, fp, 16) == std::vector<TuningRecord>{v2, v1_retuned});
  CHECK(db->all().size() == 2);
}

TEST_CASE("strings with SQL in them are stored and returned verbatim") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  TuningRecord r = record(kP1, slab(256, 32));
  r.tailor_version = "0'); DROP TABLE records; --";
  r.date = "\"; DELETE FROM devices; '";
  r.device = "NVIDIA H200'; DROP TABLE problems; --|sm_90|132 SMs|1 MiB";
  open_rw(path)->upsert(r);
  auto db = open_ro(path);
  CHECK(db->all() == std::vector<TuningRecord>{r});
  CHECK(sql_value(path, "SELECT count(*) FROM sqlite_master WHERE type = 'table'") == "3");
}

TEST_CASE("malformed records are refused by upsert, naming the database") {
  TempDir dir;
  auto db = open_rw(dir / "tuning.db");
  TuningRecord nan = record(kP1, slab(256, 32));
  nan.median_s = std::numeric_limits<double>::quiet_NaN();
  TuningRecord align = record(kP1, slab(256, 32));
  align.align_bytes = 2;
  TuningRecord nodevice = record(kP1, slab(256, 32));
  nodevice.device.clear();
  for (const TuningRecord& bad : {nan, align, nodevice}) {
    const std::string what = database_error_of([&] { db->upsert_many({record(kP2, slab(256, 32)), bad}); });
    CHECK(what.find(dir / "tuning.db") != std::string::npos);
  }
  CHECK(db->all().empty());  // all or nothing
}

TEST_CASE("prune removes by device substring and by older generator version, never everything by default") {
  TempDir dir;
  auto db = open_rw(dir / "tuning.db");
  TuningRecord h100 = record(kP1, slab(256, 32), 1e-4, 1, 16, true, "NVIDIA H100|sm_90|132 SMs|81559 MiB");
  db->upsert_many({record(kP1, slab(256, 32), 1e-4, 1), record(kP1, slab(128, 32), 1e-4, 2),
                   record(kP2, slab(256, 32), 1e-4, 3), h100});
  CHECK_THROWS_AS(db->prune("", 0), Error);
  CHECK(db->prune("", 2) == 2);  // generator 1 records of both devices
  CHECK(db->all().size() == 2);
  CHECK(db->prune("H100", 0) == 0);
  CHECK(db->prune("sm_90 model", 0) == 2);
  CHECK(db->all().empty());
  CHECK(sql_value(dir / "tuning.db", "SELECT count(*) FROM devices") == "0");
  CHECK(sql_value(dir / "tuning.db", "SELECT count(*) FROM problems") == "0");
}

TEST_CASE("merge keeps the faster record per key and reports conflicts") {
  TempDir dir;
  auto db = open_rw(dir / "tuning.db");
  const TuningRecord mine_slow = record(kP1, slab(256, 32), 2e-4);
  const TuningRecord mine_fast = record(kP2, slab(256, 32), 1e-4);
  const TuningRecord same_config = record(kP3, slab(256, 64), 3e-4, 1, 8);
  db->upsert_many({mine_slow, mine_fast, same_config});
  const TuningRecord theirs_fast = record(kP1, slab(128, 16), 1e-4);
  const TuningRecord theirs_slow = record(kP2, slab(64, 8), 9e-4);
  TuningRecord same_config_faster = same_config;
  same_config_faster.median_s = 2e-4;
  const TuningRecord newer_gen = record(kP2, slab(64, 8), 9e-4, 2);
  const db::MergeResult m = db->merge({theirs_fast, theirs_slow, same_config_faster, newer_gen});
  CHECK(m.inserted == 1);
  CHECK(m.replaced == 2);
  CHECK(m.kept == 1);
  REQUIRE(m.conflicts.size() == 2);
  CHECK(m.conflicts[0].kept == theirs_fast);
  CHECK(m.conflicts[0].dropped == mine_slow);
  CHECK(m.conflicts[1].kept == mine_fast);
  CHECK(m.conflicts[1].dropped == theirs_slow);
  const std::string fp = device().fingerprint();
  CHECK(db->lookup(kP1, fp, 16) == theirs_fast);
  CHECK(db->lookup(kP2, fp, 16) == newer_gen);  // the newer generator's record is preferred
  CHECK(db->lookup(kP3, fp, 8) == same_config_faster);
}

TEST_CASE("four processes writing one new database at once lose no record and never see 'database is locked'") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  constexpr int kProcs = 4, kEach = 60;
  int go[2];
  REQUIRE(::pipe(go) == 0);
  std::vector<pid_t> kids;
  for (int p = 0; p < kProcs; ++p) {
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::close(go[1]);
      char c;
      (void)!::read(go[0], &c, 1);  // wait until every process is ready
      int rc = 0;
      try {
        auto db = TuningDb::open(path, TuningDb::Mode::read_write);  // all four create and migrate at once
        for (int i = 0; i < kEach; ++i) {
          const GemmProblem q = problem("f64 " + std::to_string(1000 + p * kEach + i) + "x3x25x1");
          if (i % 3 == 0) {
            db->upsert(record(q, slab(256, 32)));
          } else {
            db->upsert_many({record(q, slab(128, 32))});
            (void)db->lookup(q, device().fingerprint(), 16);
          }
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "process %d: %s\n", p, e.what());
        rc = 1;
      }
      ::_exit(rc);
    }
    kids.push_back(pid);
  }
  ::close(go[0]);
  ::close(go[1]);  // EOF: everyone starts
  for (pid_t pid : kids) {
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  auto db = open_ro(path);
  CHECK(db->all().size() == static_cast<std::size_t>(kProcs * kEach));
  CHECK(db->check_integrity().empty());
}

TEST_CASE("a truncated database is refused with database_error naming the path") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  fill(path, 300);
  const auto size = fs::file_size(path);
  REQUIRE(size > 8192);
  REQUIRE(!fs::exists(path + "-wal"));  // checkpointed: everything is in the main file
  fs::resize_file(path, size / 2);
  for (auto mode : {TuningDb::Mode::read_only, TuningDb::Mode::read_write}) {
    const std::string what = database_error_of([&] {
      auto db = TuningDb::open(path, mode);
      (void)db->all();
    });
    CHECK(what.find(path) != std::string::npos);
    CHECK(what.find("damaged") != std::string::npos);
  }
}

TEST_CASE("a garbage file is refused with database_error naming the path") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  std::string junk(5000, '\0');
  for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 7919 + 13) % 251);
  spit(path, junk);
  for (auto mode : {TuningDb::Mode::read_only, TuningDb::Mode::read_write}) {
    const std::string what = database_error_of([&] { TuningDb::open(path, mode); });
    CHECK(what.find(path) != std::string::npos);
    CHECK(what.find("not a SQLite database") != std::string::npos);
  }
  CHECK(slurp(path) == junk);
}

TEST_CASE("a database of a future schema version is refused and left untouched") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  sql(path, "CREATE TABLE records (id INTEGER PRIMARY KEY, everything_new TEXT); "
            "INSERT INTO records VALUES (1, 'from the future'); PRAGMA user_version = 99;");
  const std::string before = slurp(path);
  for (auto mode : {TuningDb::Mode::read_only, TuningDb::Mode::read_write}) {
    const std::string what = database_error_of([&] { TuningDb::open(path, mode); });
    CHECK(what.find(path) != std::string::npos);
    CHECK(what.find("schema version 99 is newer") != std::string::npos);
  }
  CHECK(slurp(path) == before);
  CHECK(sql_value(path, "PRAGMA journal_mode") == "delete");  // not even switched to WAL
}

TEST_CASE("a foreign SQLite database is neither read nor migrated") {
  TempDir dir;
  const std::string path = dir / "other.db";
  sql(path, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT);");
  const std::string before = slurp(path);
  for (auto mode : {TuningDb::Mode::read_only, TuningDb::Mode::read_write}) {
    const std::string what = database_error_of([&] { TuningDb::open(path, mode); });
    CHECK(what.find("not a Tailor tuning database") != std::string::npos);
  }
  CHECK(slurp(path) == before);
}

TEST_CASE("a database with the schema version but not the tables is refused at open") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  sql(path, "CREATE TABLE records (id INTEGER PRIMARY KEY); PRAGMA user_version = 1;");
  const std::string what = database_error_of([&] { open_ro(path); });
  CHECK(what.find("not a Tailor tuning database") != std::string::npos);
  CHECK(what.find(path) != std::string::npos);
}

TEST_CASE("an empty file opened read-only is an empty database, a missing one is an error naming it") {
  TempDir dir;
  spit(dir / "empty.db", "");
  auto db = open_ro(dir / "empty.db");
  CHECK(db->schema_version() == 0);
  CHECK(db->all().empty());
  CHECK(!db->lookup(kP1, device().fingerprint(), 16));
  const std::string what = database_error_of([&] { open_ro(dir / "missing.db"); });
  CHECK(what.find(dir / "missing.db") != std::string::npos);
}

TEST_CASE("hostile rows (wrong types, absurd sizes, SQL text, blobs, illegal values) are skipped and reported") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  const TuningRecord good = record(kP1, slab(256, 32));
  open_rw(path)->upsert(good);
  // Rows crafted with SQL only, as a hostile file would be.
  const std::string cols =
      "INSERT INTO records (device_id, problem_id, align_bytes, generator_version, config, median_s, p20_s, p80_s, "
      "heuristic_s, verified, max_rel_err, candidates_tried, candidates_failed, tuning_seconds, nvrtc_version, "
      "driver_version, tailor_version, date) VALUES (1, ";
  const std::string rest = ", 0.0001, 0.0001, 0.0001, 0, 1, 0, 1, 0, 1.0, 13000, 13000, '0.1.0', 'today');";
  const std::string cfg = "'" + slab(256, 32) + "'";
  sql(path,
      "INSERT INTO problems (id, key, dtype, batch, m, k, n) VALUES "
      "(10, 'f64 2x3x25x1 a=row:25:75 b=row:1:25 c=row:1:3 alpha=1 beta=0', 'f64', 2, 3, 25, 1), "
      "(11, 'f64 9223372036854775807x9223372036854775807x25x1 a=row:25:1 b=row:1:25 c=row:1:3 alpha=1 beta=0', "
      "'f64', 9223372036854775807, 9223372036854775807, 25, 1), "
      "(12, 'f64 3x3x25x1', 'f64', 3, 3, 25, 1), "
      "(13, x'deadbeef', 'f64', 4, 3, 25, 1), "
      "(14, 'f64 5x3x25x1 a=row:25:75 b=row:1:25 c=row:1:3 alpha=1 beta=0', 'f32', 5, 3, 25, 1);" +
          // wrong type of a time
          cols + "10, 16, 1, " + cfg +
          ", 'fast', 0.1, 0.1, 0, 1, 0, 1, 0, 1.0, 13000, 13000, '0.1.0', 'today');" +
          // SQL in the config text
          cols + "10, 8, 1, 'slab,t=256''); DROP TABLE records; --'" + rest +
          // a blob config
          cols + "10, 4, 1, x'00ff00ff'" + rest +
          // an absurd problem
          cols + "11, 16, 1, " + cfg + rest +
          // a non-canonical key
          cols + "12, 16, 1, " + cfg + rest +
          // a blob key
          cols + "13, 16, 1, " + cfg + rest +
          // columns that disagree with the key
          cols + "14, 16, 1, " + cfg + rest +
          // an alignment and a generator version that make no sense
          cols + "10, 16, 2, " + cfg + ", -0.5, 0.1, 0.1, 0, 1, 0, 1, 0, 1.0, 13000, 13000, '0.1.0', 'today');" +
          cols + "10, 3, 1, " + cfg + rest +
          cols + "10, 16, 99999999999, " + cfg + rest +
          cols + "10, 16, 3, " + cfg + ", 0.1, 0.1, 0.1, 0, 7, 0, 1, 0, 1.0, 13000, 13000, '0.1.0', 'today');" +
          cols + "10, 16, 4, " + cfg + ", 0.1, 0.1, 0.1, 0, 1, 0, 1, 0, 1.0, 13000, 13000, '0.1.0', x'ff00');");
  REQUIRE(sql_value(path, "SELECT count(*) FROM records") == "13");
  auto db = open_ro(path);
  CHECK(db->all() == std::vector<TuningRecord>{good});
  const std::vector<std::string> skipped = db->take_skipped();
  CHECK(skipped.size() == 12);
  const char* mentions[] = {"median_s is text", "config", "config is a blob", "problem key", "canonical",
                            "problem key is a blob", "disagree", "align", "generator_version", "verified", "date"};
  for (const char* m : mentions) {
    INFO(m);
    CHECK(std::any_of(skipped.begin(), skipped.end(), [&](const std::string& s) { return s.find(m) != std::string::npos; }));
  }
  CHECK(db->take_skipped().empty());  // reported once
  CHECK(db->lookup(kP1, device().fingerprint(), 16) == good);
  CHECK(!db->lookup(problem("f64 2x3x25x1"), device().fingerprint(), 16));
  CHECK(db->take_skipped().size() == 5);  // the malformed rows of that key at align 16
  CHECK(sql_value(path, "SELECT count(*) FROM records") == "13");  // nothing dropped
}

TEST_CASE("a value over 1 MiB makes reads fail with database_error, not a crash") {
  TempDir dir;
  const std::string path = dir / "tuning.db";
  open_rw(path)->upsert(record(kP1, slab(256, 32)));
  sql(path, "UPDATE records SET date = zeroblob(4000000);");
  auto db = open_ro(path);
  const std::string what = database_error_of([&] { (void)db->all(); });
  CHECK(what.find(path) != std::string::npos);
}

TEST_CASE("a read-only location still serves lookups, and writing there raises database_error naming the path") {
  TempDir dir;
  const fs::path sub = dir.path / "readonly";
  fs::create_directories(sub);
  const std::string path = (sub / "tuning.db").string();
  const TuningRecord r = record(kP1, slab(256, 32));
  open_rw(path)->upsert(r);
  REQUIRE(!fs::exists(path + "-wal"));
  REQUIRE(!fs::exists(path + "-shm"));
  fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  fs::permissions(sub, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                           fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  {
    Unprivileged nobody;
    auto db = open_ro(path);
    CHECK(db->lookup(kP1, device().fingerprint(), 16) == r);
    std::string what = database_error_of([&] { db->upsert(record(kP2, slab(256, 32))); });
    CHECK(what.find(path) != std::string::npos);
    what = database_error_of([&] { open_rw(path); });
    CHECK(what.find(path) != std::string::npos);
    CHECK(what.find("writable") != std::string::npos);
  }
  fs::permissions(sub, fs::perms::owner_all);
}

TEST_CASE("opening a current database for writing does not wait while another connection holds its write lock") {
  TempDir dir;
  const std::string path = dir / "locked.db";
  TuningDb::open(path, TuningDb::Mode::read_write)->upsert(record(problem("f64 1000x3x25x1"), slab(128, 16)));
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &other) == SQLITE_OK);
  REQUIRE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);
  const auto t0 = std::chrono::steady_clock::now();
  auto db = TuningDb::open(path, TuningDb::Mode::read_write);
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(waited < 2.0);  // the busy timeout alone is longer
  CHECK(db->all().size() == 1);
  sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(other);
}
