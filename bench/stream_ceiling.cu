// The highest bandwidth a streaming kernel reaches on this card, by the ratio of bytes read
// to bytes written and by the number of loads each thread keeps in flight: the ceiling the
// read-heavy products (3xKx1 reads K+1 vectors per one written) can be held against, beside
// the copy bandwidth (read 1 : write 1) that bench percentages use.
//   ldg R U     each thread loads U*R 16-byte vectors (all issued before any is used), writes U
//               (R = 0: reads only; one float a thread written at the end)
//   hint        the same with ld.global.nc.L1::no_allocate.L2::256B
//   bulk W S KB one elected thread streams KB-sized runs into S shared-memory buffers with
//               cp.async.bulk and an mbarrier per buffer; the CTA sums each run (W = 0: reads
//               only) or each W vectors of it into one vector written
// Grids are persistent (B CTAs of 256 threads per SM, work strided). 2 GiB read per call,
// median of 9 repetitions of 5 back-to-back calls; inputs are random floats.
// Build: nvcc -O3 -arch=sm_90 -o stream_ceiling bench/stream_ceiling.cu
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CK(x)                                                                                   \
  do {                                                                                          \
    cudaError_t e_ = (x);                                                                       \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                             \
    }                                                                                           \
  } while (0)

constexpr int kThreads = 256;

template <bool HINT>
__device__ __forceinline__ float4 load(const float4* p) {
  if constexpr (HINT) {
    float4 v;
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
                 : "l"(p));
    return v;
  } else {
    return __ldg(p);
  }
}

// Groups of kThreads*U*max(R,1) input vectors; group g's input run is contiguous.
template <int R, int U, bool HINT>
__global__ void __launch_bounds__(kThreads) ldg_stream(const float4* __restrict__ in, float4* __restrict__ out,
                                                         long long groups) {
  constexpr int kR = R == 0 ? 1 : R;
  float tail = 0.f;
  for (long long g = blockIdx.x; g < groups; g += gridDim.x) {
    const float4* src = in + g * (kThreads * U * kR);
    float4 v[U * kR];
#pragma unroll
    for (int i = 0; i < U * kR; ++i) v[i] = load<HINT>(src + i * kThreads + threadIdx.x);
#pragma unroll
    for (int u = 0; u < U; ++u) {
      float4 acc = v[u * kR];
#pragma unroll
      for (int r = 1; r < kR; ++r)
        acc.x += v[u * kR + r].x, acc.y += v[u * kR + r].y, acc.z += v[u * kR + r].z, acc.w += v[u * kR + r].w;
      if constexpr (R == 0)
        tail += acc.x + acc.y + acc.z + acc.w;
      else
        __stcs(out + (g * U + u) * kThreads + threadIdx.x, acc);
    }
  }
  if constexpr (R == 0) reinterpret_cast<float*>(out)[blockIdx.x * kThreads + threadIdx.x] = tail;
}

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// Bulk copies: S buffers of CHUNK bytes, one mbarrier each. W = 0: reads only; W > 0: each
// run of W vectors read is summed into one vector written (st.global.cs from the threads).
template <int S, int CHUNK, int W>
__global__ void __launch_bounds__(kThreads) bulk_stream(const float4* __restrict__ in, float* __restrict__ out,
                                                          long long chunks) {
  extern __shared__ __align__(128) unsigned char smem[];
  __shared__ __align__(8) unsigned long long bar[S];
  constexpr int kVec = CHUNK / 16;
  float4* buf = reinterpret_cast<float4*>(smem);
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s)
      asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&bar[s])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto issue = [&](long long c, int s) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(&bar[s])), "r"(CHUNK)
                 : "memory");
    asm volatile(
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
            smem_addr(buf + s * kVec)),
        "l"(in + c * kVec), "r"(CHUNK), "r"(smem_addr(&bar[s]))
        : "memory");
  };
  long long c0 = blockIdx.x;
  if (threadIdx.x == 0)
    for (int s = 0; s < S && c0 + (long long)s * gridDim.x < chunks; ++s) issue(c0 + (long long)s * gridDim.x, s);
  float tail = 0.f;
  unsigned phase = 0;
  int s = 0;
  for (long long c = c0; c < chunks; c += gridDim.x) {
    unsigned done = 0;
    while (!done)
      asm volatile(
          "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
          : "=r"(done)
          : "r"(smem_addr(&bar[s])), "r"(phase)
          : "memory");
    if constexpr (W == 0) {
#pragma unroll 4
      for (int i = threadIdx.x; i < kVec; i += kThreads) {
        const float4 v = buf[s * kVec + i];
        tail += v.x + v.y + v.z + v.w;
      }
    } else {
      float4* dst = reinterpret_cast<float4*>(out) + c * (kVec / W);
      for (int j = threadIdx.x; j < kVec / W; j += kThreads) {
        float4 acc = buf[s * kVec + j * W];
#pragma unroll
        for (int r = 1; r < W; ++r) {
          const float4 v = buf[s * kVec + j * W + r];
          acc.x += v.x, acc.y += v.y, acc.z += v.z, acc.w += v.w;
        }
        __stcs(dst + j, acc);
      }
    }
    __syncthreads();  // buffer s consumed
    const long long next = c + (long long)S * gridDim.x;
    if (threadIdx.x == 0 && next < chunks) issue(next, s);
    if (++s == S) s = 0, phase ^= 1;
  }
  if constexpr (W == 0) out[blockIdx.x * kThreads + threadIdx.x] = tail;
}

__global__ void fill(float4* p, long long n, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned h = static_cast<unsigned>(i) * 2654435761u ^ seed;
    h ^= h >> 15, h *= 2246822519u, h ^= h >> 13;
    const float f = (h & 0xffffff) * (1.f / 16777216.f) + 0.5f;
    p[i] = make_float4(f, f * 0.5f, f * 0.25f, f * 2.f);
  }
}

template <class F>
double time_us(F&& call) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int w = 0; w < 5; ++w) call();
  std::vector<double> t;
  for (int r = 0; r < 9; ++r) {
    CK(cudaEventRecord(a));
    for (int k = 0; k < 5; ++k) call();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms * 1e3 / 5);
  }
  CK(cudaGetLastError());
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[4];
}

constexpr long long kReadBytes = 2LL << 30;
float4 *g_in, *g_out;
int g_sms;

template <int R, int U, bool HINT>
void ldg_row(const char* label) {
  constexpr int kR = R == 0 ? 1 : R;
  const long long groups = kReadBytes / (16LL * kThreads * U * kR);
  const double moved = 16.0 * groups * kThreads * U * kR + (R == 0 ? 0.0 : 16.0 * groups * kThreads * U);
  std::printf("%-26s R=%-2d U=%-2d", label, R, U);
  for (int b : {2, 4, 8}) {
    const int grid = static_cast<int>(std::min<long long>(groups, 1LL * b * g_sms));
    const double us = time_us([&] { ldg_stream<R, U, HINT><<<grid, kThreads>>>(g_in, g_out, groups); });
    std::printf("   %4.0f", moved / (us * 1e-6) / 1e9);
  }
  std::printf("\n");
}

template <int S, int CHUNK, int W = 0>
void bulk_row() {
  const long long chunks = kReadBytes / CHUNK;
  const int smem = S * CHUNK;
  const double moved = W == 0 ? double(kReadBytes) : kReadBytes + double(kReadBytes) / W;
  CK(cudaFuncSetAttribute(bulk_stream<S, CHUNK, W>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  std::printf("%-19s W=%-2d S=%-2d %2d KB", "bulk copies", W, S, CHUNK / 1024);
  for (int b : {1, 2, 4}) {
    if (b * smem > 220 * 1024) {
      std::printf("   %4s", "-");
      continue;
    }
    const int grid = b * g_sms;
    const double us =
        time_us([&] { bulk_stream<S, CHUNK, W><<<grid, kThreads, smem>>>(g_in, reinterpret_cast<float*>(g_out), chunks); });
    std::printf("   %4.0f", moved / (us * 1e-6) / 1e9);
  }
  std::printf("\n");
}

int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  g_sms = prop.multiProcessorCount;
  std::printf("%s, %d SMs; GB/s counts bytes read + written; 2 GiB read per call\n", prop.name, g_sms);
  CK(cudaMalloc(&g_in, kReadBytes));
  CK(cudaMalloc(&g_out, kReadBytes));  // a 1:1 copy writes as much as it reads
  fill<<<4 * g_sms, 256>>>(g_in, kReadBytes / 16, 12345u);
  CK(cudaDeviceSynchronize());
  {
    const double us = time_us([&] { CK(cudaMemcpyAsync(g_out, g_in, kReadBytes, cudaMemcpyDeviceToDevice)); });
    std::printf("cudaMemcpy device to device             %4.0f\n", 2.0 * kReadBytes / (us * 1e-6) / 1e9);
  }
  std::printf("%-37s CTAs/SM: 2      4      8\n", "");
  ldg_row<1, 1, false>("copy (ldg, stcs)");
  ldg_row<1, 4, false>("copy (ldg, stcs)");
  ldg_row<1, 8, false>("copy (ldg, stcs)");
  ldg_row<4, 2, false>("read 4 : write 1");
  ldg_row<8, 1, false>("read 8 : write 1");
  ldg_row<8, 2, false>("read 8 : write 1");
  ldg_row<25, 1, false>("read 25 : write 1");
  ldg_row<0, 2, false>("reads only");
  ldg_row<0, 4, false>("reads only");
  ldg_row<0, 8, false>("reads only");
  ldg_row<0, 16, false>("reads only");
  ldg_row<0, 4, true>("reads only, L2::256B hint");
  ldg_row<0, 8, true>("reads only, L2::256B hint");
  ldg_row<8, 2, true>("read 8 : write 1, hint");
  std::printf("%-37s CTAs/SM: 1      2      4\n", "");
  bulk_row<2, 16384>();
  bulk_row<4, 16384>();
  bulk_row<4, 32768>();
  bulk_row<6, 32768>();
  bulk_row<3, 65536>();
  bulk_row<4, 16384, 8>();
  bulk_row<4, 32768, 8>();
  bulk_row<4, 16384, 25>();
  bulk_row<4, 32768, 25>();
  bulk_row<4, 16384, 64>();
  CK(cudaFree(g_in));
  CK(cudaFree(g_out));
  return 0;
}
