// Reads Tailor's environment variables once. Nothing else in Tailor calls getenv.
#include "runtime/env.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace tailor::detail {
namespace {

std::string get(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// A switch: parse_switch's reading, `fallback` where it is unset, or (with a warning) not a
// recognised value.
bool flag(const char* name, bool fallback) {
  const std::string v = get(name);
  if (v.empty()) return fallback;
  if (const auto b = parse_switch(v)) return *b;
  std::fprintf(stderr, "tailor: ignoring %s='%s' (expected 1/0, true/false, on/off or yes/no); it stays %s\n", name,
               v.c_str(), fallback ? "on" : "off");
  return fallback;
}

Env read_env() {
  Env e;
  e.log = flag("TAILOR_LOG", false);
  e.dump_dir = get("TAILOR_DUMP_DIR");
  e.cache_dir = get("TAILOR_CACHE_DIR");
  if (e.cache_dir.empty()) {
    const std::string xdg = get("XDG_CACHE_HOME"), home = get("HOME");
    if (!xdg.empty()) e.cache_dir = xdg + "/tailor";
    else if (!home.empty()) e.cache_dir = home + "/.cache/tailor";
  }
  e.disk_cache = flag("TAILOR_DISK_CACHE", true);
  if (e.cache_dir.empty()) e.disk_cache = false;
  e.db_path = get("TAILOR_DB");
  if (e.db_path.empty() && !e.cache_dir.empty()) e.db_path = e.cache_dir + "/tuning.db";
  e.shipped_dir = get("TAILOR_SHIPPED_DIR");
  e.tune = flag("TAILOR_TUNE", false);
  if (const std::string b = get("TAILOR_TUNE_BUDGET_S"); !b.empty()) {
    char* end = nullptr;
    const double v = std::strtod(b.c_str(), &end);
    if (end && *end == '\0' && std::isfinite(v) && v > 0) e.tune_budget_s = v;
    else std::fprintf(stderr, "tailor: ignoring TAILOR_TUNE_BUDGET_S='%s' (expected a finite number of seconds > 0)\n",
                      b.c_str());
  }
  if (const std::string t = get("TAILOR_CPU_THREADS"); !t.empty()) {
    char* end = nullptr;
    const long v = std::strtol(t.c_str(), &end, 10);
    if (end && *end == '\0' && v >= 0 && v <= 4096) e.cpu_threads = static_cast<int>(v);
    else std::fprintf(stderr, "tailor: ignoring TAILOR_CPU_THREADS='%s' (expected a thread count)\n", t.c_str());
  }
  e.pdl = flag("TAILOR_PDL", true);
  return e;
}

}  // namespace

std::optional<bool> parse_switch(const std::string& value) {
  std::string v;
  for (char ch : value)
    if (!std::isspace(static_cast<unsigned char>(ch))) v += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (v == "1" || v == "true" || v == "on" || v == "yes") return true;
  if (v == "0" || v == "false" || v == "off" || v == "no") return false;
  return std::nullopt;
}

const Env& env() {
  static const Env e = read_env();
  return e;
}

}  // namespace tailor::detail
