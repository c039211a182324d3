// Host CPU detection: /proc/cpuinfo for the model name, the compiler's CPUID helpers for
// the vector ISA, the affinity mask for the usable core count.
#include "runtime/cpu/cpu_info.hpp"

#include <fmt/format.h>
#include <sched.h>
#include <unistd.h>

#include <fstream>
#include <thread>

namespace tailor::cpu {
namespace {

std::string read_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    // x86: "model name : ..."; some ARM kernels only have "Hardware" or "CPU part".
    if (line.rfind("model name", 0) == 0 || line.rfind("Hardware", 0) == 0) {
      const auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string v = line.substr(colon + 1);
      const auto first = v.find_first_not_of(" \t");
      const auto last = v.find_last_not_of(" \t");
      if (first == std::string::npos) continue;
      v = v.substr(first, last - first + 1);
      for (char& ch : v)
        if (ch == '|') ch = '/';  // the fingerprint's separator
      return v;
    }
  }
  return "unknown";
}

CpuInfo detect() {
  CpuInfo c;
  c.model = read_model();
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) c.isa = "avx512", c.vector_bytes = 64;
  else if (__builtin_cpu_supports("avx2")) c.isa = "avx2", c.vector_bytes = 32;
  else if (__builtin_cpu_supports("avx")) c.isa = "avx", c.vector_bytes = 32;
  else c.isa = "sse2", c.vector_bytes = 16;
  c.fma = __builtin_cpu_supports("fma");
#elif defined(__aarch64__)
  c.isa = "neon", c.vector_bytes = 16, c.fma = true;
#else
  c.isa = "scalar", c.vector_bytes = 8;
#endif
  const unsigned hc = std::thread::hardware_concurrency();
  c.cores = hc ? static_cast<int>(hc) : 1;
  return c;
}

}  // namespace

std::string CpuInfo::fingerprint() const { return fmt::format("{}|{}|{} cores", model, isa, cores); }

const CpuInfo& host_cpu() {
  static const CpuInfo info = detect();
  return info;
}

long last_level_cache_bytes() {
  long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
  if (l3 <= 0) l3 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  return l3 > 0 ? l3 : 32l << 20;
}

int usable_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  return host_cpu().cores;
}

}  // namespace tailor::cpu
