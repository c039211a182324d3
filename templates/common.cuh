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

// Two consecutive output elements as one vector store; c aligned to 2 * sizeof(T). Stored
// with st.global.v2: written as a vector type, the compiler splits the store in two when it
// cannot prove the pointer's alignment (the MMA epilogue's addresses).
__device__ __forceinline__ void st_pair(float* c, float x, float y) {
  asm volatile("st.global.v2.f32 [%0], {%1, %2};\n" ::"l"(c), "f"(x), "f"(y) : "memory");
}
__device__ __forceinline__ void st_pair(double* c, double x, double y) {
  asm volatile("st.global.v2.f64 [%0], {%1, %2};\n" ::"l"(c), "d"(x), "d"(y) : "memory");
}

template <int ALPHA, int BETA, class T>
__device__ __forceinline__ void store_out2(T* __restrict__ c, T acc0, T acc1, T alpha, T beta) {
  T r0 = ALPHA == kOne ? acc0 : alpha * acc0;
  T r1 = ALPHA == kOne ? acc1 : alpha * acc1;
  if (BETA != kZero) {
    const Vec<T, 2> old = *reinterpret_cast<const Vec<T, 2>*>(c);
    if (BETA == kOne) r0 += old.v[0], r1 += old.v[1];
    else r0 = fma(beta, old.v[0], r0), r1 = fma(beta, old.v[1], r1);
  }
  st_pair(c, r0, r1);
}

template <class T>
__device__ __forceinline__ T tmin(T a, T b) { return a < b ? a : b; }

// cp.async (sm_80 and newer) of BYTES (4, 8 or 16) from global to shared memory; with
// `valid` false the destination is filled with zeros and nothing is read. Copies complete
// in commit groups: cp_wait<N> returns when at most N groups are still in flight.
template <int BYTES, class T>
__device__ __forceinline__ void cp_async(T* dst, const T* src, bool valid) {
  const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(d), "l"(src), "n"(BYTES),
               "r"(valid ? BYTES : 0));
}
template <int = 0>
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int PENDING>
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING)); }

}  // namespace tailor

#endif  // TAILOR_COMMON_CUH
