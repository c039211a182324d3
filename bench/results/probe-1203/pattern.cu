// pattern.cu: the memory structure of a one-buffer slab kernel, without its matrix product,
// to find which part of it holds bulk-copied slabs of small matrices under the copy
// bandwidth. Each CTA takes slabs of E floats of A, E of B and E of C (a 16^3 f32 batch has
// E = 256 * matrices a slab), lands A and B in shared memory, forms C = A + B, and writes C:
//   LOAD  0: thread 0's two bulk copies (TMA) on an mbarrier, as Tailor's slab;
//         1: the threads' 16-byte loads through registers, four in flight a thread;
//         2: the threads' cp.async of 16 bytes, all of a slab in flight;
//   STORE 0: C staged over A, one bulk store, its reads waited for before A is refilled;
//         1: C staged over A, the threads' 16-byte stores from shared memory;
//         2: C from registers, the threads' 16-byte stores.
// Built with: nvcc -O3 -arch=sm_90 -std=c++17 -I templates pattern.cu -o pattern
// Launched with programmatic stream serialization, 20 calls back to back over two sets of
// buffers (600 MB, past the L2), the median of 9; C poisoned first and checked after.
#include <cuda.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "common.cuh"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); std::exit(1); } } while (0)

template <int LOAD, int STORE, int T, int E>
__global__ void pat(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, long long nslabs) {
  extern __shared__ __align__(16) float sm[];
  float* sA = sm;
  float* sB = sm + E;
  __shared__ unsigned long long bar;
  const int tid = threadIdx.x;
  constexpr int NV = E / 4;  // 16-byte vectors an operand a slab
  static_assert(NV % T == 0, "whole rounds");
  tailor::grid_dependency();
  if (LOAD == 0) {
    if (tid == 0) tailor::mbar_init(&bar, 1);
    __syncthreads();
  }
  unsigned phase = 0;
  for (long long s = blockIdx.x; s < nslabs; s += gridDim.x) {
    const float* a = A + s * E;
    const float* b = B + s * E;
    float* c = C + s * E;
    if (LOAD == 0) {
      if (tid == 0) {
        if (STORE == 0) tailor::bulk_store_wait<true>();
        tailor::fence_async_smem();
        tailor::mbar_expect(&bar, 2u * E * 4u);
        tailor::bulk_load(sA, a, E * 4u, &bar);
        tailor::bulk_load(sB, b, E * 4u, &bar);
      }
      tailor::mbar_wait(&bar, phase);
      phase ^= 1;
    } else {
      if (STORE == 0) {
        if (tid == 0) tailor::bulk_store_wait<true>();
        __syncthreads();
      }
      if (LOAD == 1) {
        constexpr int IT = 2 * NV / T;
        constexpr int G = IT < 4 ? IT : 4;
        for (int i0 = 0; i0 < IT; i0 += G) {
          float4 r[G];
#pragma unroll
          for (int j = 0; j < G; ++j) {
            const int v = tid + (i0 + j) * T;
            r[j] = v < NV ? reinterpret_cast<const float4*>(a)[v] : reinterpret_cast<const float4*>(b)[v - NV];
          }
#pragma unroll
          for (int j = 0; j < G; ++j) reinterpret_cast<float4*>(sm)[tid + (i0 + j) * T] = r[j];
        }
      } else {
#pragma unroll 4
        for (int v = tid; v < 2 * NV; v += T)
          tailor::cp_async<16>(sm + 4 * v, v < NV ? a + 4 * v : b + 4 * (v - NV), true);
        tailor::cp_commit();
        tailor::cp_wait<0>();
      }
      __syncthreads();
    }
    if (STORE == 2) {
#pragma unroll 4
      for (int v = tid; v < NV; v += T) {
        const float4 x = reinterpret_cast<const float4*>(sA)[v], y = reinterpret_cast<const float4*>(sB)[v];
        reinterpret_cast<float4*>(c)[v] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
      }
    } else {
      constexpr int R = NV / T;
      float4 r[R];
#pragma unroll
      for (int i = 0; i < R; ++i) {
        const int v = tid + i * T;
        const float4 x = reinterpret_cast<const float4*>(sA)[v], y = reinterpret_cast<const float4*>(sB)[v];
        r[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
      }
      __syncthreads();
#pragma unroll
      for (int i = 0; i < R; ++i) reinterpret_cast<float4*>(sA)[tid + i * T] = r[i];
      if (STORE == 0) {
        tailor::fence_async_smem();
        __syncthreads();
        if (tid == 0) tailor::bulk_store(c, sA, E * 4u);
      } else {
        __syncthreads();
#pragma unroll 4
        for (int v = tid; v < NV; v += T) reinterpret_cast<float4*>(c)[v] = reinterpret_cast<const float4*>(sA)[v];
      }
    }
    __syncthreads();
  }
  if (STORE == 0 && tid == 0) tailor::bulk_store_wait<true>();
}

// The streaming ideal of the same traffic: C = A + B, 16-byte vectors, grid-stride.
__global__ void stream2(const float4* __restrict__ A, const float4* __restrict__ B, float4* __restrict__ C, long long n) {
  tailor::grid_dependency();
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    const float4 x = A[i], y = B[i];
    C[i] = make_float4(x.x + y.x, x.y + y.y, x.z + y.z, x.w + y.w);
  }
}

static const long long MATRICES = 97664;  // of 16 x 16 floats: 100 MB an operand, whole slabs of 8
static float *dA[2], *dB[2], *dC[2];
static std::vector<float> hA, hB;
static cudaStream_t st;

template <class F>
static double timeit(F&& launch) {
  launch(0);
  CK(cudaStreamSynchronize(st));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::vector<double> ts;
  for (int r = 0; r < 9; ++r) {
    CK(cudaEventRecord(e0, st));
    for (int i = 0; i < 20; ++i) launch(i & 1);
    CK(cudaEventRecord(e1, st));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    ts.push_back(ms / 20);
  }
  std::sort(ts.begin(), ts.end());
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  return ts[ts.size() / 2];
}

static bool check(long long n) {
  for (int i = 0; i < 2; ++i) {
    std::vector<float> h(1 << 16);
    for (long long off : {0LL, n / 2, n - (1 << 16)}) {
      CK(cudaMemcpy(h.data(), dC[i] + off, h.size() * 4, cudaMemcpyDeviceToHost));
      for (size_t j = 0; j < h.size(); ++j)
        if (h[j] != hA[off + j] + hB[off + j]) return false;
    }
  }
  return true;
}

static void launch_ex(const void* fn, unsigned grid, unsigned block, size_t smem, void** args) {
  cudaLaunchConfig_t cfg{};
  cudaLaunchAttribute at;
  at.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  at.val.programmaticStreamSerializationAllowed = 1;
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(block);
  cfg.dynamicSmemBytes = smem;
  cfg.stream = st;
  cfg.attrs = &at;
  cfg.numAttrs = 1;
  CK(cudaLaunchKernelExC(&cfg, fn, args));
}

template <int LOAD, int STORE, int T, int E>
static void one(int sms, long long n) {
  auto fn = pat<LOAD, STORE, T, E>;
  const long long nslabs = n / E;
  int smax = 0;
  CK(cudaDeviceGetAttribute(&smax, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smax - 1024));
  for (int want : {0, 8, 16}) {  // CTAs an SM: as many as fit, or at most 8 or 16 (extra shared memory)
    size_t smem = 2 * E * 4;
    if (want) smem = std::max<size_t>(smem, 228 * 1024 / want - 1024 - 512);
    int occ = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, fn, T, smem));
    if (want && occ > want) continue;
    for (int persist : {0, 1}) {
      const unsigned grid = persist ? (unsigned)std::min<long long>(nslabs, (long long)occ * sms) : (unsigned)nslabs;
      CK(cudaMemsetAsync(dC[0], 0xff, n * 4, st));
      CK(cudaMemsetAsync(dC[1], 0xff, n * 4, st));
      const double t = timeit([&](int i) {
        long long ns = nslabs;
        void* args[] = {&dA[i], &dB[i], &dC[i], &ns};
        launch_ex((const void*)fn, grid, T, smem, args);
      });
      CK(cudaStreamSynchronize(st));
      std::printf("load %d store %d threads %3d slab %5d B  smem %6zu  ctas/SM %2d  grid %7u  %8.2f us  %6.0f GB/s  %s\n",
                  LOAD, STORE, T, E * 4, smem, occ, grid, t * 1e3, 3.0 * n * 4 / (t * 1e-3) / 1e9,
                  check(n) ? "ok" : "WRONG");
    }
  }
}

template <int LOAD, int STORE, int T>
static void slabs(int sms, long long n) {
  one<LOAD, STORE, T, 1024>(sms, n);
  one<LOAD, STORE, T, 2048>(sms, n);
}
template <int LOAD, int STORE>
static void threads(int sms, long long n) {
  slabs<LOAD, STORE, 64>(sms, n);
  slabs<LOAD, STORE, 128>(sms, n);
}
template <int LOAD>
static void stores(int sms, long long n) {
  threads<LOAD, 0>(sms, n);
  threads<LOAD, 1>(sms, n);
  threads<LOAD, 2>(sms, n);
}

int main() {
  const long long n = MATRICES * 256;
  hA.resize(n);
  hB.resize(n);
  std::mt19937 g(20261203);
  std::uniform_real_distribution<float> u(-1, 1);
  for (auto& x : hA) x = u(g);
  for (auto& x : hB) x = u(g);
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  for (int i = 0; i < 2; ++i) {
    CK(cudaMalloc(&dA[i], n * 4));
    CK(cudaMalloc(&dB[i], n * 4));
    CK(cudaMalloc(&dC[i], n * 4));
    CK(cudaMemcpy(dA[i], hA.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB[i], hB.data(), n * 4, cudaMemcpyHostToDevice));
  }
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  for (int blocks : {4, 8, 16}) {
    const unsigned grid = sms * blocks;
    CK(cudaMemsetAsync(dC[0], 0xff, n * 4, st));
    CK(cudaMemsetAsync(dC[1], 0xff, n * 4, st));
    const double t = timeit([&](int i) {
      const float4* a = reinterpret_cast<const float4*>(dA[i]);
      const float4* b = reinterpret_cast<const float4*>(dB[i]);
      float4* c = reinterpret_cast<float4*>(dC[i]);
      long long nv = n / 4;
      void* args[] = {&a, &b, &c, &nv};
      launch_ex((const void*)stream2, grid, 256, 0, args);
    });
    std::printf("stream2 grid %u x 256: %8.2f us  %6.0f GB/s  %s\n", grid, t * 1e3, 3.0 * n * 4 / (t * 1e-3) / 1e9,
                check(n) ? "ok" : "WRONG");
  }
  stores<0>(sms, n);
  stores<1>(sms, n);
  stores<2>(sms, n);
  return 0;
}
