// DeviceInfo: what Tailor knows of the device it generates code for. Its fingerprint
// (name, compute capability, multiprocessor count, memory size) keys tuning records, so a
// database tuned on one card is only trusted on cards of the same kind.
#pragma once

#include <cstdint>
#include <string>

namespace tailor {

struct DeviceInfo {
  int ordinal = -1;                 ///< CUDA device ordinal, -1 when there is no GPU
  std::string name;                 ///< e.g. "NVIDIA H200"
  int cc_major = 0, cc_minor = 0;   ///< compute capability
  int sm_count = 0;                 ///< multiprocessors
  int max_threads_per_block = 1024;
  int max_threads_per_sm = 2048;
  int smem_per_block = 48 * 1024;        ///< without opt-in
  int smem_per_block_optin = 48 * 1024;  ///< with cuFuncSetAttribute opt-in
  int smem_per_sm = 0;
  int regs_per_sm = 65536;
  int l2_bytes = 0;
  std::int64_t total_mem = 0;  ///< bytes
  int driver_version = 0;      ///< cuDriverGetVersion, e.g. 13000
  int nvrtc_version = 0;       ///< major * 1000 + minor * 10, e.g. 13000

  /// "sm_90" for compute capability 9.0.
  std::string arch() const;
  /// "NVIDIA H200|sm_90|132 SMs|143771 MiB": the key of tuning records.
  std::string fingerprint() const;

  /// Limits of an H100/H200 (sm_90) without a GPU at hand: what tailor-gen and the CI
  /// compile tests generate for.
  static DeviceInfo sm90_model();
};

}  // namespace tailor
