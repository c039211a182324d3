// Dispatch: which kernel config serves a problem. A pure function of (problem, device,
// alignment, plan sources): each source (user DB, shipped DBs, nearest tuned neighbour)
// is asked in order; the first config it returns that validates against today's
// generator wins, an invalid one is skipped with one warning; the heuristic answers
// last. The in-process memo lives in the runtime, in front of this.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "generator/generator.hpp"
#include "tailor/runtime.hpp"

namespace tailor::detail {

/// One place configs can come from (a tuning database, a neighbour search ...).
class PlanSource {
 public:
  virtual ~PlanSource() = default;
  /// A config for the normalised `problem` on `device`, with the origin to report, or
  /// nullopt. `align_bytes` is the alignment the pointers share.
  virtual std::optional<Plan> lookup(const GemmProblem& problem, const DeviceInfo& device, int align_bytes) = 0;
  /// Short name for messages ("user database /path/tuning.db").
  virtual std::string describe() const = 0;
};

class Dispatcher {
 public:
  explicit Dispatcher(DeviceInfo device) : device_(std::move(device)) {}
  void add_source(std::shared_ptr<PlanSource> s) { sources_.push_back(std::move(s)); }
  const std::vector<std::shared_ptr<PlanSource>>& sources() const { return sources_; }
  const DeviceInfo& device() const { return device_; }

  /// The plan for a normalised, valid problem (kernel_name filled in).
  Plan decide(const GemmProblem& problem, int align_bytes) const;

 private:
  DeviceInfo device_;
  std::vector<std::shared_ptr<PlanSource>> sources_;
};

}  // namespace tailor::detail
