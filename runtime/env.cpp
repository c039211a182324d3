// Reads Tailor's environment variables once. Nothing else in Tailor calls getenv.
#include "runtime/env.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace tailor::detail {
namespace {

std::string get(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool truthy(const std::string& v) { return !v.empty() && v != "0" && v != "false" && v != "off" && v != "no"; }

Env read_env() {
  Env e;
  e.log = truthy(get("TAILOR_LOG"));
  e.dump_dir = get("TAILOR_DUMP_DIR");
  e.cache_dir = get("TAILOR_CACHE_DIR");
  if (e.cache_dir.empty()) {
    const std::string xdg = get("XDG_CACHE_HOME"), home = get("HOME");
    if (!xdg.empty()) e.cache_dir = xdg + "/tailor";
    else if (!home.empty()) e.cache_dir = home + "/.cache/tailor";
  }
  const std::string disk = get("TAILOR_DISK_CACHE");
  e.disk_cache = disk.empty() || truthy(disk);
  if (e.cache_dir.empty()) e.disk_cache = false;
  e.db_path = get("TAILOR_DB");
  if (e.db_path.empty() && !e.cache_dir.empty()) e.db_path = e.cache_dir + "/tuning.db";
  e.shipped_dir = get("TAILOR_SHIPPED_DIR");
  e.tune = truthy(get("TAILOR_TUNE"));
  if (const std::string b = get("TAILOR_TUNE_BUDGET_S"); !b.empty()) {
    char* end = nullptr;
    const double v = std::strtod(b.c_str(), &end);
    if (end && *end == '\0' && v > 0) e.tune_budget_s = v;
    else std::fprintf(stderr, "tailor: ignoring TAILOR_TUNE_BUDGET_S='%s' (expected seconds > 0)\n", b.c_str());
  }
  if (const std::string t = get("TAILOR_CPU_THREADS"); !t.empty()) {
    char* end = nullptr;
    const long v = std::strtol(t.c_str(), &end, 10);
    if (end && *end == '\0' && v >= 0 && v <= 4096) e.cpu_threads = static_cast<int>(v);
    else std::fprintf(stderr, "tailor: ignoring TAILOR_CPU_THREADS='%s' (expected a thread count)\n", t.c_str());
  }
  const std::string pdl = get("TAILOR_PDL");
  e.pdl = pdl.empty() || truthy(pdl);
  return e;
}

}  // namespace

const Env& env() {
  static const Env e = read_env();
  return e;
}

}  // namespace tailor::detail
