// harness: times a generated slab kernel from a cubin (Driver API), the way Tailor launches it
// (programmatic stream serialization, back-to-back calls), on fresh random inputs, and checks
// C against a float64 host reference on sampled matrices.
//   harness CUBIN KERNEL f32|f64 BATCH M K N GRID BLOCK SMEM_BYTES
#include <cuda.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include <string_view>
#define CK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char* s; cuGetErrorString(r_, &s); std::fprintf(stderr, "%s: %s\n", #x, s); std::exit(1); } } while (0)
template <class T> int run(int argc, char** argv) {
  const long long batch = atoll(argv[4]); const int M = atoi(argv[5]), K = atoi(argv[6]), N = atoi(argv[7]);
  const unsigned grid = atoi(argv[8]), block = atoi(argv[9]), smem = atoi(argv[10]);
  CUmodule mod; CUfunction fn; CK(cuModuleLoad(&mod, argv[1])); CK(cuModuleGetFunction(&fn, mod, argv[2]));
  CK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
  const size_t na = batch * M * K, nb = batch * K * N, nc = batch * M * N;
  std::vector<T> ha(na), hb(nb), hc(nc);
  std::mt19937_64 g(std::random_device{}()); std::uniform_real_distribution<double> u(-1, 1);
  for (auto& x : ha) x = (T)u(g); for (auto& x : hb) x = (T)u(g);
  // rotate over enough copies that the L2 (60 MB) holds none of the last call's operands
  const size_t bytes = (na + nb + nc) * sizeof(T);
  const int copies = std::max<size_t>(2, (size_t)(200e6 / bytes) + 1);
  std::vector<CUdeviceptr> A(copies), B(copies), C(copies);
  for (int i = 0; i < copies; ++i) {
    CK(cuMemAlloc(&A[i], na * sizeof(T))); CK(cuMemAlloc(&B[i], nb * sizeof(T))); CK(cuMemAlloc(&C[i], nc * sizeof(T)));
    CK(cuMemcpyHtoD(A[i], ha.data(), na * sizeof(T))); CK(cuMemcpyHtoD(B[i], hb.data(), nb * sizeof(T)));
    CK(cuMemsetD8(C[i], 0xff, nc * sizeof(T)));  // poison: NaN
  }
  CUstream st; CK(cuStreamCreate(&st, CU_STREAM_NON_BLOCKING));
  T alpha = 1, beta = 0;
  auto launch = [&](int i) {
    void* args[] = {&A[i], &B[i], &C[i], &alpha, &beta, (void*)&batch};
    CUlaunchAttribute at; at.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION; at.value.programmaticStreamSerializationAllowed = 1;
    CUlaunchConfig cfg{}; cfg.gridDimX = grid; cfg.gridDimY = cfg.gridDimZ = 1; cfg.blockDimX = block; cfg.blockDimY = cfg.blockDimZ = 1;
    cfg.sharedMemBytes = smem; cfg.hStream = st; cfg.attrs = &at; cfg.numAttrs = 1;
    CK(cuLaunchKernelEx(&cfg, fn, args, nullptr));
  };
  launch(0); CK(cuStreamSynchronize(st));
  CK(cuMemcpyDtoH(hc.data(), C[0], nc * sizeof(T)));
  double maxerr = 0;
  for (long long b = 0; b < batch; b += std::max<long long>(1, batch / 997))
    for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) {
      double s = 0, sa = 0;
      for (int k = 0; k < K; ++k) { double p = (double)ha[b*M*K + i*K + k] * hb[b*K*N + k*N + j]; s += p; sa += std::fabs(p); }
      const double e = std::fabs(hc[b*M*N + i*N + j] - s) / (sa + 1e-30);
      maxerr = std::isnan(e) ? 1e30 : std::max(maxerr, e);
    }
  CUevent e0, e1; CK(cuEventCreate(&e0, 0)); CK(cuEventCreate(&e1, 0));
  std::vector<double> ts;
  for (int r = 0; r < 9; ++r) {
    CK(cuEventRecord(e0, st));
    for (int i = 0; i < 20; ++i) launch((r * 20 + i) % copies);
    CK(cuEventRecord(e1, st)); CK(cuEventSynchronize(e1));
    float ms; CK(cuEventElapsedTime(&ms, e0, e1)); ts.push_back(ms / 20);
  }
  std::sort(ts.begin(), ts.end());
  const double t = ts[ts.size() / 2];
  std::printf("%-60s %9.4f ms %7.0f GB/s  rel.err %.2e  (copies %d)\n", argv[2], t, bytes / (t * 1e-3) / 1e9, maxerr, copies);
  return maxerr < (sizeof(T) == 4 ? 1e-5 : 1e-13) ? 0 : 2;
}
int main(int argc, char** argv) {
  if (argc != 11) { std::fprintf(stderr, "usage: harness CUBIN KERNEL f32|f64 BATCH M K N GRID BLOCK SMEM\n"); return 1; }
  CK(cuInit(0)); CUdevice d; CK(cuDeviceGet(&d, 0)); CUcontext c; CK(cuDevicePrimaryCtxRetain(&c, d)); CK(cuCtxSetCurrent(c));
  return std::string_view(argv[3]) == "f64" ? run<double>(argc, argv) : run<float>(argc, argv);
}
