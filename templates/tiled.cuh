// Tailor template fragment: the tiled family, for larger M and N.
// A CTA computes one BM x BN tile of one matrix's C, stepping over K in chunks of BK:
// each chunk of A (BM x BK) and B (BK x BN) is staged in shared memory (A transposed, so
// both are read along the output dimension), and each thread accumulates an RM x RN
// register tile whose rows and columns are spread BM/RM and BN/RN apart, so that a
// warp's shared-memory reads are broadcasts or consecutive words. Edges are guarded only
// where the shape does not divide the tile. Work items (matrix, tile) are numbered
// matrix-major and walked with a grid-stride loop, so any batch fits in one launch.
#ifndef TAILOR_TILED_CUH
#define TAILOR_TILED_CUH

#include "common.cuh"

namespace tailor {

template <class S>
struct Tiled {
  typedef typename S::T T;
  static constexpr int M = S::M, K = S::K, N = S::N;
  static constexpr int BM = S::BM, BN = S::BN, BK = S::BK, RM = S::RM, RN = S::RN;
  static constexpr int TX = BN / RN, TY = BM / RM;  // thread grid; TX * TY == THREADS
  static constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  static constexpr int TILES = TILES_M * TILES_N;
  static constexpr int PA = BM + S::A_PAD, PB = BN + S::B_PAD;  // shared-memory row pitches
  static constexpr int SMEM_BYTES = (BK * PA + BK * PB) * (int)sizeof(T);

  __device__ __forceinline__ static void run(const T* __restrict__ A, const T* __restrict__ B,
                                             T* __restrict__ C, T alpha, T beta, i64 batch) {
    __shared__ __align__(16) T sA[BK * PA];  // sA[kk * PA + mm] = A(m0 + mm, k0 + kk)
    __shared__ __align__(16) T sB[BK * PB];  // sB[kk * PB + nn] = B(k0 + kk, n0 + nn)
    const int tid = threadIdx.x;
    const int tx = tid % TX, ty = tid / TX;
    const i64 work = batch * TILES;
    for (i64 w = blockIdx.x; w < work; w += gridDim.x) {
      const i64 b = w / TILES;
      const int t = (int)(w - b * TILES);
      const int m0 = (t / TILES_N) * BM, n0 = (t % TILES_N) * BN;
      const T* __restrict__ Ab = A + b * S::A_STRIDE;
      const T* __restrict__ Bb = B + b * S::B_STRIDE;
      T acc[RM][RN];
#pragma unroll
      for (int x = 0; x < RM; ++x)
#pragma unroll
        for (int y = 0; y < RN; ++y) acc[x][y] = T(0);

      for (int k0 = 0; k0 < K; k0 += BK) {
        // Stage A(m0.., k0..): consecutive threads walk A's contiguous dimension.
        for (int e = tid; e < BM * BK; e += S::THREADS) {
          int mm, kk;
          if (S::A_ROW) { kk = e % BK; mm = e / BK; } else { mm = e % BM; kk = e / BM; }
          const int gm = m0 + mm, gk = k0 + kk;
          T v = T(0);
          if ((M % BM == 0 || gm < M) && (K % BK == 0 || gk < K))
            v = Ab[S::A_ROW ? (i64)gm * S::A_LD + gk : (i64)gk * S::A_LD + gm];
          sA[kk * PA + mm] = v;
        }
        // Stage B(k0.., n0..).
        for (int e = tid; e < BK * BN; e += S::THREADS) {
          int kk, nn;
          if (S::B_ROW) { nn = e % BN; kk = e / BN; } else { kk = e % BK; nn = e / BK; }
          const int gk = k0 + kk, gn = n0 + nn;
          T v = T(0);
          if ((K % BK == 0 || gk < K) && (N % BN == 0 || gn < N))
            v = Bb[S::B_ROW ? (i64)gk * S::B_LD + gn : (i64)gn * S::B_LD + gk];
          sB[kk * PB + nn] = v;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK; ++kk) {
          T av[RM], bv[RN];
#pragma unroll
          for (int x = 0; x < RM; ++x) av[x] = sA[kk * PA + ty + x * TY];
#pragma unroll
          for (int y = 0; y < RN; ++y) bv[y] = sB[kk * PB + tx + y * TX];
#pragma unroll
          for (int x = 0; x < RM; ++x)
#pragma unroll
            for (int y = 0; y < RN; ++y) acc[x][y] = fma(av[x], bv[y], acc[x][y]);
        }
        __syncthreads();
      }

      T* __restrict__ Cb = C + b * S::C_STRIDE;
#pragma unroll
      for (int x = 0; x < RM; ++x) {
        const int i = m0 + ty + x * TY;
#pragma unroll
        for (int y = 0; y < RN; ++y) {
          const int j = n0 + tx + y * TX;
          if ((M % BM == 0 || i < M) && (N % BN == 0 || j < N))
            store_out<S::ALPHA, S::BETA>(Cb + (S::C_ROW ? (i64)i * S::C_LD + j : (i64)j * S::C_LD + i),
                                         acc[x][y], alpha, beta);
        }
      }
    }
  }
};

}  // namespace tailor

#endif  // TAILOR_TILED_CUH
