// Helpers of the tuning-database tests: temporary directories, records with configs the
// generator accepts, raw SQL on a database file (to craft hostile ones), stderr capture
// (to count warnings), running tailor-db, and dropping root's privileges so a read-only
// location is read-only for the test too.
#pragma once

#include <doctest/doctest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "generator/generator.hpp"
#include "tailor/tailor.hpp"
#include "tuning_db/tuning_db.hpp"

extern char** environ;

namespace dbtest {

namespace fs = std::filesystem;
using tailor::db::TuningDb;
using tailor::db::TuningRecord;

struct TempDir {
  fs::path path;
  TempDir() {
    static std::atomic<int> n{0};
    path = fs::temp_directory_path() /
           ("tailor-db-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++) + "-" + std::to_string(rand()));
    fs::create_directories(path);
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

inline std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void spit(const std::string& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

inline const tailor::DeviceInfo& device() {
  static const tailor::DeviceInfo d = tailor::DeviceInfo::sm90_model();
  return d;
}

inline tailor::GemmProblem problem(const std::string& text) { return tailor::GemmProblem::parse(text).normalized(); }

/// A record of `p` on the sm_90 model with `config` (which the test requires to be legal
/// for `align`, unless `must_be_valid` is false).
inline TuningRecord record(const tailor::GemmProblem& p, const std::string& config, double median_s = 1e-4,
                           int generator_version = 1, int align = 16, bool must_be_valid = true,
                           const std::string& device_fp = device().fingerprint()) {
  TuningRecord r;
  r.problem = p.normalized();
  r.device = device_fp;
  r.align_bytes = align;
  r.config = tailor::KernelConfig::parse(config);
  if (must_be_valid) {
    const auto why = tailor::gen::check(r.problem, r.config, device(), align);
    INFO(config << " for " << r.problem.to_string() << ": " << why.value_or(""));
    REQUIRE(!why);
  }
  r.median_s = median_s;
  r.p20_s = median_s * 0.98;
  r.p80_s = median_s * 1.03;
  r.heuristic_s = median_s * 1.5;
  r.verified = true;
  r.max_rel_err = 2.5e-16;
  r.candidates_tried = 40;
  r.candidates_failed = 2;
  r.tuning_seconds = 3.25;
  r.generator_version = generator_version;
  r.nvrtc_version = 13000;
  r.driver_version = 13000;
  r.tailor_version = "0.1.0";
  r.date = "2026-11-29T18:30:00Z";
  return r;
}

/// Slab configs that are legal for small f64 problems at any alignment (vec = 1).
inline std::string slab(int threads, int mats) {
  return "slab,t=" + std::to_string(threads) + ",minb=1,mats=" + std::to_string(mats) + ",vec=1,rm=1,rn=1,grid=0";
}

/// Runs SQL on a database file with the sqlite3 C API (no Tailor code in between).
inline void sql(const std::string& path, const std::string& text) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* err = nullptr;
  const int rc = sqlite3_exec(db, text.c_str(), nullptr, nullptr, &err);
  INFO(text << ": " << (err ? err : ""));
  sqlite3_free(err);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

/// First column of the first row of a query, as text ("" when none).
inline std::string sql_value(const std::string& path, const std::string& query) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  std::string out;
  REQUIRE(sqlite3_prepare_v2(db, query.c_str(), -1, &s, nullptr) == SQLITE_OK);
  if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0))
    out = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  sqlite3_finalize(s);
  sqlite3_close(db);
  return out;
}

/// Captures what is written to stderr (fd 2) while it lives.
class CaptureStderr {
 public:
  CaptureStderr() {
    std::fflush(stderr);
    char name[] = "/tmp/tailor-db-test-stderr-XXXXXX";
    fd_ = ::mkstemp(name);
    file_ = name;
    saved_ = ::dup(2);
    ::dup2(fd_, 2);
  }
  ~CaptureStderr() {
    stop();
    ::unlink(file_.c_str());
  }
  /// Everything written so far (stops the capture).
  std::string text() {
    stop();
    return slurp(file_);
  }
  /// Lines with "warning" in them.
  int warnings() {
    std::istringstream in(text());
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.find("warning") != std::string::npos;
    return n;
  }

 private:
  void stop() {
    if (saved_ < 0) return;
    std::fflush(stderr);
    ::dup2(saved_, 2);
    ::close(saved_);
    ::close(fd_);
    saved_ = -1;
  }
  int fd_ = -1, saved_ = -1;
  std::string file_;
};

/// Makes the process's effective user `nobody` while it lives when it runs as root, so
/// file permissions apply to it (root ignores them). A no-op for other users.
class Unprivileged {
 public:
  Unprivileged() {
    if (::geteuid() == 0) {
      REQUIRE(::setegid(65534) == 0);
      REQUIRE(::seteuid(65534) == 0);
      dropped_ = true;
    }
  }
  ~Unprivileged() {
    if (dropped_) {
      (void)::seteuid(0);
      (void)::setegid(0);
    }
  }

 private:
  bool dropped_ = false;
};

struct ToolResult {
  int rc = -1;
  std::string out, err;
};

/// Starts tailor-db with `args` (stdout and stderr to files); wait() collects it.
class Tool {
 public:
  explicit Tool(const std::vector<std::string>& args) {
    static std::atomic<int> n{0};
    const std::string base = (fs::temp_directory_path() / ("tailor-db-tool-" + std::to_string(::getpid()) + "-" +
                                                             std::to_string(n++)))
                                 .string();
    out_ = base + ".out", err_ = base + ".err";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, out_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> argv_s{TAILOR_DB_TOOL};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int rc = posix_spawn(&pid_, TAILOR_DB_TOOL, &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    REQUIRE(rc == 0);
  }
  ToolResult wait() {
    int status = 0;
    ::waitpid(pid_, &status, 0);
    ToolResult r;
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out_);
    r.err = slurp(err_);
    ::unlink(out_.c_str());
    ::unlink(err_.c_str());
    return r;
  }

 private:
  pid_t pid_ = -1;
  std::string out_, err_;
};

inline ToolResult tailor_db(const std::vector<std::string>& args) { return Tool(args).wait(); }

inline int count_lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

}  // namespace dbtest
