// Device buffers and event timing.
#include "runtime/gpu_util.hpp"

#include <algorithm>
#include <cmath>

#include "runtime/driver.hpp"

namespace tailor::detail {

DeviceBuffer::DeviceBuffer(std::int64_t bytes) : bytes_(bytes) {
  TAILOR_CU(driver().cuMemAlloc(&ptr_, static_cast<std::size_t>(std::max<std::int64_t>(bytes, 16))));
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_) driver().cuMemFree(ptr_);
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& o) noexcept {
  if (this != &o) {
    if (ptr_) driver().cuMemFree(ptr_);
    ptr_ = o.ptr_, bytes_ = o.bytes_;
    o.ptr_ = 0, o.bytes_ = 0;
  }
  return *this;
}

void DeviceBuffer::upload(const void* host, std::int64_t bytes) const {
  TAILOR_CU(driver().cuMemcpyHtoD(ptr_, host, static_cast<std::size_t>(bytes)));
}

void DeviceBuffer::download(void* host, std::int64_t bytes) const {
  TAILOR_CU(driver().cuMemcpyDtoH(host, ptr_, static_cast<std::size_t>(bytes)));
}

Timing summarize(std::vector<double> s) {
  Timing t;
  if (s.empty()) return t;
  std::sort(s.begin(), s.end());
  auto q = [&](double f) {
    const double pos = f * static_cast<double>(s.size() - 1);
    const std::size_t lo = static_cast<std::size_t>(std::floor(pos)), hi = std::min(lo + 1, s.size() - 1);
    return s[lo] + (s[hi] - s[lo]) * (pos - static_cast<double>(lo));
  };
  t.median = q(0.5), t.p20 = q(0.2), t.p80 = q(0.8);
  t.samples = static_cast<int>(s.size());
  return t;
}

Timing time_calls(CUstream stream, const std::function<void(int)>& enqueue, int reps, int per_rep, int warmup) {
  const Driver& d = driver();
  CUevent start = nullptr, stop = nullptr;
  struct Guard {
    CUevent &a, &b;
    ~Guard() {
      if (a) driver().cuEventDestroy(a);
      if (b) driver().cuEventDestroy(b);
    }
  } guard{start, stop};
  TAILOR_CU(d.cuEventCreate(&start, CU_EVENT_DEFAULT));
  TAILOR_CU(d.cuEventCreate(&stop, CU_EVENT_DEFAULT));
  int i = 0;
  for (int w = 0; w < warmup; ++w) enqueue(i++);
  TAILOR_CU(d.cuStreamSynchronize(stream));
  std::vector<double> samples;
  for (int r = 0; r < reps; ++r) {
    TAILOR_CU(d.cuEventRecord(start, stream));
    for (int c = 0; c < per_rep; ++c) enqueue(i++);
    TAILOR_CU(d.cuEventRecord(stop, stream));
    TAILOR_CU(d.cuEventSynchronize(stop));
    float ms = 0;
    TAILOR_CU(d.cuEventElapsedTime(&ms, start, stop));
    samples.push_back(static_cast<double>(ms) * 1e-3 / per_rep);
  }
  return summarize(samples);
}

double copy_bandwidth(CUstream stream, std::int64_t bytes) {
  DeviceBuffer src(bytes), dst(bytes);
  TAILOR_CU(driver().cuMemsetD8(src.ptr(), 0x3c, static_cast<std::size_t>(bytes)));
  const Timing t = time_calls(stream, [&](int) {
    TAILOR_CU(driver().cuMemcpyDtoDAsync(dst.ptr(), src.ptr(), static_cast<std::size_t>(bytes), stream));
  }, 7, 10, 2);
  return 2.0 * static_cast<double>(bytes) / t.median;
}

}  // namespace tailor::detail
