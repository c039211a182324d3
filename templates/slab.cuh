// Tailor template fragment: the slab family, for small and skinny matrices.
// A CTA takes MATS consecutive batch entries. When an operand's matrices lie back to
// back (packed), the CTA's share of it is one flat run of MATS*M*K elements, read with
// coalesced vector loads whatever M, K and N are; strided operands are read element by
// element; a broadcast operand (batch stride 0) is read once per CTA. Everything lands
// in shared memory, in a layout whose row and matrix padding the generator chose so that
// the compute loop's reads are free of bank conflicts; padding comes in whole vectors, so
// the stores into shared memory stay vector stores. Each thread then computes an RM x RN
// micro-tile of one matrix's outputs, reading each operand with vector loads along its
// contiguous dimension (the reduction P elements at a time, or the micro-tile's rows or
// columns), and writes C directly: the outputs are numbered in C's storage order, so a
// packed C is written as one coalesced run. With ST = 2 (a persistent grid) a CTA holds
// two slabs: cp.async, or with TMA bulk copies, fetch its next one while it computes the
// current one. With MMA (sm_90) warps compute blocks of 16 x 16 outputs on the FP64 tensor
// cores instead, reading the operands where they lie in the slab (see mma_unit); f32
// operands are widened to f64 as they are read, the sums kept in f64.
#ifndef TAILOR_SLAB_CUH
#define TAILOR_SLAB_CUH

#include "common.cuh"

namespace tailor {

// One input operand of a slab: R rows of L contiguous elements per matrix in global
// memory (a row-major A has R = M, L = K), LD elements apart, STRIDE elements between
// matrices. In shared memory rows are PITCH = L + ROWPAD apart, matrices MATPITCH.
// With BULK (TMA) a full slab arrives by one bulk copy of whole 16-byte units. Where
// MATS matrices are not whole units (65 x 65 floats), slab s's run starts OFFSET(b0)
// elements past a 16-byte boundary: the copy takes the aligned run around it, the slab
// lands that many elements into shared memory, and one more unit of room is kept. With
// LINES (FMA slabs whose copies the TMA unit makes: tma = 1, mma = 0) and a run that is
// not whole 128-byte lines, the slab lands lead() elements in instead, where shared memory
// and global memory share their 128-byte boundaries, and a line of room is kept. (With the
// threads' copies, tma = 2, and in MMA slabs the congruent landing measured slower.)
template <class T, int R, int L, i64 LD, i64 STRIDE, bool PACKED, bool BCAST, int ROWPAD,
          int MATPAD, int MATS, int THREADS, int VEC, bool BULK, bool LINES>
struct SlabOperand {
  static constexpr int E = R * L;  // elements of one matrix
  static constexpr int PITCH = L + ROWPAD;
  static constexpr int MATPITCH = R * PITCH + MATPAD;
  static constexpr int NMAT = BCAST ? 1 : MATS;  // matrices held in shared memory
  static constexpr int ALIGN_ELEMS = 16 / sizeof(T);
  static constexpr bool RUN_ALIGNED = !BULK || BCAST || (i64)MATS * E % ALIGN_ELEMS == 0;
  static constexpr int LINE_ELEMS = 128 / sizeof(T);
  static constexpr bool CONGRUENT = BULK && LINES && !BCAST && (i64)MATS * E % LINE_ELEMS != 0;
  // Shared-memory elements, rounded up so the next operand starts 16-byte aligned.
  static constexpr int SMEM_ELEMS = (NMAT * MATPITCH + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS +
                                    (CONGRUENT ? LINE_ELEMS : RUN_ALIGNED ? 0 : ALIGN_ELEMS);
  static constexpr bool FLAT = ROWPAD == 0 && MATPAD == 0;

  // Bulk copies (full slabs): the slab at batch entry b0 starts offset(b0) elements past a
  // 16-byte boundary (the operand's base is 16-byte aligned), and the copy of the aligned
  // run around it takes copy_bytes(offset) bytes. It is used only where that run ends
  // within the operand's batch * E elements (fits), so nothing past the operand is read.
  __device__ __forceinline__ static int offset(i64 b0) {
    return RUN_ALIGNED ? 0 : (int)((b0 * E) % ALIGN_ELEMS);
  }
  __device__ __forceinline__ static unsigned copy_bytes(int off) {
    return (unsigned)((off + MATS * E + ALIGN_ELEMS - 1) / ALIGN_ELEMS * ALIGN_ELEMS * sizeof(T));
  }
  __device__ __forceinline__ static bool fits(i64 b0, i64 batch) {
    if (RUN_ALIGNED) return true;
    const int off = offset(b0);
    return b0 * E - off + (i64)(copy_bytes(off) / sizeof(T)) <= batch * E;
  }
  // Where the full slab at b0 starts in its buffer s: offset(b0) elements in, or with
  // CONGRUENT the first element at or past s whose address is that of the slab's first
  // element in global memory modulo 128 bytes (the same 16-byte phase, as s is 16-byte
  // aligned), so that the copy's lines of shared and global memory coincide. Only the low
  // bits of the addresses matter: 32-bit arithmetic (64-bit took registers and spilled).
  __device__ __forceinline__ static int lead(const T* s, const T* g, i64 b0) {
    if constexpr (!CONGRUENT) return offset(b0);
    const unsigned gp = (unsigned)reinterpret_cast<unsigned long long>(g) + (unsigned)b0 * (unsigned)(E * sizeof(T));
    const unsigned sp = (unsigned)__cvta_generic_to_shared(s);
    return (int)(((gp - sp) & 127u) / sizeof(T));
  }
  // Thread 0: the bulk copy of the full slab at b0 into s (landing lead() elements in),
  // completing on bar.
  __device__ __forceinline__ static void bulk(T* s, const T* __restrict__ g, i64 b0, unsigned long long* bar) {
    const int off = offset(b0);
    bulk_load(s + (lead(s, g, b0) - off), g + b0 * E - off, copy_bytes(off), bar);
  }
  // Every thread: the same aligned run as bulk, to the same place, by the threads' 16-byte
  // cp.async (complete at the caller's cp_wait). On the H200 the TMA unit's one-dimensional
  // copies held small slabs' streams at about 90 % of the copy bandwidth where these reach it.
  __device__ __forceinline__ static void run_async(T* s, const T* __restrict__ g, i64 b0, int tid) {
    const int off = offset(b0);
    const unsigned units = copy_bytes(off) / 16u;
    const unsigned char* src = reinterpret_cast<const unsigned char*>(g + b0 * E - off);
    unsigned char* dst = reinterpret_cast<unsigned char*>(s + (lead(s, g, b0) - off));
#pragma unroll 4
    for (unsigned u = tid; u < units; u += THREADS) cp_async_cg(dst + 16u * u, src + 16u * u);
  }

  // Shared-memory index of element (r, c) of slab matrix b.
  __device__ __forceinline__ static int at(int b, int r, int c) {
    return (BCAST ? 0 : b) * MATPITCH + r * PITCH + c;
  }
  // Shared-memory index of the f-th element of the slab in packed global order.
  __device__ __forceinline__ static int flat_at(int f) {
    if (FLAT) return f;
    const int b = f / E, rem = f - b * E;
    const int r = rem / L, c = rem - r * L;
    return b * MATPITCH + r * PITCH + c;
  }

  // Stages matrices b0 .. b0+nb-1 of g into s. A broadcast operand stages its one matrix.
  __device__ __forceinline__ static void load(T* s, const T* __restrict__ g, i64 b0, int nb,
                                              int tid) {
    if (BCAST) {
      for (int e = tid; e < E; e += THREADS) {
        const int r = e / L, c = e - r * L;
        s[r * PITCH + c] = g[r * LD + c];
      }
    } else if (PACKED && VEC > 1) {
      const T* __restrict__ src = g + b0 * E;
      const int total = nb * E;
      constexpr int NV = MATS * E / VEC;  // vectors in a full slab (the config guarantees MATS*E % VEC == 0)
      constexpr int IT = (NV + THREADS - 1) / THREADS;
      constexpr int GROUP = IT < 4 ? IT : 4;  // loads in flight per thread (64 B; ~1000 threads per SM)
      const int nv = total / VEC;
      for (int i0 = 0; i0 < IT; i0 += GROUP) {
        Vec<T, VEC> buf[GROUP];
#pragma unroll
        for (int j = 0; j < GROUP; ++j) {
          const int v = tid + (i0 + j) * THREADS;
          if (i0 + j < IT && v < nv) buf[j] = load_vec<T, VEC>(src + (i64)v * VEC);
        }
#pragma unroll
        for (int j = 0; j < GROUP; ++j) {
          const int v = tid + (i0 + j) * THREADS;
          if (i0 + j < IT && v < nv) {
            // Padding comes in whole vectors and rows hold whole vectors (the generator
            // guarantees L % VEC == 0 unless FLAT), so a vector lands in one piece.
            *reinterpret_cast<Vec<T, VEC>*>(s + flat_at(v * VEC)) = buf[j];
          }
        }
      }
      for (int f = nv * VEC + tid; f < total; f += THREADS) s[flat_at(f)] = src[f];
    } else if (PACKED) {
      const T* __restrict__ src = g + b0 * E;
      const int total = nb * E;
#pragma unroll 4
      for (int f = tid; f < total; f += THREADS) s[flat_at(f)] = src[f];
    } else {
      const int total = nb * E;
      for (int f = tid; f < total; f += THREADS) {
        const int b = f / E, rem = f - b * E;
        const int r = rem / L, c = rem - r * L;
        s[b * MATPITCH + r * PITCH + c] = g[(b0 + b) * STRIDE + (i64)r * LD + c];
      }
    }
  }

  // The same copies as load (not for a broadcast operand) through cp.async: they complete
  // at the caller's cp_wait, so the CTA computes meanwhile.
  __device__ __forceinline__ static void load_async(T* s, const T* __restrict__ g, i64 b0, int nb, int tid) {
    const int total = nb * E;
    if constexpr (PACKED) {
      const T* __restrict__ src = g + b0 * E;
      const int nv = total / VEC;
#pragma unroll 4
      for (int v = tid; v < nv; v += THREADS) cp_async<VEC * sizeof(T)>(s + flat_at(v * VEC), src + (i64)v * VEC, true);
      for (int f = nv * VEC + tid; f < total; f += THREADS) cp_async<sizeof(T)>(s + flat_at(f), src + f, true);
    } else {
      for (int f = tid; f < total; f += THREADS) {
        const int b = f / E, rem = f - b * E;
        const int r = rem / L, c = rem - r * L;
        cp_async<sizeof(T)>(s + b * MATPITCH + r * PITCH + c, g + (b0 + b) * STRIDE + (i64)r * LD + c, true);
      }
    }
  }
};

template <class S>
struct Slab {
  typedef typename S::T T;
  static constexpr int M = S::M, K = S::K, N = S::N;
  typedef SlabOperand<T, S::A_ROW ? M : K, S::A_ROW ? K : M, S::A_LD, S::A_STRIDE, S::A_PACKED,
                      S::A_BCAST, S::A_ROWPAD, S::A_MATPAD, S::MATS, S::THREADS, S::VEC, S::TMA,
                      S::TMA && !S::TMA_THREADS && !S::MMA>
      OpA;
  typedef SlabOperand<T, S::B_ROW ? K : N, S::B_ROW ? N : K, S::B_LD, S::B_STRIDE, S::B_PACKED,
                      S::B_BCAST, S::B_ROWPAD, S::B_MATPAD, S::MATS, S::THREADS, S::VEC, S::TMA,
                      S::TMA && !S::TMA_THREADS && !S::MMA>
      OpB;
  // Vector reads of shared memory stay aligned at a slab's offset: the offsets are
  // multiples of gcd(MATS * E, 16 bytes of elements), which every read width divides.
  static_assert(OpA::RUN_ALIGNED || (S::MATS * OpA::E) % S::A_RW == 0, "A read width vs slab offset");
  static_assert(OpB::RUN_ALIGNED || (S::MATS * OpB::E) % S::B_RW == 0, "B read width vs slab offset");
  // Bulk-copied slabs of a full C that is not whole 16-byte units (beta = 0, cs = 1): the
  // staged sums land offset_c(b0) elements into the buffer, where the 16-byte units of C
  // in global memory line up with those of shared memory (one more unit of room).
  static constexpr int V16 = 16 / (int)sizeof(T);
  static constexpr bool C_ALIGNED = !S::TMA || (S::MATS * M * N) % V16 == 0;
  // Where the slab's C is not whole 128-byte lines, the staged sums land c_lead() elements
  // in instead, where shared and global memory share their 128-byte boundaries (as the
  // operands' lead()), so that the bulk store's lines coincide; a line of room is kept.
  static constexpr bool C_CONGRUENT =
      S::TMA && !S::TMA_THREADS && !S::MMA && (S::MATS * M * N) % (128 / (int)sizeof(T)) != 0;
  static constexpr bool C_SPLIT = !C_ALIGNED || C_CONGRUENT;  // the staged C has a head of elements
  __device__ __forceinline__ static int c_lead(const T* sC, const T* C, i64 b0) {
    if constexpr (C_CONGRUENT) {
      const unsigned gp = (unsigned)reinterpret_cast<unsigned long long>(C) + (unsigned)b0 * (unsigned)(M * N * sizeof(T));
      const unsigned sp = (unsigned)__cvta_generic_to_shared(sC);
      return (int)(((gp - sp) & 127u) / sizeof(T));
    }
    return C_ALIGNED ? 0 : (int)((b0 * (M * N)) % V16);
  }
  static constexpr int SMEM_BYTES = (OpA::SMEM_ELEMS + OpB::SMEM_ELEMS) * (int)sizeof(T);
  // One buffer's elements: the operands, or with CS the slab's staged C where it is larger
  // (it overlays them); whole 16-byte units, so that a second buffer starts aligned.
  static constexpr int C_STAGE =
      S::CS ? (S::MATS * M * N + V16 - 1) / V16 * V16 + (C_CONGRUENT ? 128 / (int)sizeof(T) : C_ALIGNED ? 0 : V16) : 0;
  // A broadcast operand is staged once per CTA and kept for every slab, so the staged C
  // must not overlay it: broadcast operands come first in a buffer (B before A where only
  // B is broadcast and C is staged) and C is staged after them, over the others.
  static constexpr bool B_FIRST = S::CS && S::B_BCAST && !S::A_BCAST;
  static constexpr int A_OFF = B_FIRST ? OpB::SMEM_ELEMS : 0;
  static constexpr int B_OFF = B_FIRST ? 0 : OpA::SMEM_ELEMS;
  static constexpr int KEEP = (S::A_BCAST ? OpA::SMEM_ELEMS : 0) + (S::B_BCAST ? OpB::SMEM_ELEMS : 0);
  static constexpr int BUF_ELEMS =
      OpA::SMEM_ELEMS + OpB::SMEM_ELEMS > KEEP + C_STAGE ? OpA::SMEM_ELEMS + OpB::SMEM_ELEMS : KEEP + C_STAGE;
  static constexpr int TM = (M + S::RM - 1) / S::RM;  // micro-tiles per matrix, down M
  static constexpr int TN = (N + S::RN - 1) / S::RN;  // and across N
  static constexpr int UNITS = TM * TN;

  static constexpr int P = S::P;  // reduction elements per step of the compute loop

  // A(ii[x], p0 .. p0+P-1) into av[x][q].
  __device__ __forceinline__ static void read_a(const T* sA, int b, const int (&ii)[S::RM], int p0,
                                                T (&av)[S::RM][P]) {
    if constexpr (S::A_ALONG_P) {  // row-major: A(i, p .. p+A_RW-1) is contiguous
#pragma unroll
      for (int x = 0; x < S::RM; ++x)
#pragma unroll
        for (int q0 = 0; q0 < P; q0 += S::A_RW) {
          const Vec<T, S::A_RW> v = *reinterpret_cast<const Vec<T, S::A_RW>*>(sA + OpA::at(b, ii[x], p0 + q0));
#pragma unroll
          for (int q = 0; q < S::A_RW; ++q) av[x][q0 + q] = v.v[q];
        }
    } else if constexpr (S::A_RW > 1) {  // column-major, A(i .. i+RM-1, p) is contiguous
#pragma unroll
      for (int q = 0; q < P; ++q) {
        const Vec<T, S::A_RW> v = *reinterpret_cast<const Vec<T, S::A_RW>*>(sA + OpA::at(b, p0 + q, ii[0]));
#pragma unroll
        for (int x = 0; x < S::RM; ++x) av[x][q] = v.v[x];
      }
    } else {
#pragma unroll
      for (int q = 0; q < P; ++q)
#pragma unroll
        for (int x = 0; x < S::RM; ++x) av[x][q] = sA[OpA::at(b, p0 + q, ii[x])];
    }
  }

  // B(p0 .. p0+P-1, jj[y]) into bv[y][q].
  __device__ __forceinline__ static void read_b(const T* sB, int b, const int (&jj)[S::RN], int p0,
                                                T (&bv)[S::RN][P]) {
    if constexpr (S::B_ALONG_P) {  // column-major: B(p .. p+B_RW-1, j) is contiguous
#pragma unroll
      for (int y = 0; y < S::RN; ++y)
#pragma unroll
        for (int q0 = 0; q0 < P; q0 += S::B_RW) {
          const Vec<T, S::B_RW> v = *reinterpret_cast<const Vec<T, S::B_RW>*>(sB + OpB::at(b, jj[y], p0 + q0));
#pragma unroll
          for (int q = 0; q < S::B_RW; ++q) bv[y][q0 + q] = v.v[q];
        }
    } else if constexpr (S::B_RW > 1) {  // row-major, B(p, j .. j+RN-1) is contiguous
#pragma unroll
      for (int q = 0; q < P; ++q) {
        const Vec<T, S::B_RW> v = *reinterpret_cast<const Vec<T, S::B_RW>*>(sB + OpB::at(b, p0 + q, jj[0]));
#pragma unroll
        for (int y = 0; y < S::RN; ++y) bv[y][q] = v.v[y];
      }
    } else {
#pragma unroll
      for (int q = 0; q < P; ++q)
#pragma unroll
        for (int y = 0; y < S::RN; ++y) bv[y][q] = sB[OpB::at(b, p0 + q, jj[y])];
    }
  }

  // K split over KS consecutive lanes: lane s of a group sums its own CHUNK of the
  // reduction, then the group adds its partial sums with shuffles.
  static constexpr int KS = S::KS;
  static constexpr int CHUNK = KS == 1 ? K : (K + KS * P - 1) / (KS * P) * P;

  // The sums of one micro-tile: outputs (ti*RM .. +RM) x (tj*RN .. +RN) of slab matrix b,
  // summed by lane s of a group of KS lanes (every lane of the group ends with the sums).
  __device__ __forceinline__ static void accumulate(const T* sA, const T* sB, int b, int ti, int tj, int s,
                                                    T (&acc)[S::RM][S::RN]) {
#pragma unroll
    for (int x = 0; x < S::RM; ++x)
#pragma unroll
      for (int y = 0; y < S::RN; ++y) acc[x][y] = T(0);
    // Rows and columns past the matrix edge read a valid element and are not written.
    int ii[S::RM], jj[S::RN];
#pragma unroll
    for (int x = 0; x < S::RM; ++x) ii[x] = M % S::RM == 0 ? ti * S::RM + x : tmin(ti * S::RM + x, M - 1);
#pragma unroll
    for (int y = 0; y < S::RN; ++y) jj[y] = N % S::RN == 0 ? tj * S::RN + y : tmin(tj * S::RN + y, N - 1);
    auto step = [&](int p0) {
      T av[S::RM][P], bv[S::RN][P];
      read_a(sA, b, ii, p0, av);
      read_b(sB, b, jj, p0, bv);
#pragma unroll
      for (int q = 0; q < P; ++q)
#pragma unroll
        for (int x = 0; x < S::RM; ++x)
#pragma unroll
          for (int y = 0; y < S::RN; ++y) acc[x][y] = fma(av[x][q], bv[y][q], acc[x][y]);
    };
    if constexpr (KS == 1) {
      // Unrolled 8 steps deep: enough independent loads, without hoisting every load of a
      // long reduction into registers.
#pragma unroll 8
      for (int p0 = 0; p0 < K; p0 += P) step(p0);
    } else {
      const int p_end = tmin(K, (s + 1) * CHUNK);
#pragma unroll 4
      for (int p0 = s * CHUNK; p0 < p_end; p0 += P) step(p0);
      // The group's lanes are consecutive and always active together.
      const unsigned lane = threadIdx.x & 31;
      const unsigned mask = ((KS == 32) ? 0xffffffffu : ((1u << KS) - 1u)) << (lane & ~(unsigned)(KS - 1));
#pragma unroll
      for (int x = 0; x < S::RM; ++x)
#pragma unroll
        for (int y = 0; y < S::RN; ++y)
#pragma unroll
          for (int o = KS / 2; o > 0; o /= 2) acc[x][y] += __shfl_xor_sync(mask, acc[x][y], o, KS);
    }
  }

  // One micro-tile, written to C.
  __device__ __forceinline__ static void tile(const T* sA, const T* sB, T* __restrict__ cb, int b,
                                              int ti, int tj, T alpha, T beta, int s) {
    T acc[S::RM][S::RN];
    accumulate(sA, sB, b, ti, tj, s, acc);
#pragma unroll
    for (int x = 0; x < S::RM; ++x) {
      const int i = ti * S::RM + x;
#pragma unroll
      for (int y = 0; y < S::RN; ++y) {
        const int j = tj * S::RN + y;
        if (KS > 1 && (x * S::RN + y) % KS != s) continue;  // every lane holds the sum; they share the stores
        if ((M % S::RM == 0 || i < M) && (N % S::RN == 0 || j < N))
          store_out<S::ALPHA, S::BETA>(cb + (S::C_ROW ? (i64)i * S::C_LD + j : (i64)j * S::C_LD + i),
                                       acc[x][y], alpha, beta);
      }
    }
  }

  // Micro-tile (ti, tj) of a matrix's unit rem: units are numbered in C's storage order.
  __device__ __forceinline__ static void unit_tile(int rem, int& ti, int& tj) {
    if (S::C_ROW) { ti = rem / TN; tj = rem - ti * TN; }
    else          { tj = rem / TM; ti = rem - tj * TM; }
  }

  // CS: C staged through shared memory (packed C, one micro-tile a thread at most): the
  // sums go to shared memory in C's storage order, over the operands (every thread is past
  // them: a barrier; a broadcast operand, kept for the next slab, lies before sC), and the
  // slab's C leaves as one coalesced run of VEC-element vectors.
  // With bulk_c (TMA, beta = 0, a full slab) the scaled sums leave by one bulk copy that
  // thread 0 issues; it waits for the copy to have read shared memory before the slab's
  // next operands land there. Where the slab's C is not whole 16-byte units (!C_ALIGNED),
  // the sums are staged oc elements in, so that shared and global memory share their
  // 16-byte boundaries: the whole units between the first and last boundary leave by the
  // bulk copy (or as 16-byte vectors), the elements outside them one by one.
  static constexpr int CVEC = (S::MATS * M * N) % S::VEC == 0 ? S::VEC : 1;
  __device__ __forceinline__ static void compute_staged(const T* sA, const T* sB, T* sC, T* __restrict__ C, i64 b0,
                                                        int nb, T alpha, T beta, int tid, bool bulk_c) {
    const int b = tid / UNITS;
    int ti, tj;
    unit_tile(tid - b * UNITS, ti, tj);
    T acc[S::RM][S::RN];
    const bool active = tid < nb * UNITS;
    bulk_c = bulk_c && S::TMA && S::BETA == kZero;  // the vector path below applies alpha and beta
    if (active) accumulate(sA, sB, b, ti, tj, 0, acc);
    const int oc = c_lead(sC, C, b0);
    T* sc = sC + oc;
    __syncthreads();  // sC overlays the operands
    if (active) {
#pragma unroll
      for (int x = 0; x < S::RM; ++x)
#pragma unroll
        for (int y = 0; y < S::RN; ++y) {
          const int i = ti * S::RM + x, j = tj * S::RN + y;
          if ((M % S::RM == 0 || i < M) && (N % S::RN == 0 || j < N))
            sc[b * (M * N) + (S::C_ROW ? i * N + j : j * M + i)] =
                bulk_c && S::ALPHA != kOne ? alpha * acc[x][y] : acc[x][y];
        }
    }
    flush_staged(sC, C, b0, nb, alpha, beta, tid, bulk_c);
  }

  // The staged sums of the slab at b0 (at sC + c_lead()) out to C: by one bulk copy
  // (bulk_c: TMA, beta = 0, a full slab; alpha already applied) or as vectors.
  __device__ __forceinline__ static void flush_staged(T* sC, T* __restrict__ C, i64 b0, int nb, T alpha, T beta,
                                                      int tid, bool bulk_c) {
    const int oc = c_lead(sC, C, b0);
    T* sc = sC + oc;
    T* __restrict__ dst = C + b0 * (i64)(M * N);
    const int total = nb * M * N;
    // C_SPLIT: elements [0, head) and [head + body, total) lie outside whole 16-byte units.
    const int head = C_SPLIT ? tmin((V16 - oc % V16) % V16, total) : 0;
    const int body = C_SPLIT ? (total - head) / V16 * V16 : total;
    if constexpr (S::TMA && S::BETA == kZero) {
      if (bulk_c) {
        fence_async_smem();  // this thread's sums, before the bulk copy reads them
        __syncthreads();
        if (tid == 0 && body > 0) bulk_store(dst + head, sc + head, (unsigned)(body * sizeof(T)));
        if constexpr (C_SPLIT)
          for (int f = tid; f < total - body; f += S::THREADS) {
            const int e = f < head ? f : body + f;
            dst[e] = sc[e];
          }
        return;
      }
    }
    __syncthreads();
    if constexpr (!C_SPLIT) {
      const int nv = total / CVEC;
      for (int v = tid; v < nv; v += S::THREADS) {
        const Vec<T, CVEC> r = *reinterpret_cast<const Vec<T, CVEC>*>(sC + v * CVEC);
        if constexpr (CVEC == 1) store_out<S::ALPHA, S::BETA>(dst + v, r.v[0], alpha, beta);
        else store_outv<S::ALPHA, S::BETA, CVEC>(dst + (i64)v * CVEC, r.v, alpha, beta);
      }
      for (int f = nv * CVEC + tid; f < total; f += S::THREADS) store_out<S::ALPHA, S::BETA>(dst + f, sC[f], alpha, beta);
    } else {
      for (int v = tid; v < body / V16; v += S::THREADS) {
        const Vec<T, V16> r = *reinterpret_cast<const Vec<T, V16>*>(sc + head + v * V16);
        store_outv<S::ALPHA, S::BETA, V16>(dst + head + (i64)v * V16, r.v, alpha, beta);
      }
      for (int f = tid; f < total - body; f += S::THREADS) {
        const int e = f < head ? f : body + f;
        store_out<S::ALPHA, S::BETA>(dst + e, sc[e], alpha, beta);
      }
    }
  }

  // MMA (sm_90): the FP64 tensor cores, f32 operands widened to f64 as they are read and
  // the sums kept in f64 (rounded to T at the store, where alpha and beta
  // apply in T as on the FMA path). A warp's unit is (16 RM) x (16 RN) outputs of
  // one matrix, RM blocks of 16 rows by RN blocks of 16 columns; a row block and a column
  // block take two mma.sync m16n8k4 (one per 8-column half) each 4-deep k step. Operands are
  // read where they lie in the slab, rows of any length (65 doubles: bulk-copied whole): the
  // generator assigns the 16 rows of a row block to the mma's row slots (A_PERM, 4 bits a
  // slot: slot g + 8h is fragment register h of lane group g) and the 16 columns of a column
  // block to the two tiles' column slots (B_PERM: slot 8h + n is column n of tile h) so that
  // each half warp's 16 fragment reads fall in 16 distinct bank pairs. Rows and columns past
  // the matrix read its last row or column (never written); k past K reads zero.
  static constexpr int MB = (M + 15) / 16, NB = (N + 15) / 16;  // 16-row and 16-column blocks
  static constexpr int UM = (MB + S::RM - 1) / S::RM, UN = (NB + S::RN - 1) / S::RN;
  static constexpr int MMA_UNITS = UM * UN;  // warp units a matrix
  static constexpr int WARPS = S::THREADS / 32;
  __device__ __forceinline__ static int slot(unsigned long long perm, int i) { return (int)((perm >> (4 * i)) & 15); }
  typedef double MmaAcc[S::RM][S::RN][2][4];  // f64 sums whatever T (f32 widened as read)

  // Unit u of slab matrix b (units numbered in C's storage order): its sums in acc.
  __device__ __forceinline__ static void mma_unit(const T* sA, const T* sB, int b, int u, int lane, MmaAcc& acc) {
    const int g = lane >> 2, t = lane & 3;
    const int um = S::C_ROW ? u / UN : u % UM, un = S::C_ROW ? u % UN : u / UM;
    constexpr int AK = S::A_ROW ? 1 : OpA::PITCH;  // elements from A(i, k) to A(i, k + 1)
    constexpr int BK = S::B_ROW ? OpB::PITCH : 1;  // from B(k, j) to B(k + 1, j)
    const T* pa[S::RM][2];
    const T* pb[S::RN][2];
#pragma unroll
    for (int x = 0; x < S::RM; ++x)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int r = tmin((um * S::RM + x) * 16 + slot(S::A_PERM, g + 8 * h), M - 1);
        pa[x][h] = sA + (S::A_ROW ? OpA::at(b, r, 0) : OpA::at(b, 0, r)) + t * AK;
      }
#pragma unroll
    for (int y = 0; y < S::RN; ++y)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int c = tmin((un * S::RN + y) * 16 + slot(S::B_PERM, 8 * h + g), N - 1);
        pb[y][h] = sB + (S::B_ROW ? OpB::at(b, 0, c) : OpB::at(b, c, 0)) + t * BK;
      }
#pragma unroll
    for (int x = 0; x < S::RM; ++x)
#pragma unroll
      for (int y = 0; y < S::RN; ++y)
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
          for (int q = 0; q < 4; ++q) acc[x][y][h][q] = 0.0;
    auto step = [&](int k0, bool edge) {
      const bool ok = !edge || k0 + t < K;
      double a[S::RM][2], bf[S::RN][2];
#pragma unroll
      for (int x = 0; x < S::RM; ++x)
#pragma unroll
        for (int h = 0; h < 2; ++h) a[x][h] = ok ? (double)pa[x][h][k0 * AK] : 0.0;
#pragma unroll
      for (int y = 0; y < S::RN; ++y)
#pragma unroll
        for (int h = 0; h < 2; ++h) bf[y][h] = ok ? (double)pb[y][h][k0 * BK] : 0.0;
#if __CUDA_ARCH__ >= 900
#pragma unroll
      for (int x = 0; x < S::RM; ++x)
#pragma unroll
        for (int y = 0; y < S::RN; ++y)
#pragma unroll
          for (int h = 0; h < 2; ++h)
            asm volatile(
                "mma.sync.aligned.m16n8k4.row.col.f64.f64.f64.f64 {%0, %1, %2, %3}, {%4, %5}, {%6}, "
                "{%0, %1, %2, %3};\n"
                : "+d"(acc[x][y][h][0]), "+d"(acc[x][y][h][1]), "+d"(acc[x][y][h][2]), "+d"(acc[x][y][h][3])
                : "d"(a[x][0]), "d"(a[x][1]), "d"(bf[y][h]));
#endif
    };
    constexpr int KF = K / 4 * 4;
#pragma unroll 8
    for (int k0 = 0; k0 < KF; k0 += 4) step(k0, false);
    if constexpr (K % 4 != 0) step(KF, true);
  }

  // Row and column, in the matrix, of a lane's accumulator acc[x][y][h][q] of unit u:
  // register q holds row slot g (q < 2) or g + 8, column slot 2t + (q & 1) of tile h.
  __device__ __forceinline__ static void mma_out(int u, int lane, int x, int y, int h, int q, int& i, int& j) {
    const int g = lane >> 2, t = lane & 3;
    const int um = S::C_ROW ? u / UN : u % UM, un = S::C_ROW ? u % UN : u / UM;
    i = (um * S::RM + x) * 16 + slot(S::A_PERM, g + 8 * (q >> 1));
    j = (un * S::RN + y) * 16 + slot(S::B_PERM, 8 * h + 2 * t + (q & 1));
  }

  // f(i, j, sum) for each of a lane's accumulators of unit u that lies inside the matrix.
  template <class F>
  __device__ __forceinline__ static void mma_each_out(int u, int lane, const MmaAcc& acc, F&& f) {
#pragma unroll
    for (int x = 0; x < S::RM; ++x)
#pragma unroll
      for (int y = 0; y < S::RN; ++y)
#pragma unroll
        for (int h = 0; h < 2; ++h)
#pragma unroll
          for (int q = 0; q < 4; ++q) {
            int i, j;
            mma_out(u, lane, x, y, h, q, i, j);
            if (i < M && j < N) f(i, j, T(acc[x][y][h][q]));
          }
  }

  // MMA: every unit of the nb staged matrices at b0, written to C.
  __device__ __forceinline__ static void compute_mma(const T* sA, const T* sB, T* __restrict__ C, i64 b0, int nb,
                                                     T alpha, T beta, int tid) {
    const int lane = tid & 31;
    for (int w = tid >> 5; w < nb * MMA_UNITS; w += WARPS) {
      const int b = w / MMA_UNITS, u = w - b * MMA_UNITS;
      MmaAcc acc;
      mma_unit(sA, sB, b, u, lane, acc);
      T* __restrict__ cb = C + (b0 + b) * S::C_STRIDE;
      mma_each_out(u, lane, acc, [&](int i, int j, T v) {
        store_out<S::ALPHA, S::BETA>(cb + (S::C_ROW ? (i64)i * S::C_LD + j : (i64)j * S::C_LD + i), v, alpha, beta);
      });
    }
  }

  // MMA with CS (one unit a warp at most): the sums staged over the operands, then out as
  // compute_staged sends them.
  __device__ __forceinline__ static void compute_staged_mma(const T* sA, const T* sB, T* sC, T* __restrict__ C,
                                                            i64 b0, int nb, T alpha, T beta, int tid, bool bulk_c) {
    const int lane = tid & 31, w = tid >> 5;
    const int b = w / MMA_UNITS, u = w - b * MMA_UNITS;
    const bool active = w < nb * MMA_UNITS;
    bulk_c = bulk_c && S::TMA && S::BETA == kZero;
    MmaAcc acc;
    if (active) mma_unit(sA, sB, b, u, lane, acc);
    const int oc = c_lead(sC, C, b0);
    T* sc = sC + oc;
    __syncthreads();  // sC overlays the operands
    if (active)
      mma_each_out(u, lane, acc, [&](int i, int j, T v) {
        sc[b * (M * N) + (S::C_ROW ? i * N + j : j * M + i)] = bulk_c && S::ALPHA != kOne ? alpha * v : v;
      });
    flush_staged(sC, C, b0, nb, alpha, beta, tid, bulk_c);
  }

  // Every micro-tile of the nb staged matrices starting at batch entry b0.
  __device__ __forceinline__ static void compute(const T* sA, const T* sB, T* __restrict__ C, i64 b0, int nb,
                                                 T alpha, T beta, int tid) {
    const int units = nb * UNITS;
    for (int u = tid / KS; u < units; u += S::THREADS / KS) {
      const int b = u / UNITS;
      int ti, tj;
      unit_tile(u - b * UNITS, ti, tj);
      tile(sA, sB, C + (b0 + b) * S::C_STRIDE, b, ti, tj, alpha, beta, tid % KS);
    }
  }

  __device__ __forceinline__ static void run(const T* __restrict__ A, const T* __restrict__ B,
                                             T* __restrict__ C, T alpha, T beta, i64 batch) {
    extern __shared__ __align__(16) unsigned char smem_raw[];
    T* const base = reinterpret_cast<T*>(smem_raw);
    T* sA = base + A_OFF;
    T* sB = base + B_OFF;
    const int tid = threadIdx.x;
    const i64 nslabs = (batch + S::MATS - 1) / S::MATS;
    if constexpr (S::ST == 2 && S::TMA) {
      // Two buffers fed by bulk copies (a persistent grid): thread 0 issues the copies of
      // the CTA's next full slab into the other buffer before the CTA computes the current
      // one; each buffer completes on its own mbarrier. With CS a slab's C is staged over
      // its own buffer's operands and leaves by a bulk store, whose reads of shared memory
      // thread 0 waits for before it refills that buffer. The last, partial slab (and a full
      // slab whose aligned runs would end past the operand: one in its last 16 bytes) is
      // staged by the threads.
      constexpr int BUF = BUF_ELEMS;
      __shared__ unsigned long long mbar[2];
      if (tid == 0) {
        mbar_init(&mbar[0], 1);
        mbar_init(&mbar[1], 1);
      }
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        if (S::A_BCAST) OpA::load(sA + h * BUF, A, 0, 1, tid);
        if (S::B_BCAST) OpB::load(sB + h * BUF, B, 0, 1, tid);
      }
      __syncthreads();
      // Thread 0: the bulk copies of full slab s into buffer h. The threads' reads of the
      // buffer ended at the barrier that closed its last slab.
      auto fetch = [&](int h, i64 s) {
        const i64 b0 = s * S::MATS;
        if (S::CS) bulk_store_wait<true>();
        fence_async_smem();
        mbar_expect(&mbar[h], (S::A_BCAST ? 0u : OpA::copy_bytes(OpA::offset(b0))) +
                                  (S::B_BCAST ? 0u : OpB::copy_bytes(OpB::offset(b0))));
        if (!S::A_BCAST) OpA::bulk(sA + h * BUF, A, b0, &mbar[h]);
        if (!S::B_BCAST) OpB::bulk(sB + h * BUF, B, b0, &mbar[h]);
      };
      // Slabs that arrive by bulk copies: full ones whose aligned runs end within the batch.
      auto by_bulk = [&](i64 s) {
        const i64 b0 = s * S::MATS;
        return s < nslabs && b0 + S::MATS <= batch && OpA::fits(b0, batch) && OpB::fits(b0, batch);
      };
      i64 s = blockIdx.x;
      if (tid == 0 && by_bulk(s)) fetch(0, s);
      unsigned phases = 0;  // bit h: the parity buffer h's barrier completes next
      for (int h = 0; s < nslabs; s += gridDim.x, h ^= 1) {
        const i64 next = s + gridDim.x;
        if (tid == 0 && by_bulk(next)) fetch(h ^ 1, next);
        const i64 b0 = s * S::MATS;
        const int nb = (int)tmin<i64>(S::MATS, batch - b0);
        T* a = sA + h * BUF;
        T* b = sB + h * BUF;
        const T* oa = a;  // where the slab's operands start
        const T* ob = b;
        if (by_bulk(s)) {
          mbar_wait(&mbar[h], (phases >> h) & 1u);
          phases ^= 1u << h;
          oa += OpA::lead(a, A, b0), ob += OpB::lead(b, B, b0);
        } else {
          if (S::CS && tid == 0) bulk_store_wait<true>();
          __syncthreads();
          if (!S::A_BCAST) OpA::load(a, A, b0, nb, tid);
          if (!S::B_BCAST) OpB::load(b, B, b0, nb, tid);
          __syncthreads();
        }
        T* sc = base + h * BUF + KEEP;  // where a staged C goes
        if constexpr (S::MMA && S::CS) compute_staged_mma(oa, ob, sc, C, b0, nb, alpha, beta, tid, nb == S::MATS);
        else if constexpr (S::MMA) compute_mma(oa, ob, C, b0, nb, alpha, beta, tid);
        else if constexpr (S::CS) compute_staged(oa, ob, sc, C, b0, nb, alpha, beta, tid, nb == S::MATS);
        else compute(oa, ob, C, b0, nb, alpha, beta, tid);
        __syncthreads();
      }
      // Shared memory must outlive the reads of the last bulk store.
      if constexpr (S::CS)
        if (tid == 0) bulk_store_wait<true>();
    } else if constexpr (S::ST == 2) {
      // Two buffers (a persistent grid): the copies of the CTA's next slab are in flight
      // while it computes the current one. A broadcast operand sits in both buffers.
      constexpr int BUF = OpA::SMEM_ELEMS + OpB::SMEM_ELEMS;
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        if (S::A_BCAST) OpA::load(sA + h * BUF, A, 0, 1, tid);
        if (S::B_BCAST) OpB::load(sB + h * BUF, B, 0, 1, tid);
      }
      auto fetch = [&](int h, i64 s) {
        const i64 b0 = s * S::MATS;
        const int nb = (int)tmin<i64>(S::MATS, batch - b0);
        if (!S::A_BCAST) OpA::load_async(sA + h * BUF, A, b0, nb, tid);
        if (!S::B_BCAST) OpB::load_async(sB + h * BUF, B, b0, nb, tid);
      };
      i64 s = blockIdx.x;
      if (s < nslabs) fetch(0, s);
      cp_commit();
      for (int h = 0; s < nslabs; s += gridDim.x, h ^= 1) {
        // Buffer h ^ 1 was last read before the barrier that ended the previous slab.
        if (s + gridDim.x < nslabs) fetch(h ^ 1, s + gridDim.x);
        cp_commit();
        cp_wait<1>();  // this slab's copies (all but the group just issued) have landed
        __syncthreads();
        const i64 b0 = s * S::MATS;
        const int nb = (int)tmin<i64>(S::MATS, batch - b0);
        if constexpr (S::MMA) compute_mma(sA + h * BUF, sB + h * BUF, C, b0, nb, alpha, beta, tid);
        else compute(sA + h * BUF, sB + h * BUF, C, b0, nb, alpha, beta, tid);
        __syncthreads();
      }
    } else {
      // One buffer. With TMA a full slab's packed operands arrive by bulk copies that
      // thread 0 issues, and every thread waits on the mbarrier's phase; the last, partial
      // slab (and a full slab whose aligned runs would end past the operand: one in its last
      // 16 bytes), and every slab without TMA, is staged by the threads.
      unsigned long long* bar = nullptr;
      if constexpr (S::TMA && !S::TMA_THREADS) {
        __shared__ unsigned long long mbar;
        bar = &mbar;
        if (tid == 0) mbar_init(bar, 1);
      }
      if (S::A_BCAST) OpA::load(sA, A, 0, 1, tid);
      if (S::B_BCAST) OpB::load(sB, B, 0, 1, tid);
      if constexpr (S::TMA) __syncthreads();
      unsigned phase = 0;
      for (i64 s = blockIdx.x; s < nslabs; s += gridDim.x) {
        const i64 b0 = s * S::MATS;
        const int nb = (int)tmin<i64>(S::MATS, batch - b0);
        const bool bulk = S::TMA && nb == S::MATS && OpA::fits(b0, batch) && OpB::fits(b0, batch);
        const T* oa = sA;  // where the slab's operands start
        const T* ob = sB;
        if constexpr (S::TMA) {
          // Thread 0 first waits until the last slab's C, if it left by a bulk copy, has
          // been read out of the space the operands land in (the threads' reads of the
          // last slab are ordered before it by the barrier that ended that slab).
          if (bulk && S::TMA_THREADS) {
            // The same runs by the threads' cp.async (TMA_THREADS), once the last slab's
            // bulk store of C has read the space they land in.
            if (S::CS) {
              if (tid == 0) bulk_store_wait<true>();
              __syncthreads();
            }
            if (!S::A_BCAST) OpA::run_async(sA, A, b0, tid);
            if (!S::B_BCAST) OpB::run_async(sB, B, b0, tid);
            cp_commit();
            cp_wait<0>();
            __syncthreads();
            oa += OpA::lead(sA, A, b0), ob += OpB::lead(sB, B, b0);
          } else if (bulk) {
            if (tid == 0) {
              if (S::CS) bulk_store_wait<true>();
              fence_async_smem();
              mbar_expect(bar, (S::A_BCAST ? 0u : OpA::copy_bytes(OpA::offset(b0))) +
                                   (S::B_BCAST ? 0u : OpB::copy_bytes(OpB::offset(b0))));
              if (!S::A_BCAST) OpA::bulk(sA, A, b0, bar);
              if (!S::B_BCAST) OpB::bulk(sB, B, b0, bar);
            }
            mbar_wait(bar, phase);
            phase ^= 1;
            oa += OpA::lead(sA, A, b0), ob += OpB::lead(sB, B, b0);
          } else {
            if (S::CS && tid == 0) bulk_store_wait<true>();
            __syncthreads();
          }
        }
        if (!bulk) {
          if (!S::A_BCAST) OpA::load(sA, A, b0, nb, tid);
          if (!S::B_BCAST) OpB::load(sB, B, b0, nb, tid);
          __syncthreads();
        }
        if constexpr (S::MMA && S::CS) compute_staged_mma(oa, ob, base + KEEP, C, b0, nb, alpha, beta, tid, bulk);
        else if constexpr (S::MMA) compute_mma(oa, ob, C, b0, nb, alpha, beta, tid);
        else if constexpr (S::CS) compute_staged(oa, ob, base + KEEP, C, b0, nb, alpha, beta, tid, bulk);
        else compute(oa, ob, C, b0, nb, alpha, beta, tid);
        __syncthreads();
      }
      // Shared memory must outlive the reads of the last bulk store.
      if constexpr (S::TMA && S::CS)
        if (tid == 0) bulk_store_wait<true>();
    }
  }
};

}  // namespace tailor

#endif  // TAILOR_SLAB_CUH
