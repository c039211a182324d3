// DeviceInfo's derived strings, and the sm_90 model used where there is no GPU.
#include <fmt/format.h>

#include "tailor/device.hpp"

namespace tailor {

std::string DeviceInfo::arch() const { return fmt::format("sm_{}{}", cc_major, cc_minor); }

std::string DeviceInfo::fingerprint() const {
  return fmt::format("{}|{}|{} SMs|{} MiB", name, arch(), sm_count, total_mem >> 20);
}

DeviceInfo DeviceInfo::sm90_model() {
  DeviceInfo d;
  d.name = "sm_90 model (no device)";
  d.cc_major = 9, d.cc_minor = 0;
  d.sm_count = 132;
  d.max_threads_per_block = 1024;
  d.max_threads_per_sm = 2048;
  d.smem_per_block = 48 * 1024;
  d.smem_per_block_optin = 227 * 1024;
  d.smem_per_sm = 228 * 1024;
  d.regs_per_sm = 65536;
  d.l2_bytes = 60 * 1024 * 1024;
  return d;
}

}  // namespace tailor
