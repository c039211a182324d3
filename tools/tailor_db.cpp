// tailor-db: inspect and maintain Tailor tuning databases. Subcommands list, show, export
// (JSON lines in a stable order, diffable), import (JSON lines, one transaction), merge
// (from another database file, keeping the faster record per key and reporting
// conflicts), verify (every config against the generator's checks; non-zero exit when any
// is invalid) and prune. Each subcommand takes --db, default $TAILOR_DB (<cache dir>/tuning.db).
// Needs no GPU.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/env.hpp"
#include "tools/cli_common.hpp"
#include "tuning_db/embedded.hpp"
#include "tuning_db/records_detail.hpp"
#include "tuning_db/tuning_db.hpp"

namespace {

using namespace tailor;
using db::TuningDb;
using db::TuningRecord;

std::string us(double seconds) { return fmt::format("{:.3f} us", seconds * 1e6); }

std::string one_line(const TuningRecord& r) {
  std::string s = fmt::format("{}  {}  align={} gen={}  {}  {}", r.device, r.problem.to_string(), r.align_bytes,
                              r.generator_version, r.config.to_string(), us(r.median_s));
  if (r.heuristic_s > 0) s += fmt::format(" (heuristic {}, {:.2f}x)", us(r.heuristic_s), r.heuristic_s / r.median_s);
  if (!r.verified) s += "  [unverified]";
  return s;
}

void print_details(const TuningRecord& r) {
  std::printf("problem            %s\n", r.problem.to_string().c_str());
  std::printf("device             %s\n", r.device.c_str());
  std::printf("align              %d bytes\n", r.align_bytes);
  std::printf("generator version  %d\n", r.generator_version);
  std::printf("config             %s\n", r.config.to_string().c_str());
  try {
    const std::string name =
        r.config.family == Family::cpu ? cpu::kernel_name(r.problem, r.config) : gen::kernel_name(r.problem, r.config);
    std::printf("kernel             %s\n", name.c_str());
  } catch (const Error& e) {  // a record whose config does not fit its own problem
    std::printf("kernel             none: %s\n", e.what());
  }
  std::printf("median / p20 / p80 %s / %s / %s\n", us(r.median_s).c_str(), us(r.p20_s).c_str(), us(r.p80_s).c_str());
  if (r.heuristic_s > 0)
    std::printf("heuristic          %s (the tuned config is %.2fx faster)\n", us(r.heuristic_s).c_str(),
                r.heuristic_s / r.median_s);
  else
    std::printf("heuristic          not measured\n");
  std::printf("verified           %s (max relative error %.3g)\n", r.verified ? "yes" : "no", r.max_rel_err);
  std::printf("candidates         %d tried, %d failed, in %.1f s\n", r.candidates_tried, r.candidates_failed,
              r.tuning_seconds);
  std::printf("versions           tailor %s, NVRTC %d, driver %d\n", r.tailor_version.c_str(), r.nvrtc_version,
              r.driver_version);
  std::printf("date               %s\n\n", r.date.c_str());
}

// Rows a read skipped, as warnings.
void warn_skipped(TuningDb& db) {
  for (const std::string& s : db.take_skipped())
    std::fprintf(stderr, "tailor-db: warning: %s: skipped malformed %s\n", db.path().c_str(), s.c_str());
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorCode::invalid_argument, fmt::format("cannot read '{}'", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Records of a JSON-lines text; a malformed line throws naming `name`:line.
std::vector<TuningRecord> parse_lines(const std::string& name, const std::string& text) {
  std::vector<TuningRecord> out;
  std::istringstream in(text);
  std::string line;
  for (int lineno = 1; std::getline(in, line); ++lineno) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    std::string why;
    auto r = db::detail::parse_json_line(line, why);
    if (!r) throw Error(ErrorCode::database_error, fmt::format("{}:{}: {}", name, lineno, why));
    out.push_back(std::move(*r));
  }
  return out;
}

// Why a record's config cannot run its problem, by the generator's checks: the sm_90 model
// for GPU records, the structural cpu check for cpu-family ones.
std::optional<std::string> config_problem(const TuningRecord& r) {
  if (r.config.family == Family::cpu) return gen::check_cpu(r.problem, r.config);
  return gen::check(r.problem, r.config, DeviceInfo::sm90_model(), r.align_bytes);
}

// Writes `text` to `path` atomically (a temporary file, then rename).
void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  auto fail = [&](const std::string& why) {  // no temporary file left behind
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw Error(ErrorCode::invalid_argument, fmt::format("--out '{}': {}", path, why));
  };
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) fail("cannot write it");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) fail(ec.message());
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Inspect and maintain Tailor tuning databases (SQLite files of tuned kernel configs).\n"
               "Each subcommand takes the database as --db after its name (tailor-db list --db FILE),\n"
               "default $TAILOR_DB or <cache dir>/tuning.db. Needs no GPU.",
               "tailor-db"};
  app.require_subcommand(1);
  std::string db_path = tailor::detail::env().db_path;
  auto add_db = [&](CLI::App* sub) {
    sub->add_option("--db", db_path, "the tuning database (default $TAILOR_DB or <cache dir>/tuning.db)");
  };

  std::string device, query, problem_text, out_path, other, older_text;
  std::vector<std::string> files, jsonl;
  bool shipped = false;
  int older_than = 0;

  CLI::App* list = app.add_subcommand("list", "one line per record: device, problem, alignment, config, time");
  add_db(list);
  list->add_option("--device", device, "only devices whose fingerprint contains this");

  CLI::App* show = app.add_subcommand("show", "every field of the records of one problem, or of problems whose key contains a text");
  add_db(show);
  show->add_option("query", query, "a substring of the problem key, e.g. '1000000x3x25x1' or 'f64'");
  show->add_option("--problem", problem_text, "one problem exactly (normalised), e.g. 'f64 1000000x3x25x1'");

  CLI::App* exp = app.add_subcommand("export", "JSON lines, one record a line, in a stable order (device, problem, alignment)");
  add_db(exp);
  exp->add_option("--out", out_path, "write to this file instead of stdout");
  exp->add_option("--device", device, "only devices whose fingerprint contains this");

  CLI::App* imp = app.add_subcommand(
      "import", "add JSON-lines files to the database, all in one transaction; per key the faster record is kept "
                "(a verified one before an unverified one), as merge does");
  add_db(imp);
  imp->add_option("files", files, "JSON-lines files (as written by export)")->required();
  bool replace = false;
  imp->add_flag("--replace", replace, "store every imported record over the database's, faster or not");

  CLI::App* mrg = app.add_subcommand("merge", "merge another database file, keeping the faster record per key (a verified one before an unverified one) and reporting conflicts");
  add_db(mrg);
  mrg->add_option("other", other, "the database to merge from (read only)")->required();

  CLI::App* ver = app.add_subcommand("verify", "check every record: SQLite integrity, well-formed rows, and each config with the generator's checks");
  add_db(ver);
  ver->add_option("--jsonl", jsonl, "verify these JSON-lines files instead (repeatable)");
  ver->add_flag("--shipped", shipped, "verify the shipped databases embedded in this build instead");

  CLI::App* prn = app.add_subcommand("prune", "remove records by device and/or generator version");
  add_db(prn);
  prn->add_option("--device", device, "records of devices whose fingerprint contains this");
  prn->add_option("--older-than", older_text, "records of generator versions below this");

  // Name an unknown subcommand (CLI11 would only say that one is required).
  const auto known = [&](const char* name) {
    for (const CLI::App* sub : app.get_subcommands({}))
      if (sub->get_name() == name) return true;
    return false;
  };
  if (argc > 1 && argv[1][0] != '-' && !known(argv[1])) {
    std::fprintf(stderr, "tailor-db: error: unknown subcommand '%s' (expected list, show, export, import, merge, "
                 "verify or prune; see --help)\n", argv[1]);
    return 2;
  }
  return tools::guarded_main(app, argc, argv, [&]() -> int {
    if (db_path.empty())
      throw Error(ErrorCode::invalid_argument, "no database: give --db (TAILOR_DB is unset and there is no cache directory)");
    auto open_ro = [&] { return TuningDb::open(db_path, TuningDb::Mode::read_only); };
    auto matches_device = [&](const TuningRecord& r) { return device.empty() || r.device.find(device) != std::string::npos; };

    if (list->parsed()) {
      auto db = open_ro();
      int n = 0;
      for (const TuningRecord& r : db->all())
        if (matches_device(r)) std::printf("%s\n", one_line(r).c_str()), ++n;
      warn_skipped(*db);
      std::fprintf(stderr, "%d records in %s (schema %d)\n", n, db_path.c_str(), db->schema_version());
      return 0;
    }

    if (show->parsed()) {
      if (query.empty() == problem_text.empty())
        throw Error(ErrorCode::invalid_argument, "show needs a key substring or --problem (one of them)");
      std::string key;
      if (!problem_text.empty()) {
        try {
          key = GemmProblem::parse(problem_text).to_string();
        } catch (const Error& e) {
          throw Error(ErrorCode::invalid_argument, fmt::format("--problem '{}': {}", problem_text, db::detail::reason(e)));
        }
      }
      auto db = open_ro();
      int n = 0;
      for (const TuningRecord& r : db->all()) {
        const std::string k = r.problem.to_string();
        if (key.empty() ? k.find(query) != std::string::npos : k == key) print_details(r), ++n;
      }
      warn_skipped(*db);
      if (n == 0)
        throw Error(ErrorCode::invalid_argument,
                    fmt::format("no record in {} for {}", db_path,
                                key.empty() ? fmt::format("a problem key containing '{}'", query) : "problem " + key));
      return 0;
    }

    if (exp->parsed()) {
      std::error_code ec;
      if (!out_path.empty() && std::filesystem::equivalent(out_path, db_path, ec))
        throw Error(ErrorCode::invalid_argument, fmt::format("--out '{}' is the database itself", out_path));
      auto db = open_ro();
      std::string text;
      for (const TuningRecord& r : db->all())
        if (matches_device(r)) text += db::to_json_line(r) + "\n";
      warn_skipped(*db);
      if (out_path.empty()) {
        std::fputs(text.c_str(), stdout);
        if (std::fflush(stdout) != 0 || std::ferror(stdout))
          throw Error(ErrorCode::invalid_argument, "export: cannot write to standard output");
      } else {
        write_file(out_path, text);
      }
      return 0;
    }

    if (imp->parsed()) {
      std::vector<TuningRecord> records;
      for (const std::string& f : files) {
        auto more = parse_lines(f, read_file(f));
        records.insert(records.end(), more.begin(), more.end());
      }
      auto db = TuningDb::open(db_path, TuningDb::Mode::read_write);
      if (replace) {
        db->upsert_many(records);
        std::fprintf(stderr, "imported %zu records from %zu file%s into %s (replacing)\n", records.size(), files.size(),
                     files.size() == 1 ? "" : "s", db_path.c_str());
        return 0;
      }
      const db::MergeResult m = db->merge(records);
      std::fprintf(stderr,
                   "imported %zu records from %zu file%s into %s: %d new, %d replaced by faster ones, %d kept "
                   "(the database's were faster)\n",
                   records.size(), files.size(), files.size() == 1 ? "" : "s", db_path.c_str(), m.inserted, m.replaced,
                   m.kept);
      return 0;
    }

    if (mrg->parsed()) {
      std::error_code ec;
      if (std::filesystem::equivalent(other, db_path, ec))
        throw Error(ErrorCode::invalid_argument, fmt::format("'{}' is the database itself", other));
      auto from = TuningDb::open(other, TuningDb::Mode::read_only);
      const std::vector<TuningRecord> records = from->all();
      warn_skipped(*from);
      auto db = TuningDb::open(db_path, TuningDb::Mode::read_write);
      const db::MergeResult m = db->merge(records);
      for (const db::MergeConflict& c : m.conflicts)
        std::printf("conflict: %s  %s  align=%d gen=%d: kept %s (%s) over %s (%s)\n", c.kept.device.c_str(),
                    c.kept.problem.to_string().c_str(), c.kept.align_bytes, c.kept.generator_version,
                    c.kept.config.to_string().c_str(), us(c.kept.median_s).c_str(),
                    c.dropped.config.to_string().c_str(), us(c.dropped.median_s).c_str());
      std::printf("merged %zu records from %s into %s: %d new, %d replaced by faster ones, %d kept, %zu conflicts\n",
                  records.size(), other.c_str(), db_path.c_str(), m.inserted, m.replaced, m.kept, m.conflicts.size());
      return 0;
    }

    if (ver->parsed()) {
      struct Source {
        std::string name;
        std::vector<TuningRecord> records;
        std::vector<std::string> problems;  // malformed rows, integrity
      };
      std::vector<Source> sources;
      auto from_lines = [&](const std::string& name, const std::string& text) {
        Source s{name, {}, {}};
        std::istringstream in(text);
        std::string line;
        for (int lineno = 1; std::getline(in, line); ++lineno) {
          if (!line.empty() && line.back() == '\r') line.pop_back();
          if (line.find_first_not_of(" \t") == std::string::npos) continue;
          std::string why;
          if (auto r = db::detail::parse_json_line(line, why)) s.records.push_back(std::move(*r));
          else s.problems.push_back(fmt::format("line {}: {}", lineno, why));
        }
        sources.push_back(std::move(s));
      };
      for (const std::string& f : jsonl) from_lines(f, read_file(f));
      if (shipped)
        for (std::string_view name : db::detail::shipped_names())
          from_lines(std::string(name) + " (embedded)", std::string(db::detail::shipped_text(name)));
      if (jsonl.empty() && !shipped) {
        auto db = open_ro();
        Source s{db_path, {}, db->check_integrity()};
        s.records = db->all();
        for (std::string& w : db->take_skipped()) s.problems.push_back(std::move(w));
        sources.push_back(std::move(s));
      }
      std::size_t total = 0, bad = 0;
      for (const Source& s : sources) {
        for (const std::string& p : s.problems) std::printf("%s: malformed: %s\n", s.name.c_str(), p.c_str()), ++bad;
        for (const TuningRecord& r : s.records) {
          if (auto why = config_problem(r)) {
            std::printf("%s: invalid: %s  %s  align=%d gen=%d: config %s: %s\n", s.name.c_str(), r.device.c_str(),
                        r.problem.to_string().c_str(), r.align_bytes, r.generator_version,
                        r.config.to_string().c_str(), why->c_str());
            ++bad;
          }
        }
        total += s.records.size() + s.problems.size();
        std::printf("%s: %zu records\n", s.name.c_str(), s.records.size());
      }
      if (bad) {
        std::fprintf(stderr, "tailor-db: verify: %zu of %zu records are invalid or malformed\n", bad, total);
        return 1;
      }
      std::printf("all %zu records are valid\n", total);
      return 0;
    }

    if (prn->parsed()) {
      if (!older_text.empty()) {
        try {
          std::size_t used = 0;
          older_than = std::stoi(older_text, &used);
          if (used != older_text.size() || older_than < 1) throw std::invalid_argument("");
        } catch (const std::exception&) {
          throw Error(ErrorCode::invalid_argument,
                      fmt::format("--older-than '{}': expected a generator version >= 1", older_text));
        }
      }
      if (device.empty() && older_than <= 0)
        throw Error(ErrorCode::invalid_argument, "prune needs --device and/or --older-than (refusing to remove every record)");
      std::error_code ec;
      if (!std::filesystem::exists(db_path, ec))
        throw Error(ErrorCode::database_error, fmt::format("tuning database {}: no such file (nothing to prune)", db_path));
      auto db = TuningDb::open(db_path, TuningDb::Mode::read_write);
      const int n = db->prune(device, older_than);
      std::printf("pruned %d records from %s\n", n, db_path.c_str());
      return 0;
    }
    return 2;
  });
}
