// Tailor template fragment: what every generated kernel shares. Vector loads and stores
// of 1, 2 or 4 elements (16 bytes at most), and the epilogue that applies alpha and beta.
// A generated kernel is this fragment, one family fragment, and a `Spec` struct of
// compile-time constants written by the generator for exactly one problem.
#ifndef TAILOR_COMMON_CUH
#define TAILOR_COMMON_CUH

namespace tailor {

typedef long long i64;

// Scalar kinds baked into a kernel (values match tailor::ScalarKind).
enum { kZero = 0, kOne = 1, kGeneral = 2 };

template <class T, int V>
struct alignas(sizeof(T) * V) Vec {
  T v[V];
};

// Loads V consecutive elements from p, which must be aligned to V * sizeof(T).
// Streaming data is read once: ld.global.nc (read-only path) with the default policy.
template <class T, int V>
__device__ __forceinline__ Vec<T, V> load_vec(const T* __restrict__ p) {
  return *reinterpret_cast<const Vec<T, V>*>(p);
}

// Output element: C = alpha * acc + beta * C, reading C only when beta != 0.
template <int ALPHA, int BETA, class T>
__device__ __forceinline__ void store_out(T* __restrict__ c, T acc, T alpha, T beta) {
  T r = ALPHA == kOne ? acc : alpha * acc;
  if (BETA == kOne) r += *c;
  if (BETA == kGeneral) r = fma(beta, *c, r);
  *c = r;
}

// W consecutive output elements as one vector store (st.global.v2 / v4); c aligned to
// W * sizeof(T). Written through a vector type, the compiler splits such a store into
// scalar ones when it cannot prove the pointer's alignment (the tiled epilogues).
template <int W>
__device__ __forceinline__ void st_vec(float* c, const float* v);
template <>
__device__ __forceinline__ void st_vec<2>(float* c, const float* v) {
  asm volatile("st.global.v2.f32 [%0], {%1, %2};\n" ::"l"(c), "f"(v[0]), "f"(v[1]) : "memory");
}
template <>
__device__ __forceinline__ void st_vec<4>(float* c, const float* v) {
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};\n" ::"l"(c), "f"(v[0]), "f"(v[1]), "f"(v[2]), "f"(v[3])
               : "memory");
}
template <int W>
__device__ __forceinline__ void st_vec(double* c, const double* v);
template <>
__device__ __forceinline__ void st_vec<2>(double* c, const double* v) {
  asm volatile("st.global.v2.f64 [%0], {%1, %2};\n" ::"l"(c), "d"(v[0]), "d"(v[1]) : "memory");
}

// C(c .. c+W-1) = alpha * acc + beta * C, as one vector store (reading C only when beta != 0).
template <int ALPHA, int BETA, int W, class T>
__device__ __forceinline__ void store_outv(T* __restrict__ c, const T* acc, T alpha, T beta) {
  T r[W];
#pragma unroll
  for (int q = 0; q < W; ++q) r[q] = ALPHA == kOne ? acc[q] : alpha * acc[q];
  if (BETA != kZero) {
    const Vec<T, W> old = *reinterpret_cast<const Vec<T, W>*>(c);
#pragma unroll
    for (int q = 0; q < W; ++q) r[q] = BETA == kOne ? r[q] + old.v[q] : fma(beta, old.v[q], r[q]);
  }
  st_vec<W>(c, r);
}

template <class T>
__device__ __forceinline__ T tmin(T a, T b) { return a < b ? a : b; }

// cp.async (sm_80 and newer) of BYTES (4, 8 or 16) from global to shared memory; with
// `valid` false the destination is filled with zeros and nothing is read. Copies complete
// in commit groups: cp_wait<N> returns when at most N groups are still in flight.
// Every copy asks the L2 to fetch the whole 128-byte line (.L2::128B): a tile's chunk of a
// row is often part of a line (bk = 8), and the next chunk then finds the rest in the L2 (on
// the H200 1365x128^3 f64 145.8 -> 142.0 us, 2427x96^3 f64 1.27x, f32 tiles 1.00-1.02x).
// f64's 16-byte copies also skip L1 (.cg); f32's stay .ca, where .cg lost up to 6 %
// (bench/NOTES.md, "cp.async cache qualifiers").
template <int BYTES, class T>
__device__ __forceinline__ void cp_async(T* dst, const T* src, bool valid) {
  const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  if constexpr (sizeof(T) == 8 && BYTES == 16)
    asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16, %2;\n" ::"r"(d), "l"(src),
                 "r"(valid ? 16 : 0));
  else
    asm volatile("cp.async.ca.shared.global.L2::128B [%0], [%1], %2, %3;\n" ::"r"(d), "l"(src), "n"(BYTES),
                 "r"(valid ? BYTES : 0));
}
// The same for 16 bytes, cached in the L2 only (.cg): the line is not allocated in L1. (The
// slabs' whole runs, byte pointers: no hint, their copies are whole lines already.)
template <class T>
__device__ __forceinline__ void cp_async_cg(T* dst, const T* src) {
  const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(src));
}
template <int = 0>
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int PENDING>
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING)); }

// Programmatic dependent launch (sm_90): wait until the grid before this one in the stream
// has finished and its memory is visible (a no-op when the launch did not allow an early
// start). No griddepcontrol.launch_dependents: on the H200 it cost the slabs of many small
// CTAs up to 27 % (3x10x1 f64: 80.4 -> 102.4 us), while the wait alone kept every gain.
template <int = 0>
__device__ __forceinline__ void grid_dependency() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;\n" ::: "memory");
#endif
}

// Bulk copies (sm_90): the TMA unit moves a run of 16-byte units between global and shared
// memory on one thread's instruction. Loads complete on an mbarrier (transaction bytes);
// stores complete in bulk groups. Templates, so that no PTX for them is emitted unless a
// kernel uses them.
template <int = 0>
__device__ __forceinline__ void mbar_init(unsigned long long* bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"((unsigned)__cvta_generic_to_shared(bar)), "r"(count)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
// This thread's arrival, announcing `bytes` of bulk copies that complete on the barrier.
template <int = 0>
__device__ __forceinline__ void mbar_expect(unsigned long long* bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar)),
               "r"(bytes)
               : "memory");
}
// Returns once the barrier's phase of the given parity has completed.
template <int = 0>
__device__ __forceinline__ void mbar_wait(unsigned long long* bar, unsigned parity) {
  const unsigned a = (unsigned)__cvta_generic_to_shared(bar);
  unsigned done = 0;
  do {
    asm volatile(
        "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(a), "r"(parity)
        : "memory");
  } while (!done);
}
template <class T>
__device__ __forceinline__ void bulk_load(T* dst, const T* src, unsigned bytes, unsigned long long* bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(dst)),
               "l"(src), "r"(bytes), "r"((unsigned)__cvta_generic_to_shared(bar))
               : "memory");
}
template <class T>
__device__ __forceinline__ void bulk_store(T* dst, const T* src, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;\n" ::"l"(dst),
               "r"((unsigned)__cvta_generic_to_shared(src)), "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.commit_group;\n" ::: "memory");
}
// Returns once this thread's bulk stores have read their shared-memory source (READ) or
// have completed.
template <bool READ>
__device__ __forceinline__ void bulk_store_wait() {
  if (READ) asm volatile("cp.async.bulk.wait_group.read 0;\n" ::: "memory");
  else asm volatile("cp.async.bulk.wait_group 0;\n" ::: "memory");
}
// Orders this thread's ordinary shared-memory accesses before later bulk copies.
template <int = 0>
__device__ __forceinline__ void fence_async_smem() { asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory"); }

}  // namespace tailor

#endif  // TAILOR_COMMON_CUH
