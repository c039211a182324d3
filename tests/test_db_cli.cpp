// tailor-db as a user runs it: export is stable and round-trips through import, import is
// one transaction, verify fails on an illegal config, merge reports a conflict, prune needs
// a filter, four imports at once lose nothing, and failures are one line with a non-zero exit.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <tuple>

#include "test_db_util.hpp"

using namespace tailor;
using namespace dbtest;

namespace {

std::vector<TuningRecord> some_records() {
  std::vector<TuningRecord> rs;
  const char* shapes[] = {"f64 1000000x3x25x1", "f64 1000000x3x20x1", "f32 200000x4x4x4", "f64 5000x2x2x2",
                          "f32 1000000x3x15x1"};
  for (int i = 0; i < 5; ++i) rs.push_back(record(problem(shapes[i]), slab(32 * (1 + i % 4), 8 << (i % 3)), 1e-4 * (i + 1)));
  rs.push_back(record(problem("f64 1000000x3x25x1"), slab(64, 8), 3e-4, 1, 16, true,
                      "NVIDIA H200|sm_90|132 SMs|143771 MiB"));
  return rs;
}

std::string as_lines(const std::vector<TuningRecord>& rs) {
  std::string s;
  for (const TuningRecord& r : rs) s += db::to_json_line(r) + "\n";
  return s;
}

void expect_one_line_failure(const ToolResult& r, const std::string& mention) {
  INFO(r.err);
  CHECK(r.rc != 0);
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find(mention) != std::string::npos);
}

}  // namespace

TEST_CASE("tailor-db export is stable, sorted and round-trips through import") {
  TempDir dir;
  auto rs = some_records();
  std::reverse(rs.begin(), rs.end());  // imported out of order
  spit(dir / "in.jsonl", as_lines(rs));
  ToolResult r = tailor_db({"import", dir / "in.jsonl", "--db", dir / "a.db"});
  INFO(r.err);
  REQUIRE(r.rc == 0);
  CHECK(r.err.find("imported 6 records") != std::string::npos);
  const ToolResult e1 = tailor_db({"export", "--db", dir / "a.db"});
  REQUIRE(e1.rc == 0);
  CHECK(count_lines(e1.out) == 6);
  // Sorted by device, then problem key, alignment.
  std::vector<TuningRecord> sorted = rs;
  std::sort(sorted.begin(), sorted.end(), [](const TuningRecord& a, const TuningRecord& b) {
    return std::make_tuple(a.device, a.problem.to_string(), a.align_bytes) <
           std::make_tuple(b.device, b.problem.to_string(), b.align_bytes);
  });
  CHECK(e1.out == as_lines(sorted));
  // The same again, and the same from a database built from the export.
  CHECK(tailor_db({"export", "--db", dir / "a.db"}).out == e1.out);
  REQUIRE(tailor_db({"export", "--db", dir / "a.db", "--out", dir / "out.jsonl"}).rc == 0);
  CHECK(slurp(dir / "out.jsonl") == e1.out);
  REQUIRE(tailor_db({"import", dir / "out.jsonl", "--db", dir / "b.db"}).rc == 0);
  CHECK(tailor_db({"export", "--db", dir / "b.db"}).out == e1.out);
  // --device filters.
  const ToolResult h200 = tailor_db({"export", "--db", dir / "a.db", "--device", "H200"});
  CHECK(count_lines(h200.out) == 1);
}

TEST_CASE("tailor-db import is one transaction: a malformed line imports nothing and is named file:line") {
  TempDir dir;
  const auto rs = some_records();
  spit(dir / "good.jsonl", as_lines({rs[0]}));
  spit(dir / "bad.jsonl", as_lines({rs[1], rs[2]}) + "{\"format\":1,\"device\":\"x\"}\n");
  REQUIRE(tailor_db({"import", dir / "good.jsonl", "--db", dir / "t.db"}).rc == 0);
  const ToolResult r = tailor_db({"import", dir / "good.jsonl", dir / "bad.jsonl", "--db", dir / "t.db"});
  expect_one_line_failure(r, dir / "bad.jsonl" + ":3");
  CHECK(count_lines(tailor_db({"export", "--db", dir / "t.db"}).out) == 1);
  expect_one_line_failure(tailor_db({"import", dir / "missing.jsonl", "--db", dir / "t.db"}), "missing.jsonl");
}

TEST_CASE("tailor-db verify fails on an illegal config and passes a clean database") {
  TempDir dir;
  auto rs = some_records();
  spit(dir / "in.jsonl", as_lines(rs));
  REQUIRE(tailor_db({"import", dir / "in.jsonl", "--db", dir / "t.db"}).rc == 0);
  ToolResult ok = tailor_db({"verify", "--db", dir / "t.db"});
  INFO(ok.out << ok.err);
  CHECK(ok.rc == 0);
  CHECK(ok.out.find("all 6 records are valid") != std::string::npos);
  CHECK(tailor_db({"verify", "--jsonl", dir / "in.jsonl"}).rc == 0);

  // A config the generator refuses: 70000 matrices per CTA. And a cpu record with an illegal knob.
  TuningRecord bad = record(problem("f64 9999x3x25x1"), "slab,t=256,minb=1,mats=70000,vec=1,rm=1,rn=1,grid=0", 1e-4,
                            1, 16, false);
  TuningRecord cpu = record(problem("f64 9999x3x25x1"), "cpu,mats=8,vec=4,rm=1,rn=1,unroll=99,order=0", 1e-4, 1, 16,
                            false, "cpu|test");
  spit(dir / "bad.jsonl", as_lines({bad, cpu}));
  REQUIRE(tailor_db({"import", dir / "bad.jsonl", "--db", dir / "t.db"}).rc == 0);
  const ToolResult v = tailor_db({"verify", "--db", dir / "t.db"});
  INFO(v.out << v.err);
  CHECK(v.rc != 0);
  CHECK(v.out.find("mats=70000") != std::string::npos);
  CHECK(v.out.find("unroll = 99") != std::string::npos);
  CHECK(v.err.find("2 of 8") != std::string::npos);
  CHECK(tailor_db({"verify", "--jsonl", dir / "bad.jsonl"}).rc != 0);
  // A malformed row counts too.
  sql(dir / "t.db", "DELETE FROM records WHERE config LIKE '%70000%' OR config LIKE 'cpu%';"
                    "UPDATE records SET median_s = 'slow' WHERE id = 1;");
  const ToolResult m = tailor_db({"verify", "--db", dir / "t.db"});
  CHECK(m.rc != 0);
  CHECK(m.out.find("median_s is text") != std::string::npos);
  CHECK(tailor_db({"verify", "--shipped"}).rc == 0);
}

TEST_CASE("tailor-db merge keeps the faster record and reports the conflict") {
  TempDir dir;
  const GemmProblem p = problem("f64 1000000x3x25x1");
  spit(dir / "a.jsonl", as_lines({record(p, slab(256, 32), 2e-4), record(problem("f64 10x3x3x3"), slab(32, 4), 1e-5)}));
  spit(dir / "b.jsonl", as_lines({record(p, slab(128, 16), 1e-4), record(problem("f64 20x3x3x3"), slab(32, 4), 1e-5)}));
  REQUIRE(tailor_db({"import", dir / "a.jsonl", "--db", dir / "a.db"}).rc == 0);
  REQUIRE(tailor_db({"import", dir / "b.jsonl", "--db", dir / "b.db"}).rc == 0);
  const ToolResult r = tailor_db({"merge", dir / "b.db", "--db", dir / "a.db"});
  INFO(r.out << r.err);
  REQUIRE(r.rc == 0);
  CHECK(r.out.find("conflict") != std::string::npos);
  CHECK(r.out.find("kept " + slab(128, 16)) != std::string::npos);
  CHECK(r.out.find("1 new, 1 replaced by faster ones, 0 kept, 1 conflicts") != std::string::npos);
  auto db = TuningDb::open(dir / "a.db", TuningDb::Mode::read_only);
  CHECK(db->all().size() == 3);
  CHECK(db->lookup(p, device().fingerprint(), 16)->config.to_string() == slab(128, 16));
  expect_one_line_failure(tailor_db({"merge", dir / "a.db", "--db", dir / "a.db"}), "itself");
  expect_one_line_failure(tailor_db({"merge", dir / "none.db", "--db", dir / "a.db"}), "none.db");
}

TEST_CASE("tailor-db import keeps the faster or verified record unless --replace, and export never overwrites the database") {
  TempDir dir;
  const GemmProblem p = problem("f64 1000000x3x25x1"), q = problem("f64 10x3x3x3");
  TuningRecord fast_unverified = record(q, slab(64, 8), 1e-6);
  fast_unverified.verified = false;
  spit(dir / "a.jsonl", as_lines({record(p, slab(128, 16), 1e-4), record(q, slab(32, 4), 1e-5)}));
  spit(dir / "slow.jsonl", as_lines({record(p, slab(256, 32), 9e-4), fast_unverified}));
  REQUIRE(tailor_db({"import", dir / "a.jsonl", "--db", dir / "a.db"}).rc == 0);
  const ToolResult r = tailor_db({"import", dir / "slow.jsonl", "--db", dir / "a.db"});
  INFO(r.err);
  REQUIRE(r.rc == 0);
  CHECK(r.err.find("0 new, 0 replaced by faster ones, 2 kept") != std::string::npos);
  {
    auto db = TuningDb::open(dir / "a.db", TuningDb::Mode::read_only);
    CHECK(db->lookup(p, device().fingerprint(), 16)->config.to_string() == slab(128, 16));
    CHECK(db->lookup(q, device().fingerprint(), 16)->config.to_string() == slab(32, 4));
  }
  // A verified record replaces an unverified one however slow.
  spit(dir / "u.jsonl", as_lines({fast_unverified}));
  REQUIRE(tailor_db({"import", dir / "u.jsonl", "--db", dir / "u.db"}).rc == 0);
  REQUIRE(tailor_db({"merge", dir / "a.db", "--db", dir / "u.db"}).rc == 0);
  {
    auto db = TuningDb::open(dir / "u.db", TuningDb::Mode::read_only);
    const auto got = db->lookup(q, device().fingerprint(), 16);
    REQUIRE(got.has_value());
    CHECK(got->verified);
    CHECK(got->config.to_string() == slab(32, 4));
  }
  REQUIRE(tailor_db({"import", dir / "slow.jsonl", "--db", dir / "a.db", "--replace"}).rc == 0);
  {
    auto db = TuningDb::open(dir / "a.db", TuningDb::Mode::read_only);
    CHECK(db->lookup(p, device().fingerprint(), 16)->config.to_string() == slab(256, 32));
  }
  const std::string before = slurp(dir / "a.db");
  expect_one_line_failure(tailor_db({"export", "--db", dir / "a.db", "--out", dir / "a.db"}), "itself");
  CHECK(slurp(dir / "a.db") == before);
}

TEST_CASE("tailor-db prune needs a filter and removes by device and by generator version") {
  TempDir dir;
  spit(dir / "in.jsonl", as_lines(some_records()));
  REQUIRE(tailor_db({"import", dir / "in.jsonl", "--db", dir / "t.db"}).rc == 0);
  expect_one_line_failure(tailor_db({"prune", "--db", dir / "t.db"}), "--device");
  expect_one_line_failure(tailor_db({"prune", "--db", dir / "t.db", "--older-than", "two"}), "--older-than");
  ToolResult r = tailor_db({"prune", "--db", dir / "t.db", "--device", "H200"});
  CHECK(r.out.find("pruned 1 records") != std::string::npos);
  r = tailor_db({"prune", "--db", dir / "t.db", "--older-than", "2"});
  CHECK(r.out.find("pruned 5 records") != std::string::npos);
  CHECK(tailor_db({"export", "--db", dir / "t.db"}).out.empty());
  // A mistyped path is an error, and creates nothing.
  expect_one_line_failure(tailor_db({"prune", "--db", dir / "typo/t.db", "--device", "H200"}), "no such file");
  CHECK(!std::filesystem::exists(dir / "typo"));
}

TEST_CASE("tailor-db list and show, and show fails with one line when nothing matches") {
  TempDir dir;
  spit(dir / "in.jsonl", as_lines(some_records()));
  REQUIRE(tailor_db({"import", dir / "in.jsonl", "--db", dir / "t.db"}).rc == 0);
  const ToolResult l = tailor_db({"list", "--db", dir / "t.db"});
  CHECK(l.rc == 0);
  CHECK(count_lines(l.out) == 6);
  const ToolResult s = tailor_db({"show", "3x25x1", "--db", dir / "t.db"});
  CHECK(s.rc == 0);
  CHECK(s.out.find("tailor_f64_slab_m3k25n1") != std::string::npos);
  CHECK(s.out.find("NVIDIA H200") != std::string::npos);  // both devices' records of that problem
  const ToolResult exact = tailor_db({"show", "--problem", "f32 200000x4x4x4", "--db", dir / "t.db"});
  CHECK(exact.rc == 0);
  CHECK(exact.out.find("f32 200000x4x4x4") != std::string::npos);
  expect_one_line_failure(tailor_db({"show", "7x7x7", "--db", dir / "t.db"}), "7x7x7");
  expect_one_line_failure(tailor_db({"show", "--db", dir / "t.db"}), "--problem");
  // A CPU record's kernel is named as the CPU path names it.
  TuningRecord cpu_rec = record(problem("f32 1000x8x8x8"), "cpu,mats=682,vec=8,rm=6,rn=1,unroll=8,order=16", 2e-4, 1,
                                4, false, "Some CPU|avx2|8 cores");
  spit(dir / "cpu.jsonl", as_lines({cpu_rec}));
  REQUIRE(tailor_db({"import", dir / "cpu.jsonl", "--db", dir / "t.db"}).rc == 0);
  const ToolResult c = tailor_db({"show", "1000x8x8x8", "--db", dir / "t.db"});
  INFO(c.out << c.err);
  CHECK(c.out.find("tailor_f32_cpu_m8k8n8_rrr_e10_T682_v8_r6x1_u8_o16") != std::string::npos);
}

TEST_CASE("tailor-db fails with one line on a missing, garbage or future-schema database") {
  TempDir dir;
  expect_one_line_failure(tailor_db({"list", "--db", dir / "missing.db"}), dir / "missing.db");
  spit(dir / "junk.db", std::string(4096, 'j'));
  expect_one_line_failure(tailor_db({"export", "--db", dir / "junk.db"}), "not a SQLite database");
  sql(dir / "future.db", "CREATE TABLE t (x); PRAGMA user_version = 7;");
  spit(dir / "in.jsonl", as_lines(some_records()));
  expect_one_line_failure(tailor_db({"import", dir / "in.jsonl", "--db", dir / "future.db"}), "newer");
  expect_one_line_failure(tailor_db({"frobnicate"}), "frobnicate");
}

TEST_CASE("four tailor-db import processes into one database at once lose no record") {
  TempDir dir;
  std::vector<std::string> files;
  for (int p = 0; p < 4; ++p) {
    std::vector<TuningRecord> rs;
    for (int i = 0; i < 50; ++i)
      rs.push_back(record(problem("f64 " + std::to_string(100 + p * 50 + i) + "x3x7x1"), slab(64, 8)));
    files.push_back(dir / ("part" + std::to_string(p) + ".jsonl"));
    spit(files.back(), as_lines(rs));
  }
  // All four start at once on a database that does not exist yet: they create, migrate and write it together.
  std::vector<Tool> running;
  for (const std::string& f : files) running.emplace_back(std::vector<std::string>{"import", f, "--db", dir / "t.db"});
  for (Tool& t : running) {
    const ToolResult r = t.wait();
    INFO(r.err);
    CHECK(r.rc == 0);
    CHECK(r.err.find("locked") == std::string::npos);
  }
  auto db = TuningDb::open(dir / "t.db", TuningDb::Mode::read_only);
  CHECK(db->all().size() == 200);
}
