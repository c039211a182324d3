// The lookup chain of dispatch.
#include "runtime/dispatch.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <mutex>
#include <set>

#include "tailor/error.hpp"

namespace tailor::detail {
namespace {

// One warning per (source, problem, config), however often the record is met.
void warn_invalid_once(const std::string& where, const std::string& problem, const std::string& config,
                       const std::string& why) {
  static std::mutex mu;
  static std::set<std::string> seen;
  const std::string key = where + "|" + problem + "|" + config;
  std::lock_guard<std::mutex> lock(mu);
  if (!seen.insert(key).second) return;
  std::fprintf(stderr, "tailor: warning: skipping config %s for %s from %s: %s\n", config.c_str(), problem.c_str(),
               where.c_str(), why.c_str());
}

}  // namespace


Plan Dispatcher::decide(const GemmProblem& problem, int align_bytes) const {
  for (const auto& src : sources_) {
    std::optional<Plan> p;
    try {
      p = src->lookup(problem, device_, align_bytes);
    } catch (const Error& e) {
      warn_invalid_once(src->describe(), problem.to_string(), "(lookup)", e.what());
      continue;
    }
    if (!p) continue;
    if (auto why = gen::check(problem, p->config, device_, 16)) {
      warn_invalid_once(src->describe(), problem.to_string(), p->config.to_string(), *why);
      continue;
    }
    // Valid, but tuned for better-aligned pointers than these: not an error, look further.
    if (gen::check(problem, p->config, device_, align_bytes)) continue;
    p->kernel_name = gen::kernel_name(problem, p->config);
    return *p;
  }
  Plan plan;
  plan.config = gen::heuristic(problem, device_, align_bytes);
  plan.origin = PlanOrigin::heuristic;
  plan.kernel_name = gen::kernel_name(problem, plan.config);
  return plan;
}

}  // namespace tailor::detail
