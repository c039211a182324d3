// What the CPU path knows of the host: model name, vector ISA, core count, and the
// fingerprint ("Intel(R) Xeon(R) Processor|avx512|2 cores") that keys CPU tuning records
// in the same database as the GPU's, so a CPU tuned on one machine is only trusted on
// machines of the same kind. Detection needs no LLVM.
#pragma once

#include <string>

namespace tailor::cpu {

struct CpuInfo {
  std::string model;      ///< /proc/cpuinfo "model name" (or "unknown")
  std::string isa;        ///< widest vector ISA: "avx512", "avx2", "avx", "sse2", "neon" or "scalar"
  int vector_bytes = 16;  ///< bytes in one vector register of that ISA (64 for AVX-512)
  bool fma = false;       ///< fused multiply-add in hardware
  int cores = 1;          ///< logical CPUs online

  /// "model|isa|N cores": the device key of CPU tuning records.
  std::string fingerprint() const;
  /// Elements of `esize` bytes in one vector register.
  int lanes(int esize) const { return vector_bytes / esize > 0 ? vector_bytes / esize : 1; }
};

/// The host, detected once per process.
const CpuInfo& host_cpu();

/// CPUs this process may run on (its affinity mask), at least 1.
int usable_cpus();

/// Bytes of the last-level cache (L3, else L2; 32 MiB when the system does not say).
long last_level_cache_bytes();

}  // namespace tailor::cpu
