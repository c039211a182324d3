// Throughput of the FP64 mma.sync shapes (m8n8k4, m16n8k4, m16n8k8, m16n8k16) on one GPU:
// register operands only, 8 independent accumulators a warp, 4 CTAs of 256 threads per SM.
// Build: nvcc -O3 -arch=sm_90 -o dmma_rate bench/dmma_rate.cu (the m16n8k* shapes need sm_90).
#include <cstdio>
#include <cuda_runtime.h>
template <int SHAPE>
__global__ void k(double* out, int iters, double seed) {
  double a[8], b[4], c[8][4];
  for (int i = 0; i < 8; ++i) a[i] = seed + threadIdx.x * 1e-3 + i;
  for (int i = 0; i < 4; ++i) b[i] = seed - i * 1e-3;
  for (int r = 0; r < 8; ++r) for (int i = 0; i < 4; ++i) c[r][i] = 0;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      if (SHAPE == 0)
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(c[r][0]), "+d"(c[r][1]) : "d"(a[r]), "d"(b[0]));
      else if (SHAPE == 1)
        asm volatile("mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
                     : "+d"(c[r][0]), "+d"(c[r][1]), "+d"(c[r][2]), "+d"(c[r][3]) : "d"(a[0]), "d"(a[1]), "d"(b[0]));
      else if (SHAPE == 2)
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+d"(c[r][0]), "+d"(c[r][1]), "+d"(c[r][2]), "+d"(c[r][3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
      else
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3};"
                     : "+d"(c[r][0]), "+d"(c[r][1]), "+d"(c[r][2]), "+d"(c[r][3])
                     : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]), "d"(a[7]),
                       "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
    }
  }
  double s = 0;
  for (int r = 0; r < 8; ++r) for (int i = 0; i < 4; ++i) s += c[r][i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
template <int SHAPE>
void run(const char* name, double flops_per_mma, int sms) {
  const int threads = 256, blocks = sms * 4, iters = 2000;
  double* out;
  cudaMalloc(&out, sizeof(double) * threads * blocks);
  k<SHAPE><<<blocks, threads>>>(out, 10, 1.0);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  float best = 1e30f;
  for (int rep = 0; rep < 5; ++rep) {
    cudaEventRecord(e0);
    k<SHAPE><<<blocks, threads>>>(out, iters, 1.0 + rep);
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms; cudaEventElapsedTime(&ms, e0, e1);
    if (ms < best) best = ms;
  }
  const double warps = blocks * threads / 32.0;
  const double flops = warps * iters * 8 * flops_per_mma;
  printf("%-10s %8.3f ms  %6.1f TFLOP/s  (%s)\n", name, best, flops / (best * 1e-3) / 1e12, cudaGetErrorString(cudaGetLastError()));
  cudaFree(out);
}
int main() {
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  run<0>("m8n8k4", 8 * 8 * 4 * 2, sms);
  run<1>("m16n8k4", 16 * 8 * 4 * 2, sms);
  run<2>("m16n8k8", 16 * 8 * 8 * 2, sms);
  run<3>("m16n8k16", 16 * 8 * 16 * 2, sms);
}
