// DeviceInfo from cuDeviceGetAttribute and friends.
#include "runtime/device.hpp"

#include <fmt/format.h>

#include "runtime/driver.hpp"
#include "runtime/nvrtc.hpp"
#include "tailor/error.hpp"

namespace tailor::detail {

DeviceInfo query_device(int ordinal) {
  const Driver& d = driver();
  if (!d.ok()) throw Error(ErrorCode::device_unavailable, d.error);
  // A negative ordinal asks for no device (the CPU path only); one past the devices found,
  // where there are some, is the caller's mistake, not a machine without a GPU.
  if (ordinal >= d.device_count && d.device_count > 0)
    throw Error(ErrorCode::invalid_argument,
                fmt::format("CUDA device {} does not exist ({} device(s) found, numbered from 0)", ordinal,
                            d.device_count));
  if (ordinal < 0 || ordinal >= d.device_count)
    throw Error(ErrorCode::device_unavailable,
                fmt::format("CUDA device {} does not exist ({} device(s) found)", ordinal, d.device_count));
  CUdevice dev;
  TAILOR_CU(d.cuDeviceGet(&dev, ordinal));
  DeviceInfo info;
  info.ordinal = ordinal;
  char name[256] = {};
  TAILOR_CU(d.cuDeviceGetName(name, sizeof(name) - 1, dev));
  info.name = name;
  auto attr = [&](CUdevice_attribute a) {
    int v = 0;
    TAILOR_CU(d.cuDeviceGetAttribute(&v, a, dev));
    return v;
  };
  info.cc_major = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  info.cc_minor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  info.sm_count = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  info.max_threads_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  info.max_threads_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  info.smem_per_block = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  info.smem_per_block_optin = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  info.smem_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  info.regs_per_sm = attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  info.l2_bytes = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  std::size_t mem = 0;
  TAILOR_CU(d.cuDeviceTotalMem(&mem, dev));
  info.total_mem = static_cast<std::int64_t>(mem);
  TAILOR_CU(d.cuDriverGetVersion(&info.driver_version));
  info.nvrtc_version = nvrtc_version();
  return info;
}

}  // namespace tailor::detail
