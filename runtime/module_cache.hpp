// The module cache: compiled cubins, found in memory, then on disk, then made by NVRTC.
// The key is a 128-bit hash of everything that changes the cubin: the source text, the
// compile options, the architecture and the NVRTC version. Disk entries live under
// <cache dir>/cubin/<key>.cubin, are written atomically (temporary file + rename) and
// carry a checksum: a truncated or corrupt file is reported once and recompiled, never
// loaded. Only cubins live here, never in a tuning database.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "runtime/nvrtc.hpp"

namespace tailor::detail {

class ModuleCache {
 public:
  enum class From { memory, disk, compiled };
  /// `dir` empty: memory only.
  explicit ModuleCache(std::string dir);

  /// 32 hex digits naming (source, options, arch, NVRTC version).
  static std::string key(const KernelSource& source, const std::string& arch);
  /// The compiled kernel for `source` on `arch`; compiles on a miss (Error(compile_error)).
  std::shared_ptr<const CompiledKernel> get(const KernelSource& source, const std::string& arch,
                                            From* from = nullptr);
  /// Where NVRTC's log holds no resource report, `fill` is asked for one (the runtime
  /// loads the cubin and reads the function's attributes from the driver) before the
  /// kernel is cached; without it, or where it fails too, the kernel keeps -1 registers
  /// and a warning is printed once.
  void set_report_fallback(std::function<void(CompiledKernel&)> fill) { fill_report_ = std::move(fill); }
  /// Where the disk entry for `key` lives ("" without a disk cache).
  std::string path_for(const std::string& key) const;
  const std::string& dir() const { return dir_; }

  /// Serialised form of an entry (exposed for tests).
  static std::string encode(const std::string& key, const CompiledKernel& k);
  /// Parses an entry; nullopt with `why` set when it is truncated, corrupt or for another key.
  static std::optional<CompiledKernel> decode(const std::string& bytes, const std::string& key, std::string* why);

 private:
  std::optional<CompiledKernel> load_disk(const std::string& key);
  void store_disk(const std::string& key, const CompiledKernel& k);

  std::string dir_;
  std::function<void(CompiledKernel&)> fill_report_;
  std::mutex mu_;
  std::unordered_map<std::string, std::shared_ptr<const CompiledKernel>> mem_;
};

}  // namespace tailor::detail
