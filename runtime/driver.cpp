// dlopen of libcuda.so.1 and the table of driver entry points.
#include "runtime/driver.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

#include "tailor/error.hpp"

namespace tailor::detail {
namespace {

#define TAILOR_STR2(x) #x
#define TAILOR_STR(x) TAILOR_STR2(x)

Driver load() {
  Driver d;
  d.handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!d.handle) {
    const char* why = dlerror();
    d.error = fmt::format("no CUDA driver on this machine (dlopen libcuda.so.1: {})", why ? why : "unknown error");
    return d;
  }
  std::string missing;
#define TAILOR_CU_LOAD(fn)                                                          \
  d.fn = reinterpret_cast<decltype(d.fn)>(dlsym(d.handle, TAILOR_STR(fn)));        \
  if (!d.fn) missing += std::string(missing.empty() ? "" : ", ") + TAILOR_STR(fn);
  TAILOR_DRIVER_FUNCTIONS(TAILOR_CU_LOAD)
#undef TAILOR_CU_LOAD
  if (!missing.empty()) {
    d.error = fmt::format("the CUDA driver (libcuda.so.1) lacks {}: it is older than Tailor needs", missing);
    return d;
  }
  if (CUresult r = d.cuInit(0); r != CUDA_SUCCESS) {
    const char* name = nullptr;
    d.cuGetErrorName(r, &name);
    d.error = fmt::format("cuInit failed with {}: no usable CUDA device", name ? name : "an unknown error");
    return d;
  }
  if (d.cuDeviceGetCount(&d.device_count) != CUDA_SUCCESS || d.device_count == 0)
    d.error = "the CUDA driver found no device";
  return d;
}

}  // namespace

const Driver& driver() {
  static const Driver d = load();
  return d;
}

void throw_driver_error(CUresult r, const char* call, const char* file, int line) {
  const Driver& d = driver();
  const char* name = nullptr;
  const char* desc = nullptr;
  if (d.cuGetErrorName) d.cuGetErrorName(r, &name);
  if (d.cuGetErrorString) d.cuGetErrorString(r, &desc);
  throw Error(ErrorCode::driver_error, fmt::format("{} failed with {} ({}) at {}:{}", call, name ? name : "?",
                                                   desc ? desc : "no description", file, line));
}

}  // namespace tailor::detail
