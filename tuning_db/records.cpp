// Tuning records without SQLite: the checks every record passes before it is stored or
// used, the JSON-lines form (export, import, shipped databases), device fingerprints'
// parts, and the nearest-neighbour search over records.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string_view>

#include "tailor/error.hpp"
#include "tuning_db/records_detail.hpp"
#include "tuning_db/tuning_db.hpp"

namespace tailor::db {
namespace detail {

std::string reason(const std::exception& e) {
  std::string_view w = e.what();
  // Error::what() is "tailor: <code>: <message>"; keep the message.
  if (dynamic_cast<const Error*>(&e) && w.starts_with("tailor: ")) {
    const std::size_t colon = w.find(": ", 8);
    if (colon != std::string_view::npos) w.remove_prefix(colon + 2);
  }
  return std::string(w);
}

std::optional<std::string> check_text(std::string_view field, const std::string& s, std::size_t max_len,
                                      bool allow_empty) {
  if (s.empty() && !allow_empty) return fmt::format("{} is empty", field);
  if (s.size() > max_len) return fmt::format("{} is {} bytes long (at most {})", field, s.size(), max_len);
  for (unsigned char ch : s)
    if (ch < 0x20 || ch == 0x7f) return fmt::format("{} contains a control character", field);
  try {
    (void)nlohmann::json(s).dump();  // throws on invalid UTF-8
  } catch (const nlohmann::json::exception&) {
    return fmt::format("{} is not valid UTF-8", field);
  }
  return std::nullopt;
}

std::optional<std::string> check_record(const TuningRecord& r) {
  try {
    r.problem.validate();
  } catch (const Error& e) {
    return "problem: " + reason(e);
  }
  if (r.align_bytes != 4 && r.align_bytes != 8 && r.align_bytes != 16)
    return fmt::format("align = {} must be 4, 8 or 16", r.align_bytes);
  if (r.align_bytes < r.problem.esize())
    return fmt::format("align = {} is less than the {}-byte element", r.align_bytes, r.problem.esize());
  if (auto why = check_text("device", r.device, kMaxDeviceBytes, false)) return why;
  if (auto why = check_text("tailor_version", r.tailor_version, kMaxShortText, true)) return why;
  if (auto why = check_text("date", r.date, kMaxShortText, true)) return why;
  const std::pair<const char*, double> reals[] = {{"median_s", r.median_s},       {"p20_s", r.p20_s},
                                                  {"p80_s", r.p80_s},             {"heuristic_s", r.heuristic_s},
                                                  {"max_rel_err", r.max_rel_err}, {"tuning_seconds", r.tuning_seconds}};
  for (auto [name, v] : reals)
    if (!std::isfinite(v) || v < 0) return fmt::format("{} = {} must be a finite number >= 0", name, v);
  const std::pair<const char*, int> ints[] = {{"candidates_tried", r.candidates_tried},
                                              {"candidates_failed", r.candidates_failed},
                                              {"generator_version", r.generator_version},
                                              {"nvrtc_version", r.nvrtc_version},
                                              {"driver_version", r.driver_version}};
  for (auto [name, v] : ints)
    if (v < 0) return fmt::format("{} = {} must be >= 0", name, v);
  return std::nullopt;
}

FingerprintParts parse_fingerprint(const std::string& fp) {
  FingerprintParts out;
  out.name = fp;
  std::vector<std::string_view> parts;
  std::string_view s = fp;
  for (std::size_t pos; (pos = s.find('|')) != std::string_view::npos; s.remove_prefix(pos + 1))
    parts.push_back(s.substr(0, pos));
  parts.push_back(s);
  if (parts.size() != 4) return out;
  auto number = [](std::string_view t, std::int64_t& v) {
    if (t.empty() || t.size() > 15) return false;
    v = 0;
    for (char ch : t) {
      if (ch < '0' || ch > '9') return false;
      v = v * 10 + (ch - '0');
    }
    return true;
  };
  std::int64_t arch = 0, sms = 0, mib = 0;
  const std::string_view a = parts[1], m = parts[2], mem = parts[3];
  if (!a.starts_with("sm_") || a.size() < 5 || !number(a.substr(3), arch)) return out;
  if (!m.ends_with(" SMs") || !number(m.substr(0, m.size() - 4), sms)) return out;
  if (!mem.ends_with(" MiB") || !number(mem.substr(0, mem.size() - 4), mib)) return out;
  if (arch > 1000000 || sms > 1000000) return out;
  out.name = std::string(parts[0]);
  out.cc_major = static_cast<int>(arch / 10);
  out.cc_minor = static_cast<int>(arch % 10);
  out.sm_count = static_cast<int>(sms);
  out.memory_mib = mib;
  return out;
}

bool same_card(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const FingerprintParts x = parse_fingerprint(a), y = parse_fingerprint(b);
  if (!x.memory_mib || !y.memory_mib || x.name != y.name || x.cc_major != y.cc_major || x.cc_minor != y.cc_minor ||
      x.sm_count != y.sm_count)
    return false;
  const double mx = static_cast<double>(*x.memory_mib), my = static_cast<double>(*y.memory_mib);
  return std::abs(mx - my) <= 0.02 * std::max(mx, my);
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

bool preferred(const TuningRecord& a, const TuningRecord& b) {
  if (a.generator_version != b.generator_version) return a.generator_version > b.generator_version;
  if (a.verified != b.verified) return a.verified;
  return a.median_s < b.median_s;
}

std::optional<TuningRecord> parse_json_line(const std::string& line, std::string& why) {
  using nlohmann::json;
  static const char* const kKeys[] = {"format",      "device",           "problem",           "align",
                                      "generator_version", "config",     "median_s",          "p20_s",
                                      "p80_s",       "heuristic_s",      "verified",          "max_rel_err",
                                      "candidates_tried",  "candidates_failed", "tuning_seconds", "nvrtc_version",
                                      "driver_version",    "tailor_version",    "date"};
  json j;
  try {
    j = json::parse(line);
  } catch (const json::exception& e) {
    why = fmt::format("not JSON ({})", e.what());
    return std::nullopt;
  }
  if (!j.is_object()) {
    why = "not a JSON object";
    return std::nullopt;
  }
  for (const auto& [key, value] : j.items())
    if (std::find_if(std::begin(kKeys), std::end(kKeys), [&](const char* k) { return key == k; }) == std::end(kKeys)) {
      why = fmt::format("unknown key \"{}\"", key);
      return std::nullopt;
    }
  for (const char* k : kKeys)
    if (!j.contains(k)) {
      why = fmt::format("missing key \"{}\"", k);
      return std::nullopt;
    }
  auto integer = [&](const char* k, int& out) {
    const json& v = j[k];
    if (v.is_number_integer()) {
      const auto x = v.get<std::int64_t>();
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() <= 0x7fffffffu)
        if (x >= -0x7fffffffLL && x <= 0x7fffffffLL) {
          out = static_cast<int>(x);
          return true;
        }
    }
    why = fmt::format("\"{}\" must be an integer in the range of int", k);
    return false;
  };
  auto real = [&](const char* k, double& out) {
    if (j[k].is_number()) {
      out = j[k].get<double>();
      return true;
    }
    why = fmt::format("\"{}\" must be a number", k);
    return false;
  };
  auto text = [&](const char* k, std::string& out) {
    if (j[k].is_string()) {
      out = j[k].get<std::string>();
      return true;
    }
    why = fmt::format("\"{}\" must be a string", k);
    return false;
  };
  int format = 0;
  if (!integer("format", format)) return std::nullopt;
  if (format < 1 || format > kJsonFormat) {
    why = format > kJsonFormat
              ? fmt::format("format {} is newer than this build understands ({}); use a newer tailor", format,
                            kJsonFormat)
              : fmt::format("format {} is not a known format (expected {})", format, kJsonFormat);
    return std::nullopt;
  }
  TuningRecord r;
  std::string problem, config;
  if (!text("device", r.device) || !text("problem", problem) || !integer("align", r.align_bytes) ||
      !integer("generator_version", r.generator_version) || !text("config", config) ||
      !real("median_s", r.median_s) || !real("p20_s", r.p20_s) || !real("p80_s", r.p80_s) ||
      !real("heuristic_s", r.heuristic_s) || !real("max_rel_err", r.max_rel_err) ||
      !integer("candidates_tried", r.candidates_tried) || !integer("candidates_failed", r.candidates_failed) ||
      !real("tuning_seconds", r.tuning_seconds) || !integer("nvrtc_version", r.nvrtc_version) ||
      !integer("driver_version", r.driver_version) || !text("tailor_version", r.tailor_version) ||
      !text("date", r.date))
    return std::nullopt;
  if (!j["verified"].is_boolean()) {
    why = "\"verified\" must be true or false";
    return std::nullopt;
  }
  r.verified = j["verified"].get<bool>();
  if (problem.size() > kMaxProblemBytes) {
    why = fmt::format("problem is {} bytes long (at most {})", problem.size(), kMaxProblemBytes);
    return std::nullopt;
  }
  if (config.size() > kMaxConfigBytes) {
    why = fmt::format("config is {} bytes long (at most {})", config.size(), kMaxConfigBytes);
    return std::nullopt;
  }
  try {
    r.problem = GemmProblem::parse(problem).normalized();
  } catch (const Error& e) {
    why = "problem: " + reason(e);
    return std::nullopt;
  }
  try {
    r.config = KernelConfig::parse(config);
  } catch (const Error& e) {
    why = "config: " + reason(e);
    return std::nullopt;
  }
  if (auto bad = check_record(r)) {
    why = *bad;
    return std::nullopt;
  }
  return r;
}

}  // namespace detail

std::string to_json_line(const TuningRecord& r) {
  if (auto why = detail::check_record(r))
    throw Error(ErrorCode::database_error, fmt::format("cannot write a malformed tuning record as JSON: {}", *why));
  nlohmann::ordered_json j;
  j["format"] = kJsonFormat;
  j["device"] = r.device;
  j["problem"] = r.problem.to_string();
  j["align"] = r.align_bytes;
  j["generator_version"] = r.generator_version;
  j["config"] = r.config.to_string();
  j["median_s"] = r.median_s;
  j["p20_s"] = r.p20_s;
  j["p80_s"] = r.p80_s;
  j["heuristic_s"] = r.heuristic_s;
  j["verified"] = r.verified;
  j["max_rel_err"] = r.max_rel_err;
  j["candidates_tried"] = r.candidates_tried;
  j["candidates_failed"] = r.candidates_failed;
  j["tuning_seconds"] = r.tuning_seconds;
  j["nvrtc_version"] = r.nvrtc_version;
  j["driver_version"] = r.driver_version;
  j["tailor_version"] = r.tailor_version;
  j["date"] = r.date;
  return j.dump();
}

TuningRecord from_json_line(const std::string& line) {
  std::string why;
  if (auto r = detail::parse_json_line(line, why)) return *r;
  throw Error(ErrorCode::database_error, fmt::format("malformed tuning record line: {}", why));
}

double neighbour_distance(const GemmProblem& a, const GemmProblem& b) {
  auto d = [](std::int64_t x, std::int64_t y) {
    return std::abs(std::log2(static_cast<double>(x)) - std::log2(static_cast<double>(y)));
  };
  return d(a.m, b.m) + d(a.k, b.k) + d(a.n, b.n) + 0.25 * d(a.batch, b.batch);
}

std::vector<TuningRecord> nearest(const std::vector<TuningRecord>& records, const GemmProblem& problem,
                                  std::size_t limit) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  struct Candidate {
    double d;
    const TuningRecord* r;
    std::string key;
  };
  std::vector<Candidate> c;
  for (const TuningRecord& r : records) {
    GemmProblem q = r.problem;
    if (!q.is_normalized()) {
      try {
        q = q.normalized();
      } catch (const Error&) {
        continue;
      }
    }
    if (q.dtype != p.dtype || q.layout_a != p.layout_a || q.layout_b != p.layout_b || q.layout_c != p.layout_c ||
        q.bcast_a() != p.bcast_a() || q.bcast_b() != p.bcast_b() || q.alpha_kind != p.alpha_kind ||
        q.beta_kind != p.beta_kind || q == p)
      continue;
    c.push_back({neighbour_distance(p, q), &r, q.to_string()});
  }
  std::stable_sort(c.begin(), c.end(), [](const Candidate& a, const Candidate& b) {
    if (a.d != b.d) return a.d < b.d;
    if (a.r->generator_version != b.r->generator_version) return a.r->generator_version > b.r->generator_version;
    if (a.r->median_s != b.r->median_s) return a.r->median_s < b.r->median_s;
    if (a.key != b.key) return a.key < b.key;
    return a.r->align_bytes > b.r->align_bytes;
  });
  std::vector<TuningRecord> out;
  for (std::size_t i = 0; i < c.size() && i < limit; ++i) out.push_back(*c[i].r);
  return out;
}

}  // namespace tailor::db
