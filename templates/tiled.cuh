// Tailor template fragment: the tiled family, for larger M and N.
// A CTA computes one BM x BN tile of one matrix's C, stepping over K in chunks of BK.
// Each chunk of A (BM x BK) and B (BK x BN) is read from global memory with vector loads
// along the operand's contiguous dimension and staged in shared memory k-major (A is
// transposed on the way when it is row-major), in two stages: the loads of chunk t+1 are
// in flight in registers while chunk t is multiplied. Each thread accumulates an RM x RN
// register tile made of W-wide column groups (W = 16 bytes of elements) spread BN/(RN/W)
// apart, so that its shared-memory reads are 16-byte vector loads that a warp serves
// without bank conflicts. With MMA, each warp instead computes a (8 RM) x (8 RN) block
// with the FP64 tensor cores (mma.sync m16n8k4 on pairs of 8-row tiles on sm_90, or m16n8k8
// with K8; m8n8k4 otherwise), reading its fragments from the same stages (row pitches
// padded so that fragment reads are conflict-free). f32 operands (sm_90) are widened to f64
// exactly as they are read, and the sums kept in f64 and rounded to f32 at the store (alpha
// and beta then apply in f32, as on the FMA path).
// Edges are guarded only where the shape does not divide the tile. Work items (matrix,
// tile) are walked with a grid-stride loop, so any batch fits; with cp.async stages and a
// persistent grid a CTA issues its next item's first chunks before it stores the current
// item's C (only there: the extra live state costs registers, 165 -> 205 for a 64 x 64 f32
// tile, which a CTA with one work item would pay for nothing).
#ifndef TAILOR_TILED_CUH
#define TAILOR_TILED_CUH

#include "common.cuh"

namespace tailor {

template <class S>
struct Tiled {
  typedef typename S::T T;
  static constexpr int M = S::M, K = S::K, N = S::N;
  static constexpr int BM = S::BM, BN = S::BN, BK = S::BK, RM = S::RM, RN = S::RN;
  static constexpr bool MMA = S::MMA;
  // Accumulators: f64 on the tensor cores (whatever T), T on the FMA path.
  template <bool D, class U> struct AccOf { typedef U type; };
  template <class U> struct AccOf<true, U> { typedef double type; };
  typedef typename AccOf<MMA, T>::type Acc;
  static_assert(!S::K8 || (MMA && S::RM % 2 == 0 && S::BK % 8 == 0), "K8: DMMA, pairs of row tiles, BK % 8 == 0");
  static constexpr int TX = BN / RN, TY = BM / RM;  // thread grid (FMA path); TX * TY == THREADS
  // MMA path: warps of (8 RM) x (8 RN) outputs, WARPS_N across the tile.
  static constexpr int WM = 8 * RM, WN = 8 * RN, WARPS_N = BN / WN;
  static constexpr int THREADS = MMA ? 32 * (BM / WM) * (BN / WN) : TX * TY;
  static constexpr int TILES_M = (M + BM - 1) / BM, TILES_N = (N + BN - 1) / BN;
  static constexpr int TILES = TILES_M * TILES_N;
  // Shared-memory layout of each operand: k-major (sA[kk * PA + mm], sB[kk * PB + nn]), or,
  // with A_NAT / B_NAT (MMA path, operand contiguous along k), as in global memory
  // (sA[mm * PA + kk], sB[nn * PB + kk]), so that it is copied in vectors, not transposed.
  static constexpr bool A_NAT = S::A_NAT, B_NAT = S::B_NAT;
  static constexpr int PA = (A_NAT ? BK : BM) + S::A_PAD, PB = (B_NAT ? BK : BN) + S::B_PAD;  // row pitches
  static constexpr int STAGE_A = (A_NAT ? BM : BK) * PA, STAGE_B = (B_NAT ? BN : BK) * PB;
  __device__ __forceinline__ static int a_at(int mm, int kk) { return A_NAT ? mm * PA + kk : kk * PA + mm; }
  __device__ __forceinline__ static int b_at(int kk, int nn) { return B_NAT ? nn * PB + kk : kk * PB + nn; }
  // Shared-memory stages: two fed through registers (STAGES = 0), or STAGES fed by cp.async.
  static constexpr int NST = S::STAGES ? S::STAGES : 2;
  static constexpr int ALIGN_ELEMS = 16 / (int)sizeof(T);
  static constexpr int SB_OFFSET = (NST * STAGE_A + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS;  // sB, 16-byte aligned
  // Register tile: RM rows in groups of WA consecutive rows, GA groups BM/GA apart;
  // likewise RN columns in GB groups of WB.
  static constexpr int WA = S::WA, WB = S::WB, GA = RM / WA, GB = RN / WB;
  // Global loads: vectors of LA (LB) elements along each operand's contiguous dimension.
  static constexpr int LA = S::A_LV, LB = S::B_LV;
  static constexpr int VA = BM * BK / LA, VB = BK * BN / LB;  // vectors per chunk
  static constexpr int IA = (VA + THREADS - 1) / THREADS, IB = (VB + THREADS - 1) / THREADS;

  // MMA path, row-major C without vector stores (C_VW = 1), one work item a CTA at a time:
  // C leaves through shared memory (see the epilogue), 8 rows of a warp's block at a time
  // at a row pitch of CS_PITCH elements (8 mod 16: a quarter warp's 16-byte writes of rows
  // g, g + 1 fall in distinct banks), where the stages have room for every warp's stripe.
  // On the H200 (2026-12-01, old and new builds alternating, 25 f64 shapes with N odd) this
  // ran 1.02-2.13x faster (127x21x123 37 -> 78 % of copy, 59x28x127 46 -> 77 %); with C_VW
  // = 2 (N even, 16-byte pairs stored directly) it lost (0.97x geomean on 30, 128^3 0.75x).
  static constexpr int CS_PITCH = WN + (24 - WN % 16) % 16;
  // (The stages are one block only in dynamic shared memory; static sA and sB are two arrays.)
  static constexpr int STAGE_ROOM = S::DYN_SMEM ? SB_OFFSET + NST * STAGE_B : NST * STAGE_A;
  static constexpr bool C_STAGED = !S::CS_COLS && MMA && S::C_ROW && S::C_VW == 1 && !S::PERSISTENT &&
                                   (THREADS / 32) * 8 * CS_PITCH <= STAGE_ROOM;

  // Column groups (KernelConfig::cols, NG > 0): A is shared, and the columns of G consecutive
  // matrices of B and C, NG each, stand side by side as one matrix of N = G NG columns; the
  // caller's leading dimensions are B_LD and C_LD, its batch strides B_GSTRIDE and C_GSTRIDE
  // (B_STRIDE and C_STRIDE step a whole group). Column j of a group is column j % NG of its
  // matrix j / NG; a group past the batch's end holds fewer columns (ncols).
  static constexpr int NG = S::NG, G = S::G;
  __device__ __forceinline__ static i64 b_off(int gk, int gn) {
    if constexpr (NG > 0) return (i64)(gn / NG) * S::B_GSTRIDE + (i64)gk * S::B_LD + gn % NG;
    else return S::B_ROW ? (i64)gk * S::B_LD + gn : (i64)gn * S::B_LD + gk;
  }
  __device__ __forceinline__ static i64 c_off(int i, int j) {
    if constexpr (NG > 0) return (i64)(j / NG) * S::C_GSTRIDE + (i64)i * S::C_LD + j % NG;
    else return S::C_ROW ? (i64)i * S::C_LD + j : (i64)j * S::C_LD + i;
  }
  // Column gn of the tile's matrix exists where it is inside N, or with column groups inside
  // the group's ncols: written out at each use as (NG > 0 ? gn < ncols : (N % BN == 0 || gn
  // < N)), since a helper function for it cost the 128 x 128 FMA tile 16 registers.
  // The columns group matrix b holds (N unless the batch ends inside it).
  __device__ __forceinline__ static int ncols_of(i64 b, i64 batch) {
    if constexpr (NG > 0) {
      const i64 left = batch - b * G;
      return left >= G ? N : (int)left * NG;
    } else {
      return N;
    }
  }

  // Column groups whose tile holds whole matrices' columns (BN % NG == 0) and whose C rows
  // are NG apart (C_LD == NG): each matrix's part of the tile, BM rows of NG, is one run of
  // memory. With CS_COLS the tile's C goes through shared memory (row pitch CP) and leaves
  // as those runs, CS_V elements a vector, consecutive threads at consecutive addresses,
  // instead of each thread's few columns of many matrices (runs of NG elements, strided
  // by the matrices' batch stride). Not with a persistent grid, whose next item's copies
  // already fill the stages here.
  static constexpr bool CS_COLS = S::CS_COLS;
  static constexpr int CS_V = S::CS_V;
  static constexpr int CP = BN + (sizeof(T) == 8 ? (24 - BN % 16) % 16 : 4);

  struct Prefetch {
    Vec<T, LA> a[IA];
    Vec<T, LB> b[IB];
  };

  // Vector v of A's chunk at k0: its (row mm, column kk) of the first element.
  __device__ __forceinline__ static void a_coords(int v, int& mm, int& kk) {
    if (S::A_ROW) { kk = (v % (BK / LA)) * LA; mm = v / (BK / LA); }
    else          { mm = (v % (BM / LA)) * LA; kk = v / (BM / LA); }
  }
  __device__ __forceinline__ static void b_coords(int v, int& kk, int& nn) {
    if constexpr (S::B_RUNS) {
      // Column groups with B's rows NG apart and whole matrices in the tile: each matrix's
      // BK rows of a chunk are one run of memory, read by consecutive vectors.
      constexpr int PER_ROW = NG / LB, PER_MAT = BK * PER_ROW;
      const int bt = v / PER_MAT, rem = v - bt * PER_MAT;
      kk = rem / PER_ROW;
      nn = bt * NG + (rem - kk * PER_ROW) * LB;
    } else if (S::B_ROW) { nn = (v % (BN / LB)) * LB; kk = v / (BN / LB); }
    else          { kk = (v % (BK / LB)) * LB; nn = v / (BK / LB); }
  }

  // Issues the global loads of chunk k0 of tile (m0, n0) into registers (zero outside).
  __device__ __forceinline__ static void load(Prefetch& f, const T* __restrict__ Ab, const T* __restrict__ Bb,
                                              int m0, int n0, int k0, int tid, int ncols) {
#pragma unroll
    for (int i = 0; i < IA; ++i) {
      const int v = tid + i * THREADS;
      int mm, kk;
      a_coords(v, mm, kk);
      const int gm = m0 + mm, gk = k0 + kk;
#pragma unroll
      for (int q = 0; q < LA; ++q) f.a[i].v[q] = T(0);
      // A vector lies wholly inside or outside the matrix (the generator guarantees it).
      if ((VA % THREADS == 0 || v < VA) && (M % BM == 0 || gm < M) && (K % BK == 0 || gk < K))
        f.a[i] = load_vec<T, LA>(Ab + (S::A_ROW ? (i64)gm * S::A_LD + gk : (i64)gk * S::A_LD + gm));
    }
#pragma unroll
    for (int i = 0; i < IB; ++i) {
      const int v = tid + i * THREADS;
      int kk, nn;
      b_coords(v, kk, nn);
      const int gk = k0 + kk, gn = n0 + nn;
#pragma unroll
      for (int q = 0; q < LB; ++q) f.b[i].v[q] = T(0);
      if ((VB % THREADS == 0 || v < VB) && (K % BK == 0 || gk < K) && (NG > 0 ? gn < ncols : (N % BN == 0 || gn < N)))
        f.b[i] = load_vec<T, LB>(Bb + b_off(gk, gn));
    }
  }

  // Stores prefetched registers into a shared-memory stage, k-major.
  __device__ __forceinline__ static void store(const Prefetch& f, T* sA, T* sB, int tid) {
#pragma unroll
    for (int i = 0; i < IA; ++i) {
      const int v = tid + i * THREADS;
      if (VA % THREADS != 0 && v >= VA) continue;
      int mm, kk;
      a_coords(v, mm, kk);
      if (S::A_ROW && !A_NAT) {  // transpose: LA consecutive k of one row
#pragma unroll
        for (int q = 0; q < LA; ++q) sA[(kk + q) * PA + mm] = f.a[i].v[q];
      } else {
        *reinterpret_cast<Vec<T, LA>*>(sA + a_at(mm, kk)) = f.a[i];
      }
    }
#pragma unroll
    for (int i = 0; i < IB; ++i) {
      const int v = tid + i * THREADS;
      if (VB % THREADS != 0 && v >= VB) continue;
      int kk, nn;
      b_coords(v, kk, nn);
      if (S::B_ROW || B_NAT) {
        *reinterpret_cast<Vec<T, LB>*>(sB + b_at(kk, nn)) = f.b[i];
      } else {  // transpose: LB consecutive k of one column
#pragma unroll
        for (int q = 0; q < LB; ++q) sB[(kk + q) * PB + nn] = f.b[i].v[q];
      }
    }
  }

  // Issues the copies of chunk k0 of tile (m0, n0) into one stage (zeros outside the
  // matrix): an operand stored transposed element by element, the other in vectors.
  __device__ __forceinline__ static void issue(T* sa, T* sb, const T* __restrict__ Ab, const T* __restrict__ Bb,
                                               int m0, int n0, int k0, int tid, int ncols) {
    if constexpr (S::A_ROW && !A_NAT) {
      constexpr int E = BM * BK, IT = (E + THREADS - 1) / THREADS;
#pragma unroll
      for (int i = 0; i < IT; ++i) {
        const int e = tid + i * THREADS;
        if (E % THREADS != 0 && e >= E) break;
        const int kk = e % BK, mm = e / BK, gm = m0 + mm, gk = k0 + kk;
        const bool ok = (M % BM == 0 || gm < M) && (K % BK == 0 || gk < K);
        cp_async<sizeof(T)>(sa + kk * PA + mm, ok ? Ab + (i64)gm * S::A_LD + gk : Ab, ok);
      }
    } else {
#pragma unroll
      for (int i = 0; i < IA; ++i) {
        const int v = tid + i * THREADS;
        if (VA % THREADS != 0 && v >= VA) break;
        int mm, kk;
        a_coords(v, mm, kk);
        const int gm = m0 + mm, gk = k0 + kk;
        const bool ok = (M % BM == 0 || gm < M) && (K % BK == 0 || gk < K);
        cp_async<LA * sizeof(T)>(sa + a_at(mm, kk),
                                 ok ? Ab + (S::A_ROW ? (i64)gm * S::A_LD + gk : (i64)gk * S::A_LD + gm) : Ab, ok);
      }
    }
    if constexpr (S::B_ROW || B_NAT) {
#pragma unroll
      for (int i = 0; i < IB; ++i) {
        const int v = tid + i * THREADS;
        if (VB % THREADS != 0 && v >= VB) break;
        int kk, nn;
        b_coords(v, kk, nn);
        const int gk = k0 + kk, gn = n0 + nn;
        const bool ok = (K % BK == 0 || gk < K) && (NG > 0 ? gn < ncols : (N % BN == 0 || gn < N));
        cp_async<LB * sizeof(T)>(sb + b_at(kk, nn), ok ? Bb + b_off(gk, gn) : Bb, ok);
      }
    } else {
      constexpr int E = BK * BN, IT = (E + THREADS - 1) / THREADS;
#pragma unroll
      for (int i = 0; i < IT; ++i) {
        const int e = tid + i * THREADS;
        if (E % THREADS != 0 && e >= E) break;
        const int kk = e % BK, nn = e / BK, gk = k0 + kk, gn = n0 + nn;
        const bool ok = (K % BK == 0 || gk < K) && (NG > 0 ? gn < ncols : (N % BN == 0 || gn < N));
        cp_async<sizeof(T)>(sb + kk * PB + nn, ok ? Bb + b_off(gk, gn) : Bb, ok);
      }
    }
  }

  // Row of register-tile row x, column of register-tile column y, within the CTA tile.
  __device__ __forceinline__ static int row_of(int ty, int x) { return (x / WA) * (BM / GA) + ty * WA + x % WA; }
  __device__ __forceinline__ static int col_of(int tx, int y) { return (y / WB) * (BN / GB) + tx * WB + y % WB; }
  // Row and column, within the CTA tile, of thread tid's accumulator acc[x][y]: on the MMA
  // path element (y & 1) of mma tile (x, y / 2), rows g, columns 2t and 2t + 1.
  __device__ __forceinline__ static int out_row(int tid, int x) {
    const int lane = tid & 31, warp = tid >> 5;
    if constexpr (MMA) return (warp / WARPS_N) * WM + x * 8 + lane / 4;
    else return row_of(tid / TX, x);
  }
  __device__ __forceinline__ static int out_col(int tid, int y) {
    const int lane = tid & 31, warp = tid >> 5;
    if constexpr (MMA) return (warp % WARPS_N) * WN + (y / 2) * 8 + (lane % 4) * 2 + (y & 1);
    else return col_of(tid % TX, y);
  }

  // One K chunk on the FP64 tensor cores, g = lane / 4, t = lane % 4. Pairs of 8-row mma
  // tiles (x, x + 1) go through mma.sync m16n8k4 (A fragment A(g, t), A(g + 8, t); B fragment
  // B(t, g); accumulators rows g and g + 8, columns 2t and 2t + 1), which runs at twice the
  // rate of m8n8k4 on sm_90; an odd last tile, or an older GPU, uses m8n8k4 (8 rows). The
  // accumulator pair of 8x8 tile (x, y) lives in acc[x][2y], acc[x][2y + 1] (row g, columns
  // 2t, 2t + 1) either way.
  template <int R, int C2>
  __device__ __forceinline__ static void mma_step(const T* a_s, const T* b_s, double (&acc)[R][C2], int k0, int g, int t,
                                                  int wm0, int wn0) {
    double a[RM], bf[RN];
#pragma unroll
    for (int x = 0; x < RM; ++x) a[x] = a_s[a_at(wm0 + x * 8 + g, k0 + t)];
#pragma unroll
    for (int y = 0; y < RN; ++y) bf[y] = b_s[b_at(k0 + t, wn0 + y * 8 + g)];
#if __CUDA_ARCH__ >= 900
    constexpr int PAIRS = RM / 2;  // m16n8k4 (sm_90 and newer)
#pragma unroll
    for (int x = 0; x < 2 * PAIRS; x += 2)
#pragma unroll
      for (int y = 0; y < RN; ++y)
        asm volatile(
            "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};\n"
            : "+d"(acc[x][2 * y]), "+d"(acc[x][2 * y + 1]), "+d"(acc[x + 1][2 * y]), "+d"(acc[x + 1][2 * y + 1])
            : "d"(a[x]), "d"(a[x + 1]), "d"(bf[y]));
#else
    constexpr int PAIRS = 0;
#endif
#pragma unroll
    for (int x = 2 * PAIRS; x < RM; ++x)
#pragma unroll
      for (int y = 0; y < RN; ++y)
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                     : "+d"(acc[x][2 * y]), "+d"(acc[x][2 * y + 1])
                     : "d"(a[x]), "d"(bf[y]));
  }
  // The elements at k and k + 1 of an operand's row or column: adjacent where the operand
  // is kept contiguous along k (one 16-byte read), a pitch apart where it is k-major.
  template <bool NAT, int PITCH>
  __device__ __forceinline__ static void k_pair(const T* p, double& lo, double& hi) {
    if constexpr (NAT) {
      const Vec<T, 2> v = *reinterpret_cast<const Vec<T, 2>*>(p);
      lo = v.v[0], hi = v.v[1];
    } else {
      lo = p[0], hi = p[PITCH];
    }
  }
  // One 8-deep K step through mma.sync m16n8k8 (sm_90) on pairs of 8-row tiles: A fragment
  // A(g, k), A(g + 8, k), A(g, k'), A(g + 8, k'); B fragment B(k, g), B(k', g). The PTX layout
  // puts k = t and k' = t + 4; the step's 8 columns are permuted here (k = 2t, k' = 2t + 1,
  // the same in A and B, so the sum is unchanged), which makes a lane's two elements of a row
  // adjacent: one 16-byte read where the operand is kept contiguous along k.
  template <int R, int C2>
  __device__ __forceinline__ static void mma_step8(const T* a_s, const T* b_s, double (&acc)[R][C2], int k0, int g, int t,
                                                   int wm0, int wn0) {
    double a[RM][2], bf[RN][2];
#pragma unroll
    for (int x = 0; x < RM; ++x) k_pair<A_NAT, PA>(a_s + a_at(wm0 + x * 8 + g, k0 + 2 * t), a[x][0], a[x][1]);
#pragma unroll
    for (int y = 0; y < RN; ++y) k_pair<B_NAT, PB>(b_s + b_at(k0 + 2 * t, wn0 + y * 8 + g), bf[y][0], bf[y][1]);
#if __CUDA_ARCH__ >= 900
#pragma unroll
    for (int x = 0; x < RM; x += 2)
#pragma unroll
      for (int y = 0; y < RN; ++y)
        asm volatile(
            "mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
            "{%0, %1, %2, %3};\n"
            : "+d"(acc[x][2 * y]), "+d"(acc[x][2 * y + 1]), "+d"(acc[x + 1][2 * y]), "+d"(acc[x + 1][2 * y + 1])
            : "d"(a[x][0]), "d"(a[x + 1][0]), "d"(a[x][1]), "d"(a[x + 1][1]), "d"(bf[y][0]), "d"(bf[y][1]));
#else
    (void)acc;  // the generator allows K8 on sm_90 only
#endif
  }
  // With K_LOOP the k steps stay a loop: one step's fragments in registers at a time.
  template <int R, int C2>
  __device__ __forceinline__ static void mma_chunk(const T* a_s, const T* b_s, Acc (&acc)[R][C2], int tid) {
    if constexpr (MMA) {
      const int lane = tid & 31, warp = tid >> 5;
      const int g = lane >> 2, t = lane & 3;
      const int wm0 = (warp / WARPS_N) * WM, wn0 = (warp % WARPS_N) * WN;
      if constexpr (S::K8) {
        if constexpr (S::K_LOOP) {
#pragma unroll 1
          for (int k0 = 0; k0 < BK; k0 += 8) mma_step8(a_s, b_s, acc, k0, g, t, wm0, wn0);
        } else {
#pragma unroll
          for (int k0 = 0; k0 < BK; k0 += 8) mma_step8(a_s, b_s, acc, k0, g, t, wm0, wn0);
        }
      } else if constexpr (S::K_LOOP) {
#pragma unroll 1
        for (int k0 = 0; k0 < BK; k0 += 4) mma_step(a_s, b_s, acc, k0, g, t, wm0, wn0);
      } else {
#pragma unroll
        for (int k0 = 0; k0 < BK; k0 += 4) mma_step(a_s, b_s, acc, k0, g, t, wm0, wn0);
      }
    }
  }

  __device__ __forceinline__ static void run(const T* __restrict__ A, const T* __restrict__ B,
                                             T* __restrict__ C, T alpha, T beta, i64 batch) {
    // sA[stage][a_at(mm, kk)] = A(m0 + mm, k0 + kk), sB[stage][b_at(kk, nn)] = B(k0 + kk, n0 + nn);
    // static shared memory up to 48 KB, dynamic (the launch asks for it) above.
    T* sA;
    T* sB;
    if constexpr (S::DYN_SMEM) {
      extern __shared__ __align__(16) unsigned char smem_raw[];
      sA = reinterpret_cast<T*>(smem_raw);
      sB = sA + SB_OFFSET;
    } else if constexpr (CS_COLS) {  // the stages and C's tile share one block
      constexpr int STAGED = SB_OFFSET + NST * STAGE_B, CTILE = BM * CP;
      __shared__ __align__(16) T s_static[STAGED > CTILE ? STAGED : CTILE];
      sA = s_static;
      sB = sA + SB_OFFSET;
    } else {
      __shared__ __align__(16) T sA_static[NST * STAGE_A];
      __shared__ __align__(16) T sB_static[NST * STAGE_B];
      sA = sA_static;
      sB = sB_static;
    }
    const int tid = threadIdx.x;
    const int tx = tid % TX, ty = tid / TX;
    // With column groups the kernel's batch is the caller's: ceil(batch / G) group matrices.
    const i64 work = (NG > 0 ? (batch + G - 1) / G : batch) * TILES;
    constexpr int CHUNKS = (K + BK - 1) / BK;
    // With cp.async stages each work item's first NST - 1 chunks are issued by prologue():
    // at the top of the item, or, with a persistent grid, by the previous item before it
    // stores its C, so that the copies are in flight during that epilogue.
    // Work item w: matrix b, tile origin (m0, n0).
    auto item = [](i64 w, i64& b, int& m0, int& n0) {
      b = w / TILES;
      const int t = (int)(w - b * TILES);
      m0 = (t / TILES_N) * BM, n0 = (t % TILES_N) * BN;
    };
    auto prologue = [&](i64 wi) {
      i64 bi;
      int mi, ni;
      item(wi, bi, mi, ni);
#pragma unroll
      for (int s = 0; s < NST - 1; ++s) {
        if (s < CHUNKS)
          issue(sA + s * STAGE_A, sB + s * STAGE_B, A + bi * S::A_STRIDE, B + bi * S::B_STRIDE, mi, ni, s * BK, tid,
                ncols_of(bi, batch));
        cp_commit();
      }
    };
    if constexpr (S::STAGES != 0 && S::PERSISTENT)
      if (blockIdx.x < work) prologue(blockIdx.x);
    for (i64 w = blockIdx.x; w < work; w += gridDim.x) {
      i64 b;
      int m0, n0;
      item(w, b, m0, n0);
      const T* __restrict__ Ab = A + b * S::A_STRIDE;
      const T* __restrict__ Bb = B + b * S::B_STRIDE;
      const int ncols = ncols_of(b, batch);
      constexpr int ACC_N = MMA ? 2 * RN : RN;  // an mma tile's row gives a thread two outputs
      Acc acc[RM][ACC_N];
#pragma unroll
      for (int x = 0; x < RM; ++x)
#pragma unroll
        for (int y = 0; y < ACC_N; ++y) acc[x][y] = Acc(0);

      auto compute = [&](const T* a_s, const T* b_s) {
        if constexpr (MMA) {
          mma_chunk(a_s, b_s, acc, tid);
        } else {
#pragma unroll
          for (int kk = 0; kk < BK; ++kk) {
            T av[RM], bv[RN];
#pragma unroll
            for (int g = 0; g < GA; ++g) {
              const Vec<T, WA> v = *reinterpret_cast<const Vec<T, WA>*>(a_s + kk * PA + g * (BM / GA) + ty * WA);
#pragma unroll
              for (int q = 0; q < WA; ++q) av[g * WA + q] = v.v[q];
            }
#pragma unroll
            for (int g = 0; g < GB; ++g) {
              const Vec<T, WB> v = *reinterpret_cast<const Vec<T, WB>*>(b_s + kk * PB + g * (BN / GB) + tx * WB);
#pragma unroll
              for (int q = 0; q < WB; ++q) bv[g * WB + q] = v.v[q];
            }
#pragma unroll
            for (int x = 0; x < RM; ++x)
#pragma unroll
              for (int y = 0; y < RN; ++y) acc[x][y] = fma(av[x], bv[y], acc[x][y]);
          }
        }
      };
      if constexpr (S::STAGES == 0) {
        Prefetch f;
        load(f, Ab, Bb, m0, n0, 0, tid, ncols);
        store(f, sA, sB, tid);
        __syncthreads();
        for (int c = 0; c < CHUNKS; ++c) {
          const int st = c & 1;
          if (c + 1 < CHUNKS) load(f, Ab, Bb, m0, n0, (c + 1) * BK, tid, ncols);  // in flight during the math
          compute(sA + st * STAGE_A, sB + st * STAGE_B);
          if (c + 1 < CHUNKS) store(f, sA + (st ^ 1) * STAGE_A, sB + (st ^ 1) * STAGE_B, tid);
          __syncthreads();
        }
      } else {
        // NST - 1 chunks in flight (the prologue issued the first). Iteration c waits for
        // chunk c, then refills the stage chunk c - 1 used (every thread is past it: the
        // barrier), then computes chunk c.
        if constexpr (!S::PERSISTENT) prologue(w);
        for (int c = 0; c < CHUNKS; ++c) {
          cp_wait<NST - 2>();
          __syncthreads();
          const int nc = c + NST - 1;
          if (nc < CHUNKS) issue(sA + (nc % NST) * STAGE_A, sB + (nc % NST) * STAGE_B, Ab, Bb, m0, n0, nc * BK, tid, ncols);
          cp_commit();
          compute(sA + (c % NST) * STAGE_A, sB + (c % NST) * STAGE_B);
        }
        // Every thread is past the last chunk before the next item's first copies overwrite
        // the stages; the copies still pending here are the empty groups of the last
        // iterations.
        __syncthreads();
        if constexpr (S::PERSISTENT)
          if (w + gridDim.x < work) prologue(w + gridDim.x);
      }

      T* __restrict__ Cb = C + b * S::C_STRIDE;
      if constexpr (CS_COLS) {
        // Every thread is past the last chunk (the barrier closing the chunk loop).
        T* sc = sA;
#pragma unroll
        for (int x = 0; x < RM; ++x)
#pragma unroll
          for (int y = 0; y < ACC_N; ++y) sc[out_row(tid, x) * CP + out_col(tid, y)] = T(acc[x][y]);
        __syncthreads();
        // Element e of the tile in memory order: matrix bt of the tile, row r, column cn.
        for (int e = tid * CS_V; e < BM * BN; e += THREADS * CS_V) {
          const int bt = e / (BM * NG), rem = e - bt * (BM * NG), r = rem / NG, cn = rem - r * NG;
          const int i = m0 + r, j = n0 + bt * NG + cn;
          if ((M % BM == 0 || i < M) && (NG > 0 ? j < ncols : (N % BN == 0 || j < N))) {
            T v[CS_V];
#pragma unroll
            for (int q = 0; q < CS_V; ++q) v[q] = sc[r * CP + bt * NG + cn + q];
            T* out = Cb + c_off(i, j);  // C_LD == NG here: matrix bt's run of rows
            if constexpr (CS_V > 1) store_outv<S::ALPHA, S::BETA, CS_V>(out, v, alpha, beta);
            else store_out<S::ALPHA, S::BETA>(out, v[0], alpha, beta);
          }
        }
        __syncthreads();  // the next work item's copies overwrite the tile
      } else if constexpr (C_STAGED) {
        // Row-major C whose rows allow no vector stores (N odd, say), on the MMA path: a
        // lane's outputs are 2 columns of 8 rows, so direct stores would give each warp
        // instruction 8 runs of 64 bytes half filled. Instead each warp puts one 8-row stripe
        // of its block at a time in shared memory (the stages, free after the last chunk) and
        // writes it back as runs of whole rows, 32 consecutive elements an instruction.
        const int lane = tid & 31, warp = tid >> 5;
        T* sc = sA + warp * (8 * CS_PITCH);
        const int r0 = m0 + (warp / WARPS_N) * WM, c0 = n0 + (warp % WARPS_N) * WN;
#pragma unroll
        for (int x = 0; x < RM; ++x) {
#pragma unroll
          for (int y = 0; y < RN; ++y) {
            Vec<T, 2> v;
            v.v[0] = T(acc[x][2 * y]), v.v[1] = T(acc[x][2 * y + 1]);
            *reinterpret_cast<Vec<T, 2>*>(sc + (lane >> 2) * CS_PITCH + y * 8 + 2 * (lane & 3)) = v;
          }
          __syncwarp();
#pragma unroll
          for (int e = lane; e < 8 * WN; e += 32) {
            const int r = e / WN, cc = e - r * WN;
            const int i = r0 + x * 8 + r, j = c0 + cc;
            if ((M % BM == 0 || i < M) && (NG > 0 ? j < ncols : (N % BN == 0 || j < N)))
              store_out<S::ALPHA, S::BETA>(Cb + c_off(i, j), sc[r * CS_PITCH + cc], alpha, beta);
          }
          __syncwarp();
        }
        __syncthreads();  // the next work item's copies overwrite the stripes
      } else if constexpr (S::C_VW > 1) {
        // Row-major C, aligned: C_VW consecutive columns of a thread (an mma tile row's pair,
        // or a register-tile column group) go out as one vector; scalar stores would send
        // the same sectors C_VW times.
#pragma unroll
        for (int x = 0; x < RM; ++x)
#pragma unroll
          for (int y = 0; y < ACC_N; y += S::C_VW) {
            const int i = m0 + out_row(tid, x), j = n0 + out_col(tid, y);
            if ((M % BM == 0 || i < M) && (NG > 0 ? j < ncols : (N % BN == 0 || j < N))) {
              T v[S::C_VW];
#pragma unroll
              for (int q = 0; q < S::C_VW; ++q) v[q] = T(acc[x][y + q]);
              store_outv<S::ALPHA, S::BETA, S::C_VW>(Cb + c_off(i, j), v, alpha, beta);
            }
          }
      } else {
#pragma unroll
        for (int x = 0; x < RM; ++x)
#pragma unroll
          for (int y = 0; y < ACC_N; ++y) {
            const int i = m0 + out_row(tid, x), j = n0 + out_col(tid, y);
            if ((M % BM == 0 || i < M) && (NG > 0 ? j < ncols : (N % BN == 0 || j < N)))
              store_out<S::ALPHA, S::BETA>(Cb + c_off(i, j), T(acc[x][y]), alpha, beta);
          }
      }
    }
  }
};

}  // namespace tailor

#endif  // TAILOR_TILED_CUH
