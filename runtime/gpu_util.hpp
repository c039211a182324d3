// Small RAII and timing helpers over the driver, shared by the benchmark, the autotuner
// and the GPU tests: device buffers, a stream, event timing with warm-up and medians, and
// the device-to-device copy bandwidth that is the ceiling of memory-bound problems.
#pragma once

#include <cuda.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace tailor::detail {

/// cuMemAlloc'd bytes, freed on destruction.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::int64_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) { o.ptr_ = 0, o.bytes_ = 0; }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return reinterpret_cast<void*>(ptr_); }
  CUdeviceptr ptr() const { return ptr_; }
  std::int64_t bytes() const { return bytes_; }
  void upload(const void* host, std::int64_t bytes) const;
  void download(void* host, std::int64_t bytes) const;

 private:
  CUdeviceptr ptr_ = 0;
  std::int64_t bytes_ = 0;
};

/// Quantiles of a set of timings, in seconds.
struct Timing {
  double median = 0, p20 = 0, p80 = 0;
  int samples = 0;
};
Timing summarize(std::vector<double> seconds);

/// Times `enqueue(i)` (which enqueues one call on `stream`, i counting from 0): `warmup`
/// calls, then `reps` repetitions of `per_rep` back-to-back calls between two events.
/// Each sample is one repetition's time divided by per_rep.
Timing time_calls(CUstream stream, const std::function<void(int)>& enqueue, int reps = 7, int per_rep = 20,
                  int warmup = 3);

/// Device-to-device copy bandwidth (bytes read + written per second) of a large copy.
double copy_bandwidth(CUstream stream, std::int64_t bytes = std::int64_t(1) << 31);

}  // namespace tailor::detail
