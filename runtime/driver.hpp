// The CUDA driver, loaded at run time: libcuda.so.1 is dlopen'd on first use, never
// linked, so Tailor and its tools run on machines without a GPU and say so plainly.
// `driver()` is the process-wide table of the entry points Tailor uses; TAILOR_CU checks
// a call and throws Error(driver_error) naming the call, its result and file:line.
#pragma once

#include <cuda.h>

#include <string>
#include <string_view>

namespace tailor::detail {

// Each entry is the name cuda.h maps to its current ABI (cuMemAlloc -> cuMemAlloc_v2).
#define TAILOR_DRIVER_FUNCTIONS(X)                                                                      \
  X(cuInit) X(cuDriverGetVersion) X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName)                 \
  X(cuDeviceGetAttribute) X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease)  \
  X(cuCtxGetCurrent) X(cuCtxSetCurrent) X(cuCtxSynchronize) X(cuModuleLoadData) X(cuModuleUnload)       \
  X(cuModuleGetFunction) X(cuFuncGetAttribute) X(cuFuncSetAttribute) X(cuLaunchKernel) X(cuLaunchKernelEx)\
  X(cuMemAlloc)                                                                                          \
  X(cuMemFree) X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuMemcpyDtoDAsync) X(cuMemsetD8)                       \
  X(cuMemsetD32) X(cuEventCreate) X(cuEventDestroy) X(cuEventRecord) X(cuEventSynchronize)              \
  X(cuEventElapsedTime) X(cuStreamCreate) X(cuStreamDestroy) X(cuStreamSynchronize) X(cuGetErrorName)  \
  X(cuGetErrorString) X(cuPointerGetAttribute) X(cuMemGetInfo) X(cuMemcpyHtoDAsync)                     \
  X(cuMemcpyDtoHAsync) X(cuMemHostAlloc) X(cuMemFreeHost) X(cuPointerGetAttributes)                   \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)

struct Driver {
#define TAILOR_CU_MEMBER(fn) decltype(&::fn) fn = nullptr;
  TAILOR_DRIVER_FUNCTIONS(TAILOR_CU_MEMBER)
#undef TAILOR_CU_MEMBER
  void* handle = nullptr;
  int device_count = 0;
  std::string error;  ///< why the driver is unusable ("" when it loaded and cuInit succeeded)
  bool ok() const { return error.empty(); }
};

/// The driver table, loaded and initialised (cuInit) on first call. Never throws.
const Driver& driver();

/// Throws Error(driver_error): "<call> failed with CUDA_ERROR_X (description) at file:line".
[[noreturn]] void throw_driver_error(CUresult r, const char* call, const char* file, int line);

inline void check_cu(CUresult r, const char* call, const char* file, int line) {
  if (r != CUDA_SUCCESS) throw_driver_error(r, call, file, line);
}

}  // namespace tailor::detail

#define TAILOR_CU(call) ::tailor::detail::check_cu((call), #call, __FILE__, __LINE__)
